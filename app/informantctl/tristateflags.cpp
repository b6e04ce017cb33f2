#include "tristateflags.h"

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
    // Go's strconv.ParseBool, which pflag uses for every bool flag.
    static const QStringList kTrue{QStringLiteral("1"),    QStringLiteral("t"),
                                   QStringLiteral("T"),    QStringLiteral("TRUE"),
                                   QStringLiteral("true"), QStringLiteral("True")};
    static const QStringList kFalse{QStringLiteral("0"),     QStringLiteral("f"),
                                    QStringLiteral("F"),     QStringLiteral("FALSE"),
                                    QStringLiteral("false"), QStringLiteral("False")};
    if (kTrue.contains(value))
        return std::optional<bool>(true);
    if (kFalse.contains(value))
        return std::optional<bool>(false);
    return makeError(QStringLiteral("invalid argument \"%1\" for \"--%2\" flag: "
                                    "strconv.ParseBool: parsing \"%1\": invalid syntax")
                         .arg(value, name));
}

} // namespace informantctl
