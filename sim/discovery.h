#pragma once

// Discovery documents built from the live ResourceTable: /version, legacy
// discovery (/api, /api/v1, /apis, /apis/<group>, /apis/<group>/<version>) and
// aggregated discovery (apidiscovery.k8s.io v2 and v2beta1) for /api and /apis.

#include "sim/resourcetable.h"

#include <QByteArray>

namespace informant::sim {

namespace discovery {

QByteArray version();
QByteArray legacyApiVersions(const QString &serverAddress);
QByteArray apiGroupList(const ResourceTable &table);
// Empty when the group (or group/version) is not served.
QByteArray apiGroup(const ResourceTable &table, const QString &group);
QByteArray apiResourceList(const ResourceTable &table, const QString &group,
                           const QString &version);
// `core` selects /api (the core group) or /apis (every named group).
// `apiVersion` is "v2" or "v2beta1".
QByteArray aggregated(const ResourceTable &table, bool core, const QByteArray &apiVersion);

// The aggregated version an Accept header asks for ("v2", "v2beta1"), or empty.
QByteArray aggregatedVersionFromAccept(const QByteArray &accept);

} // namespace discovery
} // namespace informant::sim
