// The `replay` scenario (pre-made changes streamed back-to-back from one
// resourceVersion, the S2 benchmark source) and --churn as an option of every
// scenario.

#include "simfixtures.h"

#include <QSet>

using namespace informant;
using namespace informant::sim;
using namespace simtest;

namespace {

QString listRv(quint16 port, const QByteArray &path)
{
    return get(port, path).json().value("metadata").toObject().value("resourceVersion").toString();
}

QString keyOf(const QJsonObject &object)
{
    const QJsonObject metadata = object.value("metadata").toObject();
    return metadata.value("namespace").toString() + '/' + metadata.value("name").toString();
}

} // namespace

class TestSimReplay : public QObject
{
    Q_OBJECT

private slots:
    void replayStreamsEveryChangeInOrderFromItsStart();
    void replayEndsInTheListedState();
    void replayResumesFromAnyVersionInside_data();
    void replayResumesFromAnyVersionInside();
    void selectiveWatchOfTheReplaySeesOnlyItsPods();
    void exactListInsideTheReplayShowsThatState();
    void watchFromBeforeTheReplayIsGone();
    void replayOnRequestReachesWatchersOpenBefore();
    void otherScenariosHaveNoReplay();
    void everyScenarioChurnsWhenAsked_data();
    void everyScenarioChurnsWhenAsked();
};

namespace {

constexpr int kPods = 20;
constexpr int kChanges = 1000;

std::unique_ptr<Simulator> startReplay(double churn = 0)
{
    SimOptions options;
    options.scenario = QStringLiteral("replay");
    options.pods = kPods;
    options.namespaces = 3;
    options.replayChanges = kChanges;
    options.churnPerSecond = churn;
    return startSim(options);
}

} // namespace

void TestSimReplay::replayStreamsEveryChangeInOrderFromItsStart()
{
    const auto sim = startReplay();
    QVERIFY(sim->replay().has_value());
    const QJsonObject info = get(sim->port(), "/sim/v1/replay").json();
    QCOMPARE(info.value("path").toString(), QStringLiteral("/api/v1/pods"));
    QCOMPARE(info.value("changes").toInteger(), kChanges);
    QCOMPARE(info.value("available").toBool(), true);
    const quint64 from = info.value("resourceVersion").toString().toULongLong();
    QCOMPARE(from, sim->replay()->fromRv);
    QCOMPARE(info.value("lastResourceVersion").toString().toULongLong(), from + kChanges);
    QCOMPARE(listRv(sim->port(), "/api/v1/pods?limit=1").toULongLong(), from + kChanges);

    Watch watch(sim->port(), "/api/v1/pods?watch=1&resourceVersion=" + QByteArray::number(from));
    const QList<QJsonObject> events = watch.next(kChanges);
    QCOMPARE(events.size(), kChanges);
    QSet<QString> keys;
    for (qsizetype i = 0; i < events.size(); ++i) {
        QCOMPARE(events[i].value("type").toString(), QStringLiteral("MODIFIED"));
        const QJsonObject object = events[i].value("object").toObject();
        QCOMPARE(rvOf(object).toULongLong(), from + 1 + quint64(i));
        QCOMPARE(object.value("kind").toString(), QStringLiteral("Pod"));
        keys.insert(keyOf(object));
    }
    QVERIFY(keys.size() > kPods / 2); // changes are spread over the pods
    // Nothing more until something changes.
    QCOMPARE(watch.next(1, 300).size(), 0);
}

void TestSimReplay::replayEndsInTheListedState()
{
    const auto sim = startReplay();
    const quint64 from = sim->replay()->fromRv;
    Watch watch(sim->port(), "/api/v1/pods?watch=1&resourceVersion=" + QByteArray::number(from));
    QHash<QString, QJsonObject> last;
    QHash<QString, int> generation;
    for (const QJsonObject &event : watch.next(kChanges)) {
        const QJsonObject object = event.value("object").toObject();
        const int g = object.value("metadata")
                          .toObject()
                          .value("annotations")
                          .toObject()
                          .value("sim.informant.io/generation")
                          .toString()
                          .toInt();
        QVERIFY(g > generation.value(keyOf(object), 0)); // each change bumps it
        generation[keyOf(object)] = g;
        last[keyOf(object)] = object;
    }
    QCOMPARE(generation.size() > 0, true);
    const QJsonArray items = get(sim->port(), "/api/v1/pods").json().value("items").toArray();
    QCOMPARE(items.size(), kPods);
    int changed = 0;
    for (const QJsonValue &item : items) {
        const QJsonObject object = item.toObject();
        if (!last.contains(keyOf(object)))
            continue;
        ++changed;
        // As an API server lists them, typed items leave out the kind and
        // apiVersion their watch events carry.
        QJsonObject watched = last.value(keyOf(object));
        watched.remove(QStringLiteral("kind"));
        watched.remove(QStringLiteral("apiVersion"));
        QCOMPARE(object, watched);
    }
    QCOMPARE(changed, last.size());
}

