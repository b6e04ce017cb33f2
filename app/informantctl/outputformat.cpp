#include "outputformat.h"

namespace informantctl {

std::optional<OutputFormat> parseOutputFormat(const QString &value)
{
    if (value.isEmpty() || value == QLatin1String("table"))
        return OutputFormat::Table;
    if (value == QLatin1String("wide"))
        return OutputFormat::Wide;
    if (value == QLatin1String("name"))
        return OutputFormat::Name;
    if (value == QLatin1String("json"))
        return OutputFormat::Json;
    if (value == QLatin1String("yaml"))
        return OutputFormat::Yaml;
    // As kubectl's, a template format without '=' is known and then fails
    // for want of a template.
    const QString name = value.section(u'=', 0, 0);
    if (name == QLatin1String("jsonpath"))
        return OutputFormat::JsonPath;
    if (name == QLatin1String("jsonpath-as-json"))
        return OutputFormat::JsonPathAsJson;
    if (name == QLatin1String("custom-columns"))
        return OutputFormat::CustomColumns;
    return std::nullopt;
}

QString outputFormatArgument(const QString &value)
{
    const qsizetype equals = value.indexOf(u'=');
    return equals < 0 ? QString() : value.mid(equals + 1);
}

QString unsupportedOutputFormatMessage(const QString &value)
{
    // kubectl's wording (genericclioptions.NoCompatiblePrinterError), with
    // only the formats informantctl can print.
    return QStringLiteral(
               "unable to match a printer suitable for the output format \"%1\", "
               "allowed formats are: custom-columns,json,jsonpath,jsonpath-as-json,name,wide,yaml")
        .arg(value);
}

} // namespace informantctl
