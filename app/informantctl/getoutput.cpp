#include "getoutput.h"

using namespace informant;

namespace informantctl {

Result<GetOutput> GetOutput::fromParser(const QCommandLineParser &parser)
{
    const QString value = parser.value(QStringLiteral("output"));
    const std::optional<OutputFormat> format = parseOutputFormat(value);
    // "table" is the option's default (what the watch command calls its
    // table), but kubectl get knows no printer of that name.
    const bool explicitTable =
        parser.isSet(QStringLiteral("output")) && value == QLatin1String("table");
    if (!format || explicitTable)
        return makeError(unsupportedOutputFormatMessage(value));
    GetOutput output;
    output.format = *format;
    const QString argument = outputFormatArgument(value);
    switch (*format) {
    case OutputFormat::JsonPath:
    case OutputFormat::JsonPathAsJson: {
        if (argument.isEmpty())
            return makeError(QStringLiteral("template format specified but no template given"));
        auto parsed = JsonPathTemplate::parse(argument);
        if (!parsed)
            return parsed.error();
        output.jsonPath = std::move(parsed).value();
        break;
    }
    case OutputFormat::CustomColumns: {
        auto parsed = CustomColumns::parse(argument);
        if (!parsed)
            return parsed.error();
        output.columns = std::move(parsed).value();
        break;
    }
    default:
        break;
    }
    return output;
}

} // namespace informantctl
