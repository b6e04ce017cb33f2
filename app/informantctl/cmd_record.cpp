// informantctl record KINDS... --out FILE [--for SECONDS]: record the watch
// streams of one or more kinds to a replayable file (docs/RECORDING.md), for
// informant-sim --replay. One informer per kind, built by InformerRunner as
// for get/watch/dump (discovery names, -n/-A, -l, --field-selector,
// --no-transform). Once every kind has synced, the state the handlers have
// delivered is written as the initial state (t = 0), then every change with
// its offset from then, until --for SECONDS pass or SIGINT/SIGTERM; the file
// is then flushed and closed, complete. The line that says it has begun names
// the namespace the namespaced kinds are read in (kubectl's rule: -n, else
// the context's, so -A for the cluster) and which kinds are cluster-scoped,
// and the summary at the end says so when nothing was recorded.
// Read-only like every command.

#include "command.h"
#include "connection.h"
#include "informerrunner.h"
#include "unchangedupdate.h"

#include "informer/recording/recording.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QHash>
#include <QTextStream>
#include <QThread>

#include <algorithm>
#include <csignal>
#include <limits>
#include <mutex>

using namespace informant;

namespace informantctl {

namespace {

constexpr qint64 kSyncTimeoutMs = 600000;
// Buffered records reach the file at least this often, so a recording cut
// off by SIGKILL or a crash loses little (SIGINT/SIGTERM lose nothing).
constexpr qint64 kFlushIntervalMs = 1000;

volatile std::sig_atomic_t g_stopRequested = 0;

void requestStop(int)
{
    g_stopRequested = 1;
}

// Writes what the handlers of every recorded kind deliver. Before begin() it
// only keeps each kind's state (the informers sync one after another, and a
// change to a kind that synced early belongs to the initial state); begin()
// writes that state at t = 0 and from then on every change is written with
// its offset. Handlers call in from their own threads; one mutex orders the
// writes, so offsets never go back in time.
class Recorder
{
public:
    Recorder(std::unique_ptr<RecordingWriter> writer, QList<RecordedResource> resources)
        : m_writer(std::move(writer))
        , m_resources(std::move(resources))
        , m_state(size_t(m_resources.size()))
    {
    }

    ResourceEventHandler handlerFor(int resource)
    {
        ResourceEventHandler handler;
        handler.onAdd = [this, resource](const KubeObject &object, bool) {
            record(resource, RecordType::Added, object);
        };
        handler.onUpdate = [this, resource](const KubeObject &oldObject, const KubeObject &object) {
            // A relist's unchanged object is no change of the watch stream.
            if (!isUnchangedUpdate(oldObject, object))
                record(resource, RecordType::Modified, object);
        };
        handler.onDelete = [this, resource](const Delta &deleted) {
            record(resource, RecordType::Deleted, deleted.object, deleted.tombstoneKey);
        };
        return handler;
    }

    void begin()
    {
        std::lock_guard lock(m_mutex);
        m_clock.start();
        for (size_t resource = 0; resource < m_state.size() && m_error.isEmpty(); ++resource) {
            QList<QString> keys = m_state[resource].keys();
            std::sort(keys.begin(), keys.end());
            for (const QString &key : std::as_const(keys))
                write(0, int(resource), RecordType::Added, m_state[resource].value(key));
            m_initialObjects += keys.size();
        }
        m_started = true;
    }

    // From the main thread, while the handlers write.
    void flush()
    {
        std::lock_guard lock(m_mutex);
        if (const Result<void> flushed = m_writer->flush(); !flushed.ok() && m_error.isEmpty())
            m_error = flushed.errorMessage();
    }

    // After the informers stopped (no handler runs any more).
    Result<void> finish()
    {
        std::lock_guard lock(m_mutex);
        m_durationMs = m_started ? m_clock.elapsed() : 0;
        const Result<void> closed = m_writer->close();
        if (!m_error.isEmpty())
            return makeError(m_error);
        return closed;
    }

