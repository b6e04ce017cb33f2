// informantctl record against an in-process simulator: the header names the
// resources and the server, the initial state is the synced cache (objects
// with kind and apiVersion, managedFields dropped unless --no-transform,
// selectors respected), changes made while recording follow with t >= 1 in
// order, DELETED included, and SIGINT ends the recording with a complete file
// and a summary; informantctl never sends a mutating request. End to end: a
// few seconds of the demo scenario recorded, replayed by a child informant-sim
// at high speed, and `informantctl dump` of the replay equals the recording's
// last state; its "finished" line counts each recorded change once, however
// often moves backward replayed it.

#include "../sim/simfixtures.h"

#include "informer/recording/recording.h"

#include <QProcess>
#include <QTemporaryDir>

#include <csignal>

using namespace informant;
using namespace informant::sim;
using namespace simtest;

namespace {

constexpr int kWaitMs = 30000;

QString buildPath(const QString &relative)
{
    return qEnvironmentVariable("INFORMANT_BUILD_DIR") + QLatin1Char('/') + relative;
}

struct Run
{
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

// Waits (processing events) until `done` or the timeout; returns done().
template<typename Done> bool waitUntil(Done done, int timeoutMs = kWaitMs)
{
    QElapsedTimer clock;
    clock.start();
    while (!done() && clock.elapsed() < timeoutMs)
        QTest::qWait(20);
    return done();
}

QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// key -> uid of a state, from a recording or from `informantctl dump`.
using State = QMap<QString, QString>;

State lastState(const Recording &recording, int resource)
{
    State state;
    for (const auto *records : {&recording.initialState, &recording.changes}) {
        for (const RecordedChange &change : *records) {
            if (change.resource != resource)
                continue;
            if (change.type == RecordType::Deleted)
                state.remove(change.object.key());
            else
                state.insert(change.object.key(), change.object.uid());
        }
    }
    return state;
}

// "TYPE name" of each change recorded, in order.
QStringList changesOf(const Recording &recording)
{
    QStringList changes;
    for (const RecordedChange &change : recording.changes)
        changes.append(QLatin1String(recordTypeName(change.type)) + ' ' + change.object.name());
    return changes;
}

State dumpState(const QByteArray &dump)
{
    State state;
    for (const QJsonValue &entry : QJsonDocument::fromJson(dump).array())
        state.insert(entry.toObject().value("key").toString(),
                     entry.toObject().value("uid").toString());
    return state;
}

} // namespace

class TestInformantctlRecord : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    QString ctl() const { return buildPath(QStringLiteral("app/informantctl")); }
    QProcessEnvironment environment() const
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("HOME"), m_dir.filePath(QStringLiteral("home")));
        env.remove(QStringLiteral("KUBECONFIG"));
        return env;
    }
    Run run(const QStringList &args)
    {
        QProcess process;
        process.setProcessEnvironment(environment());
        process.start(ctl(), args);
        if (!process.waitForFinished(60000))
            process.kill();
        return {process.exitCode(), process.readAllStandardOutput(),
                process.readAllStandardError()};
    }
    // Starts `informantctl ARGS` without waiting for it to end.
    void startRecorder(QProcess &recorder, const QStringList &args)
    {
        recorder.setProcessEnvironment(environment());
        recorder.start(ctl(), args);
    }
    // Reads the recorder's stderr into `err` until it holds `text`; whether
    // it came.
    static bool waitForStderr(QProcess &recorder, QByteArray &err, const QByteArray &text)
    {
        return waitUntil([&] {
            err += recorder.readAllStandardError();
            return err.contains(text);
        });
    }
    // Ends the recorder as Ctrl-C does, reading the rest of its stderr into
    // `err`; whether it ended.
    static bool interrupt(QProcess &recorder, QByteArray &err)
    {
        ::kill(pid_t(recorder.processId()), SIGINT);
        const bool ended = recorder.waitForFinished(kWaitMs);
        err += recorder.readAllStandardError();
        return ended;
    }

private slots:
    void recordsTheInitialStateThenEveryChangeUntilInterrupted();
    void recordDropsManagedFieldsAndRespectsSelectorsWithoutWriting();
    void recordNeedsKindsAndOut();
    void recordLeavesOutWhatARelistReadUnchanged();
    void recordSaysWhereItReadsAndWhenItFoundNothing_data();
    void recordSaysWhereItReadsAndWhenItFoundNothing();
    void recordedDemoReplaysToTheSameFinalState();
    void replayFinishedCountsEachRecordedChangeOnce();
};

