#include "sim/scenarios/scenario.h"

#include "sim/objectwriter.h"
#include "sim/scenarios/clusterobjects.h"

namespace informant::sim {

namespace {

constexpr int kDefaultChurnPods = 200;

class EmptyScenario final : public Scenario
{
public:
    using Scenario::Scenario;
    Result<void> populate() override;
    void start() override { startChurnPods(); }
};

} // namespace

Result<std::unique_ptr<Scenario>> createPopulationScenario(ServerContext &context,
                                                           const SimOptions &options, bool churn);
Result<std::unique_ptr<Scenario>> createReplayScenario(ServerContext &context,
                                                       const SimOptions &options);
Result<std::unique_ptr<Scenario>> createDemoScenario(ServerContext &context,
                                                     const SimOptions &options);
Result<std::unique_ptr<Scenario>> createRecordingReplayScenario(ServerContext &context,
                                                                const SimOptions &options);

// The namespaces every cluster has, made `at` that time (invalid: now).
Result<void> createBaseNamespaces(ServerContext &context, const QDateTime &at)
{
    ObjectWriter writer(context, at);
    const ResourceType namespaces =
        *context.table.find({}, QStringLiteral("v1"), QStringLiteral("namespaces"));
    for (const char *name : {"default", "kube-system", "kube-public", "kube-node-lease"}) {
        const auto created =
            writer.create(namespaces, objects::namespaceObject(QLatin1String(name)), QString());
        if (!created.ok())
            return makeError(created.error().message);
    }
    return {};
}

void Scenario::setPaused(bool paused)
{
    m_paused = paused;
    if (m_churn)
        m_churn->setPaused(paused);
}

void Scenario::startChurn(PodPopulation &population, double defaultRate)
{
    const double rate = m_options.churnPerSecond > 0 ? m_options.churnPerSecond : defaultRate;
    if (rate <= 0)
        return;
    m_churn = std::make_unique<ChurnLoop>(rate, [&population] { population.changeOne(); });
    m_churn->setPaused(m_paused);
    m_churn->start();
}

void Scenario::populateChurnPods(int nodeCount)
{
    if (m_options.churnPerSecond <= 0)
        return;
    ObjectWriter writer(m_context, PodPopulation::namespacesCreatedAt());
    const ResourceType namespaces =
        *m_context.table.find({}, QStringLiteral("v1"), QStringLiteral("namespaces"));
    const QString name = QStringLiteral("churn");
    (void)writer.create(namespaces, objects::namespaceObject(name), QString());
    m_churnPods =
        std::make_unique<PodPopulation>(m_context, m_options.seed, QStringList{name}, nodeCount,
                                        m_options.pods > 0 ? m_options.pods : kDefaultChurnPods);
    m_churnPods->populate();
}

void Scenario::startChurnPods()
{
    if (m_churnPods)
        startChurn(*m_churnPods);
}

Result<void> EmptyScenario::populate()
{
    // With churn pods, the cluster's own namespaces are older than theirs.
    const Result<void> base = createBaseNamespaces(
        m_context, m_options.churnPerSecond > 0 ? PodPopulation::namespacesCreatedAt().addSecs(-1)
                                                : QDateTime());
    if (base.ok())
        populateChurnPods(1);
    return base;
}

Result<std::unique_ptr<Scenario>> createScenario(ServerContext &context, const SimOptions &options)
{
    if (options.churnPerSecond < 0)
        return makeError(QStringLiteral("--churn must not be negative"));
    if (options.scenario == QLatin1String("empty"))
        return std::unique_ptr<Scenario>(new EmptyScenario(context, options));
    if (options.scenario == QLatin1String("scale"))
        return createPopulationScenario(context, options, false);
    if (options.scenario == QLatin1String("churn"))
        return createPopulationScenario(context, options, true);
    if (!options.replayFile.isEmpty() && options.scenario != QLatin1String("replay"))
        return makeError(QStringLiteral("--replay FILE goes with --scenario replay, not %1")
                             .arg(options.scenario));
    if (options.scenario == QLatin1String("replay"))
        return options.replayFile.isEmpty() ? createReplayScenario(context, options)
                                            : createRecordingReplayScenario(context, options);
    if (options.scenario == QLatin1String("demo"))
        return createDemoScenario(context, options);
    return makeError(
        QStringLiteral("unknown scenario \"%1\" (known: demo, empty, scale, churn, replay)")
            .arg(options.scenario));
}

} // namespace informant::sim
