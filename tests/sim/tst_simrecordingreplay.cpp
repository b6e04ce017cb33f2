// The `replay` scenario serving a recording (informant-sim --replay FILE,
// docs/RECORDING.md): the recorded initial state is the cluster at start-up
// (lists and Table responses show it, uids kept), a watch sees the recorded
// changes in order through the normal store, the cluster ends in the final
// state, --replay-speed scales the offsets, resources the simulator does not
// serve are skipped; and the format's reader: what the writer writes reads
// back, and every kind of bad file gives the documented error naming its line
// (from parseRecording and from a simulator asked to serve it), never a crash.

#include "recordingfixtures.h"

#include "informer/recording/recording.h"

using namespace informant;
using namespace informant::sim;
using namespace simtest;

class TestSimRecordingReplay : public QObject
{
    Q_OBJECT

private:
    Recordings m_recordings;

private slots:
    void initialStateIsTheClusterAtStartUp();
    void watchSeesTheRecordedChangesInOrderAndTheFinalStateStays();
    void replaySpeedScalesTheOffsets();
    void resourcesTheSimulatorDoesNotServeAreSkipped();
    void customResourcesAreServedWhenTheirCrdIsRecorded();
    void eventsOfBothApiGroupsAreOneSetOfObjects();
    void writtenRecordingReadsBack();
    void lastLineWithoutNewlineIsRead();
    void badRecordingsNameTheirLine_data();
    void badRecordingsNameTheirLine();
    void missingFileIsAnError();
    void replayFileNeedsTheReplayScenario();
};

void TestSimRecordingReplay::initialStateIsTheClusterAtStartUp()
{
    // The one change is an hour away: the test sees only the initial state.
    const auto sim =
        m_recordings.replay(header({kConfigMaps, kNamespaces}) +
                            record(0, "ADDED",
                                   R"({"apiVersion":"v1","kind":"Namespace","metadata":)"
                                   R"({"name":"default","uid":"uid-ns"}})",
                                   "namespaces") +
                            record(0, "ADDED", recordedConfigMap("b", "1")) +
                            record(0, "ADDED", recordedConfigMap("a", "1")) +
                            record(3600000, "DELETED", recordedConfigMap("a", "1")));
    QVERIFY(sim->isRunning());
    const Response list = get(sim->port(), "/api/v1/namespaces/default/configmaps");
    QCOMPARE(list.status, 200);
    const QJsonArray items = list.json().value("items").toArray();
    QCOMPARE(namesOf(items), (QStringList{"a", "b"}));
    QCOMPARE(items[0].toObject().value("metadata").toObject().value("uid").toString(),
             QStringLiteral("uid-a"));
    QCOMPARE(items[1].toObject().value("data").toObject().value("k").toString(),
             QStringLiteral("1"));
    // The simulator's own resourceVersions, not the recorded ones.
    QVERIFY(rvOf(items[0].toObject()) != QStringLiteral("917"));
    QCOMPARE(namesOf(get(sim->port(), "/api/v1/namespaces").json().value("items").toArray()),
             QStringList{"default"});
    const Response table = get(sim->port(), "/api/v1/configmaps", {{"Accept", kTable}});
    QCOMPARE(table.status, 200);
    QCOMPARE(table.json().value("rows").toArray().size(), 2);
}

