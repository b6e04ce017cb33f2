#include "jsontext.h"

#include "informer/printers/yamlwriter.h"

#include <QJsonArray>
#include <QJsonObject>

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

// `depth` < 0: compact (json.Marshal), no space or newline anywhere.
void append(const QJsonValue &value, int depth, QByteArray &out)
{
    const bool indented = depth >= 0;
    const QByteArray indent =
        indented ? '\n' + QByteArray(qsizetype(depth + 1) * kIndentSpaces, ' ') : QByteArray();
    const QByteArray closingIndent =
        indented ? '\n' + QByteArray(qsizetype(depth) * kIndentSpaces, ' ') : QByteArray();
    const int inner = indented ? depth + 1 : depth;
    switch (value.type()) {
    case QJsonValue::Object: {
        const QJsonObject object = value.toObject();
        if (object.isEmpty()) {
            out += "{}";
            return;
        }
        out += '{';
        for (auto it = object.begin(); it != object.end(); ++it) {
            if (it != object.begin())
                out += ',';
            out += indent;
            appendString(it.key(), out);
            out += indented ? ": " : ":";
            append(it.value(), inner, out);
        }
        out += closingIndent + '}';
        return;
    }
    case QJsonValue::Array: {
        const QJsonArray array = value.toArray();
        if (array.isEmpty()) {
            out += "[]";
            return;
        }
        out += '[';
        for (qsizetype i = 0; i < array.size(); ++i) {
            if (i > 0)
                out += ',';
            out += indent;
            append(array.at(i), inner, out);
        }
        out += closingIndent + ']';
        return;
    }
    case QJsonValue::String:
        appendString(value.toString(), out);
        return;
    case QJsonValue::Double:
        // Integers exactly (kubectl decodes them as int64), floats as Go's
        // encoding/json.
        out += informant::toKubectlJsonNumber(value);
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

QByteArray toCompactJson(const QJsonValue &value)
{
    QByteArray out;
    append(value, -1, out);
    return out;
}

} // namespace informantctl
