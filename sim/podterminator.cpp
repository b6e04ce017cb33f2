#include "sim/podterminator.h"

#include "sim/objectwriter.h"
#include "sim/servercontext.h"

#include <QJsonArray>
#include <QTimer>

#include <algorithm>

namespace informant::sim {

namespace {

// The status the kubelet reports once the containers stopped on SIGTERM:
// each container terminated (exit 0, Completed), the pod no longer ready.
QJsonObject stoppedStatus(QJsonObject status)
{
    const QString now = nowTimestamp();
    QJsonArray containers = status.value(QLatin1String("containerStatuses")).toArray();
    for (qsizetype i = 0; i < containers.size(); ++i) {
        QJsonObject container = containers.at(i).toObject();
        const QJsonObject state = container.value(QLatin1String("state")).toObject();
        if (state.contains(QLatin1String("terminated")))
            continue;
        const QString startedAt = state.value(QLatin1String("running"))
                                      .toObject()
                                      .value(QLatin1String("startedAt"))
                                      .toString(now);
        container.insert(QLatin1String("state"),
                         QJsonObject{{"terminated", QJsonObject{{"exitCode", 0},
                                                                {"reason", "Completed"},
                                                                {"startedAt", startedAt},
                                                                {"finishedAt", now}}}});
        container.insert(QLatin1String("ready"), false);
        container.insert(QLatin1String("started"), false);
        containers.replace(i, container);
    }
    if (!containers.isEmpty())
        status.insert(QLatin1String("containerStatuses"), containers);
    QJsonArray conditions = status.value(QLatin1String("conditions")).toArray();
    for (qsizetype i = 0; i < conditions.size(); ++i) {
        QJsonObject condition = conditions.at(i).toObject();
        const QString type = condition.value(QLatin1String("type")).toString();
        if ((type != QLatin1String("Ready") && type != QLatin1String("ContainersReady")) ||
            condition.value(QLatin1String("status")) == QLatin1String("False"))
            continue;
        condition.insert(QLatin1String("status"), QStringLiteral("False"));
        condition.insert(QLatin1String("reason"), QStringLiteral("PodCompleted"));
        condition.insert(QLatin1String("lastTransitionTime"), now);
        conditions.replace(i, condition);
    }
    if (!conditions.isEmpty())
        status.insert(QLatin1String("conditions"), conditions);
    return status;
}

} // namespace

int PodTerminator::gracePeriodSeconds(const QJsonObject &pod, std::optional<int> requested)
{
    const QJsonObject spec = pod.value(QLatin1String("spec")).toObject();
    const QString phase =
        pod.value(QLatin1String("status")).toObject().value(QLatin1String("phase")).toString();
    // As the pod strategy: no kubelet runs an unscheduled or finished pod.
    if (spec.value(QLatin1String("nodeName")).toString().isEmpty() ||
        phase == QLatin1String("Succeeded") || phase == QLatin1String("Failed"))
        return 0;
    const int period = requested.value_or(spec.value(QLatin1String("terminationGracePeriodSeconds"))
                                              .toInt(kDefaultGracePeriodSeconds));
    return period < 0 ? 1 : period;
}

void PodTerminator::schedule(const StoredObject &pod, int gracePeriodSeconds)
{
    // The containers take a little while to stop on SIGTERM, never longer
    // than the grace period (the kubelet sends SIGKILL then).
    const qint64 stopMs =
        std::min<qint64>(m_context.settings.podStopMs, qint64(gracePeriodSeconds) * 1000 * 3 / 4);
    ++m_pending;
    QTimer::singleShot(std::chrono::milliseconds(stopMs), this,
                       [this, key = pod.key, uid = pod.uid] {
                           --m_pending;
                           finish(key, uid);
                       });
}

void PodTerminator::finish(const QString &key, const QString &uid)
{
    const QString storageId = QStringLiteral("/pods");
    const ObjectPtr pod = m_context.storage.store(storageId).get(key);
    const auto type = m_context.table.findByStorage(storageId);
    if (!pod || pod->uid != uid || !pod->beingDeleted || !type)
        return;
    ObjectWriter writer(m_context);
    QJsonObject object = ObjectWriter::toJson(*pod);
    object.insert(QLatin1String("status"),
                  stoppedStatus(object.value(QLatin1String("status")).toObject()));
    const auto stopped = writer.update(*type, object, pod, UpdateScope::Status);
    // The kubelet's final DELETE with grace 0: gone now, or once finalizers are.
    (void)writer.remove(*type, stopped.ok() ? stopped.value()->object : pod, false, 0);
}

} // namespace informant::sim
