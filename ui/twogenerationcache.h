#pragma once

// TwoGenerationCache: a bounded map for caches whose keys drift (cell texts
// under churn: ages tick, pods come and go). Lookups try the recent
// generation, then the older one (a hit there moves back to recent). When the
// recent generation is full it becomes the older one and the previous older
// one is dropped. So entries in use survive, entries nobody asks for go
// within two generations, and it never holds more than 2 x PerGeneration:
// unlike clearing a full cache, no repaint has to rebuild everything on
// screen at once. Not thread-safe.

#include <QHash>
#include <QString>

namespace informant {

template<typename T, qsizetype PerGeneration> class TwoGenerationCache
{
public:
    static_assert(PerGeneration > 0);

    // The cached value, or nullptr. The pointer is valid until the next insert.
    T *find(const QString &key)
    {
        if (auto it = m_recent.find(key); it != m_recent.end())
            return &*it;
        auto old = m_older.find(key);
        if (old == m_older.end())
            return nullptr;
        T value = std::move(*old);
        m_older.erase(old);
        return &insert(key, std::move(value));
    }

    T &insert(const QString &key, T value)
    {
        if (m_recent.size() >= PerGeneration) {
            m_older = std::move(m_recent);
            m_recent = {};
        }
        return *m_recent.insert(key, std::move(value));
    }

    void clear()
    {
        m_recent.clear();
        m_older.clear();
    }
    qsizetype size() const { return m_recent.size() + m_older.size(); }

private:
    QHash<QString, T> m_recent;
    QHash<QString, T> m_older;
};

} // namespace informant
