#include "sim/scenarios/scenario.h"

#include "sim/objectwriter.h"
#include "sim/scenarios/clusterobjects.h"

namespace informant::sim {

namespace {

class EmptyScenario final : public Scenario
{
public:
    using Scenario::Scenario;
    Result<void> populate() override;
};

} // namespace

Result<std::unique_ptr<Scenario>> createPopulationScenario(ServerContext &context,
                                                           const SimOptions &options, bool churn);
Result<std::unique_ptr<Scenario>> createDemoScenario(ServerContext &context,
                                                     const SimOptions &options);

Result<void> createBaseNamespaces(ServerContext &context)
{
    ObjectWriter writer(context);
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

Result<void> EmptyScenario::populate()
{
    return createBaseNamespaces(m_context);
}

Result<std::unique_ptr<Scenario>> createScenario(ServerContext &context, const SimOptions &options)
{
    if (options.scenario == QLatin1String("empty"))
        return std::unique_ptr<Scenario>(new EmptyScenario(context, options));
    if (options.scenario == QLatin1String("scale"))
        return createPopulationScenario(context, options, false);
    if (options.scenario == QLatin1String("churn"))
        return createPopulationScenario(context, options, true);
    if (options.scenario == QLatin1String("demo"))
        return createDemoScenario(context, options);
    return makeError(QStringLiteral("unknown scenario \"%1\" (known: demo, empty, scale, churn)")
                         .arg(options.scenario));
}

} // namespace informant::sim
