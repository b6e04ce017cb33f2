#pragma once

// The API server's validation of a new object's metadata.name, per kind:
// most names are lowercase RFC 1123 subdomains ("web-1.example"), a
// Namespace's an RFC 1123 label (no dots, 63 characters at most), a
// Service's a DNS-1035 label (which also starts with a letter). Custom
// resources' names are only path segments, and are not checked here.
// The message is kube-apiserver's, word for word, so kubectl prints the same.

#include "sim/resourcetype.h"

#include <QString>

#include <optional>

namespace informant::sim {

// Why `name` is not a valid name for a new object of `type`; nullopt if it is.
std::optional<QString> invalidNameReason(const ResourceType &type, const QString &name);

} // namespace informant::sim
