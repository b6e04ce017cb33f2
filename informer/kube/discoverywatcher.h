#pragma once

// DiscoveryWatcher: keeps discovery current while CRDs come and go. A worker
// thread runs discovery, then lists and watches
// customresourcedefinitions.apiextensions.k8s.io; any change to a CRD
// (added, established, deleted) triggers a new discovery, and every result
// is emitted with discovered(). Failures are emitted with failed() and
// retried after a pause. The GUI's resource list and Ctrl+K use this.
//
// Threading: construct, start and destroy in one thread (usually the GUI
// thread); signals arrive queued in that thread. The destructor stops the
// worker (cancelling any blocked request) and joins it.

#include "informer/kube/clusterconnection.h"
#include "informer/kube/discoveryresult.h"
#include "informer/kube/interrupter.h"

#include <QMutex>
#include <QObject>

#include <atomic>
#include <memory>

class QThread;

namespace informant {

class ListerWatcher;
class WatchStream;

class DiscoveryWatcher final : public QObject
{
    Q_OBJECT
public:
    explicit DiscoveryWatcher(std::shared_ptr<const ClusterConnection> connection,
                              QObject *parent = nullptr);
    ~DiscoveryWatcher() override;
    Q_DISABLE_COPY_MOVE(DiscoveryWatcher)

    void start();
    void stop();

    static ResourcePath crdPath();

signals:
    void discovered(const informant::DiscoveryResult &result);
    void failed(const QString &message);

private:
    void run();
    // Blocks until a CRD changes (true) or the watch fails/stops (false).
    bool waitForCrdChange(ListerWatcher &crds);
    void pause(int ms);

    std::shared_ptr<const ClusterConnection> m_connection;
    QThread *m_thread = nullptr;
    std::atomic<bool> m_stopped{false};
    Interrupter m_interrupter;
    QMutex m_mutex; // guards m_crds and m_stream for stop()
    ListerWatcher *m_crds = nullptr;
    WatchStream *m_stream = nullptr;
};

} // namespace informant
