#include "informer/cache/indexer.h"

namespace informant {

Indexer::Indexer(KeyFunc keyFunc, const Indexers &indexers)
    : m_keyFunc(keyFunc ? std::move(keyFunc) : KeyFunc(metaNamespaceKey))
    , m_store(indexers)
{
}

Indexer::~Indexer() = default;

Result<QString> Indexer::keyOf(const KubeObject &object) const
{
    Result<QString> key = m_keyFunc(object);
    if (!key.ok())
        return keyError(object, key.error());
    return key;
}

Result<QString> Indexer::keyOf(const Delta &delta) const
{
    if (delta.isTombstone())
        return delta.tombstoneKey;
    return keyOf(delta.object);
}

Result<void> Indexer::add(const KubeObject &object)
{
    const Result<std::optional<KubeObject>> result = upsert(object);
    if (!result.ok())
        return result.error();
    return {};
}

Result<void> Indexer::update(const KubeObject &object)
{
    return add(object);
}

Result<std::optional<KubeObject>> Indexer::upsert(const KubeObject &object)
{
    const Result<QString> key = keyOf(object);
    if (!key.ok())
        return key.error();
    return m_store.upsert(key.value(), object);
}

Result<void> Indexer::remove(const KubeObject &object)
{
    const Result<QString> key = keyOf(object);
    if (!key.ok())
        return key.error();
    m_store.remove(key.value());
    return {};
}

std::optional<KubeObject> Indexer::removeByKey(const QString &key)
{
    return m_store.take(key);
}

Result<void> Indexer::replace(const QList<KubeObject> &objects, const QString &resourceVersion)
{
    QHash<QString, KubeObject> items;
    items.reserve(objects.size());
    for (const KubeObject &object : objects) {
        const Result<QString> key = keyOf(object);
        if (!key.ok())
            return key.error(); // nothing changed yet
        items.insert(key.value(), object);
    }
    m_store.replace(std::move(items), resourceVersion);
    return {};
}

Result<std::optional<KubeObject>> Indexer::get(const KubeObject &object) const
{
    const Result<QString> key = keyOf(object);
    if (!key.ok())
        return key.error();
    return m_store.get(key.value());
}

std::optional<KubeObject> Indexer::getByKey(const QString &key) const
{
    return m_store.get(key);
}

} // namespace informant
