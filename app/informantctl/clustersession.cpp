#include "clustersession.h"

#include "connection.h"

#include "informer/kube/discovery.h"
#include "informer/kube/restclient.h"

#include <QTextStream>

using namespace informant;

namespace informantctl {

std::shared_ptr<const ClusterSession> ClusterSession::open(const QCommandLineParser &parser)
{
    QTextStream err(stderr);
    std::shared_ptr<ClusterSession> session(new ClusterSession);
    session->m_options = GlobalOptions::fromParser(parser);
    auto connection = connectCluster(session->m_options);
    if (!connection) {
        err << "error: " << connection.errorMessage() << '\n';
        return nullptr;
    }
    session->m_connection = *connection;
    session->m_errorPrefix = informantctl::errorPrefix(session->m_connection->config);
    RestClient client(session->m_connection);
    auto discovery = Discovery::fetch(client);
    if (!discovery) {
        err << session->m_errorPrefix << discovery.error().message << '\n';
        return nullptr;
    }
    session->m_discovery = std::move(*discovery);
    return session;
}

Result<ApiResource> ClusterSession::resolve(const QString &kind) const
{
    return m_discovery.resolve(kind);
}

QList<ApiResource> ClusterSession::category(const QString &name) const
{
    QList<ApiResource> members;
    for (const ApiResource &resource : m_discovery.preferredResources()) {
        if (resource.categories.contains(name) && resource.canListWatch())
            members.append(resource);
    }
    return members;
}

} // namespace informantctl
