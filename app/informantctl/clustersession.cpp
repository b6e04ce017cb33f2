#include "clustersession.h"

#include "connection.h"
#include "shortnameambiguity.h"

#include "informer/kube/discovery.h"
#include "informer/kube/restclient.h"

#include <QTextStream>
#include <QTimer>

#include <limits>

using namespace informant;

namespace informantctl {

std::shared_ptr<const ClusterSession> ClusterSession::open(const QCommandLineParser &parser,
                                                           qint64 deadlineMs)
{
    QTextStream err(stderr);
    std::shared_ptr<ClusterSession> session(new ClusterSession);
    session->m_options = GlobalOptions::fromParser(parser);
    auto connection = connectCluster(session->m_options, MissingContextWording::ResourceBuilder);
    if (!connection) {
        err << connection.errorMessage() << '\n';
        return nullptr;
    }
    session->m_connection = *connection;
    session->m_errorPrefix = informantctl::errorPrefix(session->m_connection->config);
    RestClient client(session->m_connection);
    Interrupter giveUp;
    QTimer deadline;
    if (deadlineMs >= 0) {
        deadline.setSingleShot(true);
        QObject::connect(&deadline, &QTimer::timeout, [&giveUp] { giveUp.interrupt(); });
        deadline.start(int(qMin<qint64>(deadlineMs, std::numeric_limits<int>::max())));
    }
    auto discovery = Discovery::fetch(client, &giveUp);
    if (!discovery) {
        if (discovery.error().kind == ApiError::Kind::Cancelled)
            err << session->m_errorPrefix << "no discovery from the cluster within "
                << double(deadlineMs) / 1000 << " s (waiting for a sign-in?)\n";
        else
            err << requestErrorLine(*session->m_connection, discovery.error(),
                                    RequestKind::Discovery)
                << '\n';
        return nullptr;
    }
    session->m_discovery = std::move(*discovery);
    return session;
}

Result<ApiResource> ClusterSession::resolve(const QString &kind) const
{
    // As kubectl, once per KIND however often it is resolved (`get ev/a ev/b`).
    if (!m_shortNamesWarned.contains(kind)) {
        m_shortNamesWarned.insert(kind);
        for (const QString &warning : shortNameAmbiguities(m_discovery, kind))
            QTextStream(stderr) << "Warning: " << warning << '\n';
    }
    return m_discovery.resolve(kind);
}

QList<ApiResource> ClusterSession::category(const QString &name) const
{
    QList<ApiResource> members;
    // In discovery's order, as kubectl expands a category: `get all` prints
    // core, apps, autoscaling, batch, then custom groups, as on a cluster.
    for (const ApiResource &resource : m_discovery.preferredResourcesInServerOrder()) {
        if (resource.categories.contains(name) && resource.canListWatch())
            members.append(resource);
    }
    return members;
}

} // namespace informantctl
