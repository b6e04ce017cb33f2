#include "informer/kube/execplugincache.h"

#include "informer/kube/execplugin.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMutex>

#include <map>

namespace informant {

namespace {

// Everything that may change what the plugin answers: its command line and
// environment, how it is asked, and the cluster when it is told which one
// (without provideClusterInfo, client-go shares one plugin between clusters).
QByteArray cacheKey(const ExecConfig &exec, const ClusterConfig &cluster)
{
    QJsonArray env;
    for (const auto &[name, value] : exec.env)
        env.append(QJsonArray{name, value});
    QJsonObject key{{QStringLiteral("apiVersion"), exec.apiVersion},
                    {QStringLiteral("command"), exec.command},
                    {QStringLiteral("args"), QJsonArray::fromStringList(exec.args)},
                    {QStringLiteral("env"), env},
                    {QStringLiteral("interactiveMode"), exec.interactiveMode},
                    {QStringLiteral("installHint"), exec.installHint},
                    {QStringLiteral("provideClusterInfo"), exec.provideClusterInfo}};
    if (exec.provideClusterInfo) {
        key.insert(QStringLiteral("server"), cluster.server.toString());
        key.insert(QStringLiteral("tlsServerName"), cluster.tlsServerName);
        key.insert(QStringLiteral("insecure"), cluster.insecureSkipTlsVerify);
        key.insert(QStringLiteral("ca"), QString::fromLatin1(cluster.certificateAuthorityPem));
        key.insert(QStringLiteral("proxyUrl"), cluster.proxyUrl.toString());
    }
    return QJsonDocument(key).toJson(QJsonDocument::Compact);
}

} // namespace

std::shared_ptr<ExecPlugin> sharedExecPlugin(const ExecConfig &exec, const ClusterConfig &cluster)
{
    static QMutex mutex;
    static std::map<QByteArray, std::weak_ptr<ExecPlugin>> plugins;
    const QByteArray key = cacheKey(exec, cluster);
    QMutexLocker lock(&mutex);
    // Entries whose plugin is gone are dropped as others are made, so the
    // map holds no more than the configs in use plus the one being added.
    std::erase_if(plugins, [](const auto &entry) { return entry.second.expired(); });
    if (auto existing = plugins[key].lock())
        return existing;
    auto plugin = std::make_shared<ExecPlugin>(exec, cluster);
    plugins[key] = plugin;
    return plugin;
}

} // namespace informant