void TestInformantctlRecord::recordsTheInitialStateThenEveryChangeUntilInterrupted()
{
    const auto sim = startEmptySim();
    QVERIFY(sim->isRunning());
    create(sim->port(), QStringLiteral("before"));
    const QString out = m_dir.filePath(QStringLiteral("interrupted.ndjson"));

    QProcess recorder;
    startRecorder(recorder, {QStringLiteral("--server"), sim->url(), QStringLiteral("-n"),
                             QStringLiteral("default"), QStringLiteral("record"),
                             QStringLiteral("cm"), QStringLiteral("--out"), out});
    QByteArray err;
    const bool started =
        waitForStderr(recorder, err, "recording configmaps in namespace default: 1 objects");
    QVERIFY2(started, err.constData());

    create(sim->port(), QStringLiteral("during-1"));
    QVERIFY(waitUntil([&] { return readAll(out).contains("during-1"); }));
    const Response patched =
        request(sim->port(), "PATCH", "/api/v1/namespaces/default/configmaps/during-1",
                {{"Content-Type", "application/merge-patch+json"}}, R"({"data":{"k":"v2"}})");
    QCOMPARE(patched.status, 200);
    create(sim->port(), QStringLiteral("during-2"));
    QCOMPARE(request(sim->port(), "DELETE", "/api/v1/namespaces/default/configmaps/before").status,
             200);
    QVERIFY(waitUntil([&] { return readAll(out).contains("\"type\":\"DELETED\""); }));

    QVERIFY(interrupt(recorder, err));
    QCOMPARE(recorder.exitStatus(), QProcess::NormalExit);
    QVERIFY2(recorder.exitCode() == 0, err.constData());
    QVERIFY2(err.contains("recorded 1 kind (configmaps): 1 objects, 4 changes"), err.constData());

    const auto recording = readRecording(out);
    QVERIFY2(recording.ok(), qPrintable(recording.errorMessage()));
    const RecordingHeader &header = recording->header;
    QCOMPARE(header.server, sim->url());
    QCOMPARE(header.namespaceName, QStringLiteral("default"));
    QCOMPARE(header.resources.size(), 1);
    QCOMPARE(header.resources[0].qualifiedName(), QStringLiteral("configmaps"));
    QCOMPARE(header.resources[0].kind, QStringLiteral("ConfigMap"));
    QCOMPARE(header.resources[0].version, QStringLiteral("v1"));
    QVERIFY(header.resources[0].namespaced);
    QCOMPARE(recording->initialState.size(), size_t(1));
    QCOMPARE(recording->initialState[0].object.key(), QStringLiteral("default/before"));

    qint64 lastOffset = 1;
    for (const RecordedChange &change : recording->changes) {
        QVERIFY(change.offsetMs >= lastOffset);
        lastOffset = change.offsetMs;
    }
    QCOMPARE(changesOf(*recording), (QStringList{"ADDED during-1", "MODIFIED during-1",
                                                 "ADDED during-2", "DELETED before"}));

    // Every object names its kind and apiVersion in the file itself (the
    // reader would fill them in): the list's items came without them.
    const QList<QByteArray> lines = readAll(out).trimmed().split('\n');
    QCOMPARE(lines.size(), 6);
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QJsonObject object =
            QJsonDocument::fromJson(lines[i]).object().value("object").toObject();
        QCOMPARE(object.value("kind").toString(), QStringLiteral("ConfigMap"));
        QCOMPARE(object.value("apiVersion").toString(), QStringLiteral("v1"));
    }
}

