#pragma once

// Test helpers for tests/cache: small KubeObjects written as tokens.
//
// Token grammar: [namespace/]name[resourceVersion][{key=value,...}]
//   "foo10"             -> Pod foo, resourceVersion "10"
//   "ns/web3{app=web}"  -> Pod ns/web, resourceVersion "3", label app=web
//   "nil"               -> a null KubeObject (no metadata: key functions fail)
// The resourceVersion is the value the client-go tests carry in their objects.

#include "informer/core/kubeobject.h"

#include <QRegularExpression>
#include <QStringList>
#include <QTest>

namespace informant::test {

inline QByteArray objectJson(const QString &ns, const QString &name, const QString &rv,
                             const QList<Label> &labels,
                             const QString &kind = QStringLiteral("Pod"))
{
    QString json =
        QStringLiteral(R"({"apiVersion":"v1","kind":"%1","metadata":{"name":"%2")").arg(kind, name);
    if (!ns.isEmpty())
        json += QStringLiteral(R"(,"namespace":"%1")").arg(ns);
    if (!rv.isEmpty())
        json += QStringLiteral(R"(,"resourceVersion":"%1")").arg(rv);
    if (!labels.isEmpty()) {
        QStringList pairs;
        for (const Label &label : labels)
            pairs.append(QStringLiteral(R"("%1":"%2")").arg(label.key, label.value));
        json += QStringLiteral(R"(,"labels":{%1})").arg(pairs.join(QLatin1Char(',')));
    }
    json += QStringLiteral("}}");
    return json.toUtf8();
}

inline KubeObject makeObject(const QString &ns, const QString &name, const QString &rv = {},
                             const QList<Label> &labels = {})
{
    auto object = KubeObject::fromJson(objectJson(ns, name, rv, labels));
    if (!object.ok())
        qFatal("bad test object %s: %s", qPrintable(name), qPrintable(object.errorMessage()));
    return object.value();
}

inline KubeObject fromJsonOrDie(const QByteArray &json)
{
    auto object = KubeObject::fromJson(json);
    if (!object.ok())
        qFatal("bad test JSON %s: %s", json.constData(), qPrintable(object.errorMessage()));
    return object.value();
}

inline KubeObject objectFromToken(const QString &token)
{
    if (token == u"nil")
        return {};
    static const QRegularExpression pattern(
        QStringLiteral(R"(^(?:([a-z0-9.-]+)/)?([a-z][a-z-]*?)([0-9]*)(?:\{([^}]*)\})?$)"));
    const QRegularExpressionMatch match = pattern.match(token);
    if (!match.hasMatch())
        qFatal("bad object token %s", qPrintable(token));
    QList<Label> labels;
    const QString labelText = match.captured(4);
    if (!labelText.isEmpty()) {
        for (const QString &pair : labelText.split(QLatin1Char(','))) {
            const qsizetype eq = pair.indexOf(QLatin1Char('='));
            labels.append(Label{pair.left(eq), eq < 0 ? QString() : pair.mid(eq + 1)});
        }
    }
    return makeObject(match.captured(1), match.captured(2), match.captured(3), labels);
}

inline QList<KubeObject> objectsFromTokens(const QStringList &tokens)
{
    QList<KubeObject> objects;
    for (const QString &token : tokens)
        objects.append(objectFromToken(token));
    return objects;
}

// The inverse for the fields tests compare: [ns/]name + resourceVersion, with
// a trailing "*" when the object carries the test transformer's label.
inline QString objectToken(const KubeObject &object)
{
    if (object.isNull())
        return QStringLiteral("nil");
    QString token = object.key() + object.resourceVersion();
    if (object.label(QStringLiteral("transformed")))
        token += QLatin1Char('*');
    return token;
}

} // namespace informant::test
