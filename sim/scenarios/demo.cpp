#include "sim/scenarios/scenario.h"

namespace informant::sim {

Result<void> createBaseNamespaces(ServerContext &context);

namespace {

class DemoScenario final : public Scenario
{
public:
    using Scenario::Scenario;
    Result<void> populate() override { return createBaseNamespaces(m_context); }
};

} // namespace

Result<std::unique_ptr<Scenario>> createDemoScenario(ServerContext &context,
                                                     const SimOptions &options)
{
    return std::unique_ptr<Scenario>(new DemoScenario(context, options));
}

} // namespace informant::sim
