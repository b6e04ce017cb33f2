#include "jsontext.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QLocale>

#include <cmath>

namespace informantctl {

namespace {

constexpr int kIndentSpaces = 4;

void appendString(const QString &text, QByteArray &out)
{
    out += '"';
    for (const char32_t c : text.toUcs4()) {
        switch (c) {
        case U'"':
            out += "\\\"";
            break;
        case U'\\':
            out += "\\\\";
            break;
        case U'\n':
            out += "\\n";
            break;
        case U'\r':
            out += "\\r";
            break;
        case U'\t':
            out += "\\t";
            break;
        case U'\b':
            out += "\\b";
            break;
        case U'\f':
            out += "\\f";
            break;
        default:
            // Go escapes control characters, and by default also what HTML
            // or JavaScript would read specially.
            if (c < 0x20 || c == U'<' || c == U'>' || c == U'&' || c == 0x2028 || c == 0x2029)
                out += QByteArray("\\u") + QByteArray::number(uint(c), 16).rightJustified(4, '0');
            else
                out += QString::fromUcs4(&c, 1).toUtf8();
        }
    }
    out += '"';
}

void appendNumber(double value, QByteArray &out)
{
    // Integers print exactly (kubectl decodes them as int64).
    if (value == std::trunc(value) && std::abs(value) < 9.2e18) {
        out += QByteArray::number(qint64(value));
        return;
    }
    // Go: shortest digits, exponent form outside [1e-6, 1e21), "e-7" not "e-07".
    const double magnitude = std::abs(value);
    if (magnitude >= 1e-6 && magnitude < 1e21) {
        out += QByteArray::number(value, 'f', QLocale::FloatingPointShortest);
        return;
    }
    QByteArray text = QByteArray::number(value, 'e', QLocale::FloatingPointShortest);
    const qsizetype e = text.indexOf('e');
    if (e >= 0 && e + 2 < text.size() && text.at(e + 2) == '0' && e + 3 < text.size())
        text.remove(e + 2, 1);
    out += text;
}

void append(const QJsonValue &value, int depth, QByteArray &out)
{
    const QByteArray indent(qsizetype(depth + 1) * kIndentSpaces, ' ');
    const QByteArray closingIndent(qsizetype(depth) * kIndentSpaces, ' ');
    switch (value.type()) {
    case QJsonValue::Object: {
        const QJsonObject object = value.toObject();
        if (object.isEmpty()) {
            out += "{}";
            return;
        }
        out += "{\n";
        for (auto it = object.begin(); it != object.end(); ++it) {
            if (it != object.begin())
                out += ",\n";
            out += indent;
            appendString(it.key(), out);
            out += ": ";
            append(it.value(), depth + 1, out);
        }
        out += '\n' + closingIndent + '}';
        return;
    }
    case QJsonValue::Array: {
        const QJsonArray array = value.toArray();
        if (array.isEmpty()) {
            out += "[]";
            return;
        }
        out += "[\n";
        for (qsizetype i = 0; i < array.size(); ++i) {
            if (i > 0)
                out += ",\n";
            out += indent;
            append(array.at(i), depth + 1, out);
        }
        out += '\n' + closingIndent + ']';
        return;
    }
    case QJsonValue::String:
        appendString(value.toString(), out);
        return;
    case QJsonValue::Double:
        appendNumber(value.toDouble(), out);
        return;
    case QJsonValue::Bool:
        out += value.toBool() ? "true" : "false";
        return;
    case QJsonValue::Null:
    case QJsonValue::Undefined:
        out += "null";
        return;
    }
}

} // namespace

QByteArray toIndentedJson(const QJsonValue &value)
{
    QByteArray out;
    append(value, 0, out);
    out += '\n';
    return out;
}

} // namespace informantctl
