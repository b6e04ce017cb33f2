#pragma once

// What the simulator knows about one served resource (one group/version/
// plural): the facts discovery publishes (kind, singular, short names,
// categories, verbs, scope, subresources) and how it is stored. Two types can
// share one storage (core/v1 and events.k8s.io/v1 events; the served versions
// of one CRD). A plain value type.

#include <QJsonArray>
#include <QString>
#include <QStringList>

namespace informant::sim {

enum class ObjectView {
    Stored,        // the stored bytes as they are
    EventsK8sIoV1, // events.k8s.io/v1 rendering of a core/v1 Event
};

struct ResourceType
{
    QString group; // "" for the core group
    QString version;
    QString resource; // plural, e.g. "pods"
    QString kind;
    QString singular;
    bool namespaced = true;
    QStringList shortNames;
    QStringList categories;
    QStringList verbs;
    QStringList subresources; // "status", "scale"
    QString storageId;        // shared by every type over the same objects
    ObjectView view = ObjectView::Stored;
    QStringList fieldPaths;              // selectable fields besides metadata.name/namespace
    QJsonArray additionalPrinterColumns; // CRDs only
    bool custom = false;                 // served for a CustomResourceDefinition

    QString apiVersion() const { return group.isEmpty() ? version : group + '/' + version; }
    QString groupVersion() const { return apiVersion(); }
    QString listKind() const { return kind + QLatin1String("List"); }
    // "/api/v1" or "/apis/apps/v1"
    QString pathPrefix() const;
    bool hasVerb(const QString &verb) const { return verbs.contains(verb); }
};

} // namespace informant::sim
