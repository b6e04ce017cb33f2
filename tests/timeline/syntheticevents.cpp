#include "syntheticevents.h"

namespace informant::testing {

namespace {

struct Builder
{
    EventStore &store;
    int next = 0;

    void add(const QString &ns, const QString &kind, const QString &object, const QString &reason,
             const QString &message, qint64 startMs, qint64 endMs = -1,
             EventType type = EventType::Normal, int count = 1)
    {
        TimelineEvent e = makeEvent(QStringLiteral("demo-%1").arg(next++), ns, kind, object,
                                    startMs, endMs, type, count, reason);
        e.message = message;
        e.source = kind == u"Pod" ? QStringLiteral("kubelet") : QStringLiteral("controller");
        store.upsert(e);
    }
};

constexpr qint64 kSecond = 1000;
constexpr qint64 kMinute = 60 * kSecond;

} // namespace

void fillDemoTimeline(EventStore &store, qint64 nowMs, qint64 spanMs, quint32 seed)
{
    QRandomGenerator rng(seed);
    Builder b{store};
    const qint64 t0 = nowMs - spanMs;
    // Rolling deployments: ScalingReplicaSet on the Deployment, SuccessfulCreate
    // on the ReplicaSet, Scheduled/Pulling/Pulled/Created/Started on each pod.
    const QStringList apps{QStringLiteral("web"), QStringLiteral("api"), QStringLiteral("cart")};
    const QStringList namespaces{QStringLiteral("shop"), QStringLiteral("shop"),
                                 QStringLiteral("payments")};
    for (int a = 0; a < apps.size(); ++a) {
        const QString &app = apps[a];
        const QString &ns = namespaces[a];
        for (int rollout = 0; rollout < 3; ++rollout) {
            const qint64 at = t0 + spanMs * (a + 1 + 3 * rollout) / 11 + rng.bounded(20) * kSecond;
            const QString rs = QStringLiteral("%1-%2").arg(app).arg(7 + rollout * 3 + a, 0, 16);
            b.add(ns, QStringLiteral("Deployment"), app, QStringLiteral("ScalingReplicaSet"),
                  QStringLiteral("Scaled up replica set %1 to 3").arg(rs), at);
            b.add(ns, QStringLiteral("ReplicaSet"), rs, QStringLiteral("SuccessfulCreate"),
                  QStringLiteral("Created pod: %1-x"), at + kSecond, at + 4 * kSecond,
                  EventType::Normal, 3);
            for (int p = 0; p < 2; ++p) {
                const QString pod = QStringLiteral("%1-%2").arg(rs).arg(QChar('a' + p + rollout));
                qint64 t = at + (2 + p * 3) * kSecond;
                for (const char *reason :
                     {"Scheduled", "Pulling", "Pulled", "Created", "Started"}) {
                    b.add(ns, QStringLiteral("Pod"), pod, QString::fromLatin1(reason),
                          QStringLiteral("%1 %2").arg(QString::fromLatin1(reason), pod), t);
                    t += (3 + rng.bounded(8)) * kSecond;
                }
            }
        }
    }
    // The crash-looping pod: BackOff warnings as a series, restarts as Normals.
    const qint64 crashStart = t0 + spanMs / 6;
    b.add(QStringLiteral("shop"), QStringLiteral("Pod"), QStringLiteral("worker-5d8f-crash"),
          QStringLiteral("BackOff"),
          QStringLiteral("Back-off restarting failed container worker in pod worker-5d8f-crash"),
          crashStart, nowMs - 20 * kSecond, EventType::Warning, 143);
    for (int i = 0; i < 6; ++i) {
        b.add(QStringLiteral("shop"), QStringLiteral("Pod"), QStringLiteral("worker-5d8f-crash"),
              QStringLiteral("Started"), QStringLiteral("Started container worker"),
              crashStart + (nowMs - crashStart) * i / 6 + 5 * kSecond);
    }
    // The pending pod: FailedScheduling repeating.
    b.add(QStringLiteral("payments"), QStringLiteral("Pod"), QStringLiteral("ledger-0"),
          QStringLiteral("FailedScheduling"),
          QStringLiteral("0/3 nodes are available: 3 Insufficient memory."), t0 + spanMs / 3,
          nowMs - 90 * kSecond, EventType::Warning, 27);
    // A job that completes, an unhealthy probe, node events.
    b.add(QStringLiteral("batch"), QStringLiteral("Job"), QStringLiteral("report-28391"),
          QStringLiteral("SuccessfulCreate"), QStringLiteral("Created pod: report-28391-q7x"),
          t0 + spanMs / 2);
    b.add(QStringLiteral("batch"), QStringLiteral("Job"), QStringLiteral("report-28391"),
          QStringLiteral("Completed"), QStringLiteral("Job completed"),
          t0 + spanMs / 2 + 3 * kMinute);
    b.add(QStringLiteral("shop"), QStringLiteral("Pod"), QStringLiteral("api-a-x"),
          QStringLiteral("Unhealthy"), QStringLiteral("Readiness probe failed: HTTP 503"),
          t0 + spanMs * 7 / 10, t0 + spanMs * 7 / 10 + 40 * kSecond, EventType::Warning, 4);
    for (int n = 1; n <= 3; ++n) {
        const QString node = QStringLiteral("node-%1").arg(n);
        b.add({}, QStringLiteral("Node"), node, QStringLiteral("NodeReady"),
              QStringLiteral("Node %1 status is now: NodeReady").arg(node), t0 + n * kMinute);
        if (n == 2)
            b.add({}, QStringLiteral("Node"), node, QStringLiteral("NodeHasDiskPressure"),
                  QStringLiteral("Node %1 status is now: NodeHasDiskPressure").arg(node),
                  t0 + spanMs * 3 / 5, -1, EventType::Warning);
    }
}

void fillScaleTimeline(EventStore &store, int count, int objects, int namespaces, qint64 startMs,
                       qint64 spanMs, quint32 seed)
{
    QRandomGenerator rng(seed);
    const QStringList kinds{QStringLiteral("Pod"), QStringLiteral("ReplicaSet"),
                            QStringLiteral("Deployment")};
    const QStringList normals{QStringLiteral("Scheduled"), QStringLiteral("Pulled"),
                              QStringLiteral("Created"), QStringLiteral("Started")};
    store.setCapacity(qMax<qsizetype>(store.capacity(), count));
    for (int i = 0; i < count; ++i) {
        const int object = int(rng.bounded(objects));
        const QString ns = QStringLiteral("ns-%1").arg(object % namespaces);
        const QString kind = kinds[object % 3 == 0 ? 0 : (object % 7 == 0 ? 2 : (object % 3))];
        const qint64 start = startMs + qint64(rng.bounded(double(spanMs)));
        const bool warning = rng.bounded(10) == 0;
        const bool series = rng.bounded(20) == 0;
        const qint64 end = series ? start + qint64(rng.bounded(double(spanMs) / 50)) : start;
        store.upsert(makeEvent(QStringLiteral("e%1").arg(i), ns, kind,
                               QStringLiteral("obj-%1").arg(object), start, end,
                               warning ? EventType::Warning : EventType::Normal,
                               series ? 2 + int(rng.bounded(50)) : 1,
                               warning ? QStringLiteral("BackOff") : normals[i % normals.size()]));
    }
}

} // namespace informant::testing
