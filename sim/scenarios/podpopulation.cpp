#include "sim/scenarios/podpopulation.h"

#include <thread>

namespace informant::sim {

namespace {
constexpr int kAppsPerNamespace = 25;
const QString kPods = QStringLiteral("/pods");
const QByteArray kGenerationMarker = "\"sim.informant.io/generation\":\"";
} // namespace

PodPopulation::PodPopulation(ServerContext &context, quint32 seed, QStringList namespaces,
                             int nodeCount, int targetPods)
    : m_context(context)
    , m_factory(seed)
    , m_namespaces(std::move(namespaces))
    , m_nodeCount(nodeCount)
    , m_targetPods(targetPods)
{
}

PodParams PodPopulation::makePod()
{
    const QString &ns = m_namespaces.at(m_factory.next(quint32(m_namespaces.size())));
    const QString app = QStringLiteral("app-%1").arg(m_factory.next(kAppsPerNamespace));
    return m_factory.makePod(ns, app, m_nodeCount);
}

QDateTime PodPopulation::namespacesCreatedAt()
{
    return QDateTime::currentDateTimeUtc().addSecs(-PodFactory::kMaxAgeSeconds);
}

void PodPopulation::populate()
{
    m_pods.reserve(std::size_t(m_targetPods) + 16);
    for (int i = 0; i < m_targetPods; ++i)
        m_pods.push_back(makePod());
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
}

void PodPopulation::storePod(const PodParams &pod)
{
    m_context.storage.putBuilt(kPods,
                               [&pod](quint64 rv) { return PodFactory::podObject(pod, rv); });
}

void PodPopulation::changeOne()
{
    const quint32 roll = m_factory.next(100);
    const bool tooFew = size() < m_targetPods;
    const bool tooMany = size() > m_targetPods;
    if (m_pods.empty() || (roll < 10 && !tooMany) || tooFew) {
        PodParams pod = makePod();
        // Created now, as a watcher sees it ADDED (the population's first
        // pods were made with ages of up to a day).
        pod.createdAt = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
        storePod(pod);
        m_pods.push_back(std::move(pod));
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

std::optional<std::pair<qsizetype, qsizetype>> PodPopulation::generationSpan(const QByteArray &json)
{
    const qsizetype at = json.indexOf(kGenerationMarker);
    if (at < 0)
        return std::nullopt;
    const qsizetype start = at + kGenerationMarker.size();
    const qsizetype end = json.indexOf('"', start);
    if (end < 0)
        return std::nullopt;
    return std::make_pair(start, end);
}

// The most common change only bumps an annotation: patch the stored bytes
// (resourceVersion and generation, in one copy) instead of generating the pod
// again; this is what makes high churn rates possible.
bool PodPopulation::touchPod(const PodParams &pod)
{
    const ObjectPtr previous =
        m_context.storage.store(kPods).get(pod.namespaceName + '/' + pod.name);
    const auto generation = previous ? generationSpan(previous->json) : std::nullopt;
    if (!generation)
        return false;
    const QByteArray &json = previous->json;
    const QByteArray rvMarker =
        "\"resourceVersion\":\"" + QByteArray::number(previous->resourceVersion) + '"';
    const qsizetype rvAt = json.indexOf(rvMarker);
    if (rvAt < 0 || rvAt > generation->first)
        return false; // not the layout PodFactory writes
    const qsizetype rvStart = rvAt + qsizetype(qstrlen("\"resourceVersion\":\""));
    const qsizetype rvEnd = rvAt + rvMarker.size() - 1;
    m_context.storage.putBuilt(kPods, [&](quint64 rv) {
        QByteArray out;
        out.reserve(json.size() + 16);
        out.append(json.constData(), rvStart)
            .append(QByteArray::number(rv))
            .append(json.constData() + rvEnd, generation->first - rvEnd)
            .append(QByteArray::number(pod.generation))
            .append(json.constData() + generation->second, json.size() - generation->second);
        auto object = std::make_shared<StoredObject>(*previous);
        object->json = std::move(out);
        object->resourceVersion = rv;
        return ObjectPtr(std::move(object));
    });
    return true;
}

} // namespace informant::sim
