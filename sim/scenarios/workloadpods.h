#pragma once

// What the demo's workload controllers (Deployment/ReplicaSet, StatefulSet,
// DaemonSet) share, as kube-controller-manager's controller_utils and the
// kubelet do it: pods made from a pod template and owned by their
// controller (SuccessfulCreate and Scheduled events), started by the
// kubelet on the next tick (Running, ready, a pod IP; Pulled, Created,
// Started), deleted through the API's graceful deletion (Killing; the pod
// shows Terminating until stopped), and status writes that change nothing
// when nothing changed. Server thread only.

#include "sim/scenarios/eventrecorder.h"
#include "sim/servercontext.h"

#include <QJsonObject>

namespace informant::sim {

class WorkloadPods
{
public:
    WorkloadPods(ServerContext &context, EventRecorder &events)
        : m_context(context)
        , m_events(events)
    {
    }

    // A short stable hash of a pod template (pod-template-hash,
    // controller-revision-hash); templates that differ only in null or empty
    // members ("resources":{}) have the same.
    static QString templateHash(const QJsonObject &podTemplate);
    static QJsonObject ownerReference(const StoredObject &owner, const char *kind,
                                      const char *apiVersion);
    static bool isRunning(const StoredObject &pod);
    // Running with its Ready condition True (a crash-looping pod runs, not
    // ready): what the ReplicaSet, StatefulSet and DaemonSet controllers count
    // as ready (podutil.IsPodReady; the StatefulSet's isRunningAndReady).
    static bool isReady(const StoredObject &pod);
    // The label a StatefulSet or DaemonSet gives each pod: the revision of
    // the template it was made from.
    static inline const QString kRevisionLabel = QStringLiteral("controller-revision-hash");
    static QString revisionOf(const StoredObject &pod);

    // The pods `ownerUid` controls; terminating ones only with `withTerminating`.
    std::vector<ObjectPtr> podsOf(const QString &ownerUid, bool withTerminating = false) const;
    // Creates a pod from `podTemplate` owned by `owner` (a Job, or of
    // apps/v1), named `name` (or
    // `generateName` plus a suffix when empty), with `extraLabels`, on
    // `nodeName` (empty: the node the scheduler picks, or none yet:
    // podscheduler.h). Returns the pod as stored, bound or not.
    ObjectPtr create(const ObjectPtr &owner, const char *ownerKind, const QString &component,
                     const QJsonObject &podTemplate, const QString &name,
                     const QString &generateName, const QJsonObject &extraLabels,
                     const QString &nodeName = QString());
    // The kubelet starts `pod`; not one no node was found for.
    void start(const ObjectPtr &pod);
    void remove(const ObjectPtr &pod);
    // Replaces `object`'s status with `status` unless equal.
    void updateStatus(const ObjectPtr &object, const QString &resourceGroup,
                      const QString &resource, const QJsonObject &status);

private:
    ServerContext &m_context;
    EventRecorder &m_events;
    quint32 m_podCounter = 0;
};

} // namespace informant::sim