void TestSimRecordingReplay::watchSeesTheRecordedChangesInOrderAndTheFinalStateStays()
{
    const auto sim = m_recordings.replay(header({kConfigMaps}) +
                                         record(0, "ADDED", recordedConfigMap("a", "1")) +
                                         record(0, "ADDED", recordedConfigMap("b", "1")) +
                                         record(1, "ADDED", recordedConfigMap("c", "1")) +
                                         record(2, "MODIFIED", recordedConfigMap("a", "2")) +
                                         record(2, "DELETED", recordedConfigMap("b", "1")) +
                                         record(5, "MODIFIED", recordedConfigMap("c", "3")));
    QVERIFY(sim->isRunning());
    // From the start of history: the initial state's ADDED events, then the
    // changes, whenever the watch happens to open.
    Watch watch(sim->port(), "/api/v1/configmaps?watch=1&resourceVersion=1");
    QCOMPARE(watch.status(), 200);
    const QList<QJsonObject> events = watch.next(6);
    QCOMPARE(events.size(), 6);
    QStringList seen;
    quint64 lastRv = 0;
    for (const QJsonObject &event : events) {
        const QJsonObject object = event.value("object").toObject();
        seen.append(event.value("type").toString() + ' ' + nameOf(object) + '=' +
                    object.value("data").toObject().value("k").toString());
        const quint64 rv = rvOf(object).toULongLong();
        QVERIFY(rv > lastRv);
        lastRv = rv;
    }
    QCOMPARE(seen, (QStringList{"ADDED a=1", "ADDED b=1", "ADDED c=1", "MODIFIED a=2",
                                "DELETED b=1", "MODIFIED c=3"}));
    const QJsonArray items = get(sim->port(), "/api/v1/configmaps").json().value("items").toArray();
    QCOMPARE(namesOf(items), (QStringList{"a", "c"}));
    QCOMPARE(items[0].toObject().value("data").toObject().value("k").toString(),
             QStringLiteral("2"));
    QCOMPARE(items[1].toObject().value("data").toObject().value("k").toString(),
             QStringLiteral("3"));
}

void TestSimRecordingReplay::replaySpeedScalesTheOffsets()
{
    // A day into the recording; at this speed a few milliseconds after start-up.
    const auto sim = m_recordings.replay(
        header({kConfigMaps}) + record(0, "ADDED", recordedConfigMap("a", "1")) +
            record(86400000, "MODIFIED", recordedConfigMap("a", "2")),
        86400000.0 / 5);
    QVERIFY(sim->isRunning());
    Watch watch(sim->port(), "/api/v1/configmaps?watch=1&resourceVersion=1");
    const QList<QJsonObject> events = watch.next(2, 30000);
    QCOMPARE(events.size(), 2);
    QCOMPARE(events[1].value("type").toString(), QStringLiteral("MODIFIED"));
    QCOMPARE(events[1].value("object").toObject().value("data").toObject().value("k").toString(),
             QStringLiteral("2"));
}

void TestSimRecordingReplay::resourcesTheSimulatorDoesNotServeAreSkipped()
{
    const auto sim =
        m_recordings.replay(header({kWidgets, kConfigMaps}) +
                            record(0, "ADDED", kRecordedWidget, "widgets", "example.com") +
                            record(0, "ADDED", recordedConfigMap("a", "1")) +
                            record(1, "MODIFIED", kRecordedWidget, "widgets", "example.com") +
                            record(2, "ADDED", recordedConfigMap("b", "1")));
    QVERIFY(sim->isRunning());
    QCOMPARE(get(sim->port(), "/apis/example.com/v1/namespaces/default/widgets").status, 404);
    Watch watch(sim->port(), "/api/v1/configmaps?watch=1&resourceVersion=1");
    const QList<QJsonObject> events = watch.next(2);
    QCOMPARE(events.size(), 2);
    QCOMPARE(nameOf(events[1].value("object").toObject()), QStringLiteral("b"));
}

void TestSimRecordingReplay::customResourcesAreServedWhenTheirCrdIsRecorded()
{
    // Widgets come first in the header: the CRD is registered before any
    // object is stored, whatever the order.
    const auto sim = m_recordings.replay(
        header({kWidgets, kCrds}) + record(0, "ADDED", kRecordedWidget, "widgets", "example.com") +
        record(0, "ADDED", kRecordedWidgetsCrd, "customresourcedefinitions",
               "apiextensions.k8s.io"));
    QVERIFY(sim->isRunning());
    const Response list = get(sim->port(), "/apis/example.com/v1/namespaces/default/widgets");
    QCOMPARE(list.status, 200);
    QCOMPARE(namesOf(list.json().value("items").toArray()), QStringList{"w"});
}

