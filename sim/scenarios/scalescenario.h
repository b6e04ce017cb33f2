#pragma once

// The `scale` and `churn` scenarios: --pods realistic pods (default 10000 for
// scale, 1000 for churn) over --namespaces namespaces ns-0.. (default 10) on
// enough nodes (one per 100 pods, 3 to 1000). Both churn at --churn changes
// per second when it is given; `churn` defaults to 100 changes/s.

#include "sim/scenarios/podpopulation.h"
#include "sim/scenarios/scenario.h"

namespace informant::sim {

class ScaleScenario final : public Scenario
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ScaleScenario)

public:
    ScaleScenario(ServerContext &context, const SimOptions &options, bool churnByDefault);

    Result<void> populate() override;
    void start() override;

    // Creates namespaces ns-0.. and nodes node-0.. for `pods` pods; returns the population.
    static std::unique_ptr<PodPopulation> createCluster(ServerContext &context,
                                                        const SimOptions &options, int pods);

private:
    double m_defaultRate;
    std::unique_ptr<PodPopulation> m_population;
};

} // namespace informant::sim
