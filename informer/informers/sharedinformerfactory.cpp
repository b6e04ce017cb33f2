#include "informer/informers/sharedinformerfactory.h"

#include "informer/informers/selectorlisterwatcher.h"

#include <QSet>

#include <chrono>

namespace informant {

SharedInformerFactory::SharedInformerFactory(ListerWatcherFunction listerWatcher,
                                             SharedIndexInformerOptions defaults,
                                             OptionsFunction tweak)
    : m_listerWatcher(std::move(listerWatcher))
    , m_defaults(std::move(defaults))
    , m_tweak(std::move(tweak))
{
}

SharedInformerFactory::~SharedInformerFactory()
{
    shutdown();
}

std::shared_ptr<SharedIndexInformer> SharedInformerFactory::informerFor(const InformerKey &key)
{
    std::lock_guard lock(m_mutex);
    if (m_shuttingDown)
        return nullptr;
    if (auto found = m_informers.value(key))
        return found;
    std::shared_ptr<ListerWatcher> listerWatcher = m_listerWatcher(key);
    if (!listerWatcher)
        return nullptr;
    if (!key.labelSelector.isEmpty() || !key.fieldSelector.isEmpty())
        listerWatcher = std::make_shared<SelectorListerWatcher>(
            std::move(listerWatcher), key.labelSelector, key.fieldSelector);
    SharedIndexInformerOptions options = m_defaults;
    options.name = key.displayName();
    if (m_tweak)
        m_tweak(key, options);
    auto informer = std::make_shared<SharedIndexInformer>(std::move(listerWatcher), options);
    m_informers.insert(key, informer);
    return informer;
}

std::shared_ptr<SharedIndexInformer>
SharedInformerFactory::existingInformer(const InformerKey &key) const
{
    std::lock_guard lock(m_mutex);
    return m_informers.value(key);
}

std::shared_ptr<SharedIndexInformer> SharedInformerFactory::forget(const InformerKey &key)
{
    std::lock_guard lock(m_mutex);
    m_started.remove(key);
    return m_informers.take(key);
}

QList<InformerKey> SharedInformerFactory::keys() const
{
    std::lock_guard lock(m_mutex);
    return m_informers.keys();
}

void SharedInformerFactory::start()
{
    std::lock_guard lock(m_mutex);
    if (m_shuttingDown)
        return;
    for (auto it = m_informers.cbegin(); it != m_informers.cend(); ++it) {
        if (m_started.contains(it.key()))
            continue;
        it.value()->start();
        m_started.insert(it.key());
    }
}

QHash<InformerKey, bool> SharedInformerFactory::syncState() const
{
    std::lock_guard lock(m_mutex);
    QHash<InformerKey, bool> state;
    for (const InformerKey &key : m_started)
        state.insert(key, m_informers.value(key)->hasSynced());
    return state;
}

bool SharedInformerFactory::waitForCacheSync(qint64 timeoutMs)
{
    using namespace std::chrono;
    const auto deadline = steady_clock::now() + milliseconds(timeoutMs);
    QList<std::shared_ptr<SharedIndexInformer>> started;
    {
        std::lock_guard lock(m_mutex);
        for (const InformerKey &key : std::as_const(m_started))
            started.append(m_informers.value(key));
    }
    for (const auto &informer : std::as_const(started)) {
        const qint64 left = duration_cast<milliseconds>(deadline - steady_clock::now()).count();
        if (!informer->waitForSync(qMax<qint64>(0, left)))
            return false;
    }
    return true;
}

void SharedInformerFactory::shutdown()
{
    QList<std::shared_ptr<SharedIndexInformer>> informers;
    {
        std::lock_guard lock(m_mutex);
        m_shuttingDown = true;
        informers = m_informers.values();
    }
    for (const auto &informer : std::as_const(informers))
        informer->stop();
}

} // namespace informant