// A watch the server cuts within a second, with nothing received, ends
// as a "very short watch", which the informer answers with a relist; the
// relist hands the handlers every object again, unchanged ones with the
// same resourceVersion. Those are no change of the watch stream: a replay
// of the recording must not show them as MODIFIED, and --stats counts them
// apart from the changes delivered.
void TestInformantctlRecord::recordLeavesOutWhatARelistReadUnchanged()
{
    const auto sim = startEmptySim();
    QVERIFY(sim->isRunning());
    create(sim->port(), QStringLiteral("kept"));
    const QString out = m_dir.filePath(QStringLiteral("relisted.ndjson"));
    QProcess recorder;
    startRecorder(recorder,
                  {QStringLiteral("--server"), sim->url(), QStringLiteral("--stats"),
                   QStringLiteral("record"), QStringLiteral("cm"), QStringLiteral("--out"), out});
    QByteArray err;
    const bool started = waitForStderr(recorder, err, ": 1 objects;");
    QVERIFY2(started, err.constData());
    // Lists of configmaps asked for (a streaming list is a watch request).
    const auto lists = [&] {
        int count = 0;
        for (const QByteArray &line : get(sim->port(), "/sim/v1/requests").body.split('\n'))
            if (line.contains("/namespaces/default/configmaps") &&
                (line.contains("sendInitialEvents=true") || line.contains("\"verb\":\"list\"")))
                ++count;
        return count;
    };
    const int listsBefore = lists();
    QCOMPARE(request(sim->port(), "POST", "/sim/v1/faults", {}, "restart=300ms").status, 200);
    QVERIFY(waitUntil([&] { return lists() > listsBefore; }));
    QCOMPARE(request(sim->port(), "POST", "/sim/v1/faults/off").status, 200);
    // The relist asked for succeeds before the informer watches again, and
    // the handler hears of a change after what came before it.
    create(sim->port(), QStringLiteral("after"));
    QVERIFY(waitUntil([&] { return readAll(out).contains("\"after\""); }));

    QVERIFY(interrupt(recorder, err));
    QVERIFY2(recorder.exitCode() == 0, err.constData());
    const auto recording = readRecording(out);
    QVERIFY2(recording.ok(), qPrintable(recording.errorMessage()));
    QCOMPARE(changesOf(*recording), QStringList{QStringLiteral("ADDED after")});
    const QByteArray statsLine = recorder.readAllStandardOutput().trimmed();
    const QJsonObject stats = QJsonDocument::fromJson(statsLine).object();
    QCOMPARE(stats.value(QStringLiteral("delivered")).toInt(-1), 1);
    QVERIFY2(stats.value(QStringLiteral("relist_unchanged")).toInt() >= 1, statsLine.constData());
}

// kubectl's namespace rule records the context's namespace ("default" with
// --server alone) unless -A is given: the line that starts the recording
// says which, and a recording that found nothing says so at the end, in
// kubectl get's words, still with status 0.
void TestInformantctlRecord::recordSaysWhereItReadsAndWhenItFoundNothing_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QByteArray>("started");
    QTest::addColumn<QByteArray>("ended"); // how stderr ends; empty: no "No resources"
    QTest::newRow("the default namespace")
        << QStringList{"record", "pods"}
        << QByteArray("recording pods in namespace default (use -A for all namespaces): 0 objects;")
        << QByteArray("No resources found in default namespace.\n");
    QTest::newRow("a namespace asked for")
        << QStringList{"-n", "kube-system", "record", "pods", "events"}
        << QByteArray("recording pods, events in namespace kube-system: 0 objects;")
        << QByteArray("No resources found in kube-system namespace.\n");
    // -n narrows no cluster-scoped kind: named apart, not "in namespace".
    QTest::newRow("a namespace and a cluster-scoped kind")
        << QStringList{"-n", "kube-system", "record", "pods", "namespaces"}
        << QByteArray("recording pods in namespace kube-system; namespaces (cluster-scoped): ")
        << QByteArray();
    QTest::newRow("all namespaces") << QStringList{"-A", "record", "pods"}
                                    << QByteArray("recording pods in all namespaces: 0 objects;")
                                    << QByteArray("No resources found\n");
    QTest::newRow("something recorded")
        << QStringList{"record", "configmaps"}
        << QByteArray("recording configmaps in namespace default (use -A for all namespaces): 1 "
                      "objects;")
        << QByteArray();
}

void TestInformantctlRecord::recordSaysWhereItReadsAndWhenItFoundNothing()
{
    QFETCH(QStringList, args);
    QFETCH(QByteArray, started);
    QFETCH(QByteArray, ended);
    const auto sim = startEmptySim();
    QVERIFY(sim->isRunning());
    create(sim->port(), QStringLiteral("found"));
    const QString out = m_dir.filePath(QStringLiteral("scope.ndjson"));
    const Run recorded = run(
        QStringList{QStringLiteral("--server"), sim->url()} + args +
        QStringList{QStringLiteral("--out"), out, QStringLiteral("--for"), QStringLiteral("0.2")});
    QVERIFY2(recorded.exitCode == 0, recorded.err.constData());
    QVERIFY2(recorded.err.startsWith(started), recorded.err.constData());
    if (ended.isEmpty())
        QVERIFY2(!recorded.err.contains("No resources found"), recorded.err.constData());
    else
        QVERIFY2(recorded.err.endsWith(ended), recorded.err.constData());
}

