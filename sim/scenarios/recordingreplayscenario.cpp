// The `replay` scenario with --replay FILE: serves a recording made by
// `informantctl record` (format: docs/RECORDING.md). The recorded initial
// state becomes the cluster's objects before the server listens; the recorded
// changes are then applied at their time offsets from start-up divided by
// --replay-speed, through Storage like any other write, so watches,
// resourceVersions, history and 410s behave as for any change. After the last
// change the cluster stays in its final state. The replay can be paused,
// sped up or slowed, and moved to any time of the recording
// (RecordingReplayControl; GET/POST /sim/v1/recording). Every write, a
// change played or an object a move backward writes back, is made in timer
// ticks of at most kChangesPerTick, so the server answers between them.
//
// Objects are stored as recorded (uid, creationTimestamp, status kept); only
// the resourceVersion is the simulator's own. Namespaces are not invented:
// the cluster has those the recording has. A resource the simulator does not
// serve (a custom resource whose CRD is not in the recording, a version it
// does not know) is skipped with one line on stderr. Two recorded resources
// over one storage (core/v1 and events.k8s.io/v1 events) are replayed from
// one of them, the stored view preferred.

#include "sim/eventsview.h"
#include "sim/scenarios/recordingreplaycontrol.h"
#include "sim/scenarios/scenario.h"

#include "informer/recording/recording.h"

#include <QElapsedTimer>
#include <QHash>
#include <QJsonDocument>
#include <QTimer>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace informant::sim {

namespace {

// Writes per timer tick at most (changes played, objects a move backward
// writes back): requests, watch streams and the replay's controls are served
// between ticks even when a high --replay-speed makes everything due or a
// move backward rewrites every object. The GUI's replay bar reads the
// position with a blocking call: it waits for one tick at most.
constexpr int kChangesPerTick = 200;

class RecordingReplayScenario final : public Scenario, public RecordingReplayControl
{
public:
    using Scenario::Scenario;
    ~RecordingReplayScenario() override;

    Result<void> populate() override;
    void start() override;

    RecordingReplayState replayState() const override;
    void setReplayPaused(bool paused) override;
    Result<void> seekReplay(qint64 positionMs) override;
    Result<void> setReplaySpeed(double speed) override;

private:
    // How each recorded resource is stored now (CRDs in the recording change it).
    struct Target
    {
        std::optional<ResourceType> type;
        bool fromEventsV1 = false; // convert to the stored core/v1 Event first
        QString skipReason;
    };
    // The record a stored object was last written from, and the
    // resourceVersion that write got (another writer, kubectl, changes it).
    struct Written
    {
        const RecordedChange *record = nullptr;
        quint64 resourceVersion = 0;
    };
    // Per resource: key -> the record of the object's state.
    using RecordedState = std::vector<QHash<QString, const RecordedChange *>>;
    // One write of a move backward: the object `key` of `resource` back to
    // `record`'s state, or removed when `record` is null.
    struct RestoreStep
    {
        int resource = 0;
        QString key;
        const RecordedChange *record = nullptr;
    };

    void resolveTargets();
    // Stores one recorded change; false when it was skipped or had no effect.
    bool apply(const RecordedChange &change);
    // Registers or removes the served types of a CRD (`crdJson`, named `name`).
    void followCrd(RecordType type, const QByteArray &crdJson, const QString &name);
    // The recording's position now (ms since it began).
    qint64 positionMs() const;
    // Makes `positionMs` the position from now on.
    void anchorAt(qint64 positionMs);
    void applyDue();
    // Counts the change at `index` once, however often seeks replay it.
    void count(size_t index, bool applied);
    void scheduleNext();
    // The recorded state once the first `changeCount` changes are applied.
    RecordedState recordedStateAfter(size_t changeCount) const;
    // Plans the writes that make the stored objects `state` (a move
    // backward), CRDs written at once; the timer writes the others in ticks.
    void planRestore(const RecordedState &state);
    void planResource(int resource, const QHash<QString, const RecordedChange *> &state);
    void restoreStep(const RestoreStep &step);
    bool restoring() const { return m_restoreNext < m_restoreSteps.size(); }