    QString error()
    {
        std::lock_guard lock(m_mutex);
        return m_error;
    }
    qint64 initialObjects() const { return m_initialObjects; }
    qint64 changes() const { return m_changes; }
    qint64 durationMs() const { return m_durationMs; }

private:
    void record(int resource, RecordType type, const KubeObject &delivered,
                const QString &tombstoneKey = {})
    {
        std::lock_guard lock(m_mutex);
        QHash<QString, KubeObject> &state = m_state[size_t(resource)];
        KubeObject object = delivered;
        if (object.isNull()) // a tombstone without its last state: ours
            object = state.value(tombstoneKey);
        if (object.isNull())
            return;
        // Items of a typed list come without kind and apiVersion; every
        // recorded object names them (the recording must stand on its own).
        const RecordedResource &info = m_resources[resource];
        object = std::move(object).withTypeMeta(info.kind, info.apiVersion());
        if (type == RecordType::Deleted)
            state.remove(object.key());
        else
            state.insert(object.key(), object);
        if (!m_started)
            return;
        // Changes are 1 ms or later: t = 0 is the initial state's.
        if (write(std::max<qint64>(1, m_clock.elapsed()), resource, type, object))
            ++m_changes;
    }

    bool write(qint64 offsetMs, int resource, RecordType type, const KubeObject &object)
    {
        if (!m_error.isEmpty())
            return false;
        const Result<void> written = m_writer->write(offsetMs, resource, type, object);
        if (!written.ok())
            m_error = written.errorMessage();
        return written.ok();
    }

