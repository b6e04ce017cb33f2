// Moving through a recording's replay (RecordingReplayControl through
// sim::Simulator and GET/POST /sim/v1/recording): a move backward or forward
// leaves the objects served equal to the recorded state at that time
// (CustomResourceDefinitions and their objects included, objects someone
// else made removed); a move backward over thousands of objects is written
// in steps, the controls answered between them; a watch open across a move
// backward receives the ordinary events, resourceVersions growing, that make
// its cache that state; a paused replay keeps its position and changes
// nothing until resumed, and a resumed one goes on from where it was, at the
// speed asked.

#include "recordingfixtures.h"

#include <QMap>

using namespace informant;
using namespace informant::sim;
using namespace simtest;

namespace {

constexpr qint64 kMinuteMs = 60 * 1000;

// Four changes ten minutes apart: at speed 1 a test never reaches them by playing.
//   t=0:  a=1 b=1   10 min: +c=1   20 min: a=2   30 min: -b   40 min: c=3
QByteArray fourChanges()
{
    return header({kConfigMaps, kNamespaces}) +
           record(0, "ADDED",
                  R"({"apiVersion":"v1","kind":"Namespace","metadata":{"name":"default"}})",
                  "namespaces") +
           record(0, "ADDED", recordedConfigMap("a", "1")) +
           record(0, "ADDED", recordedConfigMap("b", "1")) +
           record(10 * kMinuteMs, "ADDED", recordedConfigMap("c", "1")) +
           record(20 * kMinuteMs, "MODIFIED", recordedConfigMap("a", "2")) +
           record(30 * kMinuteMs, "DELETED", recordedConfigMap("b", "1")) +
           record(40 * kMinuteMs, "MODIFIED", recordedConfigMap("c", "3"));
}

QString stateOf(const QJsonObject &object)
{
    const QJsonObject metadata = object.value("metadata").toObject();
    return metadata.value("name").toString() + '=' +
           object.value("data").toObject().value("k").toString() + ' ' +
           metadata.value("uid").toString();
}

// The config maps served, as "name=value uid" sorted by name.
QStringList served(quint16 port)
{
    QStringList states;
    const QJsonArray items = get(port, "/api/v1/configmaps").json().value("items").toArray();
    for (const QJsonValue &item : items)
        states.append(stateOf(item.toObject()));
    return states;
}

} // namespace

class TestSimRecordingSeek : public QObject
{
    Q_OBJECT

private:
    Recordings m_recordings;

private slots:
    void seekBackwardAndForwardServesTheRecordedState();
    void aLongMoveBackwardIsAnsweredBeforeItsObjectsAreWritten();
    void watchAcrossABackwardSeekSeesEventsToTheRecordedState();
    void seekFollowsRecordedCustomResourceDefinitions();
    void pauseStopsChangesAndResumeGoesOnFromThere();
    void controlEndpointPausesSeeksAndSetsTheSpeed();
};

