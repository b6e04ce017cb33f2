#include "informer/kube/discoverywatcher.h"

#include "informer/kube/discovery.h"
#include "informer/kube/restlisterwatcher.h"

#include <QDeadlineTimer>
#include <QThread>

namespace informant {

namespace {

constexpr int kRetryPauseMs = 5000;
constexpr int kCrdWatchTimeoutSeconds = 300;

} // namespace

DiscoveryWatcher::DiscoveryWatcher(std::shared_ptr<const ClusterConnection> connection,
                                   QObject *parent)
    : QObject(parent)
    , m_connection(std::move(connection))
{
}

DiscoveryWatcher::~DiscoveryWatcher()
{
    stop();
}

ResourcePath DiscoveryWatcher::crdPath()
{
    return ResourcePath{QStringLiteral("apiextensions.k8s.io"),
                        QStringLiteral("v1"),
                        QStringLiteral("customresourcedefinitions"),
                        {},
                        false};
}

void DiscoveryWatcher::start()
{
    if (m_thread)
        return;
    m_thread = QThread::create([this] { run(); });
    m_thread->setObjectName(QStringLiteral("discovery"));
    m_thread->start();
}

void DiscoveryWatcher::stop()
{
    m_stopped = true;
    m_interrupter.interrupt();
    {
        QMutexLocker lock(&m_mutex);
        if (m_crds)
            m_crds->cancel();
        if (m_stream)
            m_stream->stop();
    }
    if (m_thread) {
        m_thread->wait();
        delete m_thread;
        m_thread = nullptr;
    }
}

void DiscoveryWatcher::pause(int ms)
{
    const QDeadlineTimer deadline(ms);
    while (!m_stopped && !deadline.hasExpired())
        QThread::msleep(50);
}

void DiscoveryWatcher::run()
{
    RestClient client(m_connection);
    RestListerWatcher crds(m_connection, crdPath());
    {
        QMutexLocker lock(&m_mutex);
        m_crds = &crds;
    }
    if (m_stopped)
        crds.cancel();
    while (!m_stopped) {
        auto result = Discovery::fetch(client, &m_interrupter);
        if (m_stopped)
            break;
        if (!result) {
            emit failed(result.error().message);
            pause(kRetryPauseMs);
            continue;
        }
        emit discovered(*result);
        if (!waitForCrdChange(crds))
            pause(kRetryPauseMs);
    }
    QMutexLocker lock(&m_mutex);
    m_crds = nullptr;
}

bool DiscoveryWatcher::waitForCrdChange(ListerWatcher &crds)
{
    auto page = crds.list({});
    if (!page)
        return false;
    QString resourceVersion = page->resourceVersion;
    while (!m_stopped) {
        ListOptions options;
        options.resourceVersion = resourceVersion;
        options.allowWatchBookmarks = true;
        options.timeoutSeconds = kCrdWatchTimeoutSeconds;
        auto stream = crds.watch(options);
        if (!stream)
            return false;
        {
            QMutexLocker lock(&m_mutex);
            m_stream = stream.value().get();
        }
        if (m_stopped)
            stream.value()->stop();
        QList<WatchEvent> events;
        WatchStream::Next next = WatchStream::Next::Closed;
        bool changed = false;
        while (!changed && (next = stream.value()->next(events)) == WatchStream::Next::Events) {
            for (const WatchEvent &event : std::as_const(events)) {
                if (event.type == WatchEvent::Type::Error) {
                    next = WatchStream::Next::Error;
                    break;
                }
                if (!event.object.resourceVersion().isEmpty())
                    resourceVersion = event.object.resourceVersion();
                changed = changed || event.type != WatchEvent::Type::Bookmark;
            }
            events.clear();
            if (next == WatchStream::Next::Error)
                break;
        }
        {
            QMutexLocker lock(&m_mutex);
            m_stream = nullptr;
        }
        if (changed)
            return true;
        if (next != WatchStream::Next::Closed)
            return false; // error or stopped: start over with a new discovery
    }
    return false;
}

} // namespace informant
