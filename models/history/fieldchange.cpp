#include "models/history/fieldchange.h"

#include <QCoreApplication>

#include <QJsonArray>

namespace informant {

namespace {

bool isIdentifier(const QString &key)
{
    if (key.isEmpty())
        return false;
    for (QChar c : key) {
        if (!(c.isLetterOrNumber() || c == u'_' || c == u'-'))
            return false;
    }
    return true;
}

QString childPath(const QString &parent, const QString &key)
{
    if (isIdentifier(key))
        return parent.isEmpty() ? key : parent + u'.' + key;
    QString escaped = key;
    escaped.replace(u'"', QStringLiteral("\\\""));
    return parent + QStringLiteral("[\"") + escaped + QStringLiteral("\"]");
}

struct Differ
{
    int maxChanges = 500;
    int omitted = 0;
    QList<FieldChange> changes;

    void add(FieldChange::Kind kind, const QString &path, const QJsonValue &before,
             const QJsonValue &after)
    {
        if (changes.size() >= maxChanges) {
            ++omitted;
            return;
        }
        changes.append({kind, path, before, after});
    }

    void diff(const QString &path, const QJsonValue &before, const QJsonValue &after)
    {
        if (isNoiseField(path))
            return;
        if (before.isObject() && after.isObject()) {
            diffObjects(path, before.toObject(), after.toObject());
        } else if (before.isArray() && after.isArray()) {
            diffArrays(path, before.toArray(), after.toArray());
        } else if (before != after) {
            add(FieldChange::Kind::Changed, path, before, after);
        }
    }

    void diffObjects(const QString &path, const QJsonObject &before, const QJsonObject &after)
    {
        // Both iterate in sorted key order: a merge walk.
        auto b = before.begin();
        auto a = after.begin();
        while (b != before.end() || a != after.end()) {
            if (a == after.end() || (b != before.end() && b.key() < a.key())) {
                const QString p = childPath(path, b.key());
                if (!isNoiseField(p))
                    add(FieldChange::Kind::Removed, p, b.value(), QJsonValue::Undefined);
                ++b;
            } else if (b == before.end() || a.key() < b.key()) {
                const QString p = childPath(path, a.key());
                if (!isNoiseField(p))
                    add(FieldChange::Kind::Added, p, QJsonValue::Undefined, a.value());
                ++a;
            } else {
                diff(childPath(path, a.key()), b.value(), a.value());
                ++a;
                ++b;
            }
        }
    }

    void diffArrays(const QString &path, const QJsonArray &before, const QJsonArray &after)
    {
        const qsizetype common = qMin(before.size(), after.size());
        for (qsizetype i = 0; i < common; ++i)
            diff(path + QStringLiteral("[%1]").arg(i), before.at(i), after.at(i));
        for (qsizetype i = common; i < before.size(); ++i)
            add(FieldChange::Kind::Removed, path + QStringLiteral("[%1]").arg(i), before.at(i),
                QJsonValue::Undefined);
        for (qsizetype i = common; i < after.size(); ++i)
            add(FieldChange::Kind::Added, path + QStringLiteral("[%1]").arg(i),
                QJsonValue::Undefined, after.at(i));
    }
};

QString sizeText(const QJsonValue &value)
{
    // Spelled out rather than tr("%n field(s)"): without a translation
    // loaded, Qt shows the "(s)".
    const qsizetype n = value.isObject() ? value.toObject().size() : value.toArray().size();
    if (value.isObject()) {
        return n == 1 ? QCoreApplication::translate("FieldChange", "1 field")
                      : QCoreApplication::translate("FieldChange", "%1 fields").arg(n);
    }
    return n == 1 ? QCoreApplication::translate("FieldChange", "1 item")
                  : QCoreApplication::translate("FieldChange", "%1 items").arg(n);
}

} // namespace

bool isNoiseField(const QString &path)
{
    return path == u"metadata.managedFields" || path == u"metadata.resourceVersion";
}

QString shortValue(const QJsonValue &value, int maxChars)
{
    QString text;
    switch (value.type()) {
    case QJsonValue::Undefined:
        return QStringLiteral("\u2205");
    case QJsonValue::Null:
        return QStringLiteral("null");
    case QJsonValue::Bool:
        return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case QJsonValue::Double: {
        const double d = value.toDouble();
        text = d == double(qint64(d)) ? QString::number(qint64(d)) : QString::number(d);
        break;
    }
    case QJsonValue::String:
        text = value.toString();
        if (text.isEmpty())
            return QStringLiteral("\"\"");
        break;
    case QJsonValue::Object:
    case QJsonValue::Array:
        return value.isObject() ? u'{' + sizeText(value) + u'}' : u'[' + sizeText(value) + u']';
    }
    text.replace(u'\n', u' ');
    if (text.size() > maxChars)
        text = text.left(maxChars - 1) + QChar(0x2026);
    return text;
}

QString FieldChange::summary() const
{
    if (valuesHidden) {
        switch (kind) {
        case Kind::Added:
            return QCoreApplication::translate("FieldChange", "%1 added").arg(path);
        case Kind::Removed:
            return QCoreApplication::translate("FieldChange", "%1 removed").arg(path);
        case Kind::Changed:
            return QCoreApplication::translate("FieldChange", "%1 changed").arg(path);
        }
    }
    // An added or removed object says how much it held, not "{2 fields}"
    // beside an empty-set sign.
    const QJsonValue &present = kind == Kind::Added ? after : before;
    const bool container = present.isObject() || present.isArray();
    switch (kind) {
    case Kind::Added:
        return container ? QCoreApplication::translate("FieldChange", "%1 added (%2)")
                               .arg(path, sizeText(after))
                         : QCoreApplication::translate("FieldChange", "%1 added: %2")
                               .arg(path, shortValue(after));
    case Kind::Removed:
        return container ? QCoreApplication::translate("FieldChange", "%1 removed (had %2)")
                               .arg(path, sizeText(before))
                         : QCoreApplication::translate("FieldChange", "%1 removed (was %2)")
                               .arg(path, shortValue(before));
    case Kind::Changed:
        break;
    }
    return path + u' ' + shortValue(before) + QChar(0x2192) + shortValue(after);
}

QList<FieldChange> diffJson(const QJsonObject &before, const QJsonObject &after, int maxChanges,
                            int *omitted)
{
    Differ differ;
    differ.maxChanges = maxChanges;
    differ.diffObjects(QString(), before, after);
    if (omitted)
        *omitted = differ.omitted;
    return differ.changes;
}

} // namespace informant