void TestSimRecordingSeek::seekBackwardAndForwardServesTheRecordedState()
{
    const auto sim = m_recordings.replay(fourChanges());
    QVERIFY(sim->isRunning());
    QCOMPARE(served(sim->port()), (QStringList{"a=1 uid-a", "b=1 uid-b"}));

    // Forward past three changes: applied as playing would.
    QVERIFY(sim->seekRecordingReplay(35 * kMinuteMs).ok());
    QTRY_COMPARE(served(sim->port()), (QStringList{"a=2 uid-a", "c=1 uid-c"}));
    QCOMPARE(sim->recordingReplayState()->changesApplied, 3);

    // Someone else's object is not in the recording: a move back removes it.
    create(sim->port(), QStringLiteral("z"));

    // Backward, between the first and the second change.
    QVERIFY(sim->seekRecordingReplay(15 * kMinuteMs).ok());
    QTRY_COMPARE(served(sim->port()), (QStringList{"a=1 uid-a", "b=1 uid-b", "c=1 uid-c"}));
    const RecordingReplayState back = *sim->recordingReplayState();
    QCOMPARE(back.changesApplied, 1);
    QVERIFY(back.positionMs >= 15 * kMinuteMs && back.positionMs < 20 * kMinuteMs);

    QVERIFY(sim->seekRecordingReplay(0).ok());
    QTRY_COMPARE(served(sim->port()), (QStringList{"a=1 uid-a", "b=1 uid-b"}));
    QCOMPARE(sim->recordingReplayState()->changesApplied, 0);

    // Past the end is the end.
    QVERIFY(sim->seekRecordingReplay(1000 * kMinuteMs).ok());
    QTRY_COMPARE(served(sim->port()), (QStringList{"a=2 uid-a", "c=3 uid-c"}));
    const RecordingReplayState end = *sim->recordingReplayState();
    QCOMPARE(end.positionMs, 40 * kMinuteMs);
    QCOMPARE(end.durationMs, 40 * kMinuteMs);
    QVERIFY(end.finished());

    QVERIFY(!sim->seekRecordingReplay(-1).ok());
    QVERIFY(!sim->setRecordingReplaySpeed(0).ok());
}

// A window replaying a large recording reads the position with a blocking
// call: a move backward that rewrote every object in one go froze it. The
// move is written in steps, so the seek is answered at once: its answer,
// made right after the move on the simulator's thread, already says where the
// replay goes while the objects are still to be written.
void TestSimRecordingSeek::aLongMoveBackwardIsAnsweredBeforeItsObjectsAreWritten()
{
    constexpr int kObjects = 4000;
    QByteArray contents =
        header({kConfigMaps, kNamespaces}) +
        record(0, "ADDED",
               R"({"apiVersion":"v1","kind":"Namespace","metadata":{"name":"default"}})",
               "namespaces");
    for (int i = 0; i < kObjects; ++i)
        contents +=
            record(10 * kMinuteMs, "ADDED", recordedConfigMap("cm-" + QByteArray::number(i), "1"));
    const auto sim = m_recordings.replay(contents);
    QVERIFY(sim->isRunning());
    QVERIFY(sim->seekRecordingReplay(10 * kMinuteMs).ok());
    QTRY_VERIFY(sim->recordingReplayState()->finished());
    QCOMPARE(served(sim->port()).size(), kObjects);

    // The answer to the seek is the state right after it, before any step
    // ran: a state read later races the steps, which may all be done by then.
    const Response seek = request(sim->port(), "POST", "/sim/v1/recording/seek?t=0");
    QCOMPARE(seek.status, 200);
    const QJsonObject moving = seek.json();
    QCOMPARE(moving.value("seeking"), QJsonValue(true));
    QCOMPARE(moving.value("position").toInteger(), 0);
    QCOMPARE(moving.value("changesApplied").toInteger(), 0);
    QCOMPARE(moving.value("finished"), QJsonValue(false));
    QTRY_VERIFY(!sim->recordingReplayState()->seeking);
    QCOMPARE(served(sim->port()), QStringList{});
    QCOMPARE(sim->recordingReplayState()->changesApplied, 0);
}

