#pragma once

// Test objects of a custom kind for the window's tests: the Widget kind, its
// CustomResourceDefinition (with printer columns) and widgets.

#include "localclustersession.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace informant::test {

inline const KindInfo kWidgets{QStringLiteral("stable.example.com"),
                               QStringLiteral("v1"),
                               QStringLiteral("Widget"),
                               QStringLiteral("widgets"),
                               true,
                               {}};

inline QList<KindInfo> kindsWithWidgets()
{
    QList<KindInfo> kinds = standardKinds();
    kinds.append(KindInfo{QStringLiteral("apiextensions.k8s.io"),
                          QStringLiteral("v1"),
                          QStringLiteral("CustomResourceDefinition"),
                          QStringLiteral("customresourcedefinitions"),
                          false,
                          {QStringLiteral("crd")}});
    kinds.append(kWidgets);
    return kinds;
}

// The CRD of kWidgets; v1 prints `v1Column` (from .spec.size) and AGE, the
// unserved v0 a column that must not show.
inline KubeObject widgetCrd(const QString &v1Column, const QString &resourceVersion)
{
    const auto column = [](const QString &name, const QString &type, const QString &path) {
        return QJsonObject{{"name", name}, {"type", type}, {"jsonPath", path}};
    };
    const QJsonObject v1{{"name", "v1"},
                         {"served", true},
                         {"storage", true},
                         {"additionalPrinterColumns",
                          QJsonArray{column(v1Column, "integer", ".spec.size"),
                                     column("Age", "date", ".metadata.creationTimestamp")}}};
    const QJsonObject v0{
        {"name", "v0"},
        {"served", false},
        {"storage", false},
        {"additionalPrinterColumns", QJsonArray{column("Legacy", "string", ".spec.legacy")}}};
    const QJsonObject obj{
        {"apiVersion", "apiextensions.k8s.io/v1"},
        {"kind", "CustomResourceDefinition"},
        {"metadata", QJsonObject{{"name", "widgets.stable.example.com"},
                                 {"uid", "crd-widgets"},
                                 {"resourceVersion", resourceVersion}}},
        {"spec", QJsonObject{{"group", "stable.example.com"},
                             {"scope", "Namespaced"},
                             {"names", QJsonObject{{"plural", "widgets"}, {"kind", "Widget"}}},
                             {"versions", QJsonArray{v0, v1}}}}};
    return KubeObject::fromJson(QJsonDocument(obj).toJson(QJsonDocument::Compact)).value();
}

inline KubeObject widget(const QString &ns, const QString &name, int size)
{
    const QJsonObject obj{{"apiVersion", "stable.example.com/v1"},
                          {"kind", "Widget"},
                          {"metadata", QJsonObject{{"name", name},
                                                   {"namespace", ns},
                                                   {"uid", ns + name},
                                                   {"creationTimestamp", "2024-05-01T10:00:00Z"}}},
                          {"spec", QJsonObject{{"size", size}}}};
    return KubeObject::fromJson(QJsonDocument(obj).toJson(QJsonDocument::Compact)).value();
}

} // namespace informant::test
