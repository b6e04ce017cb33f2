#include "informer/core/watchevent.h"

#include "informer/core/jsonutil.h"

namespace informant {

QString WatchEvent::typeName(Type type)
{
    switch (type) {
    case Type::Added:
        return QStringLiteral("ADDED");
    case Type::Modified:
        return QStringLiteral("MODIFIED");
    case Type::Deleted:
        return QStringLiteral("DELETED");
    case Type::Bookmark:
        return QStringLiteral("BOOKMARK");
    case Type::Error:
        return QStringLiteral("ERROR");
    }
    return QString();
}

bool WatchEvent::isInitialEventsEnd() const
{
    if (type != Type::Bookmark || object.isNull())
        return false;
    if (!object.annotationKeys().contains(QStringLiteral("k8s.io/initial-events-end")))
        return false;
    // Annotation values are not kept as hot fields; bookmarks are tiny.
    const QByteArray json = object.json();
    simdjson::dom::element root;
    if (detail::threadDomParser().parse(json.constData(), size_t(json.size())).get(root) !=
        simdjson::SUCCESS)
        return false;
    std::string_view value;
    if (root.at_pointer("/metadata/annotations/k8s.io~1initial-events-end").get(value) !=
        simdjson::SUCCESS)
        return false;
    return value == "true";
}

} // namespace informant
