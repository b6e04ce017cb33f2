#include "ui/overviewcontainers.h"

#include "informer/core/kubeobject.h"
#include "models/rowformatter.h"
#include "ui/overviewtone.h"

#include <QJsonArray>
#include <QStringList>

namespace informant {

namespace {

QJsonObject statusOf(const QJsonArray &statuses, const QString &name)
{
    for (const QJsonValue &s : statuses) {
        const QJsonObject status = s.toObject();
        if (status.value(QLatin1String("name")).toString() == name)
            return status;
    }
    return {};
}

// A terminated state's reason (kubectl's "Terminated" when it has none),
// exit code and, when a signal ended it, the signal.
QString terminationHtml(const QJsonObject &terminated)
{
    const QString reason = terminated.value(QLatin1String("reason")).toString();
    QString html = tonedHtml(reason.isEmpty() ? QStringLiteral("Terminated") : reason) +
                   QStringLiteral(", exit code %1")
                       .arg(terminated.value(QLatin1String("exitCode")).toInteger());
    const qint64 signal = terminated.value(QLatin1String("signal")).toInteger();
    if (signal != 0)
        html += QStringLiteral(", signal %1").arg(signal);
    return html;
}

// The current state as kubectl names it: a waiting container's reason
// (CrashLoopBackOff), else the state itself.
QString stateHtml(const QJsonObject &state)
{
    const QJsonObject terminated = state.value(QLatin1String("terminated")).toObject();
    if (!terminated.isEmpty())
        return terminationHtml(terminated);
    if (state.contains(QLatin1String("waiting"))) {
        const QString reason = state.value(QLatin1String("waiting"))
                                   .toObject()
                                   .value(QLatin1String("reason"))
                                   .toString();
        return tonedHtml(reason.isEmpty() ? QStringLiteral("Waiting") : reason);
    }
    if (state.contains(QLatin1String("running")))
        return tonedHtml(QStringLiteral("Running"));
    return {};
}

QString lastTerminationHtml(const QJsonObject &terminated, qint64 nowMs)
{
    QString html = QStringLiteral("Last terminated: ") + terminationHtml(terminated);
    const qint64 finished =
        parseKubeTimestampMs(terminated.value(QLatin1String("finishedAt")).toString().toUtf8());
    if (finished >= 0)
        html += QStringLiteral(", %1 ago").arg(humanAge(nowMs - finished));
    return html;
}

QString imageHtml(const QJsonObject &container)
{
    return QStringLiteral("<code>%1</code>")
        .arg(container.value(QLatin1String("image")).toString().toHtmlEscaped());
}

void appendPodContainers(QList<OverviewRow> &rows, const QString &keyPrefix,
                         const QJsonArray &containers, const QJsonArray &statuses, qint64 nowMs)
{
    for (const QJsonValue &c : containers) {
        const QJsonObject container = c.toObject();
        const QString name = container.value(QLatin1String("name")).toString();
        QString html = imageHtml(container);
        const QJsonObject status = statusOf(statuses, name);
        if (!status.isEmpty()) {
            const QString state = stateHtml(status.value(QLatin1String("state")).toObject());
            html +=
                QStringLiteral(" — %1%2, %3 restarts")
                    .arg(state.isEmpty() ? QStringLiteral("unknown state") : state,
                         status.value(QLatin1String("ready")).toBool() ? QStringLiteral(", ready")
                                                                       : QString())
                    .arg(status.value(QLatin1String("restartCount")).toInt());
            const QJsonObject last = status.value(QLatin1String("lastState"))
                                         .toObject()
                                         .value(QLatin1String("terminated"))
                                         .toObject();
            if (!last.isEmpty())
                html += QStringLiteral("<br>") + lastTerminationHtml(last, nowMs);
        }
        rows.append(OverviewRow{keyPrefix + name, html});
    }
}

void appendTemplateContainers(QList<OverviewRow> &rows, const QString &keyPrefix,
                              const QJsonArray &containers)
{
    for (const QJsonValue &c : containers) {
        const QJsonObject container = c.toObject();
        rows.append(OverviewRow{keyPrefix + container.value(QLatin1String("name")).toString(),
                                imageHtml(container)});
    }
}

} // namespace

QList<OverviewRow> podContainerRows(const QJsonObject &pod, qint64 nowMs)
{
    const QJsonObject spec = pod.value(QLatin1String("spec")).toObject();
    const QJsonObject status = pod.value(QLatin1String("status")).toObject();
    QList<OverviewRow> rows;
    appendPodContainers(rows, QStringLiteral("Init container "),
                        spec.value(QLatin1String("initContainers")).toArray(),
                        status.value(QLatin1String("initContainerStatuses")).toArray(), nowMs);
    appendPodContainers(rows, QStringLiteral("Container "),
                        spec.value(QLatin1String("containers")).toArray(),
                        status.value(QLatin1String("containerStatuses")).toArray(), nowMs);
    return rows;
}

QList<OverviewRow> templateContainerRows(const QJsonObject &podSpec)
{
    QList<OverviewRow> rows;
    appendTemplateContainers(rows, QStringLiteral("Init container "),
                             podSpec.value(QLatin1String("initContainers")).toArray());
    appendTemplateContainers(rows, QStringLiteral("Container "),
                             podSpec.value(QLatin1String("containers")).toArray());
    return rows;
}

} // namespace informant