void TestSimRecordingSeek::watchAcrossABackwardSeekSeesEventsToTheRecordedState()
{
    const auto sim = m_recordings.replay(fourChanges());
    QVERIFY(sim->isRunning());
    const Response list = get(sim->port(), "/api/v1/configmaps");
    QMap<QString, QString> cache; // key -> state, as an informer keeps it
    for (const QJsonValue &item : list.json().value("items").toArray())
        cache.insert(nameOf(item.toObject()), stateOf(item.toObject()));
    const QByteArray rv =
        list.json().value("metadata").toObject().value("resourceVersion").toString().toUtf8();
    Watch watch(sim->port(), "/api/v1/configmaps?watch=1&resourceVersion=" + rv);
    QCOMPARE(watch.status(), 200);
    quint64 lastRv = rv.toULongLong();
    QStringList seen;
    const auto follow = [&](int count) {
        for (const QJsonObject &event : watch.next(count)) {
            const QJsonObject object = event.value("object").toObject();
            const QString type = event.value("type").toString();
            seen.append(type + ' ' + nameOf(object));
            const quint64 eventRv = rvOf(object).toULongLong();
            QVERIFY2(eventRv > lastRv, qPrintable(seen.join(", ")));
            lastRv = eventRv;
            if (type == QLatin1String("DELETED"))
                cache.remove(nameOf(object));
            else
                cache.insert(nameOf(object), stateOf(object));
        }
    };

    QVERIFY(sim->seekRecordingReplay(35 * kMinuteMs).ok());
    follow(3);
    QCOMPARE(seen, (QStringList{"ADDED c", "MODIFIED a", "DELETED b"}));
    seen.clear();

    // Back to the first change: a's and b's states of then come back.
    QVERIFY(sim->seekRecordingReplay(15 * kMinuteMs).ok());
    follow(2);
    seen.sort();
    QCOMPARE(seen, (QStringList{"ADDED b", "MODIFIED a"}));
    QCOMPARE(cache.values(), (QStringList{"a=1 uid-a", "b=1 uid-b", "c=1 uid-c"}));
    QCOMPARE(cache.values(), served(sim->port()));
    // Nothing else: c was already in its state of then.
    QCOMPARE(watch.next(1, 300).size(), 0);
}

void TestSimRecordingSeek::seekFollowsRecordedCustomResourceDefinitions()
{
    // The CRD and its widget come ten minutes in.
    const auto sim = m_recordings.replay(
        header({kWidgets, kCrds, kConfigMaps}) + record(0, "ADDED", recordedConfigMap("a", "1")) +
        record(10 * kMinuteMs, "ADDED", kRecordedWidgetsCrd, "customresourcedefinitions",
               "apiextensions.k8s.io") +
        record(10 * kMinuteMs + 1, "ADDED", kRecordedWidget, "widgets", "example.com"));
    QVERIFY(sim->isRunning());
    const QByteArray widgets = "/apis/example.com/v1/namespaces/default/widgets";
    QCOMPARE(get(sim->port(), widgets).status, 404);
    QVERIFY(sim->seekRecordingReplay(11 * kMinuteMs).ok());
    QTRY_COMPARE(namesOf(get(sim->port(), widgets).json().value("items").toArray()),
                 QStringList{"w"});
    QVERIFY(sim->seekRecordingReplay(5 * kMinuteMs).ok());
    QCOMPARE(get(sim->port(), widgets).status, 404);
    QCOMPARE(get(sim->port(), "/apis/apiextensions.k8s.io/v1/customresourcedefinitions")
                 .json()
                 .value("items")
                 .toArray()
                 .size(),
             0);
    QVERIFY(sim->seekRecordingReplay(11 * kMinuteMs).ok());
    QTRY_COMPARE(namesOf(get(sim->port(), widgets).json().value("items").toArray()),
                 QStringList{"w"});
}

