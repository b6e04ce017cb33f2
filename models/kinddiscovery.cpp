#include "models/kinddiscovery.h"

#include "informer/kube/clusterconnection.h"
#include "informer/kube/discovery.h"
#include "informer/kube/interrupter.h"
#include "informer/kube/restclient.h"

#include <QPointer>
#include <QThread>

namespace informant {

KindDiscovery::KindDiscovery(std::shared_ptr<const ClusterConnection> connection, QObject *parent)
    : QObject(parent)
    , m_connection(std::move(connection))
    , m_interrupter(std::make_shared<Interrupter>())
{
    qRegisterMetaType<QList<KindInfo>>();
}

KindDiscovery::~KindDiscovery()
{
    if (m_thread) {
        m_interrupter->interrupt();
        m_thread->quit();
        m_thread->wait();
    }
}

void KindDiscovery::start()
{
    if (m_thread)
        return;
    std::shared_ptr<const ClusterConnection> connection = m_connection;
    QPointer<KindDiscovery> self(this);
    m_thread.reset(QThread::create([connection, self, interrupter = m_interrupter] {
        RestClient client(connection);
        const auto result = Discovery::fetch(client, interrupter.get());
        QList<KindInfo> kinds;
        QString error;
        QStringList failedGroupVersions;
        if (!result.ok()) {
            error = result.error().message;
        } else {
            for (const ApiResource &r : result.value().preferredResources()) {
                if (!r.canListWatch())
                    continue;
                kinds.append(
                    KindInfo{r.group, r.version, r.kind, r.name, r.namespaced, r.shortNames});
            }
            error = result.value().failures.join(QStringLiteral("; "));
            for (const QString &failure : result.value().failures)
                failedGroupVersions.append(failure.section(QStringLiteral(": "), 0, 0));
        }
        QMetaObject::invokeMethod(
            self,
            [self, kinds, error, failedGroupVersions] {
                if (self)
                    Q_EMIT self->finished(kinds, error, failedGroupVersions);
            },
            Qt::QueuedConnection);
    }));
    m_thread->setObjectName(QStringLiteral("discovery"));
    m_thread->start();
}

} // namespace informant
