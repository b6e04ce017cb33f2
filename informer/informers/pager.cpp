#include "informer/informers/pager.h"

#include <QSet>

namespace informant {

namespace {

// A Table has rows, not items: taken for an empty list, its Replace would
// delete every cached object.
ApiError unsupportedList(const ListPage &page)
{
    return ApiError{
        ApiError::Kind::Decode,
        QStringLiteral("unsupported list gvk: %1, Kind=%2").arg(page.apiVersion, page.kind),
        {}};
}

} // namespace

ListPager::ListPager(ListerWatcher &listerWatcher, qint64 pageSize, bool fullListIfExpired)
    : m_listerWatcher(listerWatcher)
    , m_pageSize(pageSize)
    , m_fullListIfExpired(fullListIfExpired)
{
}

ApiResult<PagedList> ListPager::list(ListOptions options,
                                     const std::function<void(qint64)> &progress)
{
    if (options.limit == 0)
        options.limit = m_pageSize;
    const QString originalResourceVersion = options.resourceVersion;
    const QString originalResourceVersionMatch = options.resourceVersionMatch;

    PagedList result;
    QSet<QString> seenTokens;
    bool first = true;
    for (;;) {
        ApiResult<ListPage> page = m_listerWatcher.listMapped(options, m_itemMapper);
        if (!page.ok()) {
            // Only an expired continuation falls back to one full list; an
            // expired first page is the caller's problem (it relists at "").
            if (page.error().isResourceExpired() && m_fullListIfExpired &&
                !options.continueToken.isEmpty()) {
                ListOptions full = options;
                full.limit = 0;
                full.continueToken.clear();
                full.resourceVersion = originalResourceVersion;
                full.resourceVersionMatch = originalResourceVersionMatch;
                ApiResult<ListPage> whole = m_listerWatcher.listMapped(full, m_itemMapper);
                if (!whole.ok())
                    return whole.error();
                if (isMetaTable(whole->kind, whole->apiVersion))
                    return unsupportedList(*whole);
                PagedList fallback;
                fallback.resourceVersion = whole->resourceVersion;
                fallback.items = std::move(whole.value().items);
                fallback.paginated = result.paginated;
                if (progress)
                    progress(fallback.items.size());
                return fallback;
            }
            return page.error();
        }
        ListPage &current = page.value();
        if (isMetaTable(current.kind, current.apiVersion))
            return unsupportedList(current);
        if (first) {
            result.resourceVersion = current.resourceVersion;
            result.items = std::move(current.items);
            first = false;
        } else {
            result.items.append(current.items);
        }
        if (progress)
            progress(result.items.size());
        if (current.continueToken.isEmpty())
            return result;
        // A token handed out before would list the same pages again, and
        // again: without this, a server repeating one grew the list forever.
        if (seenTokens.contains(current.continueToken))
            return ApiError{ApiError::Kind::Decode,
                            QStringLiteral("the server repeated a continue token after %1 items: "
                                           "the list makes no progress")
                                .arg(result.items.size()),
                            {}};
        seenTokens.insert(current.continueToken);
        options.continueToken = current.continueToken;
        options.resourceVersion.clear();
        options.resourceVersionMatch.clear();
        result.paginated = true;
    }
}

} // namespace informant