void TestSimRecordingSeek::pauseStopsChangesAndResumeGoesOnFromThere()
{
    // c comes 300 ms in, d 1200 ms in.
    const auto sim = m_recordings.replay(header({kConfigMaps}) +
                                         record(0, "ADDED", recordedConfigMap("a", "1")) +
                                         record(300, "ADDED", recordedConfigMap("c", "1")) +
                                         record(1200, "ADDED", recordedConfigMap("d", "1")));
    QVERIFY(sim->isRunning());
    QVERIFY(sim->setRecordingReplayPaused(true).ok());
    // Wherever the pause caught it, 250 ms in is before c.
    QVERIFY(sim->seekRecordingReplay(250).ok());
    QTRY_COMPARE(served(sim->port()), QStringList{"a=1 uid-a"});
    // Paused well past the recording's end in wall time: nothing moves.
    QTest::qWait(1500);
    RecordingReplayState paused = *sim->recordingReplayState();
    QVERIFY(paused.paused);
    QCOMPARE(paused.positionMs, 250);
    QCOMPARE(paused.changesApplied, 0);
    QCOMPARE(served(sim->port()), QStringList{"a=1 uid-a"});

    // Resumed at a tenth of the speed: c is 500 ms of wall time away, d 9.5 s.
    QVERIFY(sim->setRecordingReplaySpeed(0.1).ok());
    QVERIFY(sim->setRecordingReplayPaused(false).ok());
    QTRY_COMPARE(served(sim->port()), (QStringList{"a=1 uid-a", "c=1 uid-c"}));
    const RecordingReplayState resumed = *sim->recordingReplayState();
    QVERIFY(!resumed.paused);
    QCOMPARE(resumed.speed, 0.1);
    QCOMPARE(resumed.changesApplied, 1);
    QVERIFY2(resumed.positionMs >= 300 && resumed.positionMs < 1200,
             qPrintable(QString::number(resumed.positionMs)));

    QVERIFY(sim->setRecordingReplaySpeed(100).ok());
    QTRY_COMPARE(served(sim->port()), (QStringList{"a=1 uid-a", "c=1 uid-c", "d=1 uid-d"}));
    QTRY_VERIFY(sim->recordingReplayState()->finished());
}

void TestSimRecordingSeek::controlEndpointPausesSeeksAndSetsTheSpeed()
{
    const auto sim = m_recordings.replay(fourChanges());
    QVERIFY(sim->isRunning());
    const quint16 port = sim->port();
    const QJsonObject initial = get(port, "/sim/v1/recording").json();
    QCOMPARE(initial.value("recordedAt").toString(), QStringLiteral("2026-01-01T00:00:00Z"));
    QCOMPARE(initial.value("duration").toInteger(), 40 * kMinuteMs);
    QCOMPARE(initial.value("changes").toInteger(), 4);
    QCOMPARE(initial.value("paused").toBool(), false);
    QCOMPARE(initial.value("seeking"), QJsonValue(false)); // no move backward being written
    QVERIFY(initial.value("file").toString().endsWith(QLatin1String(".ndjson")));

    QCOMPARE(request(port, "POST", "/sim/v1/recording/pause").json().value("paused").toBool(),
             true);
    const Response seek = request(port, "POST", "/sim/v1/recording/seek?t=1500000");
    QCOMPARE(seek.status, 200);
    QCOMPARE(seek.json().value("position").toInteger(), 1500000);
    QTRY_COMPARE(served(port), (QStringList{"a=2 uid-a", "b=1 uid-b", "c=1 uid-c"}));
    QCOMPARE(get(port, "/sim/v1/recording").json().value("changesApplied").toInteger(), 2);
    const Response speed = request(port, "POST", "/sim/v1/recording/speed?x=60");
    QCOMPARE(speed.status, 200);
    QCOMPARE(speed.json().value("speed").toDouble(), 60.0);
    QCOMPARE(request(port, "POST", "/sim/v1/recording/resume").json().value("paused").toBool(),
             false);

    QCOMPARE(request(port, "POST", "/sim/v1/recording/seek?t=-5").status, 400);
    QCOMPARE(request(port, "POST", "/sim/v1/recording/seek?t=soon").status, 400);
    QCOMPARE(request(port, "POST", "/sim/v1/recording/speed?x=0").status, 400);
    QCOMPARE(request(port, "POST", "/sim/v1/recording/rewind").status, 404);

    // Other scenarios have no recording to control.
    SimOptions options;
    options.scenario = QStringLiteral("empty");
    const auto empty = startSim(options);
    QVERIFY(empty->isRunning());
    QCOMPARE(get(empty->port(), "/sim/v1/recording").status, 404);
    QVERIFY(!empty->recordingReplayState());
    QVERIFY(!empty->seekRecordingReplay(0).ok());
    empty->stop();
    QVERIFY(!empty->setRecordingReplayPaused(true).ok());
}

QTEST_GUILESS_MAIN(TestSimRecordingSeek)
#include "tst_simrecordingseek.moc"
