#include "informer/printers/yamlwriter.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QRegularExpression>

#include <cmath>

namespace informant {

namespace {

bool needsQuotes(const QString &text)
{
    if (text.isEmpty())
        return true;
    // Words YAML 1.1 (go-yaml) reads as booleans or null, and numbers.
    static const QRegularExpression special(
        QStringLiteral("^(?:y|Y|yes|Yes|YES|n|N|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|"
                       "ON|off|Off|OFF|null|Null|NULL|~|[-+]?(?:\\d[\\d_]*)?\\.?\\d+(?:[eE][-+]?"
                       "\\d+)?|0x[0-9a-fA-F]+|\\.inf|\\.nan|"
                       // and timestamps (kubectl quotes creationTimestamp)
                       "\\d{4}-\\d\\d?-\\d\\d?(?:(?:[Tt]|[ \\t]+)\\d\\d?:\\d\\d:\\d\\d(?:\\.\\d*)?"
                       "(?:[ \\t]*(?:Z|[-+]\\d\\d?(?::\\d\\d)?))?)?)$"));
    if (special.match(text).hasMatch())
        return true;
    const QChar first = text.front();
    if (QStringLiteral("-?:,[]{}#&*!|>'\"%@` ").contains(first))
        return !(first == u'-' && text.size() > 1 && text[1] != u' ');
    if (text.back() == u' ' || text.contains(QStringLiteral(": ")) ||
        text.contains(QStringLiteral(" #")) || text.contains(u'\n') || text.contains(u'\t'))
        return true;
    return false;
}

QString scalar(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::Null:
    case QJsonValue::Undefined:
        return QStringLiteral("null");
    case QJsonValue::Bool:
        return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case QJsonValue::Double: {
        const double d = value.toDouble();
        if (d == double(qint64(d)) && std::abs(d) < 9e15)
            return QString::number(qint64(d));
        return QString::number(d, 'g', 17);
    }
    case QJsonValue::String: {
        const QString text = value.toString();
        if (!needsQuotes(text))
            return text;
        QString quoted = text;
        quoted.replace(u'\\', QStringLiteral("\\\\"))
            .replace(u'"', QStringLiteral("\\\""))
            .replace(u'\n', QStringLiteral("\\n"))
            .replace(u'\t', QStringLiteral("\\t"));
        return u'"' + quoted + u'"';
    }
    default:
        return {};
    }
}

// A string of several lines as kubectl prints it: a literal block ("|", or
// "|-" without a final newline) with its lines at `indent`; one with a tab
// stays a quoted scalar, as go-yaml has it. Starts after the key's colon or
// the item's dash.
QString stringValue(const QString &text, int indent)
{
    if (!text.contains(u'\n') || text.contains(u'\t'))
        return u' ' + scalar(QJsonValue(text)) + u'\n';
    QString out = text.endsWith(u'\n') ? QStringLiteral(" |\n") : QStringLiteral(" |-\n");
    const QStringList lines = text.split(u'\n');
    const qsizetype count = text.endsWith(u'\n') ? lines.size() - 1 : lines.size();
    for (qsizetype i = 0; i < count; ++i)
        out += (lines.at(i).isEmpty() ? QString() : QString(indent, u' ') + lines.at(i)) + u'\n';
    return out;
}

bool isEmptyContainer(const QJsonValue &value)
{
    return (value.isObject() && value.toObject().isEmpty()) ||
           (value.isArray() && value.toArray().isEmpty());
}

void write(const QJsonValue &value, int indent, QString &out);

void writeObject(const QJsonObject &object, int indent, QString &out, bool firstInline)
{
    bool first = true;
    for (auto it = object.begin(); it != object.end(); ++it) {
        if (!(first && firstInline))
            out += QString(indent, u' ');
        first = false;
        const QString key = needsQuotes(it.key()) ? scalar(QJsonValue(it.key())) : it.key();
        const QJsonValue v = it.value();
        if (isEmptyContainer(v)) {
            out += key + (v.isObject() ? QStringLiteral(": {}\n") : QStringLiteral(": []\n"));
        } else if (v.isObject()) {
            out += key + QStringLiteral(":\n");
            writeObject(v.toObject(), indent + 2, out, false);
        } else if (v.isArray()) {
            out += key + QStringLiteral(":\n");
            write(v, indent, out); // kubectl: list items at the key's indent
        } else if (v.isString()) {
            out += key + u':' + stringValue(v.toString(), indent + 2);
        } else {
            out += key + QStringLiteral(": ") + scalar(v) + u'\n';
        }
    }
}

void write(const QJsonValue &value, int indent, QString &out)
{
    if (value.isObject()) {
        writeObject(value.toObject(), indent, out, false);
        return;
    }
    if (!value.isArray()) {
        out += QString(indent, u' ') + scalar(value) + u'\n';
        return;
    }
    for (const QJsonValue item : value.toArray()) {
        out += QString(indent, u' ') + QStringLiteral("- ");
        if (item.isObject() && !item.toObject().isEmpty()) {
            writeObject(item.toObject(), indent + 2, out, true);
        } else if (item.isArray() && !item.toArray().isEmpty()) {
            out += u'\n';
            write(item, indent + 2, out);
        } else if (isEmptyContainer(item)) {
            out += item.isObject() ? QStringLiteral("{}\n") : QStringLiteral("[]\n");
        } else if (item.isString()) {
            out.chop(1); // the block or scalar brings its own space
            out += stringValue(item.toString(), indent + 2);
        } else {
            out += scalar(item) + u'\n';
        }
    }
}

} // namespace

QString toYaml(const QJsonValue &value)
{
    QString out;
    if (isEmptyContainer(value))
        return value.isObject() ? QStringLiteral("{}\n") : QStringLiteral("[]\n");
    write(value, 0, out);
    return out;
}

} // namespace informant
