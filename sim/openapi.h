#pragma once

// A minimal OpenAPI v3 (/openapi/v3 and /openapi/v3/<api|apis/group>/<version>)
// describing, for every resource, its paths and that PATCH accepts the
// fieldValidation query parameter. That is what kubectl needs: with it,
// `kubectl apply/create` use server-side field validation instead of
// downloading schemas. PATCH bodies list JSON and merge patch only, so
// kubectl computes strategic merge patches from its built-in types. No
// component schemas are published; /openapi/v2 is a 404, which kubectl
// tolerates.

#include "sim/resourcetable.h"

#include <QByteArray>

namespace informant::sim::openapi {

QByteArray v3Root(const ResourceTable &table);
// `groupVersionPath` is "api/v1" or "apis/<group>/<version>"; empty if unknown.
QByteArray v3GroupVersion(const ResourceTable &table, const QString &groupVersionPath);

} // namespace informant::sim::openapi
