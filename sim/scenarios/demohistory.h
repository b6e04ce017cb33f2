#pragma once

// DemoHistory: the demo cluster as one that has run for weeks, not one made
// a moment ago. The demo writes its own objects (namespaces, nodes,
// Deployments, Services...) at the times a team would have made them
// (ObjectWriter's `at`), but its controllers, reconciling those in
// populate(), make the ReplicaSets, pods, claims, volumes and endpoints now,
// and write "now" into statuses and events. backdate() moves each object
// made since `writtenSince` back to just after what it comes from, as the
// controllers would have made it then:
//   - an owned object: its owner (ownerReferences); a pod also its node, as
//     it was scheduled once both existed;
//   - a PersistentVolume: the claim it is bound to (spec.claimRef);
//   - Endpoints: the Service of the same name;
//   - an unowned claim: the first pod that mounts it (the StatefulSet
//     controller makes the claim just before the pod);
// never before its namespace. The other timestamps written since
// `writtenSince` (a pod's startTime, conditions, a Deployment's Available)
// move with the object, those of an object written earlier to its creation,
// and Events with the object they are about. Events then older than the API
// server's event TTL (an hour) are gone, as on a real cluster. Objects
// made since with none of these origins stay as they are.
//
// Written straight to storage, as a restored etcd would hold them: a write
// through the API cannot change creationTimestamp. Server thread only, before
// any client connects (populate()).

#include "sim/servercontext.h"

#include <QDateTime>
#include <QHash>
#include <QJsonObject>
#include <QSet>

namespace informant::sim {

class DemoHistory final
{
    Q_DISABLE_COPY_MOVE(DemoHistory)

public:
    // kube-apiserver's --event-ttl default.
    static constexpr qint64 kEventTtlSeconds = 3600;

    DemoHistory(ServerContext &context, const QDateTime &writtenSince);

    void backdate();

private:
    struct Entry
    {
        QString storageId;
        ObjectPtr object;
        QJsonObject json;
        QDateTime created;
    };

    void index();
    // When the object `uid` would have been made.
    QDateTime madeAt(const QString &uid);
    // From what it comes from (see above); invalid when nothing tells.
    QDateTime madeAfterOrigin(const Entry &entry);
    // How many seconds back the timestamps written since m_since move.
    qint64 shiftOf(const QString &uid);
    QString uidOf(const QString &storageId, const QString &key) const;
    // `value` with the timestamps written since m_since `seconds` earlier.
    QJsonValue movedBack(const QJsonValue &value, qint64 seconds) const;
    void backdateEvents();

    ServerContext &m_context;
    QDateTime m_since;
    QDateTime m_now;
    QString m_eventsStorageId;                    // core/v1 Events'
    QHash<QString, Entry> m_objects;              // uid -> object, Events aside
    QHash<QString, QString> m_uidByKey;           // storage id + '|' + key -> uid
    QHash<QString, QStringList> m_podsByClaimKey; // claim key -> uids of pods mounting it
    QHash<QString, QDateTime> m_madeAt;           // uid -> resolved
    QSet<QString> m_resolving;                    // uids being resolved (a cycle guard)
};

} // namespace informant::sim
