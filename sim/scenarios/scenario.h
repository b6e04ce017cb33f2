#pragma once

// A scenario fills the simulated cluster and, optionally, keeps it changing
// (timers on the server thread). Created by name from SimOptions. Any
// scenario can churn pods at --churn changes per second (startChurn);
// scenarios without a pod population of their own get one for it.

#include "sim/scenarios/churnloop.h"
#include "sim/scenarios/podpopulation.h"
#include "sim/servercontext.h"
#include "sim/simoptions.h"

#include <QObject>

#include <memory>

namespace informant::sim {

class Scenario : public QObject
{
    Q_OBJECT

public:
    Scenario(ServerContext &context, const SimOptions &options)
        : m_context(context)
        , m_options(options)
    {
    }

    // Creates the initial objects (before the server accepts connections).
    virtual Result<void> populate() = 0;
    // Starts the scenario's timers.
    virtual void start() {}
    virtual void setPaused(bool paused);
    // Changes made by the churn loop so far (0 without churn).
    quint64 churnChanges() const { return m_churn ? m_churn->changesMade() : 0; }

protected:
    // Starts churning `population` at --churn changes/s (or `defaultRate`
    // when --churn is not given); no churn when the rate is 0.
    void startChurn(PodPopulation &population, double defaultRate = 0);
    // For scenarios without pods of their own: with --churn, creates namespace
    // "churn" and --pods pods in it (default 200) on node-0..node-(nodeCount-1).
    void populateChurnPods(int nodeCount);
    void startChurnPods();

    ServerContext &m_context;
    SimOptions m_options;
    bool m_paused = false;
    std::unique_ptr<PodPopulation> m_churnPods;
    std::unique_ptr<ChurnLoop> m_churn;
};

Result<std::unique_ptr<Scenario>> createScenario(ServerContext &context, const SimOptions &options);

} // namespace informant::sim
