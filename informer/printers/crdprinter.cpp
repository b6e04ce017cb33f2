// Printers for custom resources, built from their CRD's
// additionalPrinterColumns the way the apiextensions-apiserver's table
// convertor builds them: NAME, then one column per definition whose cell is
// the first JSONPath result rendered for the column's type.

#include "informer/printers/duration.h"
#include "informer/printers/jsonpatheval.h"
#include "informer/printers/printerutil.h"

#include <cmath>

namespace informant {

using namespace printers_detail;

namespace {

struct CrdColumn
{
    PrintColumn column;
    JsonPath path;
};

PrintCell dateCell(JsonView value, qint64 nowMs)
{
    if (!value.isString())
        return {};
    const QString text = value.str();
    if (text.isEmpty() || text == QLatin1String("null"))
        return textCell(QStringLiteral("<unknown>"));
    const qint64 ms = value.timestampMs();
    if (ms < 0)
        return textCell(QStringLiteral("<invalid>"));
    return ageCell(ms, nowMs);
}

// cellForJSONValue / PrintResults: the text of one value for a column type.
PrintCell typedCell(const QString &type, JsonView value, qint64 nowMs)
{
    if (type == QLatin1String("string")) {
        if (value.isNull())
            return textCell(QStringLiteral("<no value>"));
        return textCell(jsonPathText(value));
    }
    if (value.isNull())
        return {};
    double real = 0;
    const bool isReal = value.isNumber() && value.element().get(real) == simdjson::SUCCESS;
    if (type == QLatin1String("integer") && isReal) {
        const auto whole = value.integer();
        const qint64 number = whole ? *whole : qint64(std::trunc(real));
        return countCell(number);
    }
    if (type == QLatin1String("number") && isReal) {
        PrintCell cell = textCell(goFloatText(real));
        cell.sortNumber = real; // 0.125 before 0.5, -10 before -3
        return cell;
    }
    if (type == QLatin1String("boolean") && value.isBool())
        return boolCell(*value.boolean());
    if (type == QLatin1String("date"))
        return dateCell(value, nowMs);
    return {};
}

class CustomResourcePrinter final : public ResourcePrinter
{
public:
    explicit CustomResourcePrinter(QList<CrdColumn> columns)
        : m_columns(std::move(columns))
    {
    }

    QList<PrintColumn> columns() const override
    {
        QList<PrintColumn> result{nameColumn()};
        for (const CrdColumn &column : m_columns)
            result.append(column.column);
        return result;
    }

protected:
    QList<PrintCell> makeRow(const KubeObject &object, qint64 nowMs, bool) const override
    {
        JsonDocument document(object.json());
        QList<PrintCell> cells{textCell(object.name())};
        for (const CrdColumn &column : m_columns) {
            const QList<JsonView> results = evaluateJsonPath(column.path, document.root());
            cells.append(results.isEmpty() ? PrintCell{}
                                           : typedCell(column.column.type, results.front(), nowMs));
        }
        return cells;
    }

private:
    QList<CrdColumn> m_columns;
};

QList<CrdColumn> parseColumns(JsonView definitions)
{
    QList<CrdColumn> columns;
    for (const JsonView &definition : definitions.items()) {
        auto path = JsonPath::parse(
            definition["jsonPath"].optionalString().value_or(definition["JSONPath"].str()));
        if (!path)
            continue;
        CrdColumn column{PrintColumn{}, path.value()};
        column.column.tableName = definition["name"].str();
        column.column.name = column.column.tableName.toUpper();
        column.column.type = definition["type"].str();
        column.column.format = definition["format"].str();
        column.column.priority = int(definition["priority"].intOr(0));
        column.column.description = definition["description"].str();
        if (column.column.description.isEmpty())
            column.column.description =
                QStringLiteral("Custom resource definition column (in JSONPath format): ") +
                path->expression();
        columns.append(column);
    }
    return columns;
}

JsonView pickVersion(JsonView spec, const QString &version)
{
    for (const JsonView &candidate : spec["versions"].items()) {
        const bool wanted = version.isEmpty() ? candidate["storage"].boolean().value_or(false)
                                              : candidate["name"].str() == version;
        if (wanted)
            return candidate;
    }
    return {};
}

} // namespace

std::unique_ptr<ResourcePrinter> printerFromCrd(const KubeObject &crd, const QString &version)
{
    JsonDocument document(crd.json());
    const JsonView spec = document.root()["spec"];
    const JsonView picked = pickVersion(spec, version);
    JsonView definitions = picked["additionalPrinterColumns"];
    if (!definitions.isArray())
        definitions = spec["additionalPrinterColumns"]; // apiextensions/v1beta1
    QList<CrdColumn> columns = parseColumns(definitions);
    if (definitions.size() == 0) {
        CrdColumn age{ageColumn(),
                      JsonPath::parse(QStringLiteral(".metadata.creationTimestamp")).value()};
        age.column.type = QStringLiteral("date");
        columns.append(age);
    }
    return std::make_unique<CustomResourcePrinter>(std::move(columns));
}

} // namespace informant
