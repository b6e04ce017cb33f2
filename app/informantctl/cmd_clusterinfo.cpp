// informantctl cluster-info: kubectl cluster-info's text. The control plane
// is the server informantctl talks to; each service of the namespace (-n,
// else kube-system) labelled kubernetes.io/cluster-service=true follows,
// named by its kubernetes.io/name label (else its name), at its load
// balancer or at the API server's proxy path for it, as kubectl links them.
// The lines are always plain: kubectl colours the names and addresses only
// on a terminal. kubectl's `cluster-info dump` is not offered (arguments
// are ignored, as kubectl ignores them).

#include "command.h"
#include "connection.h"
#include "kubectlerror.h"
#include "standardoutput.h"

#include "informer/kube/restclient.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>
#include <QUrlQuery>

using namespace informant;

namespace informantctl {

namespace {

constexpr char kDumpHint[] =
    "\nTo further debug and diagnose cluster problems, use 'kubectl cluster-info dump'.\n";

// Where kubectl says a cluster service runs: each port of its load
// balancer's first ingress ("http://IP:PORT " each, space included), else
// the API server's proxy for it, through its first port
// ([https:]NAME[:PORT-NAME], utilnet.JoinSchemeNamePort).
QString serviceLink(const QJsonObject &service, const QString &host)
{
    const QJsonArray ports = service[u"spec"][u"ports"].toArray();
    const QJsonArray ingress = service[u"status"][u"loadBalancer"][u"ingress"].toArray();
    if (!ingress.isEmpty()) {
        QString address = ingress.first()[u"ip"].toString();
        if (address.isEmpty())
            address = ingress.first()[u"hostname"].toString();
        QString link;
        for (const QJsonValue &port : ports)
            link += QStringLiteral("http://%1:%2 ").arg(address).arg(port[u"port"].toInteger());
        return link;
    }
    const QJsonObject metadata = service[u"metadata"].toObject();
    QString name = metadata[u"name"].toString();
    if (!ports.isEmpty()) {
        const QJsonValue port = ports.first();
        const QString portName = port[u"name"].toString();
        if (portName == QLatin1String("https") || port[u"port"].toInteger() == 443)
            name = QStringLiteral("https:%1:%2").arg(name, portName);
        else if (!portName.isEmpty())
            name += u':' + portName;
    }
    return QStringLiteral("%1/api/v1/namespaces/%2/services/%3/proxy")
        .arg(host, metadata[u"namespace"].toString(), name);
}

QString runningAt(const QString &name, const QString &link)
{
    return QStringLiteral("%1 is running at %2\n").arg(name, link);
}

int runClusterInfo(const QCommandLineParser &parser, const QStringList &)
{
    QTextStream err(stderr);
    const GlobalOptions options = GlobalOptions::fromParser(parser);
    auto connection = connectCluster(options);
    if (!connection) {
        err << connection.errorMessage() << '\n';
        return 1;
    }
    const ClusterConfig &config = (*connection)->config;
    const QString namespaceName =
        options.namespaceName.isEmpty() ? QStringLiteral("kube-system") : options.namespaceName;
    RestClient client(*connection);
    QUrlQuery query;
    query.addQueryItem(QStringLiteral("labelSelector"),
                       QStringLiteral("kubernetes.io/cluster-service=true"));
    const auto services = client.getBlocking(
        QStringLiteral("/api/v1/namespaces/%1/services").arg(namespaceName), query);
    if (!services) {
        // As kubectl: the hint still prints, then the error.
        writeStandardOutput(QByteArray(kDumpHint));
        // kubectl maps "services" through discovery first: a refused user
        // is refused there, in its discovery client's words.
        err << kubectlErrorLine(**connection, services.error(), RequestKind::Discovery)
                   .value_or(requestErrorLine(**connection, services.error()))
            << '\n';
        return 1;
    }
    const QString host = config.server.toString();
    QString text = runningAt(QStringLiteral("Kubernetes control plane"), host);
    const QJsonArray items = QJsonDocument::fromJson(services->body)[u"items"].toArray();
    for (const QJsonValue &item : items) {
        const QJsonObject service = item.toObject();
        QString name = service[u"metadata"][u"labels"][u"kubernetes.io/name"].toString();
        if (name.isEmpty())
            name = service[u"metadata"][u"name"].toString();
        text += runningAt(name, serviceLink(service, host));
    }
    writeStandardOutput(text + QLatin1String(kDumpHint));
    return 0;
}

const CommandRegistration registration(Command{
    QStringLiteral("cluster-info"),
    QStringLiteral("cluster-info                        where the control plane runs, like kubectl "
                   "cluster-info"),
    {},
    runClusterInfo,
});

} // namespace

} // namespace informantctl
