#pragma once

// Test helpers: Kubernetes Event JSON in both APIs and bulk synthetic
// timelines (a realistic small cluster, or N events for scale checks).

#include "models/timeline/eventstore.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>

namespace informant::testing {

inline QString isoTime(qint64 ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).toString(Qt::ISODate);
}

inline QString microTime(qint64 ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC)
        .toString(QStringLiteral("yyyy-MM-ddTHH:mm:ss.zzz000Z"));
}

struct EventSpec
{
    QString uid = QStringLiteral("e1");
    QString ns = QStringLiteral("default");
    QString name = QStringLiteral("web-1.17a");
    QString kind = QStringLiteral("Pod");
    QString objectName = QStringLiteral("web-1");
    QString objectUid = QStringLiteral("pod-uid-1");
    QString reason = QStringLiteral("Started");
    QString message = QStringLiteral("Started container web");
    QString type = QStringLiteral("Normal");
    qint64 firstMs = -1;
    qint64 lastMs = -1;
    qint64 eventTimeMs = -1;
    int count = 0;
    int seriesCount = 0;
    qint64 seriesLastMs = -1;
};

inline QByteArray coreEventJson(const EventSpec &s)
{
    QJsonObject o{
        {"apiVersion", "v1"},
        {"kind", "Event"},
        {"metadata",
         QJsonObject{
             {"name", s.name}, {"namespace", s.ns}, {"uid", s.uid}, {"resourceVersion", "1"}}},
        {"involvedObject",
         QJsonObject{
             {"kind", s.kind}, {"namespace", s.ns}, {"name", s.objectName}, {"uid", s.objectUid}}},
        {"reason", s.reason},
        {"message", s.message},
        {"type", s.type},
        {"source", QJsonObject{{"component", "kubelet"}}}};
    if (s.firstMs >= 0)
        o["firstTimestamp"] = isoTime(s.firstMs);
    if (s.lastMs >= 0)
        o["lastTimestamp"] = isoTime(s.lastMs);
    if (s.eventTimeMs >= 0)
        o["eventTime"] = microTime(s.eventTimeMs);
    if (s.count > 0)
        o["count"] = s.count;
    if (s.seriesCount > 0)
        o["series"] =
            QJsonObject{{"count", s.seriesCount}, {"lastObservedTime", microTime(s.seriesLastMs)}};
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

inline QByteArray eventsV1Json(const EventSpec &s)
{
    QJsonObject o{
        {"apiVersion", "events.k8s.io/v1"},
        {"kind", "Event"},
        {"metadata",
         QJsonObject{
             {"name", s.name}, {"namespace", s.ns}, {"uid", s.uid}, {"resourceVersion", "1"}}},
        {"regarding",
         QJsonObject{
             {"kind", s.kind}, {"namespace", s.ns}, {"name", s.objectName}, {"uid", s.objectUid}}},
        {"reason", s.reason},
        {"note", s.message},
        {"type", s.type},
        {"reportingController", "kubelet"}};
    if (s.firstMs >= 0)
        o["deprecatedFirstTimestamp"] = isoTime(s.firstMs);
    if (s.lastMs >= 0)
        o["deprecatedLastTimestamp"] = isoTime(s.lastMs);
    if (s.eventTimeMs >= 0)
        o["eventTime"] = microTime(s.eventTimeMs);
    if (s.count > 0)
        o["deprecatedCount"] = s.count;
    if (s.seriesCount > 0)
        o["series"] =
            QJsonObject{{"count", s.seriesCount}, {"lastObservedTime", microTime(s.seriesLastMs)}};
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

inline TimelineEvent makeEvent(const QString &uid, const QString &ns, const QString &kind,
                               const QString &object, qint64 startMs, qint64 endMs = -1,
                               EventType type = EventType::Normal, int count = 1,
                               const QString &reason = QStringLiteral("Started"))
{
    TimelineEvent e;
    e.uid = uid;
    e.eventKey = ns + u'/' + uid;
    e.object = {kind, ns, object, kind + u'-' + ns + u'-' + object, {}, {}, {}};
    e.reason = reason;
    e.message = reason + QStringLiteral(" for ") + object;
    e.type = type;
    e.startMs = startMs;
    e.endMs = endMs < 0 ? startMs : endMs;
    e.count = count;
    e.series = count > 1;
    return e;
}

// A lively small cluster over the `spanMs` before `nowMs`: rolling
// deployments, a crash-looping pod (BackOff series), a pending pod, a job,
// node events. Deterministic for a seed.
void fillDemoTimeline(EventStore &store, qint64 nowMs, qint64 spanMs, quint32 seed = 7);

// `count` events over `objects` objects in `namespaces` namespaces spread
// over [startMs, startMs + spanMs), 10% Warnings, 5% series.
void fillScaleTimeline(EventStore &store, int count, int objects, int namespaces, qint64 startMs,
                       qint64 spanMs, quint32 seed = 11);

} // namespace informant::testing
