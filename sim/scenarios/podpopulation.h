#pragma once

// The `scale` and `churn` scenarios: N realistic pods (PodFactory) spread
// over M namespaces with varied labels, on enough nodes. `churn` adds a
// steady stream of changes (about 80 % updates, the rest deletes and creates
// that keep the population stable), at --churn changes per second,
// deterministic for a given --seed (the sequence, not its timing).

#include "sim/scenarios/podfactory.h"
#include "sim/scenarios/scenario.h"

#include <QElapsedTimer>
#include <QTimer>

#include <vector>

namespace informant::sim {

class PodPopulationScenario final : public Scenario
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PodPopulationScenario)

public:
    PodPopulationScenario(ServerContext &context, const SimOptions &options, bool churn);

    Result<void> populate() override;
    void start() override;
    void setPaused(bool paused) override;

private:
    void tick();
    void changeOne();
    void createPod();
    void storePod(const PodParams &pod);
    bool touchPod(const PodParams &pod);

    bool m_churn;
    int m_targetPods;
    int m_namespaceCount;
    int m_nodeCount;
    double m_rate;
    PodFactory m_factory;
    std::vector<PodParams> m_pods;
    QTimer m_timer;
    QElapsedTimer m_clock;
    double m_done = 0;
};

} // namespace informant::sim
