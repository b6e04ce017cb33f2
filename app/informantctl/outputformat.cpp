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
    return std::nullopt;
}

QString unsupportedOutputFormatMessage(const QString &value)
{
    // kubectl's wording (genericclioptions.NoCompatiblePrinterError), with
    // only the formats informantctl can print.
    return QStringLiteral("unable to match a printer suitable for the output format \"%1\", "
                          "allowed formats are: json,name,wide,yaml")
        .arg(value);
}

} // namespace informantctl
