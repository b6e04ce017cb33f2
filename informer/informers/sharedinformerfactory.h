#pragma once

// SharedInformerFactory: one SharedIndexInformer per InformerKey (client-go's
// informers/factory.go, reference §7). informerFor() creates lazily;
// start() starts every created-but-not-started informer (repeatable, a no-op
// after shutdown()); waitForCacheSync() waits for the started ones;
// shutdown() stops them all and joins every thread.
//
// The ListerWatcher of a key comes from the caller's function (so the factory
// needs no network code); label and field selectors of the key are applied to
// every request by the factory.
//
// Threading: every method is thread-safe; shutdown() must not be called from
// a handler.

#include "informer/informers/informerkey.h"
#include "informer/informers/sharedindexinformer.h"

#include <QHash>
#include <QSet>

#include <mutex>

namespace informant {

class SharedInformerFactory
{
public:
    using ListerWatcherFunction =
        std::function<std::shared_ptr<ListerWatcher>(const InformerKey &)>;
    // Per-key tweaks before the informer is created (indexers, resync, name).
    using OptionsFunction = std::function<void(const InformerKey &, SharedIndexInformerOptions &)>;

    explicit SharedInformerFactory(ListerWatcherFunction listerWatcher,
                                   SharedIndexInformerOptions defaults = {},
                                   OptionsFunction tweak = {});
    ~SharedInformerFactory();
    Q_DISABLE_COPY_MOVE(SharedInformerFactory)

    // The informer for `key`, created (not started) on first use; null after
    // shutdown.
    std::shared_ptr<SharedIndexInformer> informerFor(const InformerKey &key);
    std::shared_ptr<SharedIndexInformer> existingInformer(const InformerKey &key) const;
    QList<InformerKey> keys() const;
    // Lets `key`'s informer go and returns it, still running, for the caller
    // to stop (stopping joins its threads, which the GUI thread must not wait
    // for): the next informerFor(key) makes a new one (the kind's version or
    // scope changed, or it came back). An informer cannot be restarted once
    // stopped, as in client-go.
    std::shared_ptr<SharedIndexInformer> forget(const InformerKey &key);

    void start();
    // True when every started informer synced within timeoutMs.
    bool waitForCacheSync(qint64 timeoutMs);
    QHash<InformerKey, bool> syncState() const;
    void shutdown();

private:
    ListerWatcherFunction m_listerWatcher;
    const SharedIndexInformerOptions m_defaults;
    OptionsFunction m_tweak;
    mutable std::mutex m_mutex;
    QHash<InformerKey, std::shared_ptr<SharedIndexInformer>> m_informers;
    QSet<InformerKey> m_started;
    bool m_shuttingDown = false;
};

} // namespace informant
