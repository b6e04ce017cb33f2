#include "booleanflags.h"

#include "flagerrors.h"

#include <QRegularExpression>

namespace informantctl {

namespace {

// Whether `flag` ("--name" or "-n") is an option of `parser` that takes no
// value: parsing it alone succeeds then, and fails for an unknown option or
// one that wants a value.
bool isBooleanFlag(QCommandLineParser &parser, const QString &program, const QString &flag)
{
    return parser.parse({program, flag});
}

} // namespace

QStringList withBooleanFlagValues(QCommandLineParser &parser, const QStringList &arguments)
{
    static const QRegularExpression kFlagWithValue(
        QStringLiteral("^(--[A-Za-z0-9][A-Za-z0-9-]*|-[A-Za-z0-9])=(.*)$"));
    if (arguments.isEmpty())
        return arguments;
    QStringList rewritten{arguments.first()};
    bool positionalOnly = false;
    for (qsizetype i = 1; i < arguments.size(); ++i) {
        const QString &argument = arguments.at(i);
        positionalOnly = positionalOnly || argument == QLatin1String("--");
        const QRegularExpressionMatch match =
            positionalOnly ? QRegularExpressionMatch() : kFlagWithValue.match(argument);
        const std::optional<bool> value =
            match.hasMatch() ? parseGoBool(match.captured(2)) : std::nullopt;
        if (!value || !isBooleanFlag(parser, arguments.first(), match.captured(1))) {
            rewritten.append(argument);
            continue;
        }
        if (*value)
            rewritten.append(match.captured(1));
    }
    return rewritten;
}

} // namespace informantctl
