#include "flagerrors.h"

#include "tristateflags.h"

#include <QRegularExpression>

#include <limits>

namespace informantctl {

namespace {

struct Flag
{
    QString shorthand; // one character, or empty
    QString name;      // the long name, without "--"
    bool boolean = false;

    // How pflag names the flag in "invalid argument" errors.
    QString display() const
    {
        return shorthand.isEmpty() ? QStringLiteral("--") + name
                                   : QStringLiteral("-%1, --%2").arg(shorthand, name);
    }
};

// The options `parser` declares, from its help text's option lines
// ("  -n, --namespace <ns>   The namespace ..."). An option declared with
// a value is a boolean for pflag when it is a tri-state flag.
QList<Flag> declaredFlags(const QCommandLineParser &parser)
{
    static const QRegularExpression kOptionLine(
        QStringLiteral("^  (-[^\\s,]+(?:, -[^\\s,]+)*)( <[^>]*>)?"));
    QList<Flag> flags;
    for (const QString &line : parser.helpText().split(QLatin1Char('\n'))) {
        const QRegularExpressionMatch match = kOptionLine.match(line);
        if (!match.hasMatch())
            continue;
        Flag flag;
        for (const QString &name : match.captured(1).split(QStringLiteral(", "))) {
            if (name.startsWith(QLatin1String("--")))
                flag.name = name.mid(2);
            else
                flag.shorthand = name.mid(1);
        }
        // QCommandLineParser takes a one-letter name after "--" too, as
        // pflag takes kubectl's --v.
        if (flag.name.isEmpty())
            flag.name = flag.shorthand;
        flag.boolean = !match.hasCaptured(2) || isTriStateFlag(flag.name);
        flags.append(flag);
    }
    return flags;
}

// Go's %q of a string, for the printable text flags hold: quotes,
// backslashes and control characters escaped.
QString goQuoted(const QString &text)
{
    QString quoted = QStringLiteral("\"");
    for (const QChar c : text) {
        if (c == u'"' || c == u'\\')
            quoted += u'\\' + QString(c);
        else if (c == u'\n')
            quoted += QStringLiteral("\\n");
        else if (c == u'\t')
            quoted += QStringLiteral("\\t");
        else if (c == u'\r')
            quoted += QStringLiteral("\\r");
        else if (c.unicode() < 0x20 || c.unicode() == 0x7f)
            quoted += QStringLiteral("\\x%1").arg(c.unicode(), 2, 16, QLatin1Char('0'));
        else
            quoted += c;
    }
    return quoted + u'"';
}

// pflag's error for `value` given to `flag`, if it refuses it.
std::optional<QString> valueError(const Flag &flag, const QString &value)
{
    if (!flag.boolean || parseGoBool(value))
        return std::nullopt;
    return QStringLiteral("invalid argument %1 for \"%2\" flag: strconv.ParseBool: parsing %1: "
                          "invalid syntax")
        .arg(goQuoted(value), flag.display());
}

// Reads the arguments as pflag's parseArgs does.
class FlagScanner
{
public:
    FlagScanner(QList<Flag> flags, QStringList arguments)
        : m_flags(std::move(flags))
        , m_args(std::move(arguments))
    {
    }

    // Every argument read; the first error kept.
    std::optional<QString> scan(QStringList &positional)
    {
        std::optional<QString> first;
        while (m_next < m_args.size()) {
            const QString arg = m_args.at(m_next++);
            std::optional<QString> error;
            if (arg == QLatin1String("--")) {
                positional += m_args.mid(m_next);
                break;
            }
            if (!arg.startsWith(u'-') || arg.size() == 1)
                positional.append(arg);
            else if (arg.startsWith(QLatin1String("--")))
                error = longFlag(arg);
            else
                error = shortFlags(arg);
            if (error && !first)
                first = error;
        }
        return first;
    }

private:
    const Flag *find(const QString &name, bool shorthand) const
    {
        for (const Flag &flag : m_flags) {
            if ((shorthand ? flag.shorthand : flag.name) == name)
                return &flag;
        }
        return nullptr;
    }

    std::optional<QString> longFlag(const QString &arg)
    {
        const QString body = arg.mid(2);
        if (body.startsWith(u'-') || body.startsWith(u'='))
            return QStringLiteral("bad flag syntax: %1").arg(arg);
        const qsizetype equals = body.indexOf(u'=');
        const QString name = equals < 0 ? body : body.left(equals);
        const Flag *flag = find(name, false);
        if (!flag)
            return QStringLiteral("unknown flag: --%1").arg(name);
        if (equals >= 0)
            return valueError(*flag, body.mid(equals + 1));
        if (flag->boolean)
            return std::nullopt;
        if (m_next < m_args.size()) {
            ++m_next;
            return std::nullopt;
        }
        return QStringLiteral("flag needs an argument: %1").arg(arg);
    }

