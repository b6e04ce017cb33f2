// Printers for core/v1 kinds other than Pod: Node, Namespace, Service,
// Endpoints, ConfigMap, Secret, ServiceAccount, PersistentVolume(Claim),
// ResourceQuota, and Event (core/v1 and events.k8s.io/v1), as kubectl prints
// them.

#include "informer/printers/builtinprinters.h"
#include "informer/printers/duration.h"
#include "informer/printers/printerutil.h"

#include <algorithm>

namespace informant::printers_detail {

namespace {

QList<PrintCell> nodeRow(const RowContext &row)
{
    // Only the Ready condition counts; the last entry of a type wins.
    QStringList status;
    QString readyStatus;
    bool hasReady = false;
    for (const JsonView &condition : row.status()["conditions"].items()) {
        if (condition["type"].str() == QLatin1String("Ready")) {
            hasReady = true;
            readyStatus = condition["status"].str();
        }
    }
    if (hasReady)
        status.append(readyStatus == QLatin1String("True") ? QStringLiteral("Ready")
                                                           : QStringLiteral("NotReady"));
    else
        status.append(QStringLiteral("Unknown"));
    if (row.spec()["unschedulable"].boolean().value_or(false))
        status.append(QStringLiteral("SchedulingDisabled"));

    QStringList roles;
    for (const Label &label : row.object.labels()) {
        static const QString prefix = QStringLiteral("node-role.kubernetes.io/");
        QString role;
        if (label.key.startsWith(prefix))
            role = label.key.mid(prefix.size());
        else if (label.key == QLatin1String("kubernetes.io/role"))
            role = label.value;
        if (!role.isEmpty() && !roles.contains(role))
            roles.append(role);
    }
    roles.sort();

    auto address = [&](const char *type) {
        for (const JsonView &entry : row.status()["addresses"].items()) {
            if (entry["type"].str() == QLatin1String(type))
                return entry["address"].str();
        }
        return QStringLiteral("<none>");
    };
    const JsonView info = row.status()["nodeInfo"];
    auto unknownIfEmpty = [](const QString &text) {
        return text.isEmpty() ? QStringLiteral("<unknown>") : text;
    };
    return {textCell(row.object.name()),
            textCell(status.join(u',')),
            textCell(orNone(roles.join(u','))),
            ageCell(row.object.creationTimestampMs(), row.nowMs),
            textCell(info["kubeletVersion"].str()),
            textCell(address("InternalIP")),
            textCell(address("ExternalIP")),
            textCell(unknownIfEmpty(info["osImage"].str())),
            textCell(unknownIfEmpty(info["kernelVersion"].str())),
            textCell(unknownIfEmpty(info["containerRuntimeVersion"].str()))};
}

QList<PrintCell> namespaceRow(const RowContext &row)
{
    return {textCell(row.object.name()), textCell(row.status()["phase"].str()),
            ageCell(row.object.creationTimestampMs(), row.nowMs)};
}

QStringList strings(JsonView array)
{
    QStringList out;
    for (const JsonView &item : array.items())
        out.append(item.str());
    return out;
}

QString serviceExternalIp(const RowContext &row)
{
    const JsonView spec = row.spec();
    const QString type = spec["type"].str();
    const QStringList externalIps = strings(spec["externalIPs"]);
    if (type == QLatin1String("ClusterIP") || type == QLatin1String("NodePort"))
        return externalIps.isEmpty() ? QStringLiteral("<none>") : externalIps.join(u',');
    if (type == QLatin1String("LoadBalancer")) {
        const QString lb = loadBalancerAddresses(row.status()["loadBalancer"]["ingress"], row.wide);
        if (!externalIps.isEmpty()) {
            QStringList all = lb.isEmpty() ? QStringList() : lb.split(u',');
            all.append(externalIps);
            return all.join(u',');
        }
        return lb.isEmpty() ? QStringLiteral("<pending>") : lb;
    }
    if (type == QLatin1String("ExternalName"))
        return spec["externalName"].str();
    return QStringLiteral("<unknown>");
}

QList<PrintCell> serviceRow(const RowContext &row)
{
    const JsonView spec = row.spec();
    QString clusterIp = spec["clusterIPs"].at(0).str();
    if (clusterIp.isEmpty())
        clusterIp = spec["clusterIP"].str();
    QStringList ports;
    for (const JsonView &port : spec["ports"].items()) {
        QString protocol = port["protocol"].str();
        if (protocol.isEmpty())
            protocol = QStringLiteral("TCP"); // the API server's default
        const qint64 nodePort = port["nodePort"].intOr(0);
        if (nodePort > 0)
            ports.append(
                QStringLiteral("%1:%2/%3").arg(port["port"].intOr(0)).arg(nodePort).arg(protocol));
        else
            ports.append(QStringLiteral("%1/%2").arg(port["port"].intOr(0)).arg(protocol));
    }
    return {textCell(row.object.name()),
            textCell(spec["type"].str()),
            textCell(orNone(clusterIp)),
            textCell(serviceExternalIp(row)),
            textCell(orNone(ports.join(u','))),
            ageCell(row.object.creationTimestampMs(), row.nowMs),
            textCell(formatLabels(spec["selector"]))};
}

QString joinHostPort(const QString &host, qint64 port)
{
    if (host.contains(u':'))
        return QStringLiteral("[%1]:%2").arg(host).arg(port);
    return QStringLiteral("%1:%2").arg(host).arg(port);
}

// formatEndpoints: up to three host:port pairs, then " + N more...".
QString formatEndpoints(JsonView subsets)
{
    if (subsets.size() == 0)
        return QStringLiteral("<none>");
    constexpr qsizetype kMax = 3;
    QStringList list;
    bool more = false;
    qsizetype count = 0;
    for (const JsonView &subset : subsets.items()) {
        const QList<JsonView> addresses = subset["addresses"].items();
        const QList<JsonView> ports = subset["ports"].items();
        if (ports.isEmpty()) { // headless services without ports
            count += addresses.size();
            for (const JsonView &address : addresses) {
                if (list.size() == kMax) {
                    more = true;
                    break;
                }
                list.append(address["ip"].str());
            }
            continue;
        }
        for (const JsonView &port : ports) {
            count += addresses.size();
            for (const JsonView &address : addresses) {
                if (list.size() == kMax) {
                    more = true;
                    break;
                }
                list.append(joinHostPort(address["ip"].str(), port["port"].intOr(0)));
            }
        }
    }
    const QString joined = list.join(u',');
    if (more)
        return QStringLiteral("%1 + %2 more...").arg(joined).arg(count - kMax);
    return joined;
}

QList<PrintCell> endpointsRow(const RowContext &row)
{
    return {textCell(row.object.name()), textCell(formatEndpoints(row.root["subsets"])),
            ageCell(row.object.creationTimestampMs(), row.nowMs)};
}

QList<PrintCell> configMapRow(const RowContext &row)
{
    return {textCell(row.object.name()),
            countCell(row.root["data"].size() + row.root["binaryData"].size()),
            ageCell(row.object.creationTimestampMs(), row.nowMs)};
}

QList<PrintCell> secretRow(const RowContext &row)
{
    return {textCell(row.object.name()), textCell(row.root["type"].str()),
            countCell(row.root["data"].size()),
            ageCell(row.object.creationTimestampMs(), row.nowMs)};
}

QList<PrintCell> serviceAccountRow(const RowContext &row)
{
    return {textCell(row.object.name()), countCell(row.root["secrets"].size()),
            ageCell(row.object.creationTimestampMs(), row.nowMs)};
}

// helper.GetPersistentVolume(Claim)Class: the beta annotation wins when present.
QString storageClassOf(const RowContext &row)
{
    const JsonView beta = row.metadata()["annotations"]["volume.beta.kubernetes.io/storage-class"];
    if (beta.exists())
        return beta.str();
    return row.spec()["storageClassName"].str();
}

QList<PrintCell> persistentVolumeRow(const RowContext &row)
{
    const JsonView spec = row.spec();
    QString claim;
    if (spec["claimRef"].isObject())
        claim = spec["claimRef"]["namespace"].str() + u'/' + spec["claimRef"]["name"].str();
    const QString phase =
        row.object.isBeingDeleted() ? QStringLiteral("Terminating") : row.status()["phase"].str();
    return {textCell(row.object.name()),
            textCell(quantity(spec["capacity"]["storage"], QStringLiteral("0"))),
            textCell(accessModes(spec["accessModes"])),
            textCell(spec["persistentVolumeReclaimPolicy"].str()),
            textCell(phase),
            textCell(claim),
            textCell(storageClassOf(row)),
            textCell(spec["volumeAttributesClassName"].optionalString().value_or(
                QStringLiteral("<unset>"))),
            textCell(row.status()["reason"].str()),
            ageCell(row.object.creationTimestampMs(), row.nowMs),
            textCell(spec["volumeMode"].optionalString().value_or(QStringLiteral("<unset>")))};
}

QList<PrintCell> persistentVolumeClaimRow(const RowContext &row)
{
    const JsonView spec = row.spec();
    const QString phase =
        row.object.isBeingDeleted() ? QStringLiteral("Terminating") : row.status()["phase"].str();
    const QString volume = spec["volumeName"].str();
    QString capacity;
    QString modes;
    if (!volume.isEmpty()) {
        modes = accessModes(row.status()["accessModes"]);
        capacity = quantity(row.status()["capacity"]["storage"], QStringLiteral("0"));
    }
    return {textCell(row.object.name()),
            textCell(phase),
            textCell(volume),
            textCell(capacity),
            textCell(modes),
            textCell(storageClassOf(row)),
            textCell(spec["volumeAttributesClassName"].optionalString().value_or(
                QStringLiteral("<unset>"))),
            ageCell(row.object.creationTimestampMs(), row.nowMs),
            textCell(spec["volumeMode"].optionalString().value_or(QStringLiteral("<unset>")))};
}

QList<PrintCell> resourceQuotaRow(const RowContext &row)
{
    const JsonView hard = row.status()["hard"];
    const JsonView used = row.status()["used"];
    QStringList names;
    for (const auto &[name, value] : hard.fields())
        names.append(name);
    names.sort();
    QStringList requests;
    QStringList limits;
    for (const QString &name : names) {
        const QByteArray key = name.toUtf8();
        const std::string_view keyView(key.constData(), size_t(key.size()));
        const QString text = QStringLiteral("%1: %2/%3")
                                 .arg(name, quantity(used[keyView], QStringLiteral("0")),
                                      quantity(hard[keyView], QStringLiteral("0")));
        const QStringList pieces = name.split(u'.');
        (pieces.size() > 1 && pieces[0] == QLatin1String("limits") ? limits : requests)
            .append(text);
    }
    return {textCell(row.object.name()), textCell(requests.join(QStringLiteral(", "))),
            textCell(limits.join(QStringLiteral(", "))),
            ageCell(row.object.creationTimestampMs(), row.nowMs)};
}

// The fields of an Event, read from core/v1 or events.k8s.io/v1 names (the
// server converts both to one internal type before printing).
struct EventFields
{
    qint64 firstMs = -1;
    qint64 lastMs = -1;
    qint64 eventTimeMs = -1;
    JsonView series;
    qint64 count = 0;
    JsonView involved;
    QString message;
    QString sourceComponent;
    QString sourceHost;
};

EventFields eventFields(const RowContext &row, bool eventsGroup)
{
    EventFields f;
    const JsonView root = row.root;
    f.eventTimeMs = root["eventTime"].timestampMs();
    f.series = root["series"];
    if (eventsGroup) {
        f.firstMs = root["deprecatedFirstTimestamp"].timestampMs();
        f.lastMs = root["deprecatedLastTimestamp"].timestampMs();
        f.count = root["deprecatedCount"].intOr(0);
        f.involved = root["regarding"];
        f.message = root["note"].str();
        f.sourceComponent = root["deprecatedSource"]["component"].str();
        f.sourceHost = root["deprecatedSource"]["host"].str();
    } else {
        f.firstMs = root["firstTimestamp"].timestampMs();
        f.lastMs = root["lastTimestamp"].timestampMs();
        f.count = root["count"].intOr(0);
        f.involved = root["involvedObject"];
        f.message = root["message"].str();
        f.sourceComponent = root["source"]["component"].str();
        f.sourceHost = root["source"]["host"].str();
    }
    return f;
}

QList<PrintCell> eventRowFor(const RowContext &row, bool eventsGroup)
{
    const EventFields f = eventFields(row, eventsGroup);
    const qint64 firstMs = f.firstMs >= 0 ? f.firstMs : f.eventTimeMs;
    PrintCell first = ageCell(firstMs, row.nowMs);
    PrintCell last = f.lastMs >= 0 ? ageCell(f.lastMs, row.nowMs) : first;
    qint64 count = f.count;
    if (f.series.isObject()) {
        last = ageCell(f.series["lastObservedTime"].timestampMs(), row.nowMs);
        count = f.series["count"].intOr(0);
    } else if (count == 0) {
        count = 1; // singleton events carry no count in the new API
    }
    const QString kind = f.involved["kind"].str().toLower();
    const QString name = f.involved["name"].str();
    const QString target = name.isEmpty() ? kind : kind + u'/' + name;
    // core/v1 names the reporting controller "reportingComponent".
    const QString reporter =
        row.root[eventsGroup ? "reportingController" : "reportingComponent"].str();
    const QString component = f.sourceComponent.isEmpty() ? reporter : f.sourceComponent;
    const QString instance =
        f.sourceHost.isEmpty() ? row.root["reportingInstance"].str() : f.sourceHost;
    const QString source =
        instance.isEmpty() ? component : component + QStringLiteral(", ") + instance;
    return {last,
            textCell(row.root["type"].str()),
            textCell(row.root["reason"].str()),
            textCell(target),
            textCell(f.involved["fieldPath"].str()),
            textCell(source),
            textCell(f.message.trimmed()),
            first,
            countCell(count),
            textCell(row.object.name())};
}

QList<PrintCell> coreEventRow(const RowContext &row)
{
    return eventRowFor(row, false);
}

QList<PrintCell> eventsGroupEventRow(const RowContext &row)
{
    return eventRowFor(row, true);
}

QList<PrintColumn> eventColumns()
{
    PrintColumn name = nameColumn();
    name.priority = 1;
    return {column("Last Seen"),
            column("Type"),
            column("Reason"),
            column("Object"),
            column("Subobject", "string", 1),
            column("Source", "string", 1),
            column("Message"),
            column("First Seen", "string", 1),
            column("Count", "string", 1),
            name};
}

QList<PrintCell> replicationControllerRow(const RowContext &row)
{
    const JsonView spec = row.spec();
    const JsonView status = row.status();
    const auto [names, images] = containerCells(spec["template"]["spec"]["containers"]);
    return {textCell(row.object.name()),
            countCell(spec["replicas"].intOr(1)),
            countCell(status["replicas"].intOr(0)),
            countCell(status["readyReplicas"].intOr(0)),
            ageCell(row.object.creationTimestampMs(), row.nowMs),
            textCell(names),
            textCell(images),
            textCell(formatLabels(spec["selector"]))};
}

QList<PrintCell> podTemplateRow(const RowContext &row)
{
    const JsonView podTemplate = row.root["template"];
    const auto [names, images] = containerCells(podTemplate["spec"]["containers"]);
    return {textCell(row.object.name()), textCell(names), textCell(images),
            textCell(formatLabels(podTemplate["metadata"]["labels"]))};
}

} // namespace

void addCorePrinters(QList<BuiltinPrinter> &out)
{
    static const TablePrinter node(
        {nameColumn(), column("Status", "string", 0, "The status of the node"),
         column("Roles", "string", 0, "The roles of the node"), ageColumn(), column("Version"),
         column("Internal-IP", "string", 1), column("External-IP", "string", 1),
         column("OS-Image", "string", 1), column("Kernel-Version", "string", 1),
         column("Container-Runtime", "string", 1)},
        nodeRow);
    static const TablePrinter ns(
        {nameColumn(), column("Status", "string", 0, "The status of the namespace"), ageColumn()},
        namespaceRow);
    static const TablePrinter service({nameColumn(), column("Type"), column("Cluster-IP"),
                                       column("External-IP"), column("Port(s)"), ageColumn(),
                                       column("Selector", "string", 1)},
                                      serviceRow);
    static const TablePrinter endpoints({nameColumn(), column("Endpoints"), ageColumn()},
                                        endpointsRow);
    static const TablePrinter configMap({nameColumn(), column("Data"), ageColumn()}, configMapRow);
    static const TablePrinter secret({nameColumn(), column("Type"), column("Data"), ageColumn()},
                                     secretRow);
    static const TablePrinter serviceAccount({nameColumn(), column("Secrets"), ageColumn()},
                                             serviceAccountRow);
    static const TablePrinter persistentVolume(
        {nameColumn(), column("Capacity"), column("Access Modes"), column("Reclaim Policy"),
         column("Status"), column("Claim"), column("StorageClass"), column("VolumeAttributesClass"),
         column("Reason"), ageColumn(), column("VolumeMode", "string", 1)},
        persistentVolumeRow);
    static const TablePrinter persistentVolumeClaim(
        {nameColumn(), column("Status"), column("Volume"), column("Capacity"),
         column("Access Modes"), column("StorageClass"), column("VolumeAttributesClass"),
         ageColumn(), column("VolumeMode", "string", 1)},
        persistentVolumeClaimRow);
    static const TablePrinter resourceQuota(
        {nameColumn(), column("Request"), column("Limit"), ageColumn()}, resourceQuotaRow);
    static const TablePrinter coreEvent(eventColumns(), coreEventRow);
    static const TablePrinter eventsGroupEvent(eventColumns(), eventsGroupEventRow);
    static const TablePrinter replicationController(
        {nameColumn(), column("Desired", "integer"), column("Current", "integer"),
         column("Ready", "integer"), ageColumn(), column("Containers", "string", 1),
         column("Images", "string", 1), column("Selector", "string", 1)},
        replicationControllerRow);
    static const TablePrinter podTemplate(
        {nameColumn(), column("Containers"), column("Images"), column("Pod Labels")},
        podTemplateRow);
    out.append({"", "ReplicationController", &replicationController});
    out.append({"", "PodTemplate", &podTemplate});
    out.append({"", "LimitRange", &createdAtPrinter()});
    out.append({"", "Node", &node});
    out.append({"", "Namespace", &ns});
    out.append({"", "Service", &service});
    out.append({"", "Endpoints", &endpoints});
    out.append({"", "ConfigMap", &configMap});
    out.append({"", "Secret", &secret});
    out.append({"", "ServiceAccount", &serviceAccount});
    out.append({"", "PersistentVolume", &persistentVolume});
    out.append({"", "PersistentVolumeClaim", &persistentVolumeClaim});
    out.append({"", "ResourceQuota", &resourceQuota});
    out.append({"", "Event", &coreEvent});
    out.append({"events.k8s.io", "Event", &eventsGroupEvent});
}

} // namespace informant::printers_detail
