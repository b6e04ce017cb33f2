#pragma once

// One stored object version: its minified JSON bytes (kind, apiVersion and
// metadata.resourceVersion included, ready to be copied into a list or a watch
// frame as they are) plus the fields the server filters and sorts on, taken
// out once when the version is stored. Immutable and shared: histories,
// snapshots and watch events hold the same block.

#include "informer/core/kubeobject.h"
#include "informer/core/result.h"

#include <QByteArray>
#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>

#include <memory>

namespace informant::sim {

struct StoredObject
{
    QByteArray json;
    QByteArray altJson; // events.k8s.io/v1 rendering, for core Events only
    QString key;        // "namespace/name" or "name"
    QString namespaceName;
    QString name;
    QString uid;
    quint64 resourceVersion = 0;
    QList<Label> labels;                   // sorted by key
    QList<QPair<QString, QString>> fields; // selectable field path -> value
    QStringList ownerUids;                 // metadata.ownerReferences[].uid
    bool hasFinalizers = false;
    bool beingDeleted = false;

    // Extracts the hot fields of `json` (which must be an object with metadata.name).
    static Result<std::shared_ptr<const StoredObject>> fromJson(QByteArray json,
                                                                const QStringList &fieldPaths);

    QString field(const QString &path) const;
};

using ObjectPtr = std::shared_ptr<const StoredObject>;

// Returns `json` with metadata.resourceVersion set to `rv` (added if missing),
// by scanning the bytes: no parse and re-serialisation of the whole object.
QByteArray withResourceVersion(const QByteArray &json, quint64 rv);

} // namespace informant::sim

namespace informant::sim {

// The raw bytes of member `path[0].path[1]...` of a JSON object (a scan, no
// parse); empty when absent.
QByteArray jsonMember(const QByteArray &objectJson, const QList<QByteArrayView> &path);

} // namespace informant::sim
