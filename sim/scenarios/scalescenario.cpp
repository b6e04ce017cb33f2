#include "sim/scenarios/scalescenario.h"

#include "sim/objectwriter.h"
#include "sim/scenarios/clusterobjects.h"

namespace informant::sim {

namespace {
constexpr int kScalePods = 10000;
constexpr int kChurnPods = 1000;
constexpr double kChurnRate = 100;
constexpr int kNamespaces = 10;
} // namespace

ScaleScenario::ScaleScenario(ServerContext &context, const SimOptions &options, bool churnByDefault)
    : Scenario(context, options)
    , m_defaultRate(churnByDefault ? kChurnRate : 0)
{
    if (m_options.pods <= 0)
        m_options.pods = churnByDefault ? kChurnPods : kScalePods;
}

std::unique_ptr<PodPopulation> ScaleScenario::createCluster(ServerContext &context,
                                                            const SimOptions &options, int pods)
{
    // The cluster predates its pods (creation times over the past day).
    ObjectWriter writer(context, PodPopulation::namespacesCreatedAt());
    const ResourceType namespaces =
        *context.table.find({}, QStringLiteral("v1"), QStringLiteral("namespaces"));
    const ResourceType nodes =
        *context.table.find({}, QStringLiteral("v1"), QStringLiteral("nodes"));
    for (const QString &name : {QStringLiteral("default"), QStringLiteral("kube-system")})
        (void)writer.create(namespaces, objects::namespaceObject(name), QString());
    const int namespaceCount = options.namespaces > 0 ? options.namespaces : kNamespaces;
    QStringList names;
    for (int i = 0; i < namespaceCount; ++i) {
        names.append(QStringLiteral("ns-%1").arg(i));
        (void)writer.create(namespaces, objects::namespaceObject(names.back()), QString());
    }
    const int nodeCount = std::clamp(pods / 100, 3, 1000);
    for (int i = 0; i < nodeCount; ++i)
        (void)writer.create(nodes, objects::node(QStringLiteral("node-%1").arg(i), i), QString());
    return std::make_unique<PodPopulation>(context, options.seed, names, nodeCount, pods);
}

Result<void> ScaleScenario::populate()
{
    m_population = createCluster(m_context, m_options, m_options.pods);
    m_population->populate();
    return {};
}

void ScaleScenario::start()
{
    startChurn(*m_population, m_defaultRate);
}

Result<std::unique_ptr<Scenario>> createPopulationScenario(ServerContext &context,
                                                           const SimOptions &options, bool churn)
{
    return std::unique_ptr<Scenario>(new ScaleScenario(context, options, churn));
}

} // namespace informant::sim