void TestSimReplay::replayResumesFromAnyVersionInside_data()
{
    QTest::addColumn<int>("offset"); // changes already seen
    QTest::newRow("first change seen") << 1;
    QTest::newRow("half way") << kChanges / 2;
    QTest::newRow("all but one") << kChanges - 1;
}

void TestSimReplay::replayResumesFromAnyVersionInside()
{
    QFETCH(int, offset);
    const auto sim = startReplay();
    const quint64 start = sim->replay()->fromRv + quint64(offset);
    Watch watch(sim->port(), "/api/v1/pods?watch=1&resourceVersion=" + QByteArray::number(start));
    const QList<QJsonObject> events = watch.next(kChanges - offset);
    QCOMPARE(events.size(), kChanges - offset);
    QCOMPARE(rvOf(events.first().value("object").toObject()).toULongLong(), start + 1);
    QCOMPARE(rvOf(events.last().value("object").toObject()).toULongLong(), sim->replay()->toRv);
}

void TestSimReplay::selectiveWatchOfTheReplaySeesOnlyItsPods()
{
    const auto sim = startReplay();
    const quint64 from = sim->replay()->fromRv;
    const QByteArray since = "&resourceVersion=" + QByteArray::number(from);
    Watch all(sim->port(), "/api/v1/pods?watch=1" + since);
    int inNamespace = 0;
    for (const QJsonObject &event : all.next(kChanges))
        inNamespace += event.value("object")
                           .toObject()
                           .value("metadata")
                           .toObject()
                           .value("namespace")
                           .toString() == QLatin1String("ns-1");
    QVERIFY(inNamespace > 0);
    // Namespace only: the fast path; with a label selector: the event path.
    Watch scoped(sim->port(), "/api/v1/namespaces/ns-1/pods?watch=1" + since);
    QCOMPARE(scoped.next(inNamespace).size(), inNamespace);
    QCOMPARE(scoped.next(1, 300).size(), 0);
    Watch selected(sim->port(),
                   "/api/v1/pods?watch=1&fieldSelector=metadata.namespace%3Dns-1" + since);
    const QList<QJsonObject> events = selected.next(inNamespace);
    QCOMPARE(events.size(), inNamespace);
    QCOMPARE(events.last().value("type").toString(), QStringLiteral("MODIFIED"));
    QCOMPARE(selected.next(1, 300).size(), 0);
}

void TestSimReplay::exactListInsideTheReplayShowsThatState()
{
    const auto sim = startReplay();
    const quint64 from = sim->replay()->fromRv;
    const quint64 at = from + kChanges / 3;
    Watch watch(sim->port(), "/api/v1/pods?watch=1&resourceVersion=" + QByteArray::number(from));
    QHash<QString, QString> expected; // key -> resourceVersion at `at`
    for (const QJsonValue &item :
         get(sim->port(), "/api/v1/pods?resourceVersion=" + QByteArray::number(from) +
                              "&resourceVersionMatch=Exact")
             .json()
             .value("items")
             .toArray())
        expected[keyOf(item.toObject())] = rvOf(item.toObject());
    QCOMPARE(expected.size(), kPods);
    for (const QJsonObject &event : watch.next(int(at - from))) {
        const QJsonObject object = event.value("object").toObject();
        expected[keyOf(object)] = rvOf(object);
    }
    const Response exact =
        get(sim->port(), "/api/v1/pods?resourceVersion=" + QByteArray::number(at) +
                             "&resourceVersionMatch=Exact");
    QCOMPARE(exact.status, 200);
    QCOMPARE(rvOf(exact.json()), QString::number(at));
    QHash<QString, QString> listed;
    for (const QJsonValue &item : exact.json().value("items").toArray())
        listed[keyOf(item.toObject())] = rvOf(item.toObject());
    QCOMPARE(listed, expected);
}

