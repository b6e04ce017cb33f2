#pragma once

// FakeKnownObjects: a KnownObjects for queue tests (client-go's
// literalListerGetter). Keys are listed in insertion order so Replace's
// tombstones come out in a predictable order; a "ghost" key is listed but has
// no object, as when the store changes between ListKeys and GetByKey.

#include "informer/cache/keys.h"
#include "informer/cache/knownobjects.h"

#include <QHash>
#include <QMutex>

namespace informant::test {

class FakeKnownObjects final : public KnownObjects
{
public:
    void set(const KubeObject &object)
    {
        QMutexLocker locker(&m_mutex);
        const QString key = object.key();
        if (!m_order.contains(key))
            m_order.append(key);
        m_objects.insert(key, object);
    }
    void addGhost(const QString &key)
    {
        QMutexLocker locker(&m_mutex);
        if (!m_order.contains(key))
            m_order.append(key);
        m_objects.remove(key);
    }
    QStringList listKeys() const override
    {
        QMutexLocker locker(&m_mutex);
        return m_order;
    }
    std::optional<KubeObject> getByKey(const QString &key) const override
    {
        QMutexLocker locker(&m_mutex);
        const auto it = m_objects.constFind(key);
        if (it == m_objects.cend())
            return std::nullopt;
        return it.value();
    }

private:
    mutable QMutex m_mutex;
    QStringList m_order;
    QHash<QString, KubeObject> m_objects;
};

} // namespace informant::test
