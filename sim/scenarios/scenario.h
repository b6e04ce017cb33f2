#pragma once

// A scenario fills the simulated cluster and, optionally, keeps it changing
// (timers on the server thread). Created by name from SimOptions.

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
    virtual void setPaused(bool paused) { m_paused = paused; }

protected:
    ServerContext &m_context;
    SimOptions m_options;
    bool m_paused = false;
};

Result<std::unique_ptr<Scenario>> createScenario(ServerContext &context, const SimOptions &options);

} // namespace informant::sim