void TestSimRecordingReplay::eventsOfBothApiGroupsAreOneSetOfObjects()
{
    const QByteArray coreEvents =
        R"({"group":"","version":"v1","resource":"events","kind":"Event","namespaced":true})";
    const QByteArray eventsV1 =
        R"({"group":"events.k8s.io","version":"v1","resource":"events","kind":"Event","namespaced":true})";
    const QByteArray core = R"({"apiVersion":"v1","kind":"Event","metadata":{"name":"e1",)"
                            R"("namespace":"default"},"message":"hello","reason":"Started"})";
    const QByteArray note = R"({"apiVersion":"events.k8s.io/v1","kind":"Event","metadata":)"
                            R"({"name":"e2","namespace":"default"},"note":"from v1"})";
    // Both recorded: the core view is replayed, the other is the same objects.
    const auto both = m_recordings.replay(header({eventsV1, coreEvents}) +
                                          record(0, "ADDED", note, "events", "events.k8s.io") +
                                          record(0, "ADDED", core, "events"));
    QVERIFY(both->isRunning());
    QCOMPARE(namesOf(get(both->port(), "/api/v1/events").json().value("items").toArray()),
             QStringList{"e1"});
    QCOMPARE(
        namesOf(get(both->port(), "/apis/events.k8s.io/v1/events").json().value("items").toArray()),
        QStringList{"e1"});
    // Only events.k8s.io/v1 recorded: stored as the core Events they stand for.
    const auto onlyV1 = m_recordings.replay(header({eventsV1}) +
                                            record(0, "ADDED", note, "events", "events.k8s.io"));
    QVERIFY(onlyV1->isRunning());
    const QJsonArray items = get(onlyV1->port(), "/api/v1/events").json().value("items").toArray();
    QCOMPARE(namesOf(items), QStringList{"e2"});
    QCOMPARE(items[0].toObject().value("message").toString(), QStringLiteral("from v1"));
}

void TestSimRecordingReplay::writtenRecordingReadsBack()
{
    RecordingHeader header;
    header.recordedAt = QStringLiteral("2026-01-01T00:00:00.000Z");
    header.server = QStringLiteral("https://cluster.example");
    header.namespaceName = QStringLiteral("default");
    header.resources = {{QString(), QStringLiteral("v1"), QStringLiteral("configmaps"),
                         QStringLiteral("ConfigMap"), true},
                        {QStringLiteral("apps"), QStringLiteral("v1"),
                         QStringLiteral("deployments"), QStringLiteral("Deployment"), true}};
    const QString path = m_recordings.filePath(QStringLiteral("written.ndjson"));
    {
        // An older recording, readable by all, written over.
        QFile old(path);
        QVERIFY(old.open(QIODevice::WriteOnly));
        QVERIFY(old.setPermissions(old.permissions() | QFileDevice::ReadOther));
    }
    auto writer = RecordingWriter::create(path, header);
    QVERIFY2(writer.ok(), qPrintable(writer.errorMessage()));
    const auto a = KubeObject::fromJson(recordedConfigMap("a", "1"));
    const auto d = KubeObject::fromJson(
        R"({"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"d","namespace":"x"}})");
    QVERIFY(a.ok() && d.ok());
    QVERIFY((*writer)->write(0, 0, RecordType::Added, *a).ok());
    QVERIFY((*writer)->write(7, 1, RecordType::Added, *d).ok());
    QVERIFY((*writer)->write(9, 0, RecordType::Deleted, *a).ok());
    QVERIFY((*writer)->close().ok());
    QVERIFY(!(*writer)->write(10, 0, RecordType::Added, *a).ok());

    QFile file(path);
    // A recording holds Secrets like any object: only its owner may read it.
    QCOMPARE(file.permissions() & (QFileDevice::ReadGroup | QFileDevice::ReadOther |
                                   QFileDevice::WriteGroup | QFileDevice::WriteOther),
             QFileDevice::Permissions());
    QVERIFY(file.open(QIODevice::ReadOnly));
    QVERIFY(file.readLine().startsWith("{\"informantRecording\":1,"));
    const auto read = readRecording(path);
    QVERIFY2(read.ok(), qPrintable(read.errorMessage()));
    QCOMPARE(read->header.server, header.server);
    QCOMPARE(read->header.recordedAt, header.recordedAt);
    QCOMPARE(read->header.namespaceName, header.namespaceName);
    QCOMPARE(read->header.resources.size(), 2);
    QCOMPARE(read->header.resources[1].qualifiedName(), QStringLiteral("deployments.apps"));
    QCOMPARE(read->header.resources[1].namespaced, true);
    QCOMPARE(read->initialState.size(), size_t(1));
    QCOMPARE(read->initialState[0].object.json(), a->json());
    QCOMPARE(read->changes.size(), size_t(2));
    QCOMPARE(read->changes[0].offsetMs, 7);
    QCOMPARE(read->changes[0].resource, 1);
    QCOMPARE(read->changes[0].object.key(), QStringLiteral("x/d"));
    QCOMPARE(read->changes[1].type, RecordType::Deleted);
}

