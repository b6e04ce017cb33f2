#include "models/cellcache.h"

namespace informant {

const QStringList *CellCache::find(const QString &key, const KubeObject &object,
                                   qint64 second) const
{
    const Entry *entry = m_cache.object(key);
    if (!entry || entry->second != second || !entry->object.sameAs(object))
        return nullptr;
    return &entry->cells;
}

const QStringList &CellCache::insert(const QString &key, const KubeObject &object, qint64 second,
                                     QStringList cells)
{
    auto *entry = new Entry{object, second, std::move(cells)};
    m_cache.insert(key, entry);
    return entry->cells;
}

} // namespace informant
