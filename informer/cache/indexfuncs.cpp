#include "informer/cache/indexfuncs.h"

#include <simdjson.h>

#include <string>

namespace informant {

namespace {

// Reads one string field at a JSON pointer of the object's bytes. nullopt if
// the bytes do not parse, the field is absent or not a string.
std::optional<QString> stringAtPointer(const KubeObject &object, std::string_view pointer)
{
    // Reused per thread: on-demand parsing needs SIMDJSON_PADDING readable
    // bytes after the document, which QByteArray does not promise.
    thread_local simdjson::ondemand::parser parser;
    thread_local std::string buffer;
    const QByteArray json = object.json();
    const size_t size = size_t(json.size());
    if (buffer.capacity() < size + simdjson::SIMDJSON_PADDING)
        buffer.reserve(size + simdjson::SIMDJSON_PADDING);
    buffer.assign(json.constData(), size);

    simdjson::ondemand::document doc;
    if (parser.iterate(buffer.data(), buffer.size(), buffer.capacity()).get(doc))
        return std::nullopt;
    std::string_view value;
    if (doc.at_pointer(pointer).get_string().get(value))
        return std::nullopt;
    return QString::fromUtf8(value.data(), qsizetype(value.size()));
}

} // namespace

QString labelIndexValue(const QString &key, const QString &value)
{
    return key + QLatin1Char('=') + value;
}

QStringList namespaceIndexFunc(const KubeObject &object)
{
    return {object.namespaceName()};
}

QStringList labelsIndexFunc(const KubeObject &object)
{
    const QList<Label> &labels = object.labels();
    QStringList values;
    values.reserve(labels.size() * 2);
    for (const Label &label : labels) {
        values.append(labelIndexValue(label.key, label.value));
        values.append(label.key);
    }
    return values;
}

QStringList ownerIndexFunc(const KubeObject &object)
{
    QStringList values;
    for (const OwnerReference &owner : object.ownerReferences()) {
        if (!owner.uid.isEmpty())
            values.append(owner.uid);
    }
    return values;
}

QStringList nodeIndexFunc(const KubeObject &object)
{
    if (object.kind() != u"Pod")
        return {};
    // An unscheduled pod is indexed under "" so a facet can count it.
    return {stringAtPointer(object, "/spec/nodeName").value_or(QString())};
}

QStringList involvedObjectIndexFunc(const KubeObject &object)
{
    if (object.kind() != u"Event")
        return {};
    const QString apiVersion = object.apiVersion();
    std::optional<QString> uid;
    if (apiVersion == u"v1")
        uid = stringAtPointer(object, "/involvedObject/uid");
    else if (apiVersion.startsWith(u"events.k8s.io/"))
        uid = stringAtPointer(object, "/regarding/uid");
    if (!uid || uid->isEmpty())
        return {};
    return {*uid};
}

Indexers defaultIndexers(const QString &kind)
{
    Indexers indexers{
        {QString(kNamespaceIndex), namespaceIndexFunc},
        {QString(kLabelsIndex), labelsIndexFunc},
        {QString(kOwnerIndex), ownerIndexFunc},
    };
    if (kind == u"Pod")
        indexers.insert(QString(kNodeIndex), nodeIndexFunc);
    if (kind == u"Event")
        indexers.insert(QString(kInvolvedObjectIndex), involvedObjectIndexFunc);
    return indexers;
}

} // namespace informant