void TestSimRecordingReplay::lastLineWithoutNewlineIsRead()
{
    QByteArray text = header({kConfigMaps}) + record(0, "ADDED", recordedConfigMap("a", "1"));
    text.chop(1);
    const auto read = parseRecording(text);
    QVERIFY2(read.ok(), qPrintable(read.errorMessage()));
    QCOMPARE(read->initialState.size(), size_t(1));
    // Objects without kind and apiVersion (as list items come) take the resource's.
    const auto bare =
        parseRecording(header({kConfigMaps}) + record(0, "ADDED", R"({"metadata":{"name":"a"}})"));
    QVERIFY2(bare.ok(), qPrintable(bare.errorMessage()));
    QCOMPARE(bare->initialState[0].object.kind(), QStringLiteral("ConfigMap"));
    QCOMPARE(bare->initialState[0].object.apiVersion(), QStringLiteral("v1"));
}

void TestSimRecordingReplay::badRecordingsNameTheirLine_data()
{
    QTest::addColumn<QByteArray>("contents");
    QTest::addColumn<QString>("error");
    const QByteArray head = header({kConfigMaps});
    const QByteArray a = record(0, "ADDED", recordedConfigMap("a", "1"));
    QTest::newRow("empty") << QByteArray("\n\n")
                           << "line 1: empty file, not an Informant recording";
    QTest::newRow("not JSON") << QByteArray("hello\n")
                              << "line 1: not an Informant recording (the first line is not JSON)";
    QTest::newRow("not JSON, no newline")
        << QByteArray("hello") << "line 1: not an Informant recording (the first line is not JSON)";
    QTest::newRow("no version") << QByteArray("{\"resources\":[]}\n")
                                << "line 1: not an Informant recording";
    QTest::newRow("newer version")
        << header({kConfigMaps}, 2)
        << "line 1: recording format version 2 is newer than this program reads (version 1)";
    QTest::newRow("no resources") << QByteArray("{\"informantRecording\":1}\n")
                                  << "line 1: \"resources\" must be an array";
    QTest::newRow("resource without kind") << header({R"({"version":"v1","resource":"pods"})"})
                                           << "line 1: resources[0]: \"kind\" is missing";
    QTest::newRow("malformed record")
        << head + a + "{\"t\":1,\"resource\":}\n" + a << "line 3: malformed JSON";
    QTest::newRow("truncated last line")
        << head + a + record(1, "ADDED", recordedConfigMap("b", "1")).left(40)
        << "line 3: truncated: the file ends inside this line";
    QTest::newRow("unknown resource")
        << head + record(0, "ADDED", recordedConfigMap("a", "1"), "widgets", "example.com")
        << "line 2: unknown resource \"widgets.example.com\" (not declared in the header)";
    QTest::newRow("unknown type") << head + record(4, "BOOKMARK", recordedConfigMap("a", "1"))
                                  << "line 2: unknown type \"BOOKMARK\"";
    QTest::newRow("negative time") << head + record(-4, "ADDED", recordedConfigMap("a", "1"))
                                   << "line 2: \"t\" must be a non-negative integer";
    QTest::newRow("time goes back") << head + record(9, "ADDED", recordedConfigMap("a", "1")) +
                                           record(3, "DELETED", recordedConfigMap("a", "1"))
                                    << "line 3: t=3 goes back in time";
    QTest::newRow("initial state not ADDED")
        << head + record(0, "MODIFIED", recordedConfigMap("a", "1"))
        << "line 2: records at t=0 are the initial state";
    QTest::newRow("object not an object")
        << head + record(0, "ADDED", "[1,2]") << "line 2: \"object\" must be a JSON object";
    QTest::newRow("object without name") << head + record(0, "ADDED", R"({"metadata":{}})")
                                         << "line 2: the object has no metadata.name";
    QTest::newRow("object of another kind")
        << head + record(0, "ADDED", R"({"kind":"Pod","apiVersion":"v1","metadata":{"name":"p"}})")
        << "line 2: a Pod recorded under configmaps";
    QTest::newRow("twice in the initial state")
        << head + a + a << "line 3: configmaps default/a is already in the initial state (line 2)";
    QTest::newRow("binary") << head + QByteArray("\x00\xff\xfe{", 4) + '\n'
                            << "line 2: malformed JSON";
}

