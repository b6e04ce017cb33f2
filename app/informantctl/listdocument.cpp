#include "listdocument.h"

#include <QJsonArray>
#include <QJsonDocument>

using namespace informant;

namespace informantctl {

QJsonObject listDocument(const QList<KubeObject> &objects, const ApiResource &resource)
{
    QJsonArray items;
    for (const KubeObject &object : objects) {
        const KubeObject typed = object.withTypeMeta(resource.kind, resource.groupVersion());
        items.append(QJsonDocument::fromJson(typed.json()).object());
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

} // namespace informantctl
