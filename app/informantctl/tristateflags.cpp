#include "tristateflags.h"

#include "flagerrors.h"

using namespace informant;

namespace informantctl {

namespace {

// The tri-state flags declared (commands declare their options once, before
// the arguments are parsed).
QStringList &declaredFlags()
{
    static QStringList names;
    return names;
}

} // namespace

void addTriStateFlag(QCommandLineParser &parser, const QString &name, const QString &description)
{
    parser.addOption({name, description, QStringLiteral("true|false")});
    declaredFlags().append(QStringLiteral("--") + name);
}

bool isTriStateFlag(const QString &name)
{
    return declaredFlags().contains(QStringLiteral("--") + name);
}

QStringList withTriStateFlagValues(const QStringList &arguments)
{
    QStringList rewritten;
    bool positionalOnly = false;
    for (const QString &argument : arguments) {
        positionalOnly = positionalOnly || argument == QLatin1String("--");
        if (!positionalOnly && declaredFlags().contains(argument))
            rewritten.append(argument + QStringLiteral("=true"));
        else
            rewritten.append(argument);
    }
    return rewritten;
}

Result<std::optional<bool>> triStateFlag(const QCommandLineParser &parser, const QString &name)
{
    if (!parser.isSet(name))
        return std::optional<bool>();
    const QString value = parser.value(name);
    if (const std::optional<bool> parsed = parseGoBool(value))
        return std::optional<bool>(*parsed);
    return makeError(QStringLiteral("invalid argument \"%1\" for \"--%2\" flag: "
                                    "strconv.ParseBool: parsing \"%1\": invalid syntax")
                         .arg(value, name));
}

} // namespace informantctl
