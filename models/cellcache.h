#pragma once

// CellCache: formatted cell text for recently shown rows, bounded (Wireshark's
// column string cache). Views ask only for visible cells, so formatting cost
// follows the viewport, not the row count. An entry is valid while the row
// still holds the same object and the clock is in the same second (AGE text).
// GUI thread only.

#include "informer/core/kubeobject.h"

#include <QCache>
#include <QString>
#include <QStringList>

namespace informant {

class CellCache
{
public:
    static constexpr int kDefaultRows = 2000;

    explicit CellCache(int maxRows = kDefaultRows)
        : m_cache(maxRows)
    {
    }

    // The cached cells of `key`, or nullptr when missing or stale.
    const QStringList *find(const QString &key, const KubeObject &object, qint64 second) const;
    const QStringList &insert(const QString &key, const KubeObject &object, qint64 second,
                              QStringList cells);
    void remove(const QString &key) { m_cache.remove(key); }
    void clear() { m_cache.clear(); }
    qsizetype size() const { return m_cache.size(); }
    qsizetype maxRows() const { return m_cache.maxCost(); }

private:
    struct Entry
    {
        KubeObject object;
        qint64 second = 0;
        QStringList cells;
    };
    QCache<QString, Entry> m_cache;
};

} // namespace informant
