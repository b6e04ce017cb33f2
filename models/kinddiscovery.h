#pragma once

// KindDiscovery: runs API discovery for a cluster on its own thread (the
// blocking Discovery::fetch with a RestClient owned by that thread) and
// reports the kinds that can be listed and watched, preferred versions only.
// finished() is emitted once, in the thread that called start(); the worker
// thread is quit and joined before it.

#include "models/kindinfo.h"

#include <QObject>

#include <memory>

class QThread;

namespace informant {

struct ClusterConnection;
class Interrupter;

class KindDiscovery final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(KindDiscovery)

public:
    KindDiscovery(std::shared_ptr<const ClusterConnection> connection, QObject *parent = nullptr);
    ~KindDiscovery() override;

    void start();

Q_SIGNALS:
    // `error`: the failure (or partial failures) in the server's words;
    // `failedGroupVersions`: those that could not be read ("metrics.k8s.io/v1beta1").
    void finished(const QList<informant::KindInfo> &kinds, const QString &error,
                  const QStringList &failedGroupVersions);

private:
    std::shared_ptr<const ClusterConnection> m_connection;
    // Shared with the worker: the destructor interrupts a fetch still
    // waiting (on the network, or on an exec plugin's login for up to two
    // minutes) instead of holding the window's close until it ends.
    std::shared_ptr<Interrupter> m_interrupter;
    std::unique_ptr<QThread> m_thread; // joined and deleted by the destructor
};

} // namespace informant
