#include "informer/printers/yamlresolver.h"

#include <QRegularExpression>
#include <QStringList>

#include <cmath>
#include <cstdlib>
#include <limits>

namespace informant::printers_detail {

namespace {

// The digits fit what Go's ParseInt (with a sign) or ParseUint (without)
// accepts: -2^63 to 2^63-1, or up to 2^64-1.
bool fitsGoInteger(const QString &sign, const QString &digits, int base)
{
    bool fits = false;
    const quint64 magnitude = digits.toULongLong(&fits, base);
    const quint64 limit = sign == u'-'   ? quint64(1) << 63
                          : sign == u'+' ? (quint64(1) << 63) - 1
                                         : std::numeric_limits<quint64>::max();
    return fits && magnitude <= limit;
}

} // namespace

bool parsesAsGoInteger(const QString &text)
{
    static const QRegularExpression syntax(QStringLiteral(
        "^([-+]?)(?:0[xX]([0-9a-fA-F]+)|0[oO]([0-7]+)|0[bB]([01]+)|0([0-7]*)|([1-9][0-9]*))$"));
    const QRegularExpressionMatch match = syntax.match(text);
    if (!match.hasMatch())
        return false;
    static const int baseOfGroup[] = {0, 0, 16, 8, 2, 8, 10};
    for (int group = 2; group <= 6; ++group) {
        if (match.capturedStart(group) < 0)
            continue;
        const QString digits = match.captured(group);
        return digits.isEmpty() || fitsGoInteger(match.captured(1), digits, baseOfGroup[group]);
    }
    return false;
}

namespace {

// strconv.ParseFloat succeeds: a finite result (an overflow is an error).
bool parsesAsFiniteDouble(const QString &text)
{
    const QByteArray latin1 = text.toLatin1();
    return std::isfinite(std::strtod(latin1.constData(), nullptr));
}

// time.Parse with one of go-yaml's layouts: 2006-1-2, 2006-1-2T15:4:5.999999999Z07:00
// (or a lower-case t), 2006-1-2 15:4:5.999999999. One-digit month, day and time
// fields are accepted; fields out of range are not.
bool isGoYamlTimestamp(const QString &text)
{
    static const QRegularExpression layout(QStringLiteral(
        "^(\\d{4})-(\\d\\d?)-(\\d\\d?)(?:(?:([Tt])|( ))(\\d\\d?):(\\d\\d?):(\\d\\d?)(?:[.,]\\d+)?"
        "(Z|[-+](\\d\\d):(\\d\\d))?)?$"));
    const QRegularExpressionMatch m = layout.match(text);
    if (!m.hasMatch())
        return false;
    const bool hasTime = m.capturedLength(6) > 0;
    // The T layout needs a zone; the space layout has none.
    if (hasTime && (m.capturedLength(4) > 0) != (m.capturedLength(9) > 0))
        return false;
    const int year = m.captured(1).toInt();
    const int month = m.captured(2).toInt();
    const int day = m.captured(3).toInt();
    if (month < 1 || month > 12 || day < 1)
        return false;
    static const int daysInMonth[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    if (day > daysInMonth[month - 1] + (month == 2 && leap ? 1 : 0))
        return false;
    if (hasTime &&
        (m.captured(6).toInt() > 23 || m.captured(7).toInt() > 59 || m.captured(8).toInt() > 59))
        return false;
    return m.capturedLength(10) == 0 ||
           (m.captured(10).toInt() <= 24 && m.captured(11).toInt() <= 60);
}

} // namespace

bool resolvesToString(const QString &text)
{
    static const QStringList nonStrings{
        QStringLiteral("y"),     QStringLiteral("Y"),     QStringLiteral("yes"),
        QStringLiteral("Yes"),   QStringLiteral("YES"),   QStringLiteral("true"),
        QStringLiteral("True"),  QStringLiteral("TRUE"),  QStringLiteral("on"),
        QStringLiteral("On"),    QStringLiteral("ON"),    QStringLiteral("n"),
        QStringLiteral("N"),     QStringLiteral("no"),    QStringLiteral("No"),
        QStringLiteral("NO"),    QStringLiteral("false"), QStringLiteral("False"),
        QStringLiteral("FALSE"), QStringLiteral("off"),   QStringLiteral("Off"),
        QStringLiteral("OFF"),   QStringLiteral(""),      QStringLiteral("~"),
        QStringLiteral("null"),  QStringLiteral("Null"),  QStringLiteral("NULL"),
        QStringLiteral(".nan"),  QStringLiteral(".NaN"),  QStringLiteral(".NAN"),
        QStringLiteral(".inf"),  QStringLiteral(".Inf"),  QStringLiteral(".INF"),
        QStringLiteral("+.inf"), QStringLiteral("+.Inf"), QStringLiteral("+.INF"),
        QStringLiteral("-.inf"), QStringLiteral("-.Inf"), QStringLiteral("-.INF")};
    static const QRegularExpression base60Float(
        QStringLiteral("^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\\.[0-9_]*)?$"));
    static const QRegularExpression dotFloat(QStringLiteral("^\\.[0-9]+(?:[eE][-+]?[0-9]+)?$"));
    static const QRegularExpression yamlFloat(
        QStringLiteral("^[-+]?(?:\\.[0-9]+|[0-9]+(?:\\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$"));
    static const QRegularExpression binaryAfter0b(QStringLiteral("^0b([-+]?)([01]+)$"));

    if (nonStrings.contains(text) || base60Float.match(text).hasMatch())
        return false;
    // go-yaml only tries numbers and timestamps for a sign, a digit or a dot first.
    const QChar first = text.front();
    if (first == u'.')
        return !(dotFloat.match(text).hasMatch() && parsesAsFiniteDouble(text));
    if (!first.isDigit() && first != u'-' && first != u'+')
        return true;
    if (first.isDigit() && isGoYamlTimestamp(text))
        return false;
    QString plain = text;
    plain.remove(u'_');
    if (parsesAsGoInteger(plain) ||
        (yamlFloat.match(plain).hasMatch() && parsesAsFiniteDouble(plain)))
        return false;
    // go-yaml also hands what follows "0b" to ParseInt(…, 2), which takes a sign.
    const QRegularExpressionMatch binary = binaryAfter0b.match(plain);
    return !(binary.hasMatch() && fitsGoInteger(binary.captured(1), binary.captured(2), 2));
}

} // namespace informant::printers_detail
