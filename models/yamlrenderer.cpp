#include "models/yamlrenderer.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

namespace informant {

namespace {

bool needsQuotes(const QString &s)
{
    if (s.isEmpty() || s.front().isSpace() || s.back().isSpace())
        return true;
    static const QRegularExpression special(
        QStringLiteral(
            R"(^(true|false|yes|no|on|off|null|~|y|n)$|^[-+]?(\d[\d_]*)?\.?\d*([eE][-+]?\d+)?$|^[\-?:,\[\]{}#&*!|>'"%@`]|: | #|:$|\t)"),
        QRegularExpression::CaseInsensitiveOption);
    return special.match(s).hasMatch();
}

QString quoted(const QString &s)
{
    QString out = QStringLiteral("\"");
    for (const QChar c : s) {
        if (c == u'"' || c == u'\\')
            out += u'\\';
        if (c == u'\t') {
            out += QStringLiteral("\\t");
            continue;
        }
        out += c;
    }
    return out + u'"';
}

QString scalar(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::Null:
    case QJsonValue::Undefined:
        return QStringLiteral("null");
    case QJsonValue::Bool:
        return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case QJsonValue::Double: {
        const double d = v.toDouble();
        if (d == double(qint64(d)) && qAbs(d) < 9e15)
            return QString::number(qint64(d));
        return QString::number(d, 'g', 17);
    }
    case QJsonValue::String: {
        const QString s = v.toString();
        return needsQuotes(s) ? quoted(s) : s;
    }
    default:
        return {};
    }
}

bool isEmptyContainer(const QJsonValue &v)
{
    return (v.isObject() && v.toObject().isEmpty()) || (v.isArray() && v.toArray().isEmpty());
}

void emitValue(QString &out, const QJsonValue &v, int indent);

// `key: value` lines (or the value part after "- ").
void emitObject(QString &out, const QJsonObject &o, int indent, bool firstInline)
{
    bool first = true;
    for (auto it = o.begin(); it != o.end(); ++it) {
        if (!(first && firstInline))
            out += QString(indent, u' ');
        first = false;
        const QString key = needsQuotes(it.key()) ? quoted(it.key()) : it.key();
        out += key + u':';
        emitValue(out, it.value(), indent + 2);
    }
}

void emitString(QString &out, const QString &s, int indent)
{
    if (s.contains(u'\n') && !s.contains(u'\t')) {
        out += s.endsWith(u'\n') ? QStringLiteral(" |\n") : QStringLiteral(" |-\n");
        const QStringList lines = s.split(u'\n');
        const qsizetype n = s.endsWith(u'\n') ? lines.size() - 1 : lines.size();
        for (qsizetype i = 0; i < n; ++i)
            out +=
                (lines.at(i).isEmpty() ? QString() : QString(indent, u' ') + lines.at(i)) + u'\n';
        return;
    }
    out += u' ' + scalar(QJsonValue(s)) + u'\n';
}

void emitValue(QString &out, const QJsonValue &v, int indent)
{
    if (v.isObject() && !isEmptyContainer(v)) {
        out += u'\n';
        emitObject(out, v.toObject(), indent, false);
    } else if (v.isArray() && !isEmptyContainer(v)) {
        out += u'\n';
        // kubectl style: list items at the key's indentation.
        const int itemIndent = indent - 2;
        for (const QJsonValue &item : v.toArray()) {
            out += QString(itemIndent, u' ') + QStringLiteral("- ");
            if (item.isObject() && !isEmptyContainer(item)) {
                emitObject(out, item.toObject(), itemIndent + 2, true);
            } else if (item.isArray() && !isEmptyContainer(item)) {
                out.chop(1);
                emitValue(out, item, itemIndent + 4);
            } else if (item.isString()) {
                out.chop(1);
                emitString(out, item.toString(), itemIndent + 2);
            } else {
                out += isEmptyContainer(item)
                           ? (item.isObject() ? QStringLiteral("{}") : QStringLiteral("[]"))
                           : scalar(item);
                out += u'\n';
            }
        }
    } else if (v.isObject()) {
        out += QStringLiteral(" {}\n");
    } else if (v.isArray()) {
        out += QStringLiteral(" []\n");
    } else if (v.isString()) {
        emitString(out, v.toString(), indent);
    } else {
        out += u' ' + scalar(v) + u'\n';
    }
}

constexpr QLatin1String kSecretSections[] = {QLatin1String("data"), QLatin1String("stringData")};
constexpr QLatin1String kLastAppliedAnnotation{"kubectl.kubernetes.io/last-applied-configuration"};

QJsonObject maskSection(const QJsonObject &section)
{
    QJsonObject masked;
    for (auto it = section.begin(); it != section.end(); ++it)
        masked.insert(it.key(), QString(kMaskedValue));
    return masked;
}

} // namespace

QString renderYaml(const QJsonValue &value)
{
    QString out;
    if (value.isObject()) {
        emitObject(out, value.toObject(), 0, false);
    } else {
        emitValue(out, value, 2);
        out = out.mid(1);
    }
    return out;
}

QString renderYaml(const KubeObject &object, const YamlOptions &options)
{
    if (object.isNull())
        return {};
    QJsonParseError error;
    QJsonObject root = QJsonDocument::fromJson(object.json(), &error).object();
    if (error.error != QJsonParseError::NoError)
        return QStringLiteral("# cannot show this object: %1\n").arg(error.errorString());
    if (!options.showManagedFields) {
        QJsonObject meta = root.value(QLatin1String("metadata")).toObject();
        if (meta.contains(QLatin1String("managedFields"))) {
            meta.remove(QLatin1String("managedFields"));
            root.insert(QLatin1String("metadata"), meta);
        }
    }
    if (!options.revealSecrets && object.kind() == QLatin1String("Secret"))
        root = withSecretValuesMasked(std::move(root));
    return renderYaml(QJsonValue(root));
}

QJsonObject withSecretValuesMasked(QJsonObject secret)
{
    for (const QLatin1String section : kSecretSections) {
        if (secret.value(section).isObject())
            secret.insert(section, maskSection(secret.value(section).toObject()));
    }
    QJsonObject meta = secret.value(QLatin1String("metadata")).toObject();
    QJsonObject annotations = meta.value(QLatin1String("annotations")).toObject();
    if (annotations.contains(kLastAppliedAnnotation)) {
        annotations.insert(kLastAppliedAnnotation, QString(kMaskedValue));
        meta.insert(QLatin1String("annotations"), annotations);
        secret.insert(QLatin1String("metadata"), meta);
    }
    return secret;
}

bool isSecretValuePath(QStringView path)
{
    for (const QLatin1String section : kSecretSections) {
        if (path.startsWith(section) &&
            (path.size() == section.size() || path.at(section.size()) == u'.' ||
             path.at(section.size()) == u'['))
            return true;
    }
    return path.startsWith(QLatin1String("metadata.annotations")) &&
           path.contains(kLastAppliedAnnotation);
}

} // namespace informant
