#include "informer/printers/resourceprinter.h"

#include "informer/printers/builtinprinters.h"
#include "informer/printers/duration.h"
#include "informer/printers/jsonpatheval.h"
#include "informer/printers/labelselector.h"
#include "informer/printers/printerutil.h"

#include <QHash>

#include <algorithm>

namespace informant {

using namespace printers_detail;

int comparePrintCells(const PrintCell &a, const PrintCell &b)
{
    if (a.sortNumber && b.sortNumber)
        return *a.sortNumber < *b.sortNumber ? -1 : (*a.sortNumber > *b.sortNumber ? 1 : 0);
    if (a.sortNumber != b.sortNumber)
        return a.sortNumber ? -1 : 1;
    return a.text.compare(b.text);
}

ResourcePrinter::~ResourcePrinter() = default;

QStringList ResourcePrinter::cells(const KubeObject &object, qint64 nowMs, bool wide) const
{
    QStringList texts;
    const QList<PrintCell> cells = row(object, nowMs, wide);
    texts.reserve(cells.size());
    for (const PrintCell &cell : cells)
        texts.append(cell.text);
    return texts;
}

QString formatLabelMap(const QList<Label> &labels)
{
    if (labels.isEmpty())
        return QStringLiteral("<none>");
    QList<Label> sorted = labels;
    std::sort(sorted.begin(), sorted.end(),
              [](const Label &a, const Label &b) { return a.key < b.key; });
    QStringList parts;
    for (const Label &label : sorted)
        parts.append(label.key + u'=' + label.value);
    return parts.join(u',');
}

namespace printers_detail {

QList<PrintCell> TablePrinter::makeRow(const KubeObject &object, qint64 nowMs, bool wide) const
{
    JsonDocument document(object.json());
    QList<PrintCell> cells = m_function(RowContext{object, document.root(), nowMs, wide});
    cells.resize(m_columns.size());
    for (PrintCell &cell : cells) {
        // kubectl's table writer stops a cell at \n, \r or \f and adds "...".
        const auto cut = std::find_if(cell.text.cbegin(), cell.text.cend(), [](QChar c) {
            return c == u'\n' || c == u'\r' || c == u'\f';
        });
        if (cut != cell.text.cend())
            cell.text = cell.text.left(cut - cell.text.cbegin()) + QStringLiteral("...");
    }
    return cells;
}

PrintColumn column(const char *name, const char *type, int priority, const char *description)
{
    PrintColumn result;
    result.tableName = QString::fromUtf8(name);
    result.name = result.tableName.toUpper();
    result.type = QString::fromUtf8(type);
    result.priority = priority;
    result.description = QString::fromUtf8(description);
    return result;
}

PrintColumn nameColumn()
{
    PrintColumn result = column("Name", "string", 0, "Name must be unique within a namespace.");
    result.format = QStringLiteral("name");
    return result;
}

PrintColumn ageColumn()
{
    return column("Age", "string", 0,
                  "CreationTimestamp is a timestamp representing the server time when this "
                  "object was created.");
}

PrintCell textCell(const QString &text)
{
    return PrintCell{text, std::nullopt};
}

PrintCell countCell(qint64 value)
{
    return PrintCell{QString::number(value), double(value)};
}

PrintCell ageCell(qint64 timestampMs, qint64 nowMs)
{
    PrintCell cell{formatAge(timestampMs, nowMs), std::nullopt};
    if (timestampMs >= 0)
        cell.sortNumber = -double(timestampMs);
    return cell;
}

PrintCell boolCell(bool value)
{
    return textCell(value ? QStringLiteral("true") : QStringLiteral("false"));
}

QString orNone(const QString &text)
{
    return text.isEmpty() ? QStringLiteral("<none>") : text;
}

QString orUnset(const QString &text)
{
    return text.isEmpty() ? QStringLiteral("<unset>") : text;
}

QString formatLabels(JsonView map)
{
    QList<Label> labels;
    for (const auto &[key, value] : map.fields())
        labels.append({key, value.str()});
    return formatLabelMap(labels);
}

QString labelSelectorString(JsonView selector, const QString &onError)
{
    using Requirement = LabelSelector::Requirement;
    QList<Requirement> requirements;
    for (const auto &[key, value] : selector["matchLabels"].fields())
        requirements.append({key, Requirement::Op::Equals, {value.str()}});
    for (const JsonView &expression : selector["matchExpressions"].items()) {
        Requirement requirement;
        requirement.key = expression["key"].str();
        const QString op = expression["operator"].str();
        for (const JsonView &value : expression["values"].items())
            requirement.values.append(value.str());
        requirement.values.sort();
        if (op == QLatin1String("In") || op == QLatin1String("NotIn")) {
            requirement.op =
                op == QLatin1String("In") ? Requirement::Op::In : Requirement::Op::NotIn;
            if (requirement.values.isEmpty())
                return onError;
        } else if (op == QLatin1String("Exists") || op == QLatin1String("DoesNotExist")) {
            requirement.op = op == QLatin1String("Exists") ? Requirement::Op::Exists
                                                           : Requirement::Op::DoesNotExist;
            if (!requirement.values.isEmpty())
                return onError;
        } else {
            return onError;
        }
        requirements.append(requirement);
    }
    QStringList parts;
    std::stable_sort(requirements.begin(), requirements.end(),
                     [](const Requirement &a, const Requirement &b) { return a.key < b.key; });
    for (const Requirement &requirement : requirements) {
        if (!labelKeyErrors(requirement.key).isEmpty())
            return onError;
        for (const QString &value : requirement.values) {
            if (!labelValueErrors(value).isEmpty())
                return onError;
        }
        parts.append(requirement.toString());
    }
    return parts.join(u',');
}

QString formatLabelSelector(JsonView selector)
{
    if (!selector.isObject())
        return QStringLiteral("<none>");
    return orNone(labelSelectorString(selector, QStringLiteral("<error>")));
}

std::pair<QString, QString> containerCells(JsonView containers)
{
    QStringList names;
    QStringList images;
    for (const JsonView &container : containers.items()) {
        names.append(container["name"].str());
        images.append(container["image"].str());
    }
    return {names.join(u','), images.join(u',')};
}

QString accessModes(JsonView modes)
{
    QStringList present;
    for (const JsonView &mode : modes.items())
        present.append(mode.str());
    QStringList out;
    const std::pair<const char *, const char *> table[] = {{"ReadWriteOnce", "RWO"},
                                                           {"ReadOnlyMany", "ROX"},
                                                           {"ReadWriteMany", "RWX"},
                                                           {"ReadWriteOncePod", "RWOP"}};
    for (const auto &[mode, shortName] : table) {
        if (present.contains(QLatin1String(mode)))
            out.append(QLatin1String(shortName));
    }
    return out.join(u',');
}

QString listWithMore(const QStringList &list, bool more, qsizetype count, qsizetype max)
{
    const QString joined = list.join(u',');
    if (more)
        return QStringLiteral("%1 + %2 more...").arg(joined).arg(count - max);
    return joined.isEmpty() ? QStringLiteral("<unset>") : joined;
}

QString annotation(const RowContext &row, const char *key)
{
    return row.metadata()["annotations"][key].str();
}

bool conditionTrue(JsonView conditions, const char *type)
{
    for (const JsonView &condition : conditions.items()) {
        if (condition["type"].str() == QLatin1String(type))
            return condition["status"].str() == QLatin1String("True");
    }
    return false;
}

QString quantity(JsonView value, const QString &absent)
{
    if (value.isString())
        return value.str();
    if (value.isNumber())
        return jsonPathText(value);
    return absent;
}

QString loadBalancerAddresses(JsonView ingress, bool wide)
{
    QStringList addresses;
    for (const JsonView &entry : ingress.items()) {
        const QString ip = entry["ip"].str();
        const QString address = ip.isEmpty() ? entry["hostname"].str() : ip;
        if (!address.isEmpty() && !addresses.contains(address))
            addresses.append(address);
    }
    addresses.sort();
    QString joined = addresses.join(u',');
    constexpr qsizetype kLoadBalancerWidth = 16;
    if (!wide && joined.toUtf8().size() > kLoadBalancerWidth)
        joined = joined.left(kLoadBalancerWidth - 3) + QStringLiteral("...");
    return joined;
}

QList<BuiltinPrinter> builtinPrinters()
{
    QList<BuiltinPrinter> out;
    addPodPrinters(out);
    addWorkloadPrinters(out);
    addCorePrinters(out);
    addNetworkPrinters(out);
    addClusterPrinters(out);
    addPlatformPrinters(out);
    return out;
}

} // namespace printers_detail

namespace {

QList<PrintCell> defaultRow(const RowContext &row)
{
    return {textCell(row.object.name()), ageCell(row.object.creationTimestampMs(), row.nowMs)};
}

using Registry = QHash<QString, const ResourcePrinter *>;

QString registryKey(const QString &group, const QString &kind)
{
    return group + u'/' + kind;
}

const Registry &registry()
{
    static const Registry table = [] {
        Registry result;
        for (const BuiltinPrinter &entry : builtinPrinters())
            result.insert(registryKey(QLatin1String(entry.group), QLatin1String(entry.kind)),
                          entry.printer);
        return result;
    }();
    return table;
}

} // namespace

const ResourcePrinter &defaultPrinter()
{
    static const TablePrinter printer({nameColumn(), ageColumn()}, defaultRow);
    return printer;
}

bool hasBuiltinPrinter(const QString &group, const QString &kind)
{
    return registry().contains(registryKey(group, kind));
}

const ResourcePrinter &printerFor(const QString &group, const QString &kind)
{
    const ResourcePrinter *printer = registry().value(registryKey(group, kind));
    return printer ? *printer : defaultPrinter();
}

const ResourcePrinter &printerFor(const KubeObject &object)
{
    const QString apiVersion = object.apiVersion();
    const qsizetype slash = apiVersion.indexOf(u'/');
    return printerFor(slash < 0 ? QString() : apiVersion.left(slash), object.kind());
}

} // namespace informant
