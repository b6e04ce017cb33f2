// The Pod printer: kubectl's printPod, including its STATUS rules for init
// containers, restartable (sidecar) init containers, waiting/terminated
// reasons, Completed-with-running-containers, Terminating, NodeLost and
// SchedulingGated, and the wide READINESS GATES column.

#include "informer/printers/builtinprinters.h"
#include "informer/printers/duration.h"
#include "informer/printers/printerutil.h"

#include <QHash>

namespace informant::printers_detail {

namespace {

struct RestartTally
{
    qint64 count = 0;
    qint64 lastMs = -1; // latest lastState.terminated.finishedAt

    void add(JsonView status)
    {
        count += status["restartCount"].intOr(0);
        const qint64 finished = status["lastState"]["terminated"]["finishedAt"].timestampMs();
        if (finished > lastMs)
            lastMs = finished;
    }
};

QString terminatedReason(JsonView terminated, const QString &prefix)
{
    const QString reason = terminated["reason"].str();
    if (!reason.isEmpty())
        return prefix + reason;
    if (const qint64 signal = terminated["signal"].intOr(0); signal != 0)
        return prefix + QStringLiteral("Signal:%1").arg(signal);
    return prefix + QStringLiteral("ExitCode:%1").arg(terminated["exitCode"].intOr(0));
}

struct PodState
{
    QString reason;
    qint64 ready = 0;
    qint64 total = 0;
    RestartTally restarts;
};

// Walks init container statuses like kubectl: stops at the first one that
// is neither done nor a started sidecar. Returns true while initializing.
bool scanInitContainers(JsonView spec, JsonView status, PodState &state,
                        RestartTally &sidecarRestarts)
{
    QHash<QString, bool> restartable;
    const QList<JsonView> initContainers = spec["initContainers"].items();
    for (const JsonView &container : initContainers) {
        const bool always = container["restartPolicy"].str() == QLatin1String("Always");
        restartable.insert(container["name"].str(), always);
        if (always)
            ++state.total;
    }
    const QList<JsonView> statuses = status["initContainerStatuses"].items();
    for (qsizetype i = 0; i < statuses.size(); ++i) {
        const JsonView container = statuses[i];
        state.restarts.add(container);
        const bool isSidecar = restartable.value(container["name"].str(), false);
        if (isSidecar)
            sidecarRestarts.add(container);
        const JsonView terminated = container["state"]["terminated"];
        const JsonView waiting = container["state"]["waiting"];
        if (terminated.isObject() && terminated["exitCode"].intOr(0) == 0)
            continue;
        if (isSidecar && container["started"].boolean().value_or(false)) {
            if (container["ready"].boolean().value_or(false))
                ++state.ready;
            continue;
        }
        if (terminated.isObject()) {
            state.reason = terminatedReason(terminated, QStringLiteral("Init:"));
        } else if (const QString reason = waiting["reason"].str();
                   waiting.isObject() && !reason.isEmpty() &&
                   reason != QLatin1String("PodInitializing")) {
            state.reason = QStringLiteral("Init:") + reason;
        } else {
            state.reason = QStringLiteral("Init:%1/%2").arg(i).arg(initContainers.size());
        }
        return true;
    }
    return false;
}

void scanContainers(JsonView status, PodState &state)
{
    bool hasRunning = false;
    const QList<JsonView> statuses = status["containerStatuses"].items();
    for (qsizetype i = statuses.size() - 1; i >= 0; --i) {
        const JsonView container = statuses[i];
        state.restarts.add(container);
        const JsonView waiting = container["state"]["waiting"];
        const JsonView terminated = container["state"]["terminated"];
        if (!waiting["reason"].str().isEmpty()) {
            state.reason = waiting["reason"].str();
        } else if (terminated.isObject()) {
            state.reason = terminatedReason(terminated, QString());
        } else if (container["ready"].boolean().value_or(false) &&
                   container["state"]["running"].isObject()) {
            hasRunning = true;
            ++state.ready;
        }
    }
    // A pod whose last container completed but another still runs is Running
    // (or NotReady), not Completed.
    if (state.reason == QLatin1String("Completed") && hasRunning)
        state.reason = conditionTrue(status["conditions"], "Ready") ? QStringLiteral("Running")
                                                                    : QStringLiteral("NotReady");
}

PodState computePodState(const RowContext &row)
{
    const JsonView spec = row.spec();
    const JsonView status = row.status();
    PodState state;
    state.total = spec["containers"].size();
    const QString phase = status["phase"].str();
    state.reason = status["reason"].optionalString().value_or(QString());
    if (state.reason.isEmpty())
        state.reason = phase;
    for (const JsonView &condition : status["conditions"].items()) {
        if (condition["type"].str() == QLatin1String("PodScheduled") &&
            condition["reason"].str() == QLatin1String("SchedulingGated"))
            state.reason = QStringLiteral("SchedulingGated");
    }

    RestartTally sidecarRestarts;
    const bool initializing = scanInitContainers(spec, status, state, sidecarRestarts);
    if (!initializing || conditionTrue(status["conditions"], "Initialized")) {
        state.restarts = sidecarRestarts;
        scanContainers(status, state);
    }

    if (row.object.isBeingDeleted()) {
        if (status["reason"].str() == QLatin1String("NodeLost"))
            state.reason = QStringLiteral("Unknown");
        else if (phase != QLatin1String("Succeeded") && phase != QLatin1String("Failed"))
            state.reason = QStringLiteral("Terminating");
    }
    return state;
}

QString readinessGates(const RowContext &row)
{
    const QList<JsonView> gates = row.spec()["readinessGates"].items();
    if (gates.isEmpty())
        return QStringLiteral("<none>");
    const QList<JsonView> conditions = row.status()["conditions"].items();
    qsizetype trueCount = 0;
    for (const JsonView &gate : gates) {
        const QString type = gate["conditionType"].str();
        for (const JsonView &condition : conditions) {
            if (condition["type"].str() == type) {
                if (condition["status"].str() == QLatin1String("True"))
                    ++trueCount;
                break;
            }
        }
    }
    return QStringLiteral("%1/%2").arg(trueCount).arg(gates.size());
}

QList<PrintCell> podRow(const RowContext &row)
{
    const PodState state = computePodState(row);
    PrintCell restarts = countCell(state.restarts.count);
    if (state.restarts.count != 0 && state.restarts.lastMs >= 0)
        restarts.text +=
            QStringLiteral(" (%1 ago)").arg(formatAge(state.restarts.lastMs, row.nowMs));
    PrintCell ready = textCell(QStringLiteral("%1/%2").arg(state.ready).arg(state.total));
    QString podIp = row.status()["podIPs"].at(0)["ip"].str();
    if (podIp.isEmpty())
        podIp = row.status()["podIP"].str();
    return {textCell(row.object.name()),
            ready,
            textCell(state.reason),
            restarts,
            ageCell(row.object.creationTimestampMs(), row.nowMs),
            textCell(orNone(podIp)),
            textCell(orNone(row.spec()["nodeName"].str())),
            textCell(orNone(row.status()["nominatedNodeName"].str())),
            textCell(readinessGates(row))};
}

} // namespace

void addPodPrinters(QList<BuiltinPrinter> &out)
{
    static const TablePrinter pod(
        {nameColumn(),
         column("Ready", "string", 0,
                "The aggregate readiness state of this pod for accepting traffic."),
         column("Status", "string", 0, "The aggregate status of the containers in this pod."),
         column("Restarts", "string", 0,
                "The number of times the containers in this pod have been restarted and when "
                "the last container in this pod has restarted."),
         ageColumn(), column("IP", "string", 1, "IP address allocated to the pod."),
         column("Node", "string", 1, "NodeName is the node the pod is scheduled onto."),
         column("Nominated Node", "string", 1,
                "nominatedNodeName is set only when this pod preempts other pods on the node."),
         column("Readiness Gates", "string", 1, "Pod conditions evaluated for pod readiness.")},
        podRow);
    out.append({"", "Pod", &pod});
}

} // namespace informant::printers_detail
