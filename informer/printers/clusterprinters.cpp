// Printers for storage.k8s.io/v1 StorageClass, apiextensions.k8s.io/v1
// CustomResourceDefinition, coordination.k8s.io/v1 Lease, policy/v1
// PodDisruptionBudget and autoscaling HorizontalPodAutoscaler (v1 and v2).

#include "informer/printers/builtinprinters.h"
#include "informer/printers/printerutil.h"

#include <QDateTime>

namespace informant::printers_detail {

namespace {

QList<PrintCell> storageClassRow(const RowContext &row)
{
    QString name = row.object.name();
    if (annotation(row, "storageclass.kubernetes.io/is-default-class") == QLatin1String("true") ||
        annotation(row, "storageclass.beta.kubernetes.io/is-default-class") ==
            QLatin1String("true"))
        name += QStringLiteral(" (default)");
    return {textCell(name),
            textCell(row.root["provisioner"].str()),
            textCell(row.root["reclaimPolicy"].optionalString().value_or(QStringLiteral("Delete"))),
            textCell(row.root["volumeBindingMode"].optionalString().value_or(
                QStringLiteral("Immediate"))),
            boolCell(row.root["allowVolumeExpansion"].boolean().value_or(false)),
            ageCell(row.object.creationTimestampMs(), row.nowMs)};
}

QList<PrintCell> csiNodeRow(const RowContext &row)
{
    return {textCell(row.object.name()), countCell(row.spec()["drivers"].size()),
            ageCell(row.object.creationTimestampMs(), row.nowMs)};
}

QList<PrintCell> csiDriverRow(const RowContext &row)
{
    const JsonView spec = row.spec();
    QString tokenRequests = QStringLiteral("<unset>");
    if (spec["tokenRequests"].isArray()) {
        QStringList audiences;
        for (const JsonView &request : spec["tokenRequests"].items())
            audiences.append(request["audience"].str());
        tokenRequests = audiences.join(u',');
    }
    QStringList modes;
    for (const JsonView &mode : spec["volumeLifecycleModes"].items())
        modes.append(mode.str());
    return {textCell(row.object.name()),
            boolCell(spec["attachRequired"].boolean().value_or(true)),
            boolCell(spec["podInfoOnMount"].boolean().value_or(false)),
            boolCell(spec["storageCapacity"].boolean().value_or(false)),
            textCell(tokenRequests),
            boolCell(spec["requiresRepublish"].boolean().value_or(false)),
            textCell(orNone(modes.join(u','))),
            ageCell(row.object.creationTimestampMs(), row.nowMs)};
}

QList<PrintCell> volumeAttachmentRow(const RowContext &row)
{
    const JsonView spec = row.spec();
    return {textCell(row.object.name()),
            textCell(spec["attacher"].str()),
            textCell(spec["source"]["persistentVolumeName"].str()),
            textCell(spec["nodeName"].str()),
            boolCell(row.status()["attached"].boolean().value_or(false)),
            ageCell(row.object.creationTimestampMs(), row.nowMs)};
}

} // namespace

// The apiserver's default table convertor: NAME, CREATED AT (RFC 3339, UTC).
QList<PrintCell> createdAtRow(const RowContext &row)
{
    const qint64 createdMs = row.object.creationTimestampMs();
    QString created = QStringLiteral("0001-01-01T00:00:00Z");
    if (createdMs >= 0)
        created = QDateTime::fromMSecsSinceEpoch(createdMs - createdMs % 1000, Qt::UTC)
                      .toString(Qt::ISODate);
    return {textCell(row.object.name()), PrintCell{created, createdMs}};
}

const ResourcePrinter &createdAtPrinter()
{
    static const TablePrinter printer({nameColumn(), column("Created At", "date")}, createdAtRow);
    return printer;
}

namespace {

QList<PrintCell> leaseRow(const RowContext &row)
{
    return {textCell(row.object.name()), textCell(row.spec()["holderIdentity"].str()),
            ageCell(row.object.creationTimestampMs(), row.nowMs)};
}

// intstr.IntOrString.String(), "N/A" when unset.
QString intOrString(JsonView value)
{
    if (value.isString())
        return value.str();
    if (const auto number = value.integer())
        return QString::number(*number);
    return QStringLiteral("N/A");
}

QList<PrintCell> podDisruptionBudgetRow(const RowContext &row)
{
    return {textCell(row.object.name()), textCell(intOrString(row.spec()["minAvailable"])),
            textCell(intOrString(row.spec()["maxUnavailable"])),
            countCell(row.status()["disruptionsAllowed"].intOr(0)),
            ageCell(row.object.creationTimestampMs(), row.nowMs)};
}

QString nilQuantity(JsonView value)
{
    return quantity(value, QStringLiteral("<nil>"));
}

QString percent(JsonView value, const char *absent)
{
    if (const auto number = value.integer())
        return QStringLiteral("%1%").arg(*number);
    return QLatin1String(absent);
}

// One HPA metric, as formatHPAMetrics renders it. `status` is the entry at
// the same index in status.currentMetrics (possibly absent).
QString formatMetric(JsonView spec, JsonView status)
{
    const QString type = spec["type"].str();
    auto valueOrAverage = [&](const char *field) {
        const JsonView target = spec[field]["target"];
        const JsonView current = status[field];
        if (target["averageValue"].exists()) {
            const QString now = current.isObject() && current["current"]["averageValue"].exists()
                                    ? nilQuantity(current["current"]["averageValue"])
                                    : QStringLiteral("<unknown>");
            return QStringLiteral("%1/%2 (avg)").arg(now, nilQuantity(target["averageValue"]));
        }
        const QString now = current.isObject() ? nilQuantity(current["current"]["value"])
                                               : QStringLiteral("<unknown>");
        return QStringLiteral("%1/%2").arg(now, nilQuantity(target["value"]));
    };
    auto resource = [&](const char *field) {
        const JsonView source = spec[field];
        const JsonView current = status[field];
        const QString name = source["name"].str();
        if (source["target"]["averageValue"].exists()) {
            const QString now = current.isObject() ? nilQuantity(current["current"]["averageValue"])
                                                   : QStringLiteral("<unknown>");
            return QStringLiteral("%1: %2/%3")
                .arg(name, now, nilQuantity(source["target"]["averageValue"]));
        }
        const QString now = current.isObject()
                                ? percent(current["current"]["averageUtilization"], "<unknown>")
                                : QStringLiteral("<unknown>");
        return QStringLiteral("%1: %2/%3")
            .arg(name, now, percent(source["target"]["averageUtilization"], "<auto>"));
    };
    if (type == QLatin1String("External"))
        return valueOrAverage("external");
    if (type == QLatin1String("Object"))
        return valueOrAverage("object");
    if (type == QLatin1String("Pods")) {
        const QString now = status["pods"].isObject()
                                ? nilQuantity(status["pods"]["current"]["averageValue"])
                                : QStringLiteral("<unknown>");
        return QStringLiteral("%1/%2").arg(now,
                                           nilQuantity(spec["pods"]["target"]["averageValue"]));
    }
    if (type == QLatin1String("Resource"))
        return resource("resource");
    if (type == QLatin1String("ContainerResource"))
        return resource("containerResource");
    return QStringLiteral("<unknown type>");
}

QString formatHpaMetrics(const RowContext &row)
{
    const JsonView spec = row.spec();
    // autoscaling/v1 has a single CPU target; the server shows it as the v2
    // Resource metric it converts to.
    if (const auto target = spec["targetCPUUtilizationPercentage"].integer()) {
        const QString now = percent(row.status()["currentCPUUtilizationPercentage"], "<unknown>");
        return QStringLiteral("cpu: %1/%2%").arg(now).arg(*target);
    }
    const QList<JsonView> specs = spec["metrics"].items();
    if (specs.isEmpty())
        return QStringLiteral("<none>");
    const JsonView statuses = row.status()["currentMetrics"];
    constexpr qsizetype kMax = 2;
    QStringList list;
    for (qsizetype i = 0; i < specs.size(); ++i)
        list.append(formatMetric(specs[i], statuses.at(i)));
    if (list.size() > kMax) {
        const qsizetype count = list.size();
        return QStringLiteral("%1 + %2 more...")
            .arg(list.mid(0, kMax).join(QStringLiteral(", ")))
            .arg(count - kMax);
    }
    return list.join(QStringLiteral(", "));
}

QList<PrintCell> hpaRow(const RowContext &row)
{
    const JsonView spec = row.spec();
    const JsonView target = spec["scaleTargetRef"];
    const auto minReplicas = spec["minReplicas"].integer();
    PrintCell minPods = minReplicas ? countCell(*minReplicas) : textCell(QStringLiteral("<unset>"));
    return {textCell(row.object.name()),
            textCell(target["kind"].str() + u'/' + target["name"].str()),
            textCell(formatHpaMetrics(row)),
            minPods,
            countCell(spec["maxReplicas"].intOr(0)),
            countCell(row.status()["currentReplicas"].intOr(0)),
            ageCell(row.object.creationTimestampMs(), row.nowMs)};
}

} // namespace

void addClusterPrinters(QList<BuiltinPrinter> &out)
{
    static const TablePrinter storageClass({nameColumn(), column("Provisioner"),
                                            column("ReclaimPolicy"), column("VolumeBindingMode"),
                                            column("AllowVolumeExpansion"), ageColumn()},
                                           storageClassRow);
    static const TablePrinter lease({nameColumn(), column("Holder"), ageColumn()}, leaseRow);
    static const TablePrinter pdb(
        {nameColumn(),
         column("Min Available", "string", 0, "The minimum number of pods that must be available."),
         column("Max Unavailable", "string", 0,
                "The maximum number of pods that may be unavailable."),
         column("Allowed Disruptions", "integer", 0,
                "Calculated number of pods that may be disrupted at "
                "this time."),
         ageColumn()},
        podDisruptionBudgetRow);
    static const TablePrinter hpa({nameColumn(), column("Reference"), column("Targets"),
                                   column("MinPods"), column("MaxPods"), column("Replicas"),
                                   ageColumn()},
                                  hpaRow);
    out.append({"storage.k8s.io", "StorageClass", &storageClass});
    out.append({"apiextensions.k8s.io", "CustomResourceDefinition", &createdAtPrinter()});
    static const TablePrinter csiNode({nameColumn(), column("Drivers", "integer"), ageColumn()},
                                      csiNodeRow);
    static const TablePrinter csiDriver(
        {nameColumn(), column("AttachRequired", "boolean"), column("PodInfoOnMount", "boolean"),
         column("StorageCapacity", "boolean"), column("TokenRequests"),
         column("RequiresRepublish", "boolean"), column("Modes"), ageColumn()},
        csiDriverRow);
    static const TablePrinter volumeAttachment({nameColumn(), column("Attacher"), column("PV"),
                                                column("Node"), column("Attached", "boolean"),
                                                ageColumn()},
                                               volumeAttachmentRow);
    out.append({"storage.k8s.io", "CSINode", &csiNode});
    out.append({"storage.k8s.io", "CSIDriver", &csiDriver});
    out.append({"storage.k8s.io", "VolumeAttachment", &volumeAttachment});
    out.append({"coordination.k8s.io", "Lease", &lease});
    out.append({"policy", "PodDisruptionBudget", &pdb});
    out.append({"autoscaling", "HorizontalPodAutoscaler", &hpa});
}

} // namespace informant::printers_detail
