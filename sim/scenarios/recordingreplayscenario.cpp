// The `replay` scenario with --replay FILE: serves a recording made by
// `informantctl record` (format: docs/RECORDING.md). The recorded initial
// state becomes the cluster's objects before the server listens; the recorded
// changes are then applied at their time offsets from start-up divided by
// --replay-speed, through Storage like any other write, so watches,
// resourceVersions, history and 410s behave as for any change. After the last
// change the cluster stays in its final state.
//
// Objects are stored as recorded (uid, creationTimestamp, status kept); only
// the resourceVersion is the simulator's own. Namespaces are not invented:
// the cluster has those the recording has. A resource the simulator does not
// serve (a custom resource whose CRD is not in the recording, a version it
// does not know) is skipped with one line on stderr. Two recorded resources
// over one storage (core/v1 and events.k8s.io/v1 events) are replayed from
// one of them, the stored view preferred.

#include "sim/eventsview.h"
#include "sim/scenarios/scenario.h"

#include "informer/recording/recording.h"

#include <QElapsedTimer>
#include <QHash>
#include <QJsonDocument>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <limits>

namespace informant::sim {

namespace {

// Changes applied per timer tick at most: requests and watch streams are
// served between ticks even when a high --replay-speed makes everything due.
constexpr int kChangesPerTick = 500;

class RecordingReplayScenario final : public Scenario
{
public:
    using Scenario::Scenario;

    Result<void> populate() override;
    void start() override;

private:
    // How each recorded resource is stored now (CRDs in the recording change it).
    struct Target
    {
        std::optional<ResourceType> type;
        bool fromEventsV1 = false; // convert to the stored core/v1 Event first
        QString skipReason;
    };

    void resolveTargets();
    // Stores one recorded change; false when it was skipped or had no effect.
    bool apply(const RecordedChange &change);
    void followCrd(const RecordedChange &change);
    qint64 dueMs(const RecordedChange &change) const;
    void applyDue();
    void scheduleNext();

    Recording m_recording;
    std::vector<Target> m_targets;
    std::vector<bool> m_reported; // per resource: its skip was told
    int m_crdResource = -1;
    size_t m_next = 0;
    qint64 m_changesApplied = 0;
    qint64 m_changesSkipped = 0;
    QElapsedTimer m_clock;
    QTimer m_timer;
};

void report(const QString &message)
{
    std::fprintf(stderr, "informant-sim: replay: %s\n", qPrintable(message));
}

Result<void> RecordingReplayScenario::populate()
{
    if (!(m_options.replaySpeed > 0))
        return makeError(QStringLiteral("--replay-speed must be a positive number"));
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
    // CRDs first: the custom resources of the initial state need their types.
    for (const RecordedChange &change : m_recording.initialState) {
        if (change.resource == m_crdResource)
            followCrd(change);
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

void RecordingReplayScenario::followCrd(const RecordedChange &change)
{
    const QJsonObject crd = QJsonDocument::fromJson(change.object.json()).object();
    if (change.type == RecordType::Deleted) {
        // As the server does: the CRD's objects go with it.
        const QJsonObject spec = crd.value(QLatin1String("spec")).toObject();
        const QString storageId =
            spec.value(QLatin1String("group")).toString() + QLatin1Char('/') +
            spec.value(QLatin1String("names")).toObject().value(QLatin1String("plural")).toString();
        m_context.table.removeCustomResource(change.object.name());
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
        report(QStringLiteral("CustomResourceDefinition %1 not served: %2")
                   .arg(change.object.name(), error));
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
    const bool crdChange = change.resource == m_crdResource && m_clock.isValid();
    if (change.type == RecordType::Deleted) {
        // The DELETED event carries the last stored state, as the server's does.
        const bool removed = m_context.storage.remove(storageId, change.object.key()).ok();
        if (crdChange) {
            followCrd(change);
            resolveTargets();
        }
        return removed;
    }
    if (crdChange) {
        followCrd(change);
        resolveTargets();
    }
    QByteArray json = change.object.json();
    if (target.fromEventsV1)
        json = QJsonDocument(eventsV1ToCoreEvent(QJsonDocument::fromJson(json).object()))
                   .toJson(QJsonDocument::Compact);
    const Result<EventPtr> stored = m_context.storage.put(storageId, json);
    if (!stored.ok())
        report(QStringLiteral("%1 %2 not stored: %3")
                   .arg(target.type->resource, change.object.key(), stored.errorMessage()));
    return stored.ok();
}

void RecordingReplayScenario::start()
{
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, &RecordingReplayScenario::applyDue);
    m_clock.start();
    scheduleNext();
}

qint64 RecordingReplayScenario::dueMs(const RecordedChange &change) const
{
    return qint64(double(change.offsetMs) / m_options.replaySpeed);
}

void RecordingReplayScenario::applyDue()
{
    const qint64 now = m_clock.elapsed();
    for (int done = 0; done < kChangesPerTick && m_next < m_recording.changes.size() &&
                       dueMs(m_recording.changes[m_next]) <= now;
         ++done) {
        if (apply(m_recording.changes[m_next++]))
            ++m_changesApplied;
        else
            ++m_changesSkipped;
    }
    scheduleNext();
}

void RecordingReplayScenario::scheduleNext()
{
    if (m_next >= m_recording.changes.size()) {
        // Tests and scripts wait for this line before they read the final state.
        report(QStringLiteral("finished: %1 changes applied, %2 skipped; the cluster stays in "
                              "its final state")
                   .arg(m_changesApplied)
                   .arg(m_changesSkipped));
        return;
    }
    const qint64 wait = dueMs(m_recording.changes[m_next]) - m_clock.elapsed();
    m_timer.start(int(std::clamp<qint64>(wait, 0, std::numeric_limits<int>::max())));
}

} // namespace

Result<std::unique_ptr<Scenario>> createRecordingReplayScenario(ServerContext &context,
                                                                const SimOptions &options)
{
    return std::unique_ptr<Scenario>(new RecordingReplayScenario(context, options));
}

} // namespace informant::sim