    std::optional<QString> shortFlags(const QString &arg)
    {
        QString shorthands = arg.mid(1);
        while (!shorthands.isEmpty()) {
            const QString letter = shorthands.left(1);
            const Flag *flag = find(letter, true);
            if (!flag)
                return QStringLiteral("unknown shorthand flag: '%1' in -%2")
                    .arg(letter, shorthands);
            if (shorthands.size() > 2 && shorthands.at(1) == u'=')
                return valueError(*flag, shorthands.mid(2));
            if (flag->boolean) {
                shorthands.remove(0, 1);
                continue;
            }
            if (shorthands.size() > 1)
                return std::nullopt; // -nVALUE
            if (m_next < m_args.size()) {
                ++m_next;
                return std::nullopt;
            }
            return QStringLiteral("flag needs an argument: '%1' in -%2").arg(letter, shorthands);
        }
        return std::nullopt;
    }

    const QList<Flag> m_flags;
    const QStringList m_args;
    qsizetype m_next = 0;
};

} // namespace

std::optional<QString> findFlagError(const QCommandLineParser &parser, const QStringList &arguments,
                                     QStringList &positional)
{
    FlagScanner scanner(declaredFlags(parser), arguments.mid(1));
    return scanner.scan(positional);
}

QString flagErrorText(const QString &message, const QString &command)
{
    const QString usage = command.isEmpty() ? QStringLiteral("informantctl --help")
                                            : QStringLiteral("informantctl %1 --help").arg(command);
    return QStringLiteral("Error: %1\nSee '%2' for usage.\n").arg(message, usage);
}

std::optional<QString> int64ValueError(const QString &flag, const QString &value)
{
    QString digits = value;
    if (digits.startsWith(u'+') || digits.startsWith(u'-'))
        digits.remove(0, 1);
    int base = 10;
    const QString prefix = digits.left(2).toLower();
    if (prefix == QLatin1String("0x") || prefix == QLatin1String("0o") ||
        prefix == QLatin1String("0b")) {
        base = prefix == QLatin1String("0x") ? 16 : prefix == QLatin1String("0o") ? 8 : 2;
        digits.remove(0, 2);
        if (digits.startsWith(u'_'))
            digits.remove(0, 1);
    } else if (digits.size() > 1 && digits.startsWith(u'0')) {
        base = 8;
    }
    // Go's underscoreOK: "_" only between digits (or after a base prefix).
    const bool underscoresFit = !digits.endsWith(u'_') && !digits.contains(QLatin1String("__")) &&
                                (!digits.startsWith(u'_') || base != 10);
    digits.remove(u'_');
    bool allDigits = !digits.isEmpty() && underscoresFit;
    for (const QChar c : std::as_const(digits)) {
        const char16_t lower = c.toLower().unicode();
        const int digit = lower >= u'0' && lower <= u'9'   ? lower - u'0'
                          : lower >= u'a' && lower <= u'z' ? lower - u'a' + 10
                                                           : base;
        allDigits = allDigits && digit < base;
    }
    QString problem;
    if (!allDigits) {
        problem = QStringLiteral("invalid syntax");
    } else {
        bool inRange = false;
        (value.startsWith(u'-') ? QStringLiteral("-") + digits : digits).toLongLong(&inRange, base);
        if (!inRange)
            problem = QStringLiteral("value out of range");
    }
    if (problem.isEmpty())
        return std::nullopt;
    return QStringLiteral("invalid argument %1 for \"%2\" flag: strconv.ParseInt: parsing %1: %3")
        .arg(goQuoted(value), flag, problem);
}

std::optional<QString> int32DecimalValueError(const QString &flag, const QString &value)
{
    static const QRegularExpression kDecimal(QStringLiteral("^[+-]?[0-9]+$"));
    QString problem;
    if (!kDecimal.match(value).hasMatch()) {
        problem = QStringLiteral("invalid syntax");
    } else {
        bool fits = false;
        const qlonglong number = value.toLongLong(&fits);
        if (!fits || number < std::numeric_limits<qint32>::min() ||
            number > std::numeric_limits<qint32>::max())
            problem = QStringLiteral("value out of range");
    }
    if (problem.isEmpty())
        return std::nullopt;
    return QStringLiteral("invalid argument %1 for \"%2\" flag: strconv.ParseInt: parsing %1: %3")
        .arg(goQuoted(value), flag, problem);
}

std::optional<bool> parseGoBool(const QString &text)
{
    static const QStringList kTrue{QStringLiteral("1"),    QStringLiteral("t"),
                                   QStringLiteral("T"),    QStringLiteral("TRUE"),
                                   QStringLiteral("true"), QStringLiteral("True")};
    static const QStringList kFalse{QStringLiteral("0"),     QStringLiteral("f"),
                                    QStringLiteral("F"),     QStringLiteral("FALSE"),
                                    QStringLiteral("false"), QStringLiteral("False")};
    if (kTrue.contains(text))
        return true;
    if (kFalse.contains(text))
        return false;
    return std::nullopt;
}

} // namespace informantctl
