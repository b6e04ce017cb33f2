#pragma once

// ListPager: a list in pages of `pageSize` (client-go tools/pager, reference
// §1.5). Items of every page are accumulated; the resourceVersion is the first
// page's. Continuation requests clear resourceVersion/resourceVersionMatch.
// When a continuation expires (410 Expired) and fullListIfExpired is set, one
// unpaginated list at the caller's original resourceVersion is issued instead.
//
// Blocking; used from the reflector thread.

#include "informer/cache/listerwatcher.h"

#include <functional>

namespace informant {

struct PagedList
{
    QString resourceVersion;
    QList<KubeObject> items;
    bool paginated = false; // more than one page was needed
};

class ListPager
{
public:
    static constexpr qint64 kDefaultPageSize = 500;

    // pageSize 0 means unpaginated (no limit).
    explicit ListPager(ListerWatcher &listerWatcher, qint64 pageSize = kDefaultPageSize,
                       bool fullListIfExpired = true);

    // `progress` (optional) is called after each page with the items so far.
    ApiResult<PagedList> list(ListOptions options,
                              const std::function<void(qint64)> &progress = {});

    qint64 pageSize() const { return m_pageSize; }

    // Applied to every item as it is decoded (ListerWatcher::listMapped).
    // The reflector passes ReflectorStore::knownVersion so that a relist
    // shares unchanged objects with the cache as they arrive.
    void setItemMapper(ListerWatcher::ItemMapper mapper) { m_itemMapper = std::move(mapper); }

private:
    ListerWatcher &m_listerWatcher;
    qint64 m_pageSize;
    bool m_fullListIfExpired;
    ListerWatcher::ItemMapper m_itemMapper;
};

} // namespace informant
