#pragma once

// The objects tst_mainwindow and tst_detailsandhistory put in their local
// cluster, and the fixture that opens a window on it: three pods (two in
// shop, one in db) in a session with the standard kinds.

#include "localclustersession.h"
#include "models/resourcetablemodel.h"
#include "ui/mainwindow.h"
#include "ui/resourceview.h"

#include <QAbstractItemModel>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSettings>

#include <memory>

namespace informant::test {

inline KubeObject pod(const QString &ns, const QString &name, const QString &app,
                      const QString &phase,
                      const QString &created = QStringLiteral("2024-05-01T10:00:00Z"))
{
    const QJsonObject obj{{"apiVersion", "v1"},
                          {"kind", "Pod"},
                          {"metadata", QJsonObject{{"name", name},
                                                   {"namespace", ns},
                                                   {"uid", ns + name},
                                                   {"creationTimestamp", created},
                                                   {"labels", QJsonObject{{"app", app}}}}},
                          {"spec", QJsonObject{{"nodeName", "node-1"}}},
                          {"status", QJsonObject{{"phase", phase}}}};
    return KubeObject::fromJson(QJsonDocument(obj).toJson(QJsonDocument::Compact)).value();
}

inline KubeObject deployment(const QString &ns, const QString &name, const QString &app)
{
    const QJsonObject obj{{"apiVersion", "apps/v1"},
                          {"kind", "Deployment"},
                          {"metadata", QJsonObject{{"name", name},
                                                   {"namespace", ns},
                                                   {"uid", ns + name},
                                                   {"labels", QJsonObject{{"app", app}}}}}};
    return KubeObject::fromJson(QJsonDocument(obj).toJson(QJsonDocument::Compact)).value();
}

// A pod of the Deployment `owner` (a ReplicaSet's pod, shortened).
inline KubeObject ownedPod(const QString &ns, const QString &name, const QString &owner)
{
    const QJsonObject obj{
        {"apiVersion", "v1"},
        {"kind", "Pod"},
        {"metadata",
         QJsonObject{{"name", name},
                     {"namespace", ns},
                     {"uid", ns + name},
                     {"creationTimestamp", "2024-05-01T10:00:00Z"},
                     {"ownerReferences", QJsonArray{QJsonObject{{"apiVersion", "apps/v1"},
                                                                {"kind", "Deployment"},
                                                                {"name", owner},
                                                                {"uid", ns + owner},
                                                                {"controller", true}}}}}},
        {"status", QJsonObject{{"phase", "Running"}}}};
    return KubeObject::fromJson(QJsonDocument(obj).toJson(QJsonDocument::Compact)).value();
}

// A core/v1 Event about the object whose uid is ns + name (as pod() makes them).
inline KubeObject eventAbout(const QString &ns, const QString &kind, const QString &name,
                             const QString &reason)
{
    const QString eventName = name + u'.' + reason;
    const QJsonObject obj{
        {"apiVersion", "v1"},
        {"kind", "Event"},
        {"metadata", QJsonObject{{"name", eventName}, {"namespace", ns}, {"uid", ns + eventName}}},
        {"involvedObject",
         QJsonObject{{"kind", kind}, {"namespace", ns}, {"name", name}, {"uid", ns + name}}},
        {"reason", reason},
        {"message", reason + QStringLiteral(" happened")},
        {"type", "Normal"},
        {"firstTimestamp", "2024-05-01T10:00:00Z"},
        {"lastTimestamp", "2024-05-01T10:00:00Z"}};
    return KubeObject::fromJson(QJsonDocument(obj).toJson(QJsonDocument::Compact)).value();
}

inline QStringList headersOf(const QAbstractItemModel *model)
{
    QStringList headers;
    for (int c = 0; c < model->columnCount(); ++c)
        headers.append(model->headerData(c, Qt::Horizontal).toString());
    return headers;
}

struct Fixture
{
    LocalClusterSession session;
    std::unique_ptr<MainWindow> window;
    QStringList opened;

    // `watchKindsSetting`: the "tree/watchKinds" setting the window starts with.
    explicit Fixture(QList<KindInfo> kinds = standardKinds(), const QString &watchKindsSetting = {})
        : session(std::move(kinds))
    {
        QSettings().clear();
        if (!watchKindsSetting.isEmpty())
            QSettings().setValue(QStringLiteral("tree/watchKinds"), watchKindsSetting);
        LocalKindSource *pods = session.local(QStringLiteral("pods"));
        pods->upsert(pod(QStringLiteral("shop"), QStringLiteral("web-1"), QStringLiteral("web"),
                         QStringLiteral("Running")));
        pods->upsert(pod(QStringLiteral("shop"), QStringLiteral("web-2"), QStringLiteral("web"),
                         QStringLiteral("Pending")));
        pods->upsert(pod(QStringLiteral("db"), QStringLiteral("pg-0"), QStringLiteral("pg"),
                         QStringLiteral("Running")));
        pods->flush();
        window = std::make_unique<MainWindow>(&session, QStringList{"test", "other"},
                                              [this](const QString &c) { opened.append(c); });
        // A fresh window's size on a screen with room for it (the offscreen
        // platform's is 800x800, which bounds a fresh window).
        window->resize(1440, 860);
        window->show();
    }
    ResourceTableModel *model() const { return window->resourceView()->feed()->model(); }
};

} // namespace informant::test
