#include "informer/printers/yamlwriter.h"

#include <QCborValue>
#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QLocale>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>

namespace informant {

namespace {

// go-yaml's emitter indents nested blocks by two spaces (best_indent); the
// same digit is the indentation hint of a literal block that starts with a
// space ("|2").
constexpr int kIndentSpaces = 2;
// go-yaml writes a longer key (counted in UTF-8 bytes) as a complex "? " key.
constexpr qsizetype kSimpleKeyMaxBytes = 128;

// ---- Numbers, as Go prints a float64 --------------------------------------

// A finite non-zero double as Go's shortest decimal: value = 0.digits x 10^point.
struct ShortestDecimal
{
    QByteArray digits;
    int point = 0;
};

ShortestDecimal shortestDecimal(double value)
{
    const QByteArray text =
        QByteArray::number(std::abs(value), 'e', QLocale::FloatingPointShortest);
    const qsizetype e = text.indexOf('e');
    ShortestDecimal decimal;
    decimal.digits = text.left(e);
    decimal.digits.replace(".", "");
    while (decimal.digits.size() > 1 && decimal.digits.endsWith('0'))
        decimal.digits.chop(1);
    decimal.point = text.mid(e + 1).toInt() + 1;
    return decimal;
}

// Go's %e with the shortest digits: "1e-07", "1.5e+21" (two exponent digits at least).
QByteArray exponentForm(double value)
{
    const ShortestDecimal decimal = shortestDecimal(value);
    QByteArray out = value < 0 ? "-" : "";
    out += decimal.digits.left(1);
    if (decimal.digits.size() > 1)
        out += '.' + decimal.digits.mid(1);
    const int exponent = decimal.point - 1;
    out += exponent < 0 ? "e-" : "e+";
    out += QByteArray::number(std::abs(exponent)).rightJustified(2, '0');
    return out;
}

// Go's %f with the shortest digits: "0.1", "100000000000000000000".
QByteArray pointForm(double value)
{
    const ShortestDecimal decimal = shortestDecimal(value);
    QByteArray out = value < 0 ? "-" : "";
    if (decimal.point <= 0)
        out += '0';
    else
        out += decimal.digits.left(decimal.point).leftJustified(decimal.point, '0');
    if (decimal.digits.size() > decimal.point)
        out += '.' + QByteArray(std::max(0, -decimal.point), '0') +
               decimal.digits.mid(std::max(0, decimal.point));
    return out;
}

// encoding/json: %f between 1e-6 and 1e21, else %e with "e-7" not "e-07".
QByteArray goJsonFloat(double value)
{
    const double magnitude = std::abs(value);
    if (magnitude == 0)
        return std::signbit(value) ? "-0" : "0";
    if (magnitude >= 1e-6 && magnitude < 1e21)
        return pointForm(value);
    QByteArray text = exponentForm(value);
    if (text.contains("e-0"))
        text.replace("e-0", "e-");
    return text;
}

// strconv.FormatFloat(f, 'g', -1, 64): %e when the exponent is below -4 or
// at least 6 (Go's rule for the shortest precision), else %f.
QByteArray goShortestFloat(double value)
{
    if (std::isnan(value))
        return ".nan";
    if (std::isinf(value))
        return value > 0 ? ".inf" : "-.inf";
    if (value == 0)
        return std::signbit(value) ? "-0" : "0";
    const int exponent = shortestDecimal(value).point - 1;
    return exponent < -4 || exponent >= 6 ? exponentForm(value) : pointForm(value);
}

bool isInteger(const QJsonValue &number)
{
    return QCborValue::fromJsonValue(number).isInteger();
}

// ---- go-yaml v2's resolver: what a plain scalar reads back as --------------

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

// Go's strconv.ParseInt(text, 0, 64) or ParseUint(text, 0, 64) accepts it:
// a sign (ParseInt only), then 0x, 0o, 0b, a leading 0 (octal) or decimal.
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

// Plain `text` would read back as a string in go-yaml v2: not a bool, null,
// number or timestamp of YAML 1.1 as go-yaml resolves them, nor a base-60
// float (which go-yaml does not read, but quotes for other parsers).
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

// ---- go-yaml v2's emitter: which scalar styles a string allows -------------

bool isBreak(char32_t c)
{
    return c == U'\n' || c == U'\r' || c == 0x85 || c == 0x2028 || c == 0x2029;
}

// libyaml's printable set; the rest (tab, CR, C1 controls, BOM, characters
// beyond the BMP) is escaped in double quotes.
bool isPrintable(char32_t c)
{
    return c == U'\n' || (c >= 0x20 && c <= 0x7E) || (c >= 0xA0 && c <= 0xD7FF) ||
           (c >= 0xE000 && c <= 0xFFFD && c != 0xFEFF);
}

struct ScalarAnalysis
{
    bool multiline = false;
    bool plainAllowed = true;
    bool singleQuotedAllowed = true;
    bool blockAllowed = true;
};

// Indicators go-yaml checks at the start and inside a block-context plain scalar.
bool hasBlockIndicator(const std::vector<char32_t> &text)
{
    const auto followedByBlank = [&text](size_t i) {
        return i + 1 >= text.size() || text[i + 1] == U' ' || text[i + 1] == U'\t';
    };
    if (text.size() >= 3 && ((text[0] == U'-' && text[1] == U'-' && text[2] == U'-') ||
                             (text[0] == U'.' && text[1] == U'.' && text[2] == U'.')))
        return true;
    const std::u32string_view alwaysFirst = U"#,[]{}&*!|>'\"%@`";
    if (alwaysFirst.find(text[0]) != std::u32string_view::npos)
        return true;
    if ((text[0] == U'?' || text[0] == U'-') && followedByBlank(0))
        return true;
    bool precededByWhitespace = true;
    for (size_t i = 0; i < text.size(); ++i) {
        const char32_t c = text[i];
        if ((c == U':' && followedByBlank(i)) || (i > 0 && c == U'#' && precededByWhitespace))
            return true;
        precededByWhitespace = c == U' ' || c == U'\t' || c == 0 || isBreak(c);
    }
    return false;
}

ScalarAnalysis analyze(const std::vector<char32_t> &text)
{
    ScalarAnalysis a;
    if (text.empty()) {
        a.blockAllowed = false;
        return a;
    }
    bool specialCharacters = false, breakSpace = false, spaceBreak = false;
    bool previousSpace = false, previousBreak = false;
    for (const char32_t c : text) {
        specialCharacters = specialCharacters || !isPrintable(c);
        breakSpace = breakSpace || (c == U' ' && previousBreak);
        spaceBreak = spaceBreak || (isBreak(c) && previousSpace);
        a.multiline = a.multiline || isBreak(c);
        previousSpace = c == U' ';
        previousBreak = isBreak(c);
    }
    const bool edgeSpace = text.front() == U' ' || text.back() == U' ';
    const bool edgeBreak = isBreak(text.front()) || isBreak(text.back());
    a.plainAllowed = !(edgeSpace || edgeBreak || breakSpace || spaceBreak || specialCharacters ||
                       a.multiline || hasBlockIndicator(text));
    a.singleQuotedAllowed = !(breakSpace || spaceBreak || specialCharacters);
    a.blockAllowed = !(text.back() == U' ' || spaceBreak || specialCharacters);
    return a;
}

enum class ScalarStyle { Plain, SingleQuoted, DoubleQuoted, Literal };

// go-yaml's choice: a string of several lines asks for a literal block, one
// that plain would read as another type for double quotes, others for plain;
// then each falls back (plain to single to double quotes, a block to double
// quotes) when the text does not allow it. A simple key is never a block.
ScalarStyle styleFor(const QString &text, const std::vector<char32_t> &ucs4, bool simpleKey)
{
    const ScalarAnalysis analysis = analyze(ucs4);
    ScalarStyle style = text.contains(u'\n')     ? ScalarStyle::Literal
                        : resolvesToString(text) ? ScalarStyle::Plain
                                                 : ScalarStyle::DoubleQuoted;
    if (simpleKey && analysis.multiline)
        style = ScalarStyle::DoubleQuoted;
    if (style == ScalarStyle::Plain && (!analysis.plainAllowed || (text.isEmpty() && simpleKey)))
        style = ScalarStyle::SingleQuoted;
    if (style == ScalarStyle::SingleQuoted && !analysis.singleQuotedAllowed)
        style = ScalarStyle::DoubleQuoted;
    if (style == ScalarStyle::Literal && (!analysis.blockAllowed || simpleKey))
        style = ScalarStyle::DoubleQuoted;
    return style;
}

// ---- Writing scalars -------------------------------------------------------

QString doubleQuoted(const std::vector<char32_t> &text)
{
    QString out(1, u'"');
    for (const char32_t c : text) {
        if (isPrintable(c) && !isBreak(c) && c != U'"' && c != U'\\') {
            out += QString::fromUcs4(&c, 1);
            continue;
        }
        static const QHash<char32_t, char> named{
            {0x00, '0'},  {0x07, 'a'}, {0x08, 'b'},   {0x09, 't'},  {0x0A, 'n'},
            {0x0B, 'v'},  {0x0C, 'f'}, {0x0D, 'r'},   {0x1B, 'e'},  {0x22, '"'},
            {0x5C, '\\'}, {0x85, 'N'}, {0x2028, 'L'}, {0x2029, 'P'}};
        out += u'\\';
        if (const auto it = named.find(c); it != named.end()) {
            out += QLatin1Char(it.value());
            continue;
        }
        const int width = c <= 0xFF ? 2 : c <= 0xFFFF ? 4 : 8;
        out += QLatin1Char(width == 2 ? 'x' : width == 4 ? 'u' : 'U');
        out += QString::number(uint(c), 16).toUpper().rightJustified(width, u'0');
    }
    return out + u'"';
}

// After a line break other than "\n" (U+2028, U+2029) go-yaml writes the
// break itself and indents what follows to the scalar's indentation.
QString singleQuoted(const std::vector<char32_t> &text, int indent)
{
    QString out(1, u'\'');
    bool afterBreak = false;
    int column = 0;
    for (const char32_t c : text) {
        if (isBreak(c)) {
            afterBreak = true;
            column = 0;
        } else if (c == U' ') {
            ++column;
        } else if (afterBreak) {
            out +=
                column >= indent ? u'\n' + QString(indent, u' ') : QString(indent - column, u' ');
            afterBreak = false;
        }
        if (c == U'\'')
            out += u'\'';
        out += QString::fromUcs4(&c, 1);
    }
    return out + u'\'';
}

// "|" keeps one final newline, "|-" none, "|+" several; "|2" says the
// indentation when the first line starts with a space or is empty.
QString literalBlock(const std::vector<char32_t> &text, int indent)
{
    QString out(1, u'|');
    if (text.front() == U' ' || isBreak(text.front()))
        out += QString::number(kIndentSpaces);
    if (!isBreak(text.back()))
        out += u'-';
    else if (text.size() == 1 || isBreak(text[text.size() - 2]))
        out += u'+';
    out += u'\n';
    bool lineStart = true;
    for (const char32_t c : text) {
        if (isBreak(c)) {
            out += QString::fromUcs4(&c, 1);
            lineStart = true;
            continue;
        }
        if (lineStart)
            out += QString(indent, u' ');
        lineStart = false;
        out += QString::fromUcs4(&c, 1);
    }
    if (!isBreak(text.back()))
        out += u'\n';
    return out;
}

// A string as go-yaml writes it, its block lines (if any) at `indent`; a
// literal block ends with its newline, the other styles do not.
QString stringScalar(const QString &text, int indent, bool simpleKey)
{
    const QList<uint> codePoints = text.toUcs4();
    const std::vector<char32_t> ucs4(codePoints.begin(), codePoints.end());
    switch (styleFor(text, ucs4, simpleKey)) {
    case ScalarStyle::Plain:
        return text;
    case ScalarStyle::SingleQuoted:
        return singleQuoted(ucs4, indent);
    case ScalarStyle::DoubleQuoted:
        return doubleQuoted(ucs4);
    case ScalarStyle::Literal:
        return literalBlock(ucs4, indent);
    }
    return text;
}

QString numberScalar(const QJsonValue &number)
{
    if (isInteger(number))
        return QString::number(number.toInteger());
    // kubectl reads back the JSON text it wrote: integral text that fits
    // int64 or uint64 stays an integer; the rest is a float64.
    const double value = number.toDouble();
    if (std::isfinite(value)) {
        const QString json = QString::fromLatin1(goJsonFloat(value));
        if (!json.contains(u'.') && !json.contains(u'e') && parsesAsGoInteger(json))
            return json;
    }
    return QString::fromLatin1(goShortestFloat(value));
}

QString scalar(const QJsonValue &value, int indent)
{
    switch (value.type()) {
    case QJsonValue::Bool:
        return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case QJsonValue::Double:
        return numberScalar(value);
    case QJsonValue::String:
        return stringScalar(value.toString(), indent, false);
    default:
        return QStringLiteral("null");
    }
}

// ---- Keys ------------------------------------------------------------------

// go-yaml v2's key order: runs of digits compare as numbers, a letter sorts
// before any other character, other characters by code point, a prefix first.
bool goYamlKeyLess(const QString &left, const QString &right)
{
    const QList<uint> a = left.toUcs4();
    const QList<uint> b = right.toUcs4();
    for (qsizetype i = 0; i < a.size() && i < b.size(); ++i) {
        if (a[i] == b[i])
            continue;
        const bool aLetter = QChar::isLetter(char32_t(a[i]));
        const bool bLetter = QChar::isLetter(char32_t(b[i]));
        if (aLetter && bLetter)
            return a[i] < b[i];
        if (aLetter || bLetter)
            return bLetter;
        qint64 aNumber = 0, bNumber = 0;
        // Inside a number with a non-zero digit before, leading zeros count.
        if (a[i] == '0' || b[i] == '0') {
            for (qsizetype j = i - 1; j >= 0 && QChar::isDigit(char32_t(a[j])); --j) {
                if (a[j] != '0') {
                    aNumber = bNumber = 1;
                    break;
                }
            }
        }
        qsizetype aEnd = i, bEnd = i;
        for (; aEnd < a.size() && QChar::isDigit(char32_t(a[aEnd])); ++aEnd)
            aNumber = aNumber * 10 + qint64(a[aEnd]) - '0';
        for (; bEnd < b.size() && QChar::isDigit(char32_t(b[bEnd])); ++bEnd)
            bNumber = bNumber * 10 + qint64(b[bEnd]) - '0';
        if (aNumber != bNumber)
            return aNumber < bNumber;
        if (aEnd != bEnd)
            return aEnd < bEnd;
        return a[i] < b[i];
    }
    return a.size() < b.size();
}

bool isSimpleKey(const QString &key)
{
    const bool multiline =
        std::any_of(key.begin(), key.end(), [](QChar c) { return isBreak(c.unicode()); });
    return !multiline && key.toUtf8().size() <= kSimpleKeyMaxBytes;
}

// ---- Blocks ----------------------------------------------------------------

bool isEmptyContainer(const QJsonValue &value)
{
    return (value.isObject() && value.toObject().isEmpty()) ||
           (value.isArray() && value.toArray().isEmpty());
}

void writeArray(const QJsonArray &array, int indent, QString &out, bool firstInline);
void writeObject(const QJsonObject &object, int indent, QString &out, bool firstInline);

// A value after "key:", "-" or a complex key's ":": " x\n", " |-\n  lines\n",
// or a nested block. `indent` is the key's or the indicator's. After a key
// the block starts on the next line (a list at the key's indent, as kubectl
// has it); after "-" or a complex key's ":" its first line follows on the
// same line ("- - a", "- name: x").
void writeValue(const QJsonValue &value, int indent, bool afterIndicator, QString &out)
{
    if (isEmptyContainer(value)) {
        out += value.isObject() ? QStringLiteral(" {}\n") : QStringLiteral(" []\n");
    } else if (value.isObject() || value.isArray()) {
        const int nested = value.isArray() && !afterIndicator ? indent : indent + kIndentSpaces;
        out += afterIndicator ? u' ' : u'\n';
        if (value.isObject())
            writeObject(value.toObject(), nested, out, afterIndicator);
        else
            writeArray(value.toArray(), nested, out, afterIndicator);
    } else {
        const QString text = scalar(value, indent + kIndentSpaces);
        out += u' ' + text + (text.endsWith(u'\n') ? QString() : QStringLiteral("\n"));
    }
}

void writeObject(const QJsonObject &object, int indent, QString &out, bool firstInline)
{
    QStringList keys = object.keys();
    std::sort(keys.begin(), keys.end(), goYamlKeyLess);
    for (const QString &key : keys) {
        if (!(key == keys.front() && firstInline))
            out += QString(indent, u' ');
        const bool simple = isSimpleKey(key);
        if (simple) {
            out += stringScalar(key, indent + kIndentSpaces, true) + u':';
        } else {
            // go-yaml's complex key: "? key", then ": value" on a line of its own.
            const QString text = stringScalar(key, indent + kIndentSpaces, false);
            out += QStringLiteral("? ") + text;
            if (!text.endsWith(u'\n'))
                out += u'\n';
            out += QString(indent, u' ') + u':';
        }
        writeValue(object.value(key), indent, !simple, out);
    }
}

void writeArray(const QJsonArray &array, int indent, QString &out, bool firstInline)
{
    bool first = true;
    for (const QJsonValue item : array) {
        if (!(first && firstInline))
            out += QString(indent, u' ');
        first = false;
        out += u'-';
        writeValue(item, indent, true, out);
    }
}

} // namespace

QByteArray toKubectlJsonNumber(const QJsonValue &number)
{
    if (isInteger(number))
        return QByteArray::number(number.toInteger());
    const double value = number.toDouble();
    // Go's encoding/json refuses these; Qt's own JSON writer prints null.
    if (!std::isfinite(value))
        return "null";
    return goJsonFloat(value);
}

QString toYaml(const QJsonValue &value)
{
    QString out;
    if (value.isObject() && !value.toObject().isEmpty())
        writeObject(value.toObject(), 0, out, false);
    else if (value.isArray() && !value.toArray().isEmpty())
        writeArray(value.toArray(), 0, out, false);
    else if (isEmptyContainer(value))
        out = value.isObject() ? QStringLiteral("{}\n") : QStringLiteral("[]\n");
    else
        out = scalar(value, 0);
    return out.endsWith(u'\n') ? out : out + u'\n';
}

} // namespace informant
