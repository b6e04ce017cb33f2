#pragma once

// Graceful pod deletion, the two halves a client can see. kube-apiserver's
// pod strategy (CheckGracefulDelete) picks the grace period of a DELETE: the
// request's gracePeriodSeconds, else spec.terminationGracePeriodSeconds, else
// 30; 0 (at once) for a pod on no node or one already finished. A graceful
// delete only sets metadata.deletionTimestamp (now + grace) and
// deletionGracePeriodSeconds, so `kubectl get pods` shows Terminating. The
// kubelet then stops the containers, reports them terminated (the pod not
// ready) and deletes the pod with grace 0: here after a simulated stop of
// min(ServerSettings::podStopMs, 3/4 of the grace period). Owned by
// the ServerContext; server thread only.

#include "sim/storedobject.h"

#include <QJsonObject>
#include <QObject>

#include <optional>

namespace informant::sim {

struct ServerContext;

class PodTerminator final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PodTerminator)

public:
    explicit PodTerminator(ServerContext &context)
        : m_context(context)
    {
    }

    static constexpr int kDefaultGracePeriodSeconds =
        30; // corev1.DefaultTerminationGracePeriodSeconds

    // The grace period of a DELETE of `pod` that asked for `requested` seconds
    // (none: the pod's own). Negative requests count as 1, as the API server's.
    static int gracePeriodSeconds(const QJsonObject &pod, std::optional<int> requested);

    // `pod` was just marked for graceful deletion: stops it and deletes it
    // with grace 0 once stopped (unless it is gone or replaced by then).
    void schedule(const StoredObject &pod, int gracePeriodSeconds);
    int pendingCount() const { return m_pending; }

private:
    void finish(const QString &key, const QString &uid);

    ServerContext &m_context;
    int m_pending = 0;
};

} // namespace informant::sim
