#pragma once

// The Kubernetes protobuf encoding of a request body, as JSON.
//
// Why: kubectl's imperative commands (`create namespace|configmap|secret|
// serviceaccount|service|deployment|job|cronjob`, `run`) send built-in kinds
// as protobuf ("application/vnd.kubernetes.protobuf") and do not retry with
// JSON when a server refuses it. The simulator stores JSON, so it decodes
// those bodies: the "k8s\0" magic, the runtime.Unknown envelope (its
// apiVersion and kind) and the object inside, by a table of the fields those
// commands set (k8s.io/api's generated.proto numbers).
//
// Go's protobuf writes every plain field, set or not: an empty string, a zero
// number or false reads as unset, as `omitempty` leaves it out of JSON.
// Optional fields (Go pointers, such as replicas) are written only when set
// and keep their value, zero included. A field the table does not know is
// skipped when it holds its zero value; otherwise the body is refused with a
// message naming it, never stored without it.

#include "informer/core/result.h"

#include <QByteArrayView>
#include <QJsonObject>

namespace informant::sim {

inline constexpr char kProtobufContentType[] = "application/vnd.kubernetes.protobuf";

// The object of a protobuf request body, or why it cannot be read.
Result<QJsonObject> protobufBodyToJson(QByteArrayView body);

} // namespace informant::sim
