#pragma once

// A population of realistic pods (PodFactory) spread over given namespaces
// and nodes with varied labels, and the changes that keep it churning: about
// 80 % updates (half of them annotation-only, patched in the stored bytes),
// the rest deletes and creates that keep the population near its target
// size. Deterministic for a given seed (the sequence, not its timing). Used
// by every scenario that has pods to churn. Server thread only.

#include "sim/scenarios/podfactory.h"
#include "sim/servercontext.h"

#include <QDateTime>
#include <QStringList>

#include <vector>

namespace informant::sim {

class PodPopulation
{
public:
    // Pods go to `namespaces` (which must exist) and nodes node-0..node-(nodeCount-1).
    PodPopulation(ServerContext &context, quint32 seed, QStringList namespaces, int nodeCount,
                  int targetPods);

    // Stores the target number of pods (their JSON built on all cores).
    void populate();
    // One change: an update, a delete or a create.
    void changeOne();

    // When the namespaces of a population made from now on were created: as
    // long ago as its oldest pod can be, so that no pod (its creation time
    // random over the past day) is older than its namespace.
    static QDateTime namespacesCreatedAt();

    std::vector<PodParams> &pods() { return m_pods; }
    PodFactory &factory() { return m_factory; }
    qsizetype size() const { return qsizetype(m_pods.size()); }
    // The "sim.informant.io/generation" annotation of stored pod bytes: where its value is.
    static std::optional<std::pair<qsizetype, qsizetype>> generationSpan(const QByteArray &json);

private:
    PodParams makePod();
    void storePod(const PodParams &pod);
    bool touchPod(const PodParams &pod);

    ServerContext &m_context;
    PodFactory m_factory;
    QStringList m_namespaces;
    int m_nodeCount;
    int m_targetPods;
    std::vector<PodParams> m_pods;
};

} // namespace informant::sim