void TestSimReplay::watchFromBeforeTheReplayIsGone()
{
    const auto sim = startReplay();
    Watch watch(sim->port(), "/api/v1/pods?watch=1&resourceVersion=" +
                                 QByteArray::number(sim->replay()->fromRv - 1));
    const QList<QJsonObject> events = watch.next(1);
    QCOMPARE(events.size(), 1);
    QCOMPARE(events[0].value("type").toString(), QStringLiteral("ERROR"));
    QCOMPARE(events[0].value("object").toObject().value("code").toInt(), 410);
}

void TestSimReplay::replayOnRequestReachesWatchersOpenBefore()
{
    SimOptions options;
    options.scenario = QStringLiteral("replay");
    options.pods = kPods;
    options.replayChanges = kChanges;
    options.replayOnRequest = true;
    const auto sim = startSim(options);
    const quint16 port = sim->port();
    QVERIFY(!sim->replay().has_value());
    QCOMPARE(get(port, "/sim/v1/replay").json().value("started").toBool(), false);
    // An informer's way: list, then watch from the list's resourceVersion.
    const QString rv = listRv(port, "/api/v1/pods");
    Watch watch(port,
                "/api/v1/pods?watch=1&allowWatchBookmarks=true&resourceVersion=" + rv.toUtf8());
    QCOMPARE(watch.status(), 200);
    const Response started = request(port, "POST", "/sim/v1/replay/start");
    QCOMPARE(started.status, 200);
    QCOMPARE(started.json().value("resourceVersion").toString(), rv);
    QCOMPARE(started.json().value("changes").toInteger(), kChanges);
    QList<QJsonObject> events;
    while (events.size() < kChanges) {
        const QList<QJsonObject> more = watch.next(kChanges - int(events.size()));
        if (more.isEmpty())
            break;
        for (const QJsonObject &event : more) {
            if (event.value("type").toString() != QLatin1String("BOOKMARK"))
                events.append(event);
        }
    }
    QCOMPARE(events.size(), kChanges);
    QCOMPARE(rvOf(events.first().value("object").toObject()).toULongLong(), rv.toULongLong() + 1);
    QCOMPARE(rvOf(events.last().value("object").toObject()),
             started.json().value("lastResourceVersion").toString());
    // A second start changes nothing.
    QCOMPARE(request(port, "POST", "/sim/v1/replay/start").json().value("lastResourceVersion"),
             started.json().value("lastResourceVersion"));
}

void TestSimReplay::otherScenariosHaveNoReplay()
{
    SimOptions options;
    options.scenario = QStringLiteral("empty");
    const auto sim = startSim(options);
    QVERIFY(!sim->replay().has_value());
    QCOMPARE(get(sim->port(), "/sim/v1/replay").status, 404);
}

void TestSimReplay::everyScenarioChurnsWhenAsked_data()
{
    QTest::addColumn<QString>("scenario");
    QTest::addColumn<QByteArray>("path"); // where the churning pods are
    QTest::addColumn<int>("pods");
    QTest::newRow("scale") << "scale" << QByteArray("/api/v1/pods") << 60;
    QTest::newRow("replay") << "replay" << QByteArray("/api/v1/pods") << 60;
    QTest::newRow("demo") << "demo" << QByteArray("/api/v1/namespaces/churn/pods") << 30;
    QTest::newRow("empty") << "empty" << QByteArray("/api/v1/namespaces/churn/pods") << 30;
}

void TestSimReplay::everyScenarioChurnsWhenAsked()
{
    QFETCH(QString, scenario);
    QFETCH(QByteArray, path);
    QFETCH(int, pods);
    SimOptions options;
    options.scenario = scenario;
    options.pods = pods;
    options.replayChanges = 100;
    options.churnPerSecond = 1000;
    const auto sim = startSim(options);
    QVERIFY(sim->isRunning());
    const quint16 port = sim->port();
    QVERIFY(qAbs(get(port, path).json().value("items").toArray().size() - pods) <= 10);
    const QString rv = listRv(port, path);
    Watch watch(port, path + "?watch=1&resourceVersion=" + rv.toUtf8());
    const QList<QJsonObject> events = watch.next(50);
    QCOMPARE(events.size(), 50);
    QVERIFY(rvOf(events[0].value("object").toObject()).toULongLong() > rv.toULongLong());
    // Paused churn stops changing the truth.
    QCOMPARE(request(port, "POST", "/sim/v1/churn/pause").status, 200);
    const QByteArray before = get(port, "/sim/v1/snapshot?resource=pods").body;
    QTest::qWait(50);
    QCOMPARE(get(port, "/sim/v1/snapshot?resource=pods").body, before);
}

QTEST_GUILESS_MAIN(TestSimReplay)
#include "tst_simreplay.moc"
