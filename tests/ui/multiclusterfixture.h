#pragma once

// The window of two clusters that tst_multiclusterwindow and
// tst_multiclusterdetails open (informant --context east --context west),
// and the Nodes and Events they put in either cluster.

#include "localclustersession.h"
#include "mainwindowfixture.h"
#include "models/clusterrowkey.h"
#include "models/multiclustersession.h"

#include <QTableView>

namespace informant::test {

inline KindInfo crontabs()
{
    return KindInfo{QStringLiteral("stable.example.com"),
                    QStringLiteral("v1"),
                    QStringLiteral("CronTab"),
                    QStringLiteral("crontabs"),
                    true,
                    {}};
}

// east and west both have shop/web-1 (Running in east, Pending in west);
// only west serves crontabs.
struct MultiFixture
{
    LocalClusterSession *east = new LocalClusterSession(standardKinds());
    LocalClusterSession *west = new LocalClusterSession(standardKinds() + QList{crontabs()});
    MultiClusterSession *session;
    std::unique_ptr<MainWindow> window;

    MultiFixture()
    {
        QSettings().clear();
        east->setName(QStringLiteral("east"));
        west->setName(QStringLiteral("west"));
        LocalKindSource *eastPods = east->local(QStringLiteral("pods"));
        eastPods->upsert(pod(QStringLiteral("shop"), QStringLiteral("web-1"), QStringLiteral("web"),
                             QStringLiteral("Running")));
        eastPods->upsert(pod(QStringLiteral("db"), QStringLiteral("pg-0"), QStringLiteral("pg"),
                             QStringLiteral("Running")));
        eastPods->flush();
        LocalKindSource *westPods = west->local(QStringLiteral("pods"));
        westPods->upsert(pod(QStringLiteral("shop"), QStringLiteral("web-1"), QStringLiteral("web"),
                             QStringLiteral("Pending")));
        westPods->flush();
        for (LocalClusterSession *cluster : {east, west}) {
            LocalKindSource *deployments = cluster->local(QStringLiteral("deployments"));
            deployments->upsert(
                deployment(QStringLiteral("shop"), QStringLiteral("web"), QStringLiteral("web")));
            deployments->flush();
        }
        session = new MultiClusterSession({east, west});
        window = std::make_unique<MainWindow>(session, QStringList{"east", "west"},
                                              [](const QString &) {});
        session->setParent(window.get());
        // A fresh window's size on a screen with room for it (the offscreen
        // platform's is 800x800, which bounds a fresh window).
        window->resize(1440, 860);
        window->show();
    }
    ResourceTableModel *model() const { return window->resourceView()->feed()->model(); }
    int rowOf(const char *cluster, const char *key) const
    {
        return model()->rowOfKey(
            clusterRowKey(QString::fromLatin1(cluster), QString::fromLatin1(key)));
    }
    void select(int row) const
    {
        window->resourceView()->table()->setCurrentIndex(model()->index(row, 0));
    }
    // An event about east's db/pg-0 and one about west's shop/web-1.
    void addAnEventInEachCluster() const
    {
        LocalKindSource *eastEvents = east->local(QStringLiteral("events"));
        eastEvents->upsert(eventAbout(QStringLiteral("db"), QStringLiteral("Pod"),
                                      QStringLiteral("pg-0"), QStringLiteral("Pulled")));
        eastEvents->flush();
        LocalKindSource *westEvents = west->local(QStringLiteral("events"));
        westEvents->upsert(eventAbout(QStringLiteral("shop"), QStringLiteral("Pod"),
                                      QStringLiteral("web-1"), QStringLiteral("Scheduled")));
        westEvents->flush();
    }
};

// A Node of `cluster`, with a uid of its own there.
inline KubeObject node(const QString &cluster, const QString &name)
{
    const QJsonObject obj{
        {"apiVersion", "v1"},
        {"kind", "Node"},
        {"metadata", QJsonObject{{"name", name}, {"uid", cluster + u'-' + name}}}};
    return KubeObject::fromJson(QJsonDocument(obj).toJson(QJsonDocument::Compact)).value();
}

// A core/v1 Event of `cluster` about the object `uid` at `timestamp`. A
// kubelet's about its Node names the node's name as the uid.
inline KubeObject eventIn(const QString &cluster, const QString &kind, const QString &ns,
                          const QString &name, const QString &uid, const QString &reason,
                          const QString &timestamp)
{
    const QString eventName = name + u'.' + reason + u'.' + uid;
    const QString eventNamespace = ns.isEmpty() ? QStringLiteral("default") : ns;
    const QJsonObject obj{
        {"apiVersion", "v1"},
        {"kind", "Event"},
        {"metadata", QJsonObject{{"name", eventName},
                                 {"namespace", eventNamespace},
                                 {"uid", cluster + u'-' + eventName}}},
        {"involvedObject",
         QJsonObject{{"kind", kind}, {"namespace", ns}, {"name", name}, {"uid", uid}}},
        {"reason", reason},
        {"message", reason + QStringLiteral(" happened")},
        {"type", "Normal"},
        {"firstTimestamp", timestamp},
        {"lastTimestamp", timestamp}};
    return KubeObject::fromJson(QJsonDocument(obj).toJson(QJsonDocument::Compact)).value();
}

// A running pod, as the object `uid`.
inline KubeObject podWithUid(const QString &ns, const QString &name, const QString &uid)
{
    const QJsonObject obj{
        {"apiVersion", "v1"},
        {"kind", "Pod"},
        {"metadata", QJsonObject{{"name", name}, {"namespace", ns}, {"uid", uid}}},
        {"status", QJsonObject{{"phase", "Running"}}}};
    return KubeObject::fromJson(QJsonDocument(obj).toJson(QJsonDocument::Compact)).value();
}

} // namespace informant::test
