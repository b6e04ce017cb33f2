#pragma once

// SelectorListerWatcher: applies label and field selectors to every list and
// watch request of another ListerWatcher (client-go's tweakListOptions /
// NewFilteredListWatchFromClient option modifier). Thread-safety is the
// wrapped ListerWatcher's.

#include "informer/cache/listerwatcher.h"

#include <memory>

namespace informant {

class SelectorListerWatcher final : public ListerWatcher
{
public:
    SelectorListerWatcher(std::shared_ptr<ListerWatcher> inner, QString labelSelector,
                          QString fieldSelector)
        : m_inner(std::move(inner))
        , m_labelSelector(std::move(labelSelector))
        , m_fieldSelector(std::move(fieldSelector))
    {
    }

    ApiResult<ListPage> list(const ListOptions &options) override
    {
        return m_inner->list(tweak(options));
    }
    ApiResult<ListPage> listMapped(const ListOptions &options, const ItemMapper &mapItem) override
    {
        return m_inner->listMapped(tweak(options), mapItem);
    }
    ApiResult<std::unique_ptr<WatchStream>> watch(const ListOptions &options) override
    {
        return m_inner->watch(tweak(options));
    }
    void setWatchRetryObserver(RetryObserver observer) override
    {
        m_inner->setWatchRetryObserver(std::move(observer));
    }
    void cancel() override { m_inner->cancel(); }
    void retryNow() override { m_inner->retryNow(); }
    bool supportsWatchList() const override { return m_inner->supportsWatchList(); }

private:
    ListOptions tweak(ListOptions options) const
    {
        options.labelSelector = m_labelSelector;
        options.fieldSelector = m_fieldSelector;
        return options;
    }

    std::shared_ptr<ListerWatcher> m_inner;
    const QString m_labelSelector;
    const QString m_fieldSelector;
};

} // namespace informant