void TestSimRecordingReplay::badRecordingsNameTheirLine()
{
    QFETCH(QByteArray, contents);
    QFETCH(QString, error);
    const auto parsed = parseRecording(contents);
    QVERIFY(!parsed.ok());
    QVERIFY2(parsed.errorMessage().startsWith(error), qPrintable(parsed.errorMessage()));

    // The simulator refuses to start on it, with the same message and the file's name.
    const QString path = m_recordings.write(contents);
    SimOptions options;
    options.scenario = QStringLiteral("replay");
    options.replayFile = path;
    Simulator sim;
    const auto started = sim.start(options);
    QVERIFY(!started.ok());
    QCOMPARE(started.errorMessage(), path + QStringLiteral(": ") + parsed.errorMessage());
    QVERIFY(!sim.isRunning());
}

void TestSimRecordingReplay::missingFileIsAnError()
{
    const QString path = m_recordings.filePath(QStringLiteral("absent.ndjson"));
    const auto read = readRecording(path);
    QVERIFY(!read.ok());
    QVERIFY2(read.errorMessage().startsWith(QStringLiteral("cannot read ") + path),
             qPrintable(read.errorMessage()));
}

void TestSimRecordingReplay::replayFileNeedsTheReplayScenario()
{
    SimOptions options;
    options.scenario = QStringLiteral("demo");
    options.replayFile = m_recordings.write(header({kConfigMaps}));
    Simulator sim;
    const auto started = sim.start(options);
    QVERIFY(!started.ok());
    QVERIFY2(started.errorMessage().contains(QStringLiteral("--replay FILE goes with --scenario "
                                                            "replay")),
             qPrintable(started.errorMessage()));
    options.scenario = QStringLiteral("replay");
    options.replaySpeed = 0;
    const auto zero = sim.start(options);
    QVERIFY(!zero.ok());
    QVERIFY2(zero.errorMessage().contains(QStringLiteral("--replay-speed")),
             qPrintable(zero.errorMessage()));
}

QTEST_GUILESS_MAIN(TestSimRecordingReplay)
#include "tst_simrecordingreplay.moc"
