// Printers for networking.k8s.io/v1 (Ingress, NetworkPolicy) and
// discovery.k8s.io/v1 (EndpointSlice), as kubectl prints them.

#include "informer/printers/builtinprinters.h"
#include "informer/printers/printerutil.h"

namespace informant::printers_detail {

namespace {

// formatHosts: up to three rule hosts, "*" when none has a host.
QString formatHosts(JsonView rules)
{
    constexpr qsizetype kMax = 3;
    const QList<JsonView> all = rules.items();
    QStringList list;
    bool more = false;
    for (const JsonView &rule : all) {
        if (list.size() == kMax)
            more = true;
        const QString host = rule["host"].str();
        if (!more && !host.isEmpty())
            list.append(host);
    }
    if (list.isEmpty())
        return QStringLiteral("*");
    const QString joined = list.join(u',');
    if (more)
        return QStringLiteral("%1 + %2 more...").arg(joined).arg(all.size() - kMax);
    return joined;
}

QList<PrintCell> ingressRow(const RowContext &row)
{
    const JsonView spec = row.spec();
    return {textCell(row.object.name()),
            textCell(spec["ingressClassName"].optionalString().value_or(QStringLiteral("<none>"))),
            textCell(formatHosts(spec["rules"])),
            textCell(loadBalancerAddresses(row.status()["loadBalancer"]["ingress"], row.wide)),
            textCell(spec["tls"].size() != 0 ? QStringLiteral("80, 443") : QStringLiteral("80")),
            ageCell(row.object.creationTimestampMs(), row.nowMs)};
}

QList<PrintCell> networkPolicyRow(const RowContext &row)
{
    // spec.podSelector is a value, not a pointer: an absent one is empty.
    JsonView selector = row.spec()["podSelector"];
    const QString text =
        selector.isObject() ? formatLabelSelector(selector) : QStringLiteral("<none>");
    return {textCell(row.object.name()), textCell(text),
            ageCell(row.object.creationTimestampMs(), row.nowMs)};
}

QString formatSlicePorts(JsonView ports)
{
    constexpr qsizetype kMax = 3;
    QStringList list;
    bool more = false;
    qsizetype count = 0;
    for (const JsonView &port : ports.items()) {
        if (list.size() < kMax) {
            QString text = QStringLiteral("*");
            if (const auto number = port["port"].integer())
                text = QString::number(*number);
            else if (const auto name = port["name"].optionalString())
                text = *name;
            list.append(text);
        } else if (list.size() == kMax) {
            more = true;
        }
        ++count;
    }
    return listWithMore(list, more, count, kMax);
}

QString formatSliceEndpoints(JsonView endpoints)
{
    constexpr qsizetype kMax = 3;
    QStringList list;
    bool more = false;
    qsizetype count = 0;
    for (const JsonView &endpoint : endpoints.items()) {
        for (const JsonView &address : endpoint["addresses"].items()) {
            if (list.size() < kMax)
                list.append(address.str());
            else if (list.size() == kMax)
                more = true;
            ++count;
        }
    }
    return listWithMore(list, more, count, kMax);
}

QList<PrintCell> endpointSliceRow(const RowContext &row)
{
    return {textCell(row.object.name()), textCell(row.root["addressType"].str()),
            textCell(formatSlicePorts(row.root["ports"])),
            textCell(formatSliceEndpoints(row.root["endpoints"])),
            ageCell(row.object.creationTimestampMs(), row.nowMs)};
}

QList<PrintCell> ingressClassRow(const RowContext &row)
{
    const JsonView parameters = row.spec()["parameters"];
    QString text = QStringLiteral("<none>");
    if (parameters.isObject()) {
        text = parameters["kind"].str();
        if (const auto group = parameters["apiGroup"].optionalString())
            text += u'.' + *group;
        text += u'/' + parameters["name"].str();
    }
    return {textCell(row.object.name()), textCell(row.spec()["controller"].str()), textCell(text),
            ageCell(row.object.creationTimestampMs(), row.nowMs)};
}

} // namespace

void addNetworkPrinters(QList<BuiltinPrinter> &out)
{
    static const TablePrinter ingress(
        {nameColumn(),
         column("Class", "string", 0,
                "The name of the IngressClass resource that should be used for additional "
                "configuration"),
         column("Hosts", "string", 0,
                "Hosts that incoming requests are matched against before the ingress rule"),
         column("Address", "string", 0,
                "Address is a list containing ingress points for the load-balancer"),
         column("Ports", "string", 0, "Ports of TLS configurations that open"), ageColumn()},
        ingressRow);
    static const TablePrinter networkPolicy({nameColumn(), column("Pod-Selector"), ageColumn()},
                                            networkPolicyRow);
    static const TablePrinter endpointSlice(
        {nameColumn(), column("AddressType"), column("Ports"), column("Endpoints"), ageColumn()},
        endpointSliceRow);
    static const TablePrinter ingressClass(
        {nameColumn(), column("Controller"), column("Parameters"), ageColumn()}, ingressClassRow);
    out.append({"networking.k8s.io", "Ingress", &ingress});
    out.append({"networking.k8s.io", "IngressClass", &ingressClass});
    out.append({"networking.k8s.io", "NetworkPolicy", &networkPolicy});
    out.append({"discovery.k8s.io", "EndpointSlice", &endpointSlice});
}

} // namespace informant::printers_detail
