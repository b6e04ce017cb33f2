// Event parsing follows kubectl's event printer for both APIs: first/last
// times, series, count, eventTime fallbacks; bad input is an error, not a crash.

#include "models/timeline/eventtooltip.h"
#include "models/timeline/objectidentity.h"
#include "models/timeline/timelineevent.h"
#include "syntheticevents.h"

#include <QTest>

using namespace informant;
using namespace informant::testing;

namespace {
constexpr qint64 kT = 1'700'000'000'000;
}

class TimelineEventTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void timesAndCountFollowKubectl_data()
    {
        QTest::addColumn<bool>("eventsV1");
        QTest::addColumn<qint64>("first");
        QTest::addColumn<qint64>("last");
        QTest::addColumn<qint64>("eventTime");
        QTest::addColumn<int>("count");
        QTest::addColumn<int>("seriesCount");
        QTest::addColumn<qint64>("seriesLast");
        QTest::addColumn<qint64>("expectedStart");
        QTest::addColumn<qint64>("expectedEnd");
        QTest::addColumn<int>("expectedCount");
        QTest::addColumn<bool>("expectedSpan");

        for (bool v1 : {false, true}) {
            const char *api = v1 ? "events.k8s.io " : "core ";
            QTest::addRow("%ssingle occurrence", api)
                << v1 << kT << kT << qint64(-1) << 1 << 0 << qint64(-1) << kT << kT << 1 << false;
            QTest::addRow("%srepeated with count", api)
                << v1 << kT << kT + 60'000 << qint64(-1) << 7 << 0 << qint64(-1) << kT
                << kT + 60'000 << 7 << true;
            QTest::addRow("%sno firstTimestamp uses eventTime", api)
                << v1 << qint64(-1) << qint64(-1) << kT + 123 << 0 << 0 << qint64(-1) << kT + 123
                << kT + 123 << 1 << false;
            QTest::addRow("%sseries overrides last and count", api)
                << v1 << qint64(-1) << qint64(-1) << kT << 0 << 12 << kT + 300'000 << kT
                << kT + 300'000 << 12 << true;
            QTest::addRow("%slast before first is clamped", api)
                << v1 << kT << kT - 5000 << qint64(-1) << 1 << 0 << qint64(-1) << kT << kT << 1
                << false;
        }
    }
    void timesAndCountFollowKubectl()
    {
        QFETCH(bool, eventsV1);
        EventSpec spec;
        QFETCH(qint64, first);
        QFETCH(qint64, last);
        QFETCH(qint64, eventTime);
        QFETCH(int, count);
        QFETCH(int, seriesCount);
        QFETCH(qint64, seriesLast);
        spec.firstMs = first;
        spec.lastMs = last;
        spec.eventTimeMs = eventTime;
        spec.count = count;
        spec.seriesCount = seriesCount;
        spec.seriesLastMs = seriesLast;
        const auto event = parseTimelineEvent(eventsV1 ? eventsV1Json(spec) : coreEventJson(spec));
        QVERIFY2(event.ok(), qPrintable(event.errorMessage()));
        QTEST(event->startMs, "expectedStart");
        QTEST(event->endMs, "expectedEnd");
        QTEST(int(event->count), "expectedCount");
        QTEST(event->isSpan(), "expectedSpan");
    }

    void bothApisReadTheSameFields()
    {
        EventSpec spec;
        spec.firstMs = kT;
        spec.type = QStringLiteral("Warning");
        spec.reason = QStringLiteral("BackOff");
        spec.message = QStringLiteral("Back-off restarting failed container");
        for (const QByteArray &json : {coreEventJson(spec), eventsV1Json(spec)}) {
            const auto event = parseTimelineEvent(json);
            QVERIFY(event.ok());
            QCOMPARE(event->uid, QStringLiteral("e1"));
            QCOMPARE(event->eventKey, QStringLiteral("default/web-1.17a"));
            QCOMPARE(event->object.kind, QStringLiteral("Pod"));
            QCOMPARE(event->object.namespaceName, QStringLiteral("default"));
            QCOMPARE(event->object.name, QStringLiteral("web-1"));
            QCOMPARE(event->object.uid, QStringLiteral("pod-uid-1"));
            QCOMPARE(event->reason, QStringLiteral("BackOff"));
            QCOMPARE(event->message, spec.message);
            QCOMPARE(event->type, EventType::Warning);
            QCOMPARE(event->source, QStringLiteral("kubelet"));
        }
    }

    void kubeletNodeEventNamesNoRealUid()
    {
        // The kubelet's reference: kind Node, the name as uid, no apiVersion.
        EventSpec spec;
        spec.firstMs = kT;
        spec.ns = QString();
        spec.kind = QStringLiteral("Node");
        spec.objectName = QStringLiteral("worker-1");
        spec.objectUid = QStringLiteral("worker-1");
        const auto kubelet = parseTimelineEvent(coreEventJson(spec));
        QVERIFY(kubelet.ok());
        QCOMPARE(knownObjectUid(kubelet->object), QString());
        QCOMPARE(objectKey(kubelet->object), QStringLiteral("Node//worker-1"));
        // A controller's: the real uid and apiVersion, the same name key.
        QJsonObject root = QJsonDocument::fromJson(coreEventJson(spec)).object();
        QJsonObject reference = root.value(QStringLiteral("involvedObject")).toObject();
        reference.insert(QStringLiteral("uid"), QStringLiteral("node-uid-1"));
        reference.insert(QStringLiteral("apiVersion"), QStringLiteral("v1"));
        root.insert(QStringLiteral("involvedObject"), reference);
        const auto controller =
            parseTimelineEvent(QJsonDocument(root).toJson(QJsonDocument::Compact));
        QVERIFY(controller.ok());
        QCOMPARE(controller->object.apiVersion, QStringLiteral("v1"));
        QCOMPARE(knownObjectUid(controller->object), QStringLiteral("node-uid-1"));
        QCOMPARE(objectKey(controller->object), objectKey(kubelet->object));
        // Other objects are their uid.
        EventSpec podSpec;
        podSpec.firstMs = kT;
        const auto pod = parseTimelineEvent(coreEventJson(podSpec));
        QVERIFY(pod.ok());
        QCOMPARE(objectKey(pod->object), QStringLiteral("pod-uid-1"));
    }

    void listItemsWithoutKindAreRecognisedByShape()
    {
        EventSpec spec;
        spec.firstMs = kT;
        QByteArray json = eventsV1Json(spec);
        json.replace("\"apiVersion\":\"events.k8s.io/v1\",", "");
        json.replace("\"kind\":\"Event\",", "");
        const auto event = parseTimelineEvent(json);
        QVERIFY(event.ok());
        QCOMPARE(event->object.name, QStringLiteral("web-1"));
        QCOMPARE(event->message, spec.message);
    }

    void badInputIsAnError_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::newRow("malformed") << QByteArray("{\"metadata\":");
        QTest::newRow("array") << QByteArray("[1,2]");
        QTest::newRow("not an event") << QByteArray(R"({"metadata":{"name":"x","uid":"u"}})");
        QTest::newRow("no time") << QByteArray(
            R"({"metadata":{"name":"x","uid":"u"},"involvedObject":{}})");
        QTest::newRow("wrong types")
            << QByteArray(R"({"metadata":7,"involvedObject":"x","count":"many"})");
    }
    void badInputIsAnError()
    {
        QFETCH(QByteArray, json);
        QVERIFY(!parseTimelineEvent(json).ok());
    }

    void creationTimestampIsTheLastResort()
    {
        const QByteArray json = R"({"metadata":{"name":"x","uid":"u","creationTimestamp":)"
                                R"("2023-11-14T22:13:20Z"},"involvedObject":{"kind":"Pod"}})";
        const auto event = parseTimelineEvent(json);
        QVERIFY(event.ok());
        QCOMPARE(event->startMs, kT);
        QCOMPARE(event->type, EventType::Other);
    }

    // The tooltip says when, relative to now: also for an event a node with
    // a clock running ahead stamped in the future.
    void toolTipSaysWhenRelativeToNow()
    {
        TimelineEvent event = makeEvent("a", "shop", "Pod", "web-1", kT);
        const QTimeZone utc = QTimeZone::utc();
        QVERIFY2(eventToolTip(event, kT + 5 * 60'000, utc).contains(QStringLiteral("(5m ago)")),
                 qPrintable(eventToolTip(event, kT + 5 * 60'000, utc)));
        const QString ahead = eventToolTip(event, kT - 2 * 60'000, utc);
        QVERIFY2(ahead.contains(QStringLiteral("(in 2m)")), qPrintable(ahead));
        QVERIFY2(!ahead.contains(QStringLiteral("invalid")), qPrintable(ahead));
    }

    // events.k8s.io lets an Event name no object (regarding is optional): it
    // is about something in its own namespace, where the timeline groups it
    // and the namespace filter keeps it.
    void eventWithoutRegardingBelongsToItsNamespace()
    {
        EventSpec spec;
        spec.ns = QStringLiteral("shop");
        spec.eventTimeMs = kT;
        QJsonObject root = QJsonDocument::fromJson(eventsV1Json(spec)).object();
        root.remove(QStringLiteral("regarding"));
        const auto event = parseTimelineEvent(QJsonDocument(root).toJson(QJsonDocument::Compact));
        QVERIFY2(event.ok(), qPrintable(event.ok() ? QString() : event.errorMessage()));
        QCOMPARE(event->object.namespaceName, QStringLiteral("shop"));
        QCOMPARE(event->object.kind, QString());
    }
};

QTEST_GUILESS_MAIN(TimelineEventTest)
#include "tst_timelineevent.moc"
