#pragma once

// Fault injection for reliability tests (`--faults`, POST /sim/v1/faults):
// a comma-separated list of name=value pairs:
//   drop-watch=3s   watch connections cut at random, mean interval
//   cut-frame=0.02  probability per watch event that the stream is cut mid-frame
//   gone=P error429=P error500=P error504=P
//                   probability per list/watch request of that answer
//   delay=200ms     every list/watch answer is delayed
//   compact=100     keep only that many events of history per resource
//   restart=30s     all connections cut at this interval, state kept
// Unknown names and malformed values are errors. Faults apply to resource
// list/watch requests only, never to /sim/v1. Server thread only.

#include "informer/core/apistatus.h"
#include "informer/core/result.h"

#include <optional>
#include <random>

namespace informant::sim {

struct FaultSpec
{
    qint64 dropWatchMeanMs = 0;
    double cutFrame = 0;
    double gone = 0;
    double error429 = 0;
    double error500 = 0;
    double error504 = 0;
    qint64 delayMs = 0;
    int compact = 0;
    qint64 restartMs = 0;

    static Result<FaultSpec> parse(const QString &spec);
    bool isEmpty() const;
    QString toString() const;
};

// "3s", "200ms", "1m", "1.5s" -> milliseconds; nullopt if malformed.
std::optional<qint64> parseDurationMs(const QString &text);

class Faults
{
public:
    explicit Faults(quint32 seed = 1)
        : m_random(seed)
    {
    }

    const FaultSpec &spec() const { return m_spec; }
    void setSpec(const FaultSpec &spec) { m_spec = spec; }

    // An error to answer instead of serving a list/watch request, if one is drawn.
    std::optional<ApiStatus> drawRequestError(bool isWatch);
    bool drawCutFrame() { return roll(m_spec.cutFrame); }
    // Milliseconds until the next random watch drop (exponential), 0 if off.
    qint64 drawDropDelayMs();

private:
    bool roll(double probability);
    std::mt19937 m_random;
    FaultSpec m_spec;
};

} // namespace informant::sim