    std::mutex m_mutex;
    std::unique_ptr<RecordingWriter> m_writer;
    const QList<RecordedResource> m_resources;
    std::vector<QHash<QString, KubeObject>> m_state; // per resource, as delivered
    QElapsedTimer m_clock;
    bool m_started = false;
    QString m_error;
    qint64 m_initialObjects = 0;
    qint64 m_changes = 0;
    qint64 m_durationMs = 0;
};

RecordedResource recordedResource(const ApiResource &resource)
{
    return RecordedResource{resource.group, resource.version, resource.name, resource.kind,
                            resource.namespaced};
}

// One informer per distinct resource ("po" and "pods" are one).
std::vector<std::unique_ptr<InformerRunner>> createRunners(const QCommandLineParser &parser,
                                                           const QStringList &kinds, bool &failed)
{
    std::vector<std::unique_ptr<InformerRunner>> runners;
    failed = false;
    for (const QString &kind : kinds) {
        auto runner = InformerRunner::create(parser, kind);
        if (!runner) {
            failed = true;
            return {};
        }
        const bool seen = std::any_of(runners.begin(), runners.end(), [&](const auto &other) {
            return other->resource().qualifiedName() == runner->resource().qualifiedName();
        });
        if (!seen)
            runners.push_back(std::move(runner));
    }
    return runners;
}

RecordingHeader headerFor(const QCommandLineParser &parser,
                          const std::vector<std::unique_ptr<InformerRunner>> &runners)
{
    const GlobalOptions options = GlobalOptions::fromParser(parser);
    RecordingHeader header;
    header.recordedAt = QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs);
    if (const auto config = resolveClusterConfig(options); config.ok())
        header.server = config->server.toString(QUrl::RemoveUserInfo);
    header.labelSelector = options.labelSelector;
    header.fieldSelector = options.fieldSelector;
    for (const auto &runner : runners) {
        header.resources.append(recordedResource(runner->resource()));
        if (runner->resource().namespaced)
            header.namespaceName = runner->namespaceName();
    }
    return header;
}

// What the line that starts a recording says is recorded: the kinds, and
// where the namespaced ones are read. kubectl's namespace rule (-n, else
// the context's, else "default") records one namespace unless -A is given,
// which a user who meant the cluster learns at once, not from an empty
// file. -n does not narrow a cluster-scoped kind: beside namespaced ones,
// those are named apart ("pods in namespace web; nodes (cluster-scoped)"),
// not left to seem read in the namespace.
QString recordedKinds(const std::vector<std::unique_ptr<InformerRunner>> &runners)
{
    QStringList namespacedNames;
    QStringList clusterNames;
    const InformerRunner *namespaced = nullptr;
    for (const auto &runner : runners) {
        if (runner->resource().namespaced) {
            namespacedNames.append(runner->resource().qualifiedName());
            namespaced = runner.get();
        } else {
            clusterNames.append(runner->resource().qualifiedName());
        }
    }
    const QString separator = QStringLiteral(", ");
    if (!namespaced)
        return clusterNames.join(separator);
    QString kinds = namespacedNames.join(separator);
    if (namespaced->namespaceName().isEmpty())
        kinds += QStringLiteral(" in all namespaces");
    else
        kinds += QStringLiteral(" in namespace %1").arg(namespaced->namespaceName()) +
                 (namespaced->options().namespaceName.isEmpty()
                      ? QStringLiteral(" (use -A for all namespaces)")
                      : QString());
    if (!clusterNames.isEmpty())
        kinds += QStringLiteral("; %1 (cluster-scoped)").arg(clusterNames.join(separator));
    return kinds;
}

// kubectl get's words when it finds nothing: the namespace is named when
// every kind lives in one.
QString nothingRecordedLine(const std::vector<std::unique_ptr<InformerRunner>> &runners)
{
    const bool namespaced = std::all_of(runners.begin(), runners.end(), [](const auto &runner) {
        return runner->resource().namespaced;
    });
    const QString namespaceName = runners.front()->namespaceName();
    if (namespaced && !namespaceName.isEmpty())
        return QStringLiteral("No resources found in %1 namespace.").arg(namespaceName);
    return QStringLiteral("No resources found");
}

// Starts every informer and waits until each has synced and its recording
// handler has been handed the whole initial list.
bool startAndSync(const std::vector<std::unique_ptr<InformerRunner>> &runners,
                  const std::vector<ListenerHandle> &handles)
{
    for (const auto &runner : runners)
        runner->start();
    for (const auto &runner : runners) {
        if (!runner->waitForSync(true, kSyncTimeoutMs))
            return false;
    }
    QElapsedTimer clock;
    clock.start();
    for (const ListenerHandle &handle : handles) {
        while (!handle->hasSynced()) {
            if (clock.elapsed() > kSyncTimeoutMs) {
                QTextStream(stderr) << "error: timed out handing the initial lists to the "
                                       "recorder\n";
                return false;
            }
            QThread::msleep(2);
        }
    }
    return true;
}

// Records until `periodMs` passed, SIGINT/SIGTERM, or a write failed.
void recordUntilStopped(const std::vector<std::unique_ptr<InformerRunner>> &runners,
                        Recorder &recorder, qint64 periodMs)
{
    QElapsedTimer period;
    period.start();
    qint64 flushedAtMs = 0;
    while (!g_stopRequested && period.elapsed() < periodMs && recorder.error().isEmpty()) {
        for (const auto &runner : runners)
            runner->runFor(1); // says on stderr when a watch is interrupted and resumes
        if (period.elapsed() - flushedAtMs >= kFlushIntervalMs) {
            recorder.flush();
            flushedAtMs = period.elapsed();
        }
        QThread::msleep(5);
    }
}

int runRecord(const QCommandLineParser &parser, const QStringList &kinds)
{
    QTextStream err(stderr);
    const QString outPath = parser.value(QStringLiteral("out"));
    if (kinds.isEmpty() || outPath.isEmpty() || outPath == QLatin1String("-")) {
        err << "error: record needs one or more KINDS and --out FILE\n";
        return 2;
    }
    const bool forSet = parser.isSet(QStringLiteral("for"));
    bool secondsOk = false;
    const double seconds = parser.value(QStringLiteral("for")).toDouble(&secondsOk);
    if (forSet && (!secondsOk || seconds < 0)) {
        err << "error: --for needs a number of seconds\n";
        return 2;
    }
    // A replay serves the objects recorded as whole ones: metadata alone
    // would pass for objects without spec, data or status.
    if (GlobalOptions::fromParser(parser).metadataOnly) {
        err << "error: record keeps whole objects for a replay: --metadata-only does not "
               "apply\n";
        return 2;
    }
    bool failed = false;
    const auto runners = createRunners(parser, kinds, failed);
    if (failed)
        return 1;
    const RecordingHeader header = headerFor(parser, runners);
    auto writer = RecordingWriter::create(outPath, header);
    if (!writer.ok()) {
        err << "error: " << writer.errorMessage() << '\n';
        return 1;
    }
    Recorder recorder(std::move(writer).value(), header.resources);
    // Whatever way this function returns, the informers stop (and their
    // handler threads end) before the recorder they write to is destroyed.
    const struct StopRunners
    {
        const std::vector<std::unique_ptr<InformerRunner>> &runners;
        ~StopRunners()
        {
            for (const auto &runner : runners)
                runner->stop();
        }
    } stopRunners{runners};
    std::vector<ListenerHandle> handles;
    for (size_t i = 0; i < runners.size(); ++i) {
        auto handle = runners[i]->informer().addEventHandler(recorder.handlerFor(int(i)));
        if (!handle.ok()) {
            err << "error: " << handle.errorMessage() << '\n';
            return 1;
        }
        handles.push_back(*handle);
        runners[i]->setReportsWatchHealth(true);
    }
    if (!startAndSync(runners, handles))
        return 1;
    // From here SIGINT/SIGTERM end the recording as --for does (set before
    // the line below tells a user or a script that Ctrl+C is safe).
    std::signal(SIGINT, requestStop);
    std::signal(SIGTERM, requestStop);
    recorder.begin();
    QStringList names;
    for (const RecordedResource &resource : header.resources)
        names.append(resource.qualifiedName());
    err << "recording " << recordedKinds(runners) << ": " << recorder.initialObjects()
        << " objects; " << (forSet ? QStringLiteral("for %1 s").arg(seconds) : QString())
        << (forSet ? " or until" : "until") << " interrupted (Ctrl+C)\n";
    err.flush();

    recordUntilStopped(runners, recorder,
                       forSet ? qint64(seconds * 1000) : std::numeric_limits<qint64>::max());
    // Stopped informers call no handler any more: the file can be closed.
    for (const auto &runner : runners)
        runner->stop();
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGTERM, SIG_DFL);
    if (const Result<void> finished = recorder.finish(); !finished.ok()) {
        err << "error: " << finished.errorMessage() << '\n';
        return 1;
    }
    err << "recorded " << names.size() << (names.size() == 1 ? " kind" : " kinds") << " ("
        << names.join(QStringLiteral(", ")) << "): " << recorder.initialObjects() << " objects, "
        << recorder.changes() << " changes, "
        << QString::number(double(recorder.durationMs()) / 1000.0, 'f', 1) << " s, to " << outPath
        << '\n';
    // Still a recording (of an empty namespace, say), as kubectl get
    // succeeds finding nothing; but said, not left to be found in the file.
    if (recorder.initialObjects() == 0 && recorder.changes() == 0)
        err << nothingRecordedLine(runners) << '\n';
    QList<const InformerRunner *> runs;
    for (const auto &runner : runners)
        runs.append(runner.get());
    printStatsIfAsked(runs);
    return 0;
}

void addRecordOptions(QCommandLineParser &parser)
{
    // --out and --for are dump's too (declared once, shared).
    addInformerCommandOptions(parser);
}

const CommandRegistration registration(Command{
    QStringLiteral("record"),
    QStringLiteral("record KINDS... --out FILE [--for SECONDS]\n"
                   "                                      record the watch streams to a "
                   "replayable file"),
    addRecordOptions,
    runRecord,
});

} // namespace

} // namespace informantctl
