#include "ui/overviewnode.h"

#include <QJsonArray>
#include <QStringList>

#include <array>

namespace informant {

namespace {

constexpr double kMiB = 1024.0 * 1024.0;
constexpr double kGiB = kMiB * 1024.0;

// "31.3", "512": one decimal, none when it is 0.
QString oneDecimal(double value)
{
    QString text = QString::number(value, 'f', 1);
    if (text.endsWith(QLatin1String(".0")))
        text.chop(2);
    return text;
}

QString resourcesText(const QJsonObject &resources)
{
    QStringList parts;
    const QString cpu = resources.value(QLatin1String("cpu")).toString();
    if (!cpu.isEmpty())
        parts.append(QStringLiteral("cpu ") + cpu);
    const QString memory = resources.value(QLatin1String("memory")).toString();
    if (!memory.isEmpty())
        parts.append(QStringLiteral("memory ") + memoryQuantityText(memory));
    const QString pods = resources.value(QLatin1String("pods")).toString();
    if (!pods.isEmpty())
        parts.append(QStringLiteral("pods ") + pods);
    return parts.join(QStringLiteral(" · "));
}

QString addressesHtml(const QJsonArray &addresses)
{
    QStringList lines;
    for (const QJsonValue &v : addresses) {
        const QJsonObject address = v.toObject();
        lines.append(QStringLiteral("%1 %2").arg(
            address.value(QLatin1String("type")).toString().toHtmlEscaped(),
            address.value(QLatin1String("address")).toString().toHtmlEscaped()));
    }
    return lines.join(QStringLiteral("<br>"));
}

// As kubectl prints a taint: key=value:Effect, key:Effect without a value;
// one a line, so a long key breaks no other.
QString taintsHtml(const QJsonArray &taints)
{
    if (taints.isEmpty())
        return QStringLiteral("None");
    QStringList lines;
    for (const QJsonValue &v : taints) {
        const QJsonObject taint = v.toObject();
        QString text = taint.value(QLatin1String("key")).toString();
        const QString value = taint.value(QLatin1String("value")).toString();
        if (!value.isEmpty())
            text += u'=' + value;
        text += u':' + taint.value(QLatin1String("effect")).toString();
        lines.append(QStringLiteral("<code>%1</code>").arg(text.toHtmlEscaped()));
    }
    return lines.join(QStringLiteral("<br>"));
}

} // namespace

QString memoryQuantityText(const QString &quantity)
{
    static const std::array<std::pair<QLatin1String, double>, 12> suffixes{{
        {QLatin1String("Ki"), 1024.0},
        {QLatin1String("Mi"), kMiB},
        {QLatin1String("Gi"), kGiB},
        {QLatin1String("Ti"), kGiB * 1024.0},
        {QLatin1String("Pi"), kGiB * 1024.0 * 1024.0},
        {QLatin1String("Ei"), kGiB * 1024.0 * 1024.0 * 1024.0},
        {QLatin1String("k"), 1e3},
        {QLatin1String("M"), 1e6},
        {QLatin1String("G"), 1e9},
        {QLatin1String("T"), 1e12},
        {QLatin1String("P"), 1e15},
        {QLatin1String("E"), 1e18},
    }};
    double multiplier = 1.0;
    QStringView number = quantity;
    for (const auto &[suffix, factor] : suffixes) {
        if (quantity.endsWith(suffix)) {
            multiplier = factor;
            number.chop(suffix.size());
            break;
        }
    }
    bool ok = false;
    const double value = number.toDouble(&ok);
    if (!ok || value < 0)
        return quantity;
    const double bytes = value * multiplier;
    if (bytes >= kGiB)
        return oneDecimal(bytes / kGiB) + QStringLiteral(" GiB");
    if (bytes >= kMiB)
        return oneDecimal(bytes / kMiB) + QStringLiteral(" MiB");
    return quantity;
}

QList<OverviewRow> nodeRows(const QJsonObject &node)
{
    const QJsonObject spec = node.value(QLatin1String("spec")).toObject();
    const QJsonObject status = node.value(QLatin1String("status")).toObject();
    const QJsonObject info = status.value(QLatin1String("nodeInfo")).toObject();
    QList<OverviewRow> rows{
        {QStringLiteral("Taints"), taintsHtml(spec.value(QLatin1String("taints")).toArray())},
        // Cordoned: no new pod is scheduled there, amber as a warning.
        {QStringLiteral("Unschedulable"),
         spec.value(QLatin1String("unschedulable")).toBool()
             ? QStringLiteral("<span style='color:#d08c12'>Yes</span>")
             : QStringLiteral("No")}};
    const auto text = [&rows](const QString &key, const QString &value) {
        if (!value.isEmpty())
            rows.append({key, value.toHtmlEscaped()});
    };
    const QString addresses = addressesHtml(status.value(QLatin1String("addresses")).toArray());
    if (!addresses.isEmpty())
        rows.append({QStringLiteral("Addresses"), addresses});
    text(QStringLiteral("Capacity"),
         resourcesText(status.value(QLatin1String("capacity")).toObject()));
    text(QStringLiteral("Allocatable"),
         resourcesText(status.value(QLatin1String("allocatable")).toObject()));
    text(QStringLiteral("Kubelet version"), info.value(QLatin1String("kubeletVersion")).toString());
    text(QStringLiteral("Container runtime"),
         info.value(QLatin1String("containerRuntimeVersion")).toString());
    text(QStringLiteral("OS image"), info.value(QLatin1String("osImage")).toString());
    text(QStringLiteral("Kernel version"), info.value(QLatin1String("kernelVersion")).toString());
    text(QStringLiteral("Pod CIDR"), spec.value(QLatin1String("podCIDR")).toString());
    return rows;
}

} // namespace informant