void TestInformantctlRecord::recordDropsManagedFieldsAndRespectsSelectorsWithoutWriting()
{
    const auto sim = startEmptySim();
    QVERIFY(sim->isRunning());
    const QByteArray managed =
        R"({"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"selected",)"
        R"("labels":{"tier":"a"},"managedFields":[{"manager":"kubectl","operation":"Apply"}]},)"
        R"("data":{"k":"v"}})";
    QCOMPARE(request(sim->port(), "POST", "/api/v1/namespaces/default/configmaps",
                     {{"Content-Type", "application/json"}}, managed)
                 .status,
             201);
    create(sim->port(), QStringLiteral("other"), QStringLiteral("b"));
    QCOMPARE(request(sim->port(), "DELETE", "/sim/v1/requests").status, 200);

    const QString dropped = m_dir.filePath(QStringLiteral("dropped.ndjson"));
    const QString kept = m_dir.filePath(QStringLiteral("kept.ndjson"));
    const QStringList common{QStringLiteral("--server"), sim->url(),
                             QStringLiteral("-n"),       QStringLiteral("default"),
                             QStringLiteral("-l"),       QStringLiteral("tier=a")};
    const Run first = run(common + QStringList{QStringLiteral("record"), QStringLiteral("cm"),
                                               QStringLiteral("--out"), dropped,
                                               QStringLiteral("--for"), QStringLiteral("0.2")});
    QVERIFY2(first.exitCode == 0, first.err.constData());
    const Run second =
        run(common + QStringList{QStringLiteral("--no-transform"), QStringLiteral("record"),
                                 QStringLiteral("configmaps"), QStringLiteral("--out"), kept,
                                 QStringLiteral("--for"), QStringLiteral("0.2")});
    QVERIFY2(second.exitCode == 0, second.err.constData());

    const auto withoutFields = readRecording(dropped);
    const auto withFields = readRecording(kept);
    QVERIFY2(withoutFields.ok(), qPrintable(withoutFields.errorMessage()));
    QVERIFY2(withFields.ok(), qPrintable(withFields.errorMessage()));
    QCOMPARE(withoutFields->header.labelSelector, QStringLiteral("tier=a"));
    QCOMPARE(withoutFields->initialState.size(), size_t(1)); // "other" is tier=b
    QCOMPARE(withFields->initialState.size(), size_t(1));
    QCOMPARE(withoutFields->initialState[0].object.name(), QStringLiteral("selected"));
    QVERIFY(!withoutFields->initialState[0].object.json().contains("managedFields"));
    QVERIFY(withFields->initialState[0].object.json().contains("managedFields"));

    const QList<QByteArray> requests = get(sim->port(), "/sim/v1/requests").body.split('\n');
    int logged = 0;
    for (const QByteArray &line : requests) {
        if (line.trimmed().isEmpty())
            continue;
        ++logged;
        const QString method = QJsonDocument::fromJson(line).object().value("method").toString();
        QVERIFY2(method == QLatin1String("GET"), line.constData());
    }
    QVERIFY(logged > 0);
}

void TestInformantctlRecord::recordNeedsKindsAndOut()
{
    const Run noOut = run({QStringLiteral("--server"), QStringLiteral("http://127.0.0.1:1"),
                           QStringLiteral("record"), QStringLiteral("pods")});
    QCOMPARE(noOut.exitCode, 2);
    QVERIFY2(noOut.err.contains("record needs one or more KINDS and --out FILE"),
             noOut.err.constData());
    const Run noKinds =
        run({QStringLiteral("--server"), QStringLiteral("http://127.0.0.1:1"),
             QStringLiteral("record"), QStringLiteral("--out"), m_dir.filePath("never")});
    QCOMPARE(noKinds.exitCode, 2);
    QVERIFY(!QFile::exists(m_dir.filePath("never")));
}

