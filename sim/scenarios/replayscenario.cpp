// The `replay` scenario: --pods pods (default 1000) as in `scale`, then
// --changes MODIFIED events (default 1,000,000; annotation-only updates of
// random pods) made at start-up and kept compactly in a ReplayLog. A watch of
// /api/v1/pods from the resourceVersion just before them
// (GET /sim/v1/replay, also printed at start-up) streams them all
// back-to-back at the simulator's top speed: the S2 source of the benchmarks.
// --churn adds live changes after them. With --replay-on-request the changes
// are made only at POST /sim/v1/replay/start, so informers that listed and
// are watching before receive them all on their watch.

#include "sim/scenarios/scalescenario.h"

namespace informant::sim {

namespace {

constexpr int kReplayPods = 1000;
constexpr qint64 kReplayChanges = 1000000;
const QString kPods = QStringLiteral("/pods");

class ReplayScenario final : public Scenario
{
public:
    using Scenario::Scenario;

    Result<void> populate() override;
    void start() override { startChurn(*m_population); }

private:
    void makeChanges();

    std::unique_ptr<PodPopulation> m_population;
    qint64 m_changes = 0;
};

Result<void> ReplayScenario::populate()
{
    const int pods = m_options.pods > 0 ? m_options.pods : kReplayPods;
    m_changes = m_options.replayChanges > 0 ? m_options.replayChanges : kReplayChanges;
    if (m_changes > qint64(std::numeric_limits<qint32>::max()))
        return makeError(
            QStringLiteral("--changes: at most %1").arg(std::numeric_limits<qint32>::max()));
    m_population = ScaleScenario::createCluster(m_context, m_options, pods);
    m_population->populate();
    if (m_options.replayOnRequest)
        m_context.startReplay = [this] { makeChanges(); };
    else
        makeChanges();
    return {};
}

// Makes the changes (after everything stored so far) and tells the watchers.
void ReplayScenario::makeChanges()
{
    m_context.startReplay = nullptr;
    std::vector<PodParams> &params = m_population->pods();
    const ResourceStore &store = m_context.storage.store(kPods);
    std::vector<ObjectPtr> bases;
    bases.reserve(params.size());
    for (const PodParams &pod : params)
        bases.push_back(store.get(pod.namespaceName + '/' + pod.name));
    const quint64 fromRv = m_context.storage.currentRv();
    auto log =
        std::make_shared<ReplayLog>(std::move(bases), "sim.informant.io/generation", fromRv + 1);
    PodFactory &random = m_population->factory();
    for (qint64 i = 0; i < m_changes && !params.empty(); ++i) {
        const quint32 index = random.next(quint32(params.size()));
        log->append(index, quint32(++params[index].generation));
    }
    m_context.replay = ReplayInfo{kPods, QStringLiteral("/api/v1/pods"), fromRv, log->lastRv()};
    m_context.storage.installReplay(kPods, log);
}

} // namespace

Result<std::unique_ptr<Scenario>> createReplayScenario(ServerContext &context,
                                                       const SimOptions &options)
{
    return std::unique_ptr<Scenario>(new ReplayScenario(context, options));
}

} // namespace informant::sim
