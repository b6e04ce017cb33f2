#pragma once

// Generates realistic pods fast and deterministically: ~4 KiB of JSON each,
// shaped like what kube-apiserver returns for a Deployment's pod (labels,
// owner reference, managedFields of kube-controller-manager and kubelet,
// projected token volume, probes, conditions, container statuses). Bytes are
// assembled from pieces, not through a JSON DOM, and the StoredObject fields
// are filled directly, so 100k pods take well under a second.

#include "sim/storedobject.h"

#include <QByteArray>
#include <QString>

#include <random>

namespace informant::sim {

struct PodParams
{
    QString name;
    QString namespaceName;
    QString uid;
    QString app; // labels app=, owner ReplicaSet name prefix
    QString templateHash;
    QString tier; // frontend, backend, cache, batch
    QString team;
    QString nodeName; // empty: pending, unscheduled (no node has the GPUs it asks for)
    int gpus = 0;     // nvidia.com/gpu asked for (requests and limits)
    QString phase = QStringLiteral("Running");
    QString ownerUid;
    QString image;
    QString createdAt; // RFC 3339
    QString podIp;
    int restartCount = 0;
    bool ready = true;
    QString waitingReason;  // e.g. CrashLoopBackOff (container not running)
    QString waitingMessage; // empty: "back-off 5m0s restarting failed container=app pod=<name>"
    QString startedAt;      // the running container's start (empty: createdAt)
    // The previous container's end (containerStatuses[].lastState.terminated;
    // none while lastFinishedAt is empty).
    QString lastStartedAt;
    QString lastFinishedAt;
    QString lastReason;
    int lastExitCode = 0;
    int generation = 0; // bumps an annotation so updates change bytes
};

class PodFactory
{
public:
    // A made pod was created less than this long before the factory was
    // (createdAt writes today's and yesterday's times only).
    static constexpr qint64 kMaxAgeSeconds = 86400;

    explicit PodFactory(quint32 seed);

    // A new pod in `namespaceName` for deployment `app` (random but seeded fields).
    PodParams makePod(const QString &namespaceName, const QString &app, int nodeCount);
    QString makeUid();
    QString randomSuffix(int length);
    QString uniqueSuffix();
    quint32 next(quint32 bound) { return bound ? quint32(m_random() % bound) : 0; }

    static QByteArray podJson(const PodParams &pod, quint64 rv);
    static ObjectPtr podObject(const PodParams &pod, quint64 rv);

private:
    QString createdAt(qint64 ageSeconds) const; // RFC 3339, now minus the age

    std::mt19937 m_random;
    qint64 m_nowSeconds;
    quint64 m_suffixOffset;
    quint64 m_sequence = 0;
    QString m_today; // "YYYY-MM-DD" of now and the day before
    QString m_yesterday;
};

} // namespace informant::sim
