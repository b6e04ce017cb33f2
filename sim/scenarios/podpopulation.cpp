#include "sim/scenarios/podpopulation.h"

#include "sim/objectwriter.h"
#include "sim/scenarios/clusterobjects.h"

#include <thread>

namespace informant::sim {

namespace {
constexpr int kTickMs = 10;
constexpr qint64 kTickBudgetMs = 5;
constexpr int kAppsPerNamespace = 25;
const QString kPods = QStringLiteral("/pods");
} // namespace

PodPopulationScenario::PodPopulationScenario(ServerContext &context, const SimOptions &options,
                                             bool churn)
    : Scenario(context, options)
    , m_churn(churn)
    , m_targetPods(options.pods > 0 ? options.pods : (churn ? 1000 : 10000))
    , m_namespaceCount(options.namespaces > 0 ? options.namespaces : 10)
    , m_nodeCount(std::clamp(m_targetPods / 100, 3, 1000))
    , m_rate(options.churnPerSecond > 0 ? options.churnPerSecond : 100)
    , m_factory(options.seed)
{
    connect(&m_timer, &QTimer::timeout, this, &PodPopulationScenario::tick);
}

Result<void> PodPopulationScenario::populate()
{
    ObjectWriter writer(m_context);
    const ResourceType namespaces =
        *m_context.table.find({}, QStringLiteral("v1"), QStringLiteral("namespaces"));
    const ResourceType nodes =
        *m_context.table.find({}, QStringLiteral("v1"), QStringLiteral("nodes"));
    for (const QString &name : {QStringLiteral("default"), QStringLiteral("kube-system")})
        (void)writer.create(namespaces, objects::namespaceObject(name), QString());
    for (int i = 0; i < m_namespaceCount; ++i)
        (void)writer.create(namespaces, objects::namespaceObject(QStringLiteral("ns-%1").arg(i)),
                            QString());
    for (int i = 0; i < m_nodeCount; ++i)
        (void)writer.create(nodes, objects::node(QStringLiteral("node-%1").arg(i), i), QString());
    m_pods.reserve(std::size_t(m_targetPods) + 16);
    for (int i = 0; i < m_targetPods; ++i) {
        const QString ns = QStringLiteral("ns-%1").arg(m_factory.next(quint32(m_namespaceCount)));
        const QString app = QStringLiteral("app-%1").arg(m_factory.next(kAppsPerNamespace));
        m_pods.push_back(m_factory.makePod(ns, app, m_nodeCount));
    }
    // Pods are stored in order, so the resourceVersion of each is known up
    // front: their JSON is built on all cores, then stored one by one.
    const quint64 base = m_context.storage.currentRv();
    std::vector<ObjectPtr> built(m_pods.size());
    const auto build = [&](std::size_t begin, std::size_t end) {
        for (std::size_t i = begin; i < end; ++i)
            built[i] = PodFactory::podObject(m_pods[i], base + i + 1);
    };
    const std::size_t threads = std::clamp<std::size_t>(std::thread::hardware_concurrency(), 1, 8);
    const std::size_t slice = (m_pods.size() + threads - 1) / threads;
    std::vector<std::thread> workers;
    for (std::size_t t = 1; t < threads; ++t)
        workers.emplace_back(build, std::min(t * slice, m_pods.size()),
                             std::min((t + 1) * slice, m_pods.size()));
    build(0, std::min(slice, m_pods.size()));
    for (std::thread &worker : workers)
        worker.join();
    for (std::size_t i = 0; i < m_pods.size(); ++i) {
        m_context.storage.putBuilt(kPods, [&](quint64 rv) {
            return rv == base + i + 1 ? std::move(built[i]) : PodFactory::podObject(m_pods[i], rv);
        });
    }
    return {};
}

void PodPopulationScenario::createPod()
{
    const QString ns = QStringLiteral("ns-%1").arg(m_factory.next(quint32(m_namespaceCount)));
    const QString app = QStringLiteral("app-%1").arg(m_factory.next(kAppsPerNamespace));
    PodParams pod = m_factory.makePod(ns, app, m_nodeCount);
    storePod(pod);
    m_pods.push_back(std::move(pod));
}

void PodPopulationScenario::storePod(const PodParams &pod)
{
    m_context.storage.putBuilt(kPods,
                               [&pod](quint64 rv) { return PodFactory::podObject(pod, rv); });
}

void PodPopulationScenario::start()
{
    if (!m_churn)
        return;
    m_clock.start();
    m_timer.start(kTickMs);
}

void PodPopulationScenario::setPaused(bool paused)
{
    Scenario::setPaused(paused);
    if (!m_churn)
        return;
    if (paused) {
        m_timer.stop();
    } else {
        m_done = 0;
        m_clock.restart();
        m_timer.start(kTickMs);
    }
}

void PodPopulationScenario::tick()
{
    // Work for at most kTickBudgetMs per turn so requests and watch streams
    // keep flowing; when behind, come back at once instead of after kTickMs.
    QElapsedTimer budget;
    budget.start();
    const double due = m_rate * double(m_clock.elapsed()) / 1000.0;
    const qint64 count = qint64(due - m_done);
    qint64 done = 0;
    while (done < count) {
        changeOne();
        ++done;
        if (done % 32 == 0 && budget.elapsed() >= kTickBudgetMs)
            break;
    }
    m_done += double(done);
    if (due - m_done > m_rate)
        m_done = due - m_rate; // more than a second behind: drop the backlog
    m_timer.setInterval(done < count ? 0 : kTickMs);
}

void PodPopulationScenario::changeOne()
{
    const quint32 roll = m_factory.next(100);
    const bool tooFew = qsizetype(m_pods.size()) < m_targetPods;
    const bool tooMany = qsizetype(m_pods.size()) > m_targetPods;
    if (m_pods.empty() || (roll < 10 && !tooMany) || tooFew) {
        createPod();
        return;
    }
    const std::size_t index = m_factory.next(quint32(m_pods.size()));
    if (roll < 20) {
        const PodParams victim = m_pods[index];
        m_pods[index] = std::move(m_pods.back());
        m_pods.pop_back();
        (void)m_context.storage.remove(kPods, victim.namespaceName + '/' + victim.name);
        return;
    }
    PodParams &pod = m_pods[index];
    ++pod.generation;
    if (roll < 30) {
        ++pod.restartCount;
    } else if (roll < 35) {
        pod.ready = !pod.ready;
    } else if (roll < 40) {
        static const char *const kTiers[] = {"frontend", "backend", "cache", "batch"};
        pod.tier = QLatin1String(kTiers[m_factory.next(4)]);
    } else if (touchPod(pod)) {
        return;
    }
    storePod(pod);
}

// The most common change only bumps an annotation: patch the stored bytes
// instead of generating the pod again (what makes high churn rates possible).
bool PodPopulationScenario::touchPod(const PodParams &pod)
{
    static const QByteArray kMarker = "\"sim.informant.io/generation\":\"";
    const ObjectPtr previous =
        m_context.storage.store(kPods).get(pod.namespaceName + '/' + pod.name);
    if (!previous)
        return false;
    const qsizetype at = previous->json.indexOf(kMarker);
    const qsizetype end = at < 0 ? -1 : previous->json.indexOf('"', at + kMarker.size());
    if (end < 0)
        return false;
    QByteArray json = previous->json;
    json.replace(at + kMarker.size(), end - at - kMarker.size(),
                 QByteArray::number(pod.generation));
    m_context.storage.putBuilt(kPods, [&](quint64 rv) {
        auto object = std::make_shared<StoredObject>(*previous);
        object->json = withResourceVersion(json, rv);
        object->resourceVersion = rv;
        return ObjectPtr(std::move(object));
    });
    return true;
}

Result<std::unique_ptr<Scenario>> createPopulationScenario(ServerContext &context,
                                                           const SimOptions &options, bool churn)
{
    return std::unique_ptr<Scenario>(new PodPopulationScenario(context, options, churn));
}

} // namespace informant::sim