void TestInformantctlRecord::recordedDemoReplaysToTheSameFinalState()
{
    const auto demo = startSim();
    QVERIFY(demo->isRunning());
    const QString out = m_dir.filePath(QStringLiteral("demo.ndjson"));
    QProcess recorder;
    startRecorder(recorder,
                  {QStringLiteral("--server"), demo->url(), QStringLiteral("-A"),
                   QStringLiteral("record"), QStringLiteral("po"), QStringLiteral("deploy"),
                   QStringLiteral("rs"), QStringLiteral("events"), QStringLiteral("ns"),
                   QStringLiteral("cm"), QStringLiteral("crd"), QStringLiteral("--out"), out,
                   QStringLiteral("--for"), QStringLiteral("3")});
    QByteArray recordErr;
    const bool started = waitForStderr(recorder, recordErr, "recording pods, ");
    QVERIFY2(started, recordErr.constData());
    // Changes of our own besides the demo's, so the replay has some to apply
    // however quiet the demo happens to be.
    create(demo->port(), QStringLiteral("made-while-recording"));
    create(demo->port(), QStringLiteral("deleted-while-recording"));
    QCOMPARE(request(demo->port(), "DELETE",
                     "/api/v1/namespaces/default/configmaps/deleted-while-recording")
                 .status,
             200);
    QVERIFY(recorder.waitForFinished(kWaitMs));
    recordErr += recorder.readAllStandardError();
    QVERIFY2(recorder.exitCode() == 0, recordErr.constData());
    const auto recording = readRecording(out);
    QVERIFY2(recording.ok(), qPrintable(recording.errorMessage()));
    QCOMPARE(recording->header.resources.size(), 7);
    QVERIFY(!recording->initialState.empty());
    QVERIFY(recording->changes.size() >= 3);

    QProcess replay;
    const QString portFile = m_dir.filePath(QStringLiteral("replay-port"));
    replay.start(buildPath(QStringLiteral("app/informant-sim")),
                 {QStringLiteral("--replay"), out, QStringLiteral("--replay-speed"),
                  QStringLiteral("100"), QStringLiteral("--port-file"), portFile});
    QByteArray err;
    QVERIFY2(waitUntil([&] {
                 err += replay.readAllStandardError();
                 return err.contains("replay: finished") || replay.state() == QProcess::NotRunning;
             }),
             err.constData());
    QVERIFY2(err.contains("replay: finished") && !err.contains("skipping"), err.constData());
    // The replay runs on the simulator's thread from the moment it listens: at
    // 100x it can finish before the main thread has written the port file.
    QVERIFY(waitUntil([&] { return !readAll(portFile).trimmed().isEmpty(); }));
    const QString server =
        QStringLiteral("http://127.0.0.1:%1").arg(QString::fromLatin1(readAll(portFile).trimmed()));

    for (int resource = 0; resource < recording->header.resources.size(); ++resource) {
        const QString name = recording->header.resources[resource].qualifiedName();
        const Run dump = run({QStringLiteral("--server"), server, QStringLiteral("-A"),
                              QStringLiteral("dump"), name, QStringLiteral("--until-synced")});
        QVERIFY2(dump.exitCode == 0, dump.err.constData());
        const State expected = lastState(*recording, resource);
        QVERIFY2(dumpState(dump.out) == expected,
                 qPrintable(name + QStringLiteral(": replayed ") + dump.out));
    }
    replay.kill();
    replay.waitForFinished();
}

// Three changes, replayed to the end, moved back to the start and replayed
// to the end again: both "finished" lines say three changes, not six.
void TestInformantctlRecord::replayFinishedCountsEachRecordedChangeOnce()
{
    const auto configMap = [](const QByteArray &name) {
        return R"({"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":")" + name +
               R"(","namespace":"default"}})";
    };
    const auto record = [](int t, const QByteArray &type, const QByteArray &object) {
        return "{\"t\":" + QByteArray::number(t) + R"(,"resource":"configmaps","type":")" + type +
               R"(","object":)" + object + "}\n";
    };
    const QString path = m_dir.filePath(QStringLiteral("three-changes.ndjson"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(R"({"informantRecording":1,"resources":[{"version":"v1","resource":"configmaps",)"
               R"("kind":"ConfigMap","namespaced":true}]})"
               "\n" +
               record(0, "ADDED", configMap("a")) + record(10, "ADDED", configMap("b")) +
               record(20, "MODIFIED", configMap("b")) + record(30, "DELETED", configMap("a")));
    file.close();

    QProcess replay;
    const QString portFile = m_dir.filePath(QStringLiteral("three-changes-port"));
    replay.start(buildPath(QStringLiteral("app/informant-sim")),
                 {QStringLiteral("--replay"), path, QStringLiteral("--port-file"), portFile});
    QByteArray err;
    const auto finishedLines = [&] {
        err += replay.readAllStandardError();
        QList<QByteArray> lines;
        for (const QByteArray &line : err.split('\n')) {
            if (line.contains("replay: finished"))
                lines.append(line);
        }
        return lines;
    };
    QVERIFY2(waitUntil([&] { return finishedLines().size() == 1; }), err.constData());
    QVERIFY(waitUntil([&] { return !readAll(portFile).trimmed().isEmpty(); }));
    const quint16 port = readAll(portFile).trimmed().toUShort();
    QCOMPARE(request(port, "POST", "/sim/v1/recording/seek?t=0").status, 200);
    QVERIFY2(waitUntil([&] { return finishedLines().size() == 2; }), err.constData());
    replay.kill();
    replay.waitForFinished();
    for (const QByteArray &line : finishedLines())
        QVERIFY2(line.contains("finished: 3 changes applied, 0 skipped"), line.constData());
}

QTEST_GUILESS_MAIN(TestInformantctlRecord)
#include "tst_informantctlrecord.moc"
