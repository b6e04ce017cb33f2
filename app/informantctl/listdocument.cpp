#include "listdocument.h"

#include <QJsonArray>
#include <QJsonDocument>

using namespace informant;

namespace informantctl {

QJsonObject typedObject(const KubeObject &object, const ApiResource &resource)
{
    if (object.isMetadataOnly()) {
        // The informer keeps it as its kind's (metadataonly.h); printed as
        // the server sent it.
        QJsonObject partial = QJsonDocument::fromJson(object.json()).object();
        partial.insert(QStringLiteral("kind"), QStringLiteral("PartialObjectMetadata"));
        partial.insert(QStringLiteral("apiVersion"), QStringLiteral("meta.k8s.io/v1"));
        return partial;
    }
    const KubeObject typed = object.withTypeMeta(resource.kind, resource.groupVersion());
    return QJsonDocument::fromJson(typed.json()).object();
}

QJsonObject listDocument(const QList<ResourceObjects> &kinds)
{
    QJsonArray items;
    for (const ResourceObjects &kind : kinds) {
        for (const KubeObject &object : kind.objects)
            items.append(typedObject(object, kind.resource));
    }
    return QJsonObject{
        {QStringLiteral("apiVersion"), QStringLiteral("v1")},
        {QStringLiteral("items"), items},
        {QStringLiteral("kind"), QStringLiteral("List")},
        // kubectl's list has no version of its own: its items may come from
        // several requests.
        {QStringLiteral("metadata"), QJsonObject{{QStringLiteral("resourceVersion"), QString()}}},
    };
}

QJsonObject listDocument(const QList<KubeObject> &objects, const ApiResource &resource)
{
    return listDocument(QList<ResourceObjects>{{resource, objects}});
}

} // namespace informantctl
