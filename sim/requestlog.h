#pragma once

// The simulator's request log (GET /sim/v1/requests): one JSON object per
// line with time, verb (Kubernetes verb: list, watch, get, create, ...),
// method, path with query, user agent, and the scheme of the Authorization
// header the client sent ("Bearer", "Basic", "other"; absent: none), never
// the credentials: a test sees who sent a token where. Bounded; oldest
// dropped first. Server thread only.

#include <QByteArray>
#include <deque>

namespace informant::sim {

class RequestLog
{
public:
    static constexpr std::size_t kMaxEntries = 100000;

    void record(const QByteArray &verb, const QByteArray &method, const QByteArray &target,
                const QByteArray &userAgent, const QByteArray &authorization);
    QByteArray toJsonLines() const;
    void clear() { m_lines.clear(); }

private:
    std::deque<QByteArray> m_lines;
};

} // namespace informant::sim
