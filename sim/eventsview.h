#pragma once

// The two API views of one Event: core/v1 (stored) and events.k8s.io/v1, as
// kube-apiserver converts between them (regarding <- involvedObject, note <-
// message, deprecatedCount <- count, ...).

#include <QByteArray>
#include <QJsonObject>

namespace informant::sim {

// Minified events.k8s.io/v1 JSON for a stored core/v1 Event.
QByteArray coreEventToEventsV1(const QByteArray &coreJson);
// A core/v1 Event for an events.k8s.io/v1 object written by a client.
QJsonObject eventsV1ToCoreEvent(const QJsonObject &event);

} // namespace informant::sim
