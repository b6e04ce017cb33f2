#pragma once

// ClusterSession: what every command that reads resources starts with: the
// global options resolved into a connection (connection.h) and the server's
// discovery, fetched once however many kinds the command reads
// (`get deploy,rs,po`).
//
// Its failures name the kubeconfig context they concern (errorPrefix()), so
// a user with several clusters knows which one refused; the request and the
// server's Status message come from the ApiError itself. With --server and
// no kubeconfig there is no context to name.

#include "globaloptions.h"

#include "informer/core/result.h"
#include "informer/kube/apiresource.h"
#include "informer/kube/clusterconnection.h"
#include "informer/kube/discoveryresult.h"

#include <QCommandLineParser>
#include <QSet>

#include <memory>

namespace informantctl {

class ClusterSession
{
public:
    // Connects and reads discovery. On failure prints "error: ..." to stderr
    // and returns null. Discovery gives up once `deadlineMs` (>= 0) has
    // passed: an exec plugin may wait for a sign-in for minutes, and
    // `dump --for 3` must end after 3 s all the same.
    static std::shared_ptr<const ClusterSession> open(const QCommandLineParser &parser,
                                                      qint64 deadlineMs = -1);

    const GlobalOptions &options() const { return m_options; }
    const std::shared_ptr<const informant::ClusterConnection> &connection() const
    {
        return m_connection;
    }
    // A user-typed KIND (plural, singular, Kind, short name, resource.group),
    // with kubectl's message for one the server does not have. A short name
    // several resources claim is warned about on stderr, as kubectl does
    // (shortnameambiguity.h).
    informant::Result<informant::ApiResource> resolve(const QString &kind) const;
    // The listable resources of a discovery category (`all`: pods, services,
    // the workloads...), in discovery order, as kubectl expands `get all`.
    QList<informant::ApiResource> category(const QString &name) const;
    // "error: " or, from a kubeconfig context, "error: context \"NAME\": ".
    QString errorPrefix() const { return m_errorPrefix; }

private:
    ClusterSession() = default;

    GlobalOptions m_options;
    std::shared_ptr<const informant::ClusterConnection> m_connection;
    informant::DiscoveryResult m_discovery;
    QString m_errorPrefix;
    mutable QSet<QString> m_shortNamesWarned; // the KINDs resolve() has warned about
};

} // namespace informantctl