    Recording m_recording;
    std::vector<Target> m_targets;
    std::vector<bool> m_reported;                   // per resource: its skip was told
    std::vector<QHash<QString, Written>> m_written; // per resource
    int m_crdResource = -1;
    size_t m_next = 0;
    // The finished line's counts: each recorded change once (the first
    // m_counted), not again when a move backward replays it.
    size_t m_counted = 0;
    qint64 m_changesApplied = 0;
    qint64 m_changesSkipped = 0;
    // The move backward being written: m_restoreSteps from m_restoreNext.
    std::vector<RestoreStep> m_restoreSteps;
    size_t m_restoreNext = 0;
    // A move forward is written once m_next reaches this.
    size_t m_movedTo = 0;
    bool m_started = false;
    bool m_finishedReported = false;
    // Position = m_anchorMs + (paused ? 0 : m_sinceAnchor.elapsed() * m_speed).
    qint64 m_anchorMs = 0;
    QElapsedTimer m_sinceAnchor;
    double m_speed = 1;
    bool m_replayPaused = false;
    QTimer m_timer;
};

void report(const QString &message)
{
    std::fprintf(stderr, "informant-sim: replay: %s\n", qPrintable(message));
}

RecordingReplayScenario::~RecordingReplayScenario()
{
    if (m_context.recordingReplay == this)
        m_context.recordingReplay = nullptr;
}

Result<void> RecordingReplayScenario::populate()
{
    if (!(m_options.replaySpeed > 0) || !std::isfinite(m_options.replaySpeed))
        return makeError(QStringLiteral("--replay-speed must be a positive number"));
    m_speed = m_options.replaySpeed;
    Result<Recording> read = readRecording(m_options.replayFile);
    if (!read.ok())
        return read.error();
    m_recording = std::move(read).value();
    const QList<RecordedResource> &resources = m_recording.header.resources;
    for (qsizetype i = 0; i < resources.size(); ++i) {
        if (resources[i].group == QLatin1String("apiextensions.k8s.io") &&
            resources[i].resource == QLatin1String("customresourcedefinitions"))
            m_crdResource = int(i);
    }
    m_reported.assign(size_t(resources.size()), false);
    m_written.assign(size_t(resources.size()), {});
    // CRDs first: the custom resources of the initial state need their types.
    for (const RecordedChange &change : m_recording.initialState) {
        if (change.resource == m_crdResource)
            followCrd(change.type, change.object.json(), change.object.name());
    }
    resolveTargets();
    qint64 stored = 0;
    for (const RecordedChange &change : m_recording.initialState)
        stored += apply(change) ? 1 : 0;
    report(QStringLiteral("%1: %2 objects of %3 resources recorded at %4; %5 changes over %6 s "
                          "to replay at speed %7")
               .arg(m_options.replayFile)
               .arg(stored)
               .arg(resources.size())
               .arg(m_recording.header.recordedAt.isEmpty() ? QStringLiteral("an unknown time")
                                                            : m_recording.header.recordedAt)
               .arg(m_recording.changes.size())
               .arg(m_recording.changes.empty()
                        ? 0.0
                        : double(m_recording.changes.back().offsetMs) / 1000.0)
               .arg(m_options.replaySpeed));
    return {};
}

void RecordingReplayScenario::resolveTargets()
{
    const QList<RecordedResource> &resources = m_recording.header.resources;
    m_targets.assign(size_t(resources.size()), Target{});
    QHash<QString, qsizetype> feeder; // storage id -> the resource replayed into it
    // Two passes: a resource stored as it is served claims its storage before
    // another view of the same objects (events.k8s.io/v1 over core/v1 events).
    for (const bool storedView : {true, false}) {
        for (qsizetype i = 0; i < resources.size(); ++i) {
            const RecordedResource &resource = resources[i];
            Target &target = m_targets[size_t(i)];
            const auto type =
                m_context.table.find(resource.group, resource.version, resource.resource);
            if (!type || type->resource != resource.resource) {
                // A custom resource is served once its CRD is; say how to get it.
                const QList<ResourceType> &served = m_context.table.types();
                const bool knownGroup =
                    std::any_of(served.begin(), served.end(), [&](const ResourceType &known) {
                        return known.group == resource.group;
                    });
                const bool customWithoutCrds = m_crdResource < 0 && !knownGroup;
                target.skipReason =
                    QStringLiteral("not served by the simulator%1")
                        .arg(customWithoutCrds
                                 ? QStringLiteral(" (record customresourcedefinitions with it "
                                                  "so its CRD is replayed too)")
                                 : QString());
                continue;
            }
            if ((type->view == ObjectView::Stored) != storedView)
                continue;
            if (const auto claimed = feeder.constFind(type->storageId);
                claimed != feeder.constEnd()) {
                target.skipReason = QStringLiteral("the same objects as %1, replayed from those")
                                        .arg(resources[*claimed].qualifiedName());
                continue;
            }
            feeder.insert(type->storageId, i);
            target.type = type;
            target.fromEventsV1 = type->view == ObjectView::EventsK8sIoV1;
            target.skipReason.clear();
        }
    }
}

void RecordingReplayScenario::followCrd(RecordType type, const QByteArray &crdJson,
                                        const QString &name)
{
    const QJsonObject crd = QJsonDocument::fromJson(crdJson).object();
    if (type == RecordType::Deleted) {
        // As the server does: the CRD's objects go with it.
        const QJsonObject spec = crd.value(QLatin1String("spec")).toObject();
        const QString storageId =
            spec.value(QLatin1String("group")).toString() + QLatin1Char('/') +
            spec.value(QLatin1String("names")).toObject().value(QLatin1String("plural")).toString();
        m_context.table.removeCustomResource(name);
        if (m_context.storage.storageIds().contains(storageId)) {
            std::vector<QString> keys;
            for (const auto &[key, object] : m_context.storage.store(storageId).objects())
                keys.push_back(key);
            for (const QString &key : keys)
                (void)m_context.storage.remove(storageId, key);
        }
        return;
    }
    QString error;
    if (!m_context.table.addCustomResource(crd, &error))
        report(QStringLiteral("CustomResourceDefinition %1 not served: %2").arg(name, error));
}

bool RecordingReplayScenario::apply(const RecordedChange &change)
{
    const size_t index = size_t(change.resource);
    if (!m_targets[index].type) {
        if (!m_reported[index]) {
            m_reported[index] = true;
            report(QStringLiteral("skipping %1: %2")
                       .arg(m_recording.header.resources[change.resource].qualifiedName(),
                            m_targets[index].skipReason));
        }
        return false;
    }
    const Target target = m_targets[index];
    const QString &storageId = target.type->storageId;
    // A CRD changed during the replay changes what is served, as in the real
    // server (the initial state's CRDs were registered before anything else).
    const bool crdChange = change.resource == m_crdResource && m_started;
    QHash<QString, Written> &written = m_written[index];
    if (change.type == RecordType::Deleted) {
        // The DELETED event carries the last stored state, as the server's does.
        const bool removed = m_context.storage.remove(storageId, change.object.key()).ok();
        written.remove(change.object.key());
        if (crdChange) {
            followCrd(change.type, change.object.json(), change.object.name());
            resolveTargets();
        }
        return removed;
    }
    if (crdChange) {
        followCrd(change.type, change.object.json(), change.object.name());
        resolveTargets();
    }
    QByteArray json = change.object.json();
    if (target.fromEventsV1)
        json = QJsonDocument(eventsV1ToCoreEvent(QJsonDocument::fromJson(json).object()))
                   .toJson(QJsonDocument::Compact);
    const Result<EventPtr> stored = m_context.storage.put(storageId, json);
    if (!stored.ok()) {
        report(QStringLiteral("%1 %2 not stored: %3")
                   .arg(target.type->resource, change.object.key(), stored.errorMessage()));
        return false;
    }
    written.insert(change.object.key(), Written{&change, stored.value()->resourceVersion});
    return true;
}

void RecordingReplayScenario::start()
{
    m_timer.setSingleShot(true);
    m_timer.setTimerType(Qt::PreciseTimer);
    connect(&m_timer, &QTimer::timeout, this, &RecordingReplayScenario::applyDue);
    m_started = true;
    m_context.recordingReplay = this;
    anchorAt(0);
    scheduleNext();
}

qint64 RecordingReplayScenario::positionMs() const
{
    const qint64 durationMs = m_recording.changes.empty() ? 0 : m_recording.changes.back().offsetMs;
    // A move backward being written holds the position where it goes.
    if (m_replayPaused || restoring() || !m_sinceAnchor.isValid())
        return std::min(m_anchorMs, durationMs);
    const double played = double(m_sinceAnchor.elapsed()) * m_speed;
    return std::min<qint64>(durationMs, m_anchorMs + qint64(std::min(played, 1e15)));
}

void RecordingReplayScenario::anchorAt(qint64 positionMs)
{
    m_anchorMs = positionMs;
    m_sinceAnchor.start();
}

void RecordingReplayScenario::applyDue()
{
    if (restoring()) {
        for (int done = 0; done < kChangesPerTick && restoring(); ++done)
            restoreStep(m_restoreSteps[m_restoreNext++]);
        if (!restoring()) {
            m_restoreSteps.clear();
            m_restoreNext = 0;
            anchorAt(m_anchorMs); // plays on from where the move went
        }
        scheduleNext();
        return;
    }
    const qint64 now = positionMs();
    for (int done = 0; done < kChangesPerTick && m_next < m_recording.changes.size() &&
                       m_recording.changes[m_next].offsetMs <= now;
         ++done) {
        const size_t index = m_next++;
        count(index, apply(m_recording.changes[index]));
    }
    scheduleNext();
}

void RecordingReplayScenario::count(size_t index, bool applied)
{
    // Changes are played in order, so the first time past m_counted is the first time.
    if (index < m_counted)
        return;
    m_counted = index + 1;
    if (applied)
        ++m_changesApplied;
    else
        ++m_changesSkipped;
}

void RecordingReplayScenario::scheduleNext()
{
    if (restoring()) {
        m_timer.start(0); // a move, paused or not
        return;
    }
    if (m_next >= m_recording.changes.size()) {
        m_timer.stop();
        if (m_finishedReported)
            return;
        m_finishedReported = true;
        // Tests and scripts wait for this line before they read the final state.
        report(QStringLiteral("finished: %1 changes applied, %2 skipped; the cluster stays in "
                              "its final state")
                   .arg(m_changesApplied)
                   .arg(m_changesSkipped));
        return;
    }
    // Changes due at the position are applied even while paused (a move
    // forward of a paused replay); later ones wait for the position.
    const qint64 ahead = m_recording.changes[m_next].offsetMs - positionMs();
    if (ahead > 0 && m_replayPaused) {
        m_timer.stop();
        return;
    }
    const double waitMs = ahead <= 0 ? 0 : std::ceil(double(ahead) / m_speed);
    m_timer.start(int(std::clamp<double>(waitMs, 0, std::numeric_limits<int>::max())));
}

RecordingReplayState RecordingReplayScenario::replayState() const
{
    RecordingReplayState state;
    state.file = m_options.replayFile;
    state.recordedAt = m_recording.header.recordedAt;
    for (const RecordedResource &resource : m_recording.header.resources)
        state.resources.append(resource.qualifiedName());
    state.positionMs = positionMs();
    state.durationMs = m_recording.changes.empty() ? 0 : m_recording.changes.back().offsetMs;
    state.speed = m_speed;
    state.paused = m_replayPaused;
    state.seeking = restoring() || m_next < m_movedTo;
    state.changesApplied = qint64(m_next);
    state.changes = qint64(m_recording.changes.size());
    return state;
}

void RecordingReplayScenario::setReplayPaused(bool paused)
{
    if (paused == m_replayPaused)
        return;
    anchorAt(positionMs());
    m_replayPaused = paused;
    scheduleNext();
}

Result<void> RecordingReplayScenario::setReplaySpeed(double speed)
{
    if (!(speed > 0) || !std::isfinite(speed))
        return makeError(QStringLiteral("the replay speed must be a positive number"));
    anchorAt(positionMs());
    m_speed = speed;
    scheduleNext();
    return {};
}

Result<void> RecordingReplayScenario::seekReplay(qint64 positionMs)
{
    if (positionMs < 0)
        return makeError(QStringLiteral("the replay position must not be negative"));
    const std::vector<RecordedChange> &changes = m_recording.changes;
    const qint64 durationMs = changes.empty() ? 0 : changes.back().offsetMs;
    positionMs = std::min(positionMs, durationMs);
    // The changes in effect at `positionMs`: those at or before it.
    const size_t next = size_t(std::upper_bound(changes.begin(), changes.end(), positionMs,
                                                [](qint64 t, const RecordedChange &change) {
                                                    return t < change.offsetMs;
                                                }) -
                               changes.begin());
    // Backward, the objects are written back in ticks; forward (also from
    // where a move backward still being written goes), the timer applies
    // what is due in ticks, as playing does.
    if (next < m_next) {
        planRestore(recordedStateAfter(next));
        m_next = next;
        m_finishedReported = false;
    }
    m_movedTo = next;
    anchorAt(positionMs);
    scheduleNext();
    return {};
}

RecordingReplayScenario::RecordedState
RecordingReplayScenario::recordedStateAfter(size_t changeCount) const
{
    RecordedState state(m_recording.header.resources.size());
    for (const RecordedChange &change : m_recording.initialState)
        state[size_t(change.resource)].insert(change.object.key(), &change);
    for (size_t i = 0; i < changeCount; ++i) {
        const RecordedChange &change = m_recording.changes[i];
        QHash<QString, const RecordedChange *> &objects = state[size_t(change.resource)];
        if (change.type == RecordType::Deleted)
            objects.remove(change.object.key());
        else
            objects.insert(change.object.key(), &change);
    }
    return state;
}

void RecordingReplayScenario::planRestore(const RecordedState &state)
{
    m_restoreSteps.clear();
    m_restoreNext = 0;
    // CRDs at once: they decide which custom resources are served (a CRD
    // deleted takes its objects with it, one created brings its type back),
    // and so which objects the other steps write.
    if (m_crdResource >= 0) {
        planResource(m_crdResource, state[size_t(m_crdResource)]);
        while (restoring())
            restoreStep(m_restoreSteps[m_restoreNext++]);
        m_restoreSteps.clear();
        m_restoreNext = 0;
    }
    for (int resource = 0; resource < int(state.size()); ++resource) {
        if (resource != m_crdResource)
            planResource(resource, state[size_t(resource)]);
    }
}

void RecordingReplayScenario::planResource(int resource,
                                           const QHash<QString, const RecordedChange *> &state)
{
    const Target &target = m_targets[size_t(resource)];
    if (!target.type)
        return; // skipped, as when playing
    const ResourceStore &store = m_context.storage.store(target.type->storageId);
    const QHash<QString, Written> &written = m_written[size_t(resource)];
    // Objects the recording does not have at that time go, whoever made them.
    for (const auto &[key, object] : store.objects()) {
        if (!state.contains(key))
            m_restoreSteps.push_back({resource, key, nullptr});
    }
    // Objects missing, or not in their recorded state of that time, are written.
    for (auto it = state.constBegin(); it != state.constEnd(); ++it) {
        const ObjectPtr stored = store.get(it.key());
        const Written last = written.value(it.key());
        if (stored && last.record == it.value() && last.resourceVersion == stored->resourceVersion)
            continue;
        m_restoreSteps.push_back({resource, it.key(), it.value()});
    }
}

void RecordingReplayScenario::restoreStep(const RestoreStep &step)
{
    const Target &target = m_targets[size_t(step.resource)];
    if (!target.type)
        return; // its CRD went since the step was planned
    if (step.record) {
        apply(*step.record);
        return;
    }
    const QString storageId = target.type->storageId;
    const ObjectPtr object = m_context.storage.store(storageId).get(step.key);
    if (!object)
        return;
    (void)m_context.storage.remove(storageId, step.key);
    m_written[size_t(step.resource)].remove(step.key);
    if (step.resource == m_crdResource) {
        followCrd(RecordType::Deleted, object->json, object->name);
        resolveTargets();
    }
}

} // namespace

Result<std::unique_ptr<Scenario>> createRecordingReplayScenario(ServerContext &context,
                                                                const SimOptions &options)
{
    return std::unique_ptr<Scenario>(new RecordingReplayScenario(context, options));
}

} // namespace informant::sim
