// Printers for apps/v1 and batch/v1 workloads: Deployment, ReplicaSet,
// StatefulSet, DaemonSet, Job and CronJob, as kubectl prints them.

#include "informer/printers/builtinprinters.h"
#include "informer/printers/duration.h"
#include "informer/printers/printerutil.h"

namespace informant::printers_detail {

namespace {

// apps/v1 defaults spec.replicas to 1; the server prints defaulted objects.
qint64 desiredReplicas(const RowContext &row)
{
    return row.spec()["replicas"].intOr(1);
}

QList<PrintCell> withContainers(QList<PrintCell> cells, JsonView podSpec)
{
    const auto [names, images] = containerCells(podSpec["containers"]);
    cells.append(textCell(names));
    cells.append(textCell(images));
    return cells;
}

QList<PrintCell> deploymentRow(const RowContext &row)
{
    const JsonView status = row.status();
    QList<PrintCell> cells = {textCell(row.object.name()),
                              textCell(QStringLiteral("%1/%2")
                                           .arg(status["readyReplicas"].intOr(0))
                                           .arg(desiredReplicas(row))),
                              countCell(status["updatedReplicas"].intOr(0)),
                              countCell(status["availableReplicas"].intOr(0)),
                              ageCell(row.object.creationTimestampMs(), row.nowMs)};
    cells = withContainers(cells, row.spec()["template"]["spec"]);
    cells.append(
        textCell(labelSelectorString(row.spec()["selector"], QStringLiteral("<invalid>"))));
    return cells;
}

QList<PrintCell> replicaSetRow(const RowContext &row)
{
    const JsonView status = row.status();
    QList<PrintCell> cells = {textCell(row.object.name()), countCell(desiredReplicas(row)),
                              countCell(status["replicas"].intOr(0)),
                              countCell(status["readyReplicas"].intOr(0)),
                              ageCell(row.object.creationTimestampMs(), row.nowMs)};
    cells = withContainers(cells, row.spec()["template"]["spec"]);
    cells.append(textCell(formatLabelSelector(row.spec()["selector"])));
    return cells;
}

QList<PrintCell> statefulSetRow(const RowContext &row)
{
    const QList<PrintCell> cells = {textCell(row.object.name()),
                                    textCell(QStringLiteral("%1/%2")
                                                 .arg(row.status()["readyReplicas"].intOr(0))
                                                 .arg(desiredReplicas(row))),
                                    ageCell(row.object.creationTimestampMs(), row.nowMs)};
    return withContainers(cells, row.spec()["template"]["spec"]);
}

QList<PrintCell> daemonSetRow(const RowContext &row)
{
    const JsonView status = row.status();
    const JsonView podSpec = row.spec()["template"]["spec"];
    QList<PrintCell> cells = {textCell(row.object.name()),
                              countCell(status["desiredNumberScheduled"].intOr(0)),
                              countCell(status["currentNumberScheduled"].intOr(0)),
                              countCell(status["numberReady"].intOr(0)),
                              countCell(status["updatedNumberScheduled"].intOr(0)),
                              countCell(status["numberAvailable"].intOr(0)),
                              textCell(formatLabels(podSpec["nodeSelector"])),
                              ageCell(row.object.creationTimestampMs(), row.nowMs)};
    cells = withContainers(cells, podSpec);
    cells.append(textCell(formatLabelSelector(row.spec()["selector"])));
    return cells;
}

QString jobStatus(const RowContext &row)
{
    const JsonView conditions = row.status()["conditions"];
    if (conditionTrue(conditions, "Complete"))
        return QStringLiteral("Complete");
    if (conditionTrue(conditions, "Failed"))
        return QStringLiteral("Failed");
    if (row.object.isBeingDeleted())
        return QStringLiteral("Terminating");
    if (conditionTrue(conditions, "Suspended"))
        return QStringLiteral("Suspended");
    if (conditionTrue(conditions, "FailureTarget"))
        return QStringLiteral("FailureTarget");
    return QStringLiteral("Running");
}

QList<PrintCell> jobRow(const RowContext &row)
{
    const JsonView spec = row.spec();
    const JsonView status = row.status();
    const qint64 succeeded = status["succeeded"].intOr(0);
    QString completions;
    if (const auto wanted = spec["completions"].integer()) {
        completions = QStringLiteral("%1/%2").arg(succeeded).arg(*wanted);
    } else if (const qint64 parallelism = spec["parallelism"].intOr(0); parallelism > 1) {
        completions = QStringLiteral("%1/1 of %2").arg(succeeded).arg(parallelism);
    } else {
        completions = QStringLiteral("%1/1").arg(succeeded);
    }
    PrintCell duration;
    const qint64 startMs = status["startTime"].timestampMs();
    if (startMs >= 0) {
        const qint64 completionMs = status["completionTime"].timestampMs();
        const qint64 elapsedMs = (completionMs >= 0 ? completionMs : row.nowMs) - startMs;
        duration = PrintCell{humanDuration(elapsedMs), elapsedMs};
    }
    QList<PrintCell> cells = {textCell(row.object.name()), textCell(jobStatus(row)),
                              textCell(completions), duration,
                              ageCell(row.object.creationTimestampMs(), row.nowMs)};
    cells = withContainers(cells, spec["template"]["spec"]);
    cells.append(textCell(formatLabelSelector(spec["selector"])));
    return cells;
}

QList<PrintCell> cronJobRow(const RowContext &row)
{
    const JsonView spec = row.spec();
    const JsonView status = row.status();
    PrintCell lastSchedule = textCell(QStringLiteral("<none>"));
    if (const qint64 lastMs = status["lastScheduleTime"].timestampMs(); lastMs >= 0)
        lastSchedule = ageCell(lastMs, row.nowMs);
    const auto suspend = spec["suspend"].boolean();
    const QString suspendText = !suspend   ? QStringLiteral("<unset>")
                                : *suspend ? QStringLiteral("True")
                                           : QStringLiteral("False");
    const JsonView jobSpec = spec["jobTemplate"]["spec"];
    QList<PrintCell> cells = {
        textCell(row.object.name()),
        textCell(spec["schedule"].str()),
        textCell(spec["timeZone"].optionalString().value_or(QStringLiteral("<none>"))),
        textCell(suspendText),
        countCell(status["active"].size()),
        lastSchedule,
        ageCell(row.object.creationTimestampMs(), row.nowMs)};
    cells = withContainers(cells, jobSpec["template"]["spec"]);
    cells.append(textCell(formatLabelSelector(jobSpec["selector"])));
    return cells;
}

// metav1.GetControllerOf, shown as "kind.group/name" in lower case.
QList<PrintCell> controllerRevisionRow(const RowContext &row)
{
    QString controller = QStringLiteral("<none>");
    for (const OwnerReference &owner : row.object.ownerReferences()) {
        if (!owner.controller)
            continue;
        const qsizetype slash = owner.apiVersion.indexOf(u'/');
        const QString group = slash < 0 ? QString() : owner.apiVersion.left(slash);
        const QString groupKind = group.isEmpty() ? owner.kind : owner.kind + u'.' + group;
        controller = groupKind.isEmpty() ? owner.name : groupKind.toLower() + u'/' + owner.name;
        break;
    }
    return {textCell(row.object.name()), textCell(controller),
            countCell(row.root["revision"].intOr(0)),
            ageCell(row.object.creationTimestampMs(), row.nowMs)};
}

PrintColumn containersColumn()
{
    return column("Containers", "string", 1, "Names of each container in the template.");
}

PrintColumn imagesColumn()
{
    return column("Images", "string", 1, "Images referenced by each container in the template.");
}

PrintColumn selectorColumn()
{
    return column("Selector", "string", 1, "Label query over pods.");
}

} // namespace

void addWorkloadPrinters(QList<BuiltinPrinter> &out)
{
    static const TablePrinter deployment(
        {nameColumn(), column("Ready", "string", 0, "Number of the pod with ready state"),
         column("Up-to-date", "string", 0,
                "Total number of non-terminated pods targeted by "
                "this deployment that have the desired template spec."),
         column("Available", "string", 0,
                "Total number of available pods targeted by this "
                "deployment."),
         ageColumn(), containersColumn(), imagesColumn(), selectorColumn()},
        deploymentRow);
    static const TablePrinter replicaSet({nameColumn(), column("Desired", "integer"),
                                          column("Current", "integer"), column("Ready", "integer"),
                                          ageColumn(), containersColumn(), imagesColumn(),
                                          selectorColumn()},
                                         replicaSetRow);
    static const TablePrinter statefulSet(
        {nameColumn(), column("Ready", "string", 0, "Number of the pod with ready state"),
         ageColumn(), containersColumn(), imagesColumn()},
        statefulSetRow);
    static const TablePrinter daemonSet(
        {nameColumn(), column("Desired", "integer"), column("Current", "integer"),
         column("Ready", "integer"), column("Up-to-date", "integer"),
         column("Available", "integer"), column("Node Selector"), ageColumn(), containersColumn(),
         imagesColumn(), selectorColumn()},
        daemonSetRow);
    static const TablePrinter job(
        {nameColumn(), column("Status", "string", 0, "Status of the job."), column("Completions"),
         column("Duration", "string", 0, "Time required to complete the job."), ageColumn(),
         containersColumn(), imagesColumn(), selectorColumn()},
        jobRow);
    static const TablePrinter cronJob({nameColumn(), column("Schedule"), column("Timezone"),
                                       column("Suspend", "boolean"), column("Active", "integer"),
                                       column("Last Schedule"), ageColumn(), containersColumn(),
                                       imagesColumn(), selectorColumn()},
                                      cronJobRow);
    static const TablePrinter controllerRevision(
        {nameColumn(), column("Controller"), column("Revision"), ageColumn()},
        controllerRevisionRow);
    out.append({"apps", "Deployment", &deployment});
    out.append({"apps", "ControllerRevision", &controllerRevision});
    out.append({"apps", "ReplicaSet", &replicaSet});
    out.append({"apps", "StatefulSet", &statefulSet});
    out.append({"apps", "DaemonSet", &daemonSet});
    out.append({"batch", "Job", &job});
    out.append({"batch", "CronJob", &cronJob});
}

} // namespace informant::printers_detail
