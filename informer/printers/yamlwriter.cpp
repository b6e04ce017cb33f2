#include "informer/printers/yamlwriter.h"

#include "informer/printers/yamlresolver.h"
#include "informer/printers/yamlscalar.h"

#include <QCborValue>
#include <QJsonArray>
#include <QJsonObject>
#include <QLocale>

#include <algorithm>
#include <cmath>

namespace informant {

namespace {

using printers_detail::isSimpleYamlKey;
using printers_detail::kUnlimitedLineWidthChars;
using printers_detail::kYamlIndentSpaces;
using printers_detail::parsesAsGoInteger;
using printers_detail::YamlScalarPlacement;
using printers_detail::yamlString;

// go-yaml v2's best_width, which kubectl keeps: a space in a line already
// longer than this many characters becomes a line break.
constexpr int kKubectlLineWidthChars = 80;

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

QString scalar(const QJsonValue &value, const YamlScalarPlacement &placement)
{
    switch (value.type()) {
    case QJsonValue::Bool:
        return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case QJsonValue::Double:
        return numberScalar(value);
    case QJsonValue::String:
        return yamlString(value.toString(), placement, false);
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

// ---- Blocks ----------------------------------------------------------------

bool isEmptyContainer(const QJsonValue &value)
{
    return (value.isObject() && value.toObject().isEmpty()) ||
           (value.isArray() && value.toArray().isEmpty());
}

// go-yaml's columns: one per character (a low surrogate adds none).
int columnsOf(const QString &text)
{
    return int(
        std::count_if(text.begin(), text.end(), [](QChar c) { return !c.isLowSurrogate(); }));
}

// Block-style YAML, each line started at its indentation; a string's lines
// folded past `lineWidthChars` as go-yaml folds them.
class BlockWriter
{
public:
    explicit BlockWriter(int lineWidthChars)
        : m_lineWidthChars(lineWidthChars)
    {
    }

    // A value after "key:", "-" or a complex key's ":", which ends at
    // `column`: " x\n", " |-\n  lines\n", or a nested block. `indent` is the
    // key's or the indicator's. After a key the block starts on the next
    // line (a list at the key's indent, as kubectl has it); after "-" or a
    // complex key's ":" its first line follows on the same line ("- - a",
    // "- name: x").
    void writeValue(const QJsonValue &value, int indent, int column, bool afterIndicator)
    {
        if (isEmptyContainer(value)) {
            m_out += value.isObject() ? QStringLiteral(" {}\n") : QStringLiteral(" []\n");
        } else if (value.isObject() || value.isArray()) {
            const int nested =
                value.isArray() && !afterIndicator ? indent : indent + kYamlIndentSpaces;
            m_out += afterIndicator ? u' ' : u'\n';
            if (value.isObject())
                writeObject(value.toObject(), nested, afterIndicator);
            else
                writeArray(value.toArray(), nested, afterIndicator);
        } else {
            const QString text = scalar(value, placement(column + 1, indent + kYamlIndentSpaces));
            m_out += u' ' + text + (text.endsWith(u'\n') ? QString() : QStringLiteral("\n"));
        }
    }

    void writeObject(const QJsonObject &object, int indent, bool firstInline)
    {
        QStringList keys = object.keys();
        std::sort(keys.begin(), keys.end(), goYamlKeyLess);
        for (const QString &key : keys) {
            if (!(key == keys.front() && firstInline))
                m_out += QString(indent, u' ');
            if (isSimpleYamlKey(key)) {
                const QString text =
                    yamlString(key, placement(indent, indent + kYamlIndentSpaces), true);
                m_out += text + u':';
                writeValue(object.value(key), indent, indent + columnsOf(text) + 1, false);
                continue;
            }
            // go-yaml's complex key: "? key", then ": value" on a line of its own.
            const int keyColumn = indent + kYamlIndentSpaces;
            const QString text = yamlString(key, placement(keyColumn, keyColumn), false);
            m_out += QStringLiteral("? ") + text;
            if (!text.endsWith(u'\n'))
                m_out += u'\n';
            m_out += QString(indent, u' ') + u':';
            writeValue(object.value(key), indent, indent + 1, true);
        }
    }

    void writeArray(const QJsonArray &array, int indent, bool firstInline)
    {
        bool first = true;
        for (const QJsonValue item : array) {
            if (!(first && firstInline))
                m_out += QString(indent, u' ');
            first = false;
            m_out += u'-';
            writeValue(item, indent, indent + 1, true);
        }
    }

    YamlScalarPlacement placement(int column, int indent) const
    {
        return {column, indent, m_lineWidthChars};
    }
    QString text() const { return m_out; }

private:
    int m_lineWidthChars;
    QString m_out;
};

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

QString toYaml(const QJsonValue &value, YamlFolding folding)
{
    BlockWriter writer(folding == YamlFolding::AsKubectl ? kKubectlLineWidthChars
                                                         : kUnlimitedLineWidthChars);
    QString out;
    if (value.isObject() && !value.toObject().isEmpty()) {
        writer.writeObject(value.toObject(), 0, false);
        out = writer.text();
    } else if (value.isArray() && !value.toArray().isEmpty()) {
        writer.writeArray(value.toArray(), 0, false);
        out = writer.text();
    } else if (isEmptyContainer(value)) {
        out = value.isObject() ? QStringLiteral("{}\n") : QStringLiteral("[]\n");
    } else {
        out = scalar(value, writer.placement(0, 0));
    }
    return out.endsWith(u'\n') ? out : out + u'\n';
}

} // namespace informant
