#include "sim/scenarios/demo.h"

#include "sim/objectwriter.h"
#include "sim/scenarios/clusterobjects.h"
#include "sim/scenarios/demohistory.h"

#include <QJsonArray>

namespace informant::sim {

Result<void> createBaseNamespaces(ServerContext &context, const QDateTime &at);

namespace {

constexpr int kNodeCount = 3;
constexpr int kReconcileMs = 1000;
constexpr int kCronSyncMs = 1000;
// A deploy is under way a few seconds after the demo opens; after it, one
// every few minutes, as a team shipping through the day would.
constexpr int kFirstRolloutMs = 8000;
constexpr int kMinRolloutGapMs = 150 * 1000;
constexpr int kMaxRolloutGapMs = 300 * 1000;
constexpr int kRolloutRetryMs = 30 * 1000; // while another rollout is still going

// The cluster's past, as ages when the demo opens: set up two months ago, a
// node replaced since, the team's namespaces and services added over the
// weeks after, the newest service hours old. What the controllers made
// follows what it comes from (DemoHistory).
constexpr qint64 kHourSeconds = 3600;
constexpr qint64 kDaySeconds = 24 * kHourSeconds;
constexpr qint64 kClusterAgeSeconds = 62 * kDaySeconds;
constexpr qint64 kNodeAgeSeconds[kNodeCount] = {kClusterAgeSeconds, kClusterAgeSeconds - 40,
                                                19 * kDaySeconds};
constexpr qint64 kLedgerDbAgeSeconds = 43 * kDaySeconds;
constexpr qint64 kNodeExporterAgeSeconds = 61 * kDaySeconds - 20 * 60;
constexpr qint64 kWidgetCrdAgeSeconds = 16 * kDaySeconds;

struct DemoNamespace
{
    const char *name;
    qint64 ageSeconds;
};

const DemoNamespace kNamespaces[] = {
    {"monitoring", 61 * kDaySeconds},
    {"web", 58 * kDaySeconds},
    {"payments", 44 * kDaySeconds},
    {"batch", 12 * kDaySeconds},
};

// How a Deployment is rolled out in the demo: the team's services ship new
// images or are restarted (kubectl rollout restart, after a config change);
// the platform's stay as they are.
enum class Rollout { None, NewImage, Restart };

struct DemoApp
{
    const char *namespaceName;
    const char *name;
    const char *image;
    int replicas;
    int port;             // the container's and the Service's
    const char *portName; // the Service's targetPort names the container port
    Rollout rollout;
    qint64 ageSeconds; // since it was first applied, with its Service and ConfigMap
};

const DemoApp kApps[] = {
    {"web", "frontend", "nginx:1.27.2", 3, 80, "http", Rollout::Restart, 34 * kDaySeconds},
    {"web", "api", "ghcr.io/example/api:2.14.1", 2, 8080, "http", Rollout::NewImage,
     9 * kDaySeconds},
    {"payments", "checkout", "ghcr.io/example/checkout:1.9.0", 2, 8080, "http", Rollout::NewImage,
     20 * kHourSeconds},
    {"monitoring", "prometheus", "quay.io/prometheus/prometheus:v2.54.1", 1, 9090, "web",
     Rollout::None, 61 * kDaySeconds - 15 * 60},
    {"kube-system", "coredns", "registry.k8s.io/coredns/coredns:v1.11.3", 2, 53, "dns-tcp",
     Rollout::None, kClusterAgeSeconds - 60},
};

// The next patch release: "ghcr.io/example/api:2.14.1" -> "...:2.14.2".
QString nextPatchRelease(const QString &image)
{
    const qsizetype dot = image.lastIndexOf(u'.');
    return image.left(dot + 1) + QString::number(image.mid(dot + 1).toInt() + 1);
}

// The class that provisions the StatefulSet's volumes (VolumeProvisioner).
const char *const kStorageClass = "standard";
const char *const kProvisioner = "hostpath.csi.k8s.io";

QJsonObject deployment(const DemoApp &app)
{
    const QJsonObject labels{{"app", app.name}};
    const QJsonObject container{
        {"name", app.name},
        {"image", app.image},
        {"ports", QJsonArray{QJsonObject{
                      {"name", app.portName}, {"containerPort", app.port}, {"protocol", "TCP"}}}},
        {"resources", QJsonObject{{"requests", QJsonObject{{"cpu", "100m"}, {"memory", "128Mi"}}}}},
        {"imagePullPolicy", "IfNotPresent"}};
    return QJsonObject{
        {"apiVersion", "apps/v1"},
        {"kind", "Deployment"},
        {"metadata",
         QJsonObject{{"name", app.name}, {"namespace", app.namespaceName}, {"labels", labels}}},
        {"spec",
         QJsonObject{{"replicas", app.replicas},
                     {"selector", QJsonObject{{"matchLabels", labels}}},
                     {"strategy", QJsonObject{{"type", "RollingUpdate"}}},
                     {"template",
                      QJsonObject{{"metadata", QJsonObject{{"labels", labels}}},
                                  {"spec", QJsonObject{{"containers", QJsonArray{container}}}}}}}}};
}

QJsonObject podTemplate(const QJsonObject &labels, const QJsonObject &container)
{
    return QJsonObject{{"metadata", QJsonObject{{"labels", labels}}},
                       {"spec", QJsonObject{{"containers", QJsonArray{container}}}}};
}

// ledger-db keeps its data on a claim per pod, data-ledger-db-<ordinal>, made
// from its volumeClaimTemplates; its pods' DNS names come from the headless
// Service of the same name.
QJsonObject statefulSet()
{
    const QJsonObject labels{{"app", "ledger-db"}};
    const QJsonObject container{
        {"name", "postgres"},
        {"image", "postgres:16.4"},
        {"ports", QJsonArray{QJsonObject{
                      {"name", "postgres"}, {"containerPort", 5432}, {"protocol", "TCP"}}}},
        {"volumeMounts",
         QJsonArray{QJsonObject{{"name", "data"}, {"mountPath", "/var/lib/postgresql/data"}}}}};
    const QJsonObject claim{
        {"apiVersion", "v1"},
        {"kind", "PersistentVolumeClaim"},
        {"metadata", QJsonObject{{"name", "data"}}},
        {"spec",
         QJsonObject{{"accessModes", QJsonArray{"ReadWriteOnce"}},
                     {"storageClassName", kStorageClass},
                     {"resources", QJsonObject{{"requests", QJsonObject{{"storage", "10Gi"}}}}}}}};
    return QJsonObject{
        {"apiVersion", "apps/v1"},
        {"kind", "StatefulSet"},
        {"metadata",
         QJsonObject{{"name", "ledger-db"}, {"namespace", "payments"}, {"labels", labels}}},
        {"spec", QJsonObject{{"replicas", 2},
                             {"serviceName", "ledger-db"},
                             {"selector", QJsonObject{{"matchLabels", labels}}},
                             {"template", podTemplate(labels, container)},
                             {"volumeClaimTemplates", QJsonArray{claim}}}}};
}

QJsonObject daemonSet()
{
    const QJsonObject labels{{"app", "node-exporter"}};
    const QJsonObject container{
        {"name", "node-exporter"},
        {"image", "quay.io/prometheus/node-exporter:v1.8.2"},
        {"ports", QJsonArray{QJsonObject{
                      {"name", "metrics"}, {"containerPort", 9100}, {"protocol", "TCP"}}}}};
    return QJsonObject{
        {"apiVersion", "apps/v1"},
        {"kind", "DaemonSet"},
        {"metadata",
         QJsonObject{{"name", "node-exporter"}, {"namespace", "monitoring"}, {"labels", labels}}},
        {"spec", QJsonObject{{"selector", QJsonObject{{"matchLabels", labels}}},
                             {"template", podTemplate(labels, container)}}}};
}

QJsonObject widgetCrd()
{
    const QJsonObject schema{{"type", "object"}, {"x-kubernetes-preserve-unknown-fields", true}};
    const QJsonArray columns{
        QJsonObject{{"name", "Size"}, {"type", "string"}, {"jsonPath", ".spec.size"}},
        QJsonObject{{"name", "Color"}, {"type", "string"}, {"jsonPath", ".spec.color"}},
        QJsonObject{{"name", "Ready"}, {"type", "boolean"}, {"jsonPath", ".status.ready"}},
        QJsonObject{
            {"name", "Age"}, {"type", "date"}, {"jsonPath", ".metadata.creationTimestamp"}}};
    return QJsonObject{
        {"apiVersion", "apiextensions.k8s.io/v1"},
        {"kind", "CustomResourceDefinition"},
        {"metadata", QJsonObject{{"name", "widgets.demo.informant.io"}}},
        {"spec",
         QJsonObject{{"group", "demo.informant.io"},
                     {"scope", "Namespaced"},
                     {"names", QJsonObject{{"plural", "widgets"},
                                           {"singular", "widget"},
                                           {"kind", "Widget"},
                                           {"listKind", "WidgetList"},
                                           {"shortNames", QJsonArray{"wd"}},
                                           {"categories", QJsonArray{"all"}}}},
                     {"versions", QJsonArray{QJsonObject{
                                      {"name", "v1"},
                                      {"served", true},
                                      {"storage", true},
                                      {"schema", QJsonObject{{"openAPIV3Schema", schema}}},
                                      {"subresources", QJsonObject{{"status", QJsonObject()}}},
                                      {"additionalPrinterColumns", columns}}}}}}};
}

QJsonObject widget(const QString &name, const QString &size, const QString &color, bool ready)
{
    return QJsonObject{{"apiVersion", "demo.informant.io/v1"},
                       {"kind", "Widget"},
                       {"metadata", QJsonObject{{"name", name}, {"namespace", "web"}}},
                       {"spec", QJsonObject{{"size", size}, {"color", color}}},
                       {"status", QJsonObject{{"ready", ready}}}};
}

} // namespace

DemoScenario::DemoScenario(ServerContext &context, const SimOptions &options)
    : Scenario(context, options)
    , m_events(context)
    , m_controller(context, m_events)
    , m_statefulSets(context, m_events)
    , m_daemonSets(context, m_events)
    , m_scheduler(context, m_events)
    , m_jobs(context, m_events)
    , m_volumes(context, m_events, QLatin1String(kProvisioner))
    , m_endpoints(context)
    , m_namespaces(context)
    , m_factory(options.seed)
    , m_cronJob(context, m_events, options.seed, kNodeCount)
    , m_heartbeat(context, options.nodeLeaseRenewMs)
{
    m_rolloutTimer.setSingleShot(true);
    connect(&m_reconcileTimer, &QTimer::timeout, this, &DemoScenario::reconcile);
    connect(&m_rolloutTimer, &QTimer::timeout, this, &DemoScenario::rollOut);
    connect(&m_cronTimer, &QTimer::timeout, this,
            [this] { m_cronJob.sync(QDateTime::currentDateTimeUtc()); });
}

ResourceType DemoScenario::type(const char *group, const char *resource) const
{
    for (const ResourceType &candidate : m_context.table.types()) {
        if (candidate.group == QLatin1String(group) &&
            candidate.resource == QLatin1String(resource))
            return candidate;
    }
    return ResourceType();
}

Result<void> DemoScenario::populate()
{
    const QDateTime now = QDateTime::currentDateTimeUtc();
    const Result<void> base = createBaseNamespaces(m_context, now.addSecs(-kClusterAgeSeconds));
    if (!base.ok())
        return base;
    createClusterObjects(now);
    createApps(now);
    createWidgets(now);
    // Bring the deployments up before the first client looks, then move what
    // the controllers made back to the past of what it comes from.
    for (int i = 0; i < 4; ++i)
        reconcile();
    DemoHistory(m_context, now).backdate();
    // These write their own past.
    m_cronJob.create(QDateTime::currentDateTimeUtc());
    createCrashLoopingPod();
    createPendingPod();
    // After the backdating, which would move the kubelets' last report into
    // the past.
    m_heartbeat.populate();
    // The status of the failing pods' Deployments, before a client looks.
    reconcile();
    populateChurnPods(kNodeCount);
    return {};
}

ObjectWriter DemoScenario::writerAgo(const QDateTime &now, qint64 ageSeconds)
{
    return ObjectWriter(m_context, now.addSecs(-ageSeconds));
}

// The namespaces (NamespaceController gives each its default
// ServiceAccount), the nodes, the default StorageClass.
void DemoScenario::createClusterObjects(const QDateTime &now)
{
    for (const DemoNamespace &ns : kNamespaces)
        (void)writerAgo(now, ns.ageSeconds)
            .create(type("", "namespaces"), objects::namespaceObject(QLatin1String(ns.name)),
                    QString());
    for (int i = 0; i < kNodeCount; ++i)
        (void)writerAgo(now, kNodeAgeSeconds[i])
            .create(type("", "nodes"),
                    objects::node(QStringLiteral("node-%1").arg(i), i, true,
                                  now.addSecs(-kNodeAgeSeconds[i])),
                    QString());
    (void)writerAgo(now, kClusterAgeSeconds - 120)
        .create(
            type("storage.k8s.io", "storageclasses"),
            objects::storageClass(QLatin1String(kStorageClass), QLatin1String(kProvisioner), true),
            QString());
}

// The workloads with their Services, ConfigMaps and Secrets.
void DemoScenario::createApps(const QDateTime &now)
{
    for (const DemoApp &app : kApps) {
        ObjectWriter writer = writerAgo(now, app.ageSeconds);
        (void)writer.create(type("apps", "deployments"), deployment(app),
                            QLatin1String(app.namespaceName));
        const QString portName = QLatin1String(app.portName);
        (void)writer.create(type("", "services"),
                            objects::service(QLatin1String(app.namespaceName),
                                             QLatin1String(app.name), QLatin1String(app.name),
                                             objects::servicePort(portName, app.port, portName)),
                            QLatin1String(app.namespaceName));
        (void)writer.create(type("", "configmaps"),
                            objects::configMap(QLatin1String(app.namespaceName),
                                               QLatin1String(app.name) + QStringLiteral("-config")),
                            QLatin1String(app.namespaceName));
    }
    // Made-up credentials, so that a new user sees a Secret masked until revealed.
    (void)writerAgo(now, kLedgerDbAgeSeconds + 60)
        .create(type("", "secrets"),
                objects::secret(QStringLiteral("payments"), QStringLiteral("ledger-db-credentials"),
                                {{QStringLiteral("username"), "ledger"},
                                 {QStringLiteral("password"), "demo-not-a-real-password"}}),
                QStringLiteral("payments"));
    (void)writerAgo(now, 9 * kDaySeconds + 30)
        .create(type("", "secrets"),
                objects::secret(QStringLiteral("web"), QStringLiteral("api-token"),
                                {{QStringLiteral("token"), "demo-token-0123456789"}}),
                QStringLiteral("web"));
    ObjectWriter ledgerDb = writerAgo(now, kLedgerDbAgeSeconds);
    (void)ledgerDb.create(type("", "services"),
                          objects::service(QStringLiteral("payments"), QStringLiteral("ledger-db"),
                                           QStringLiteral("ledger-db"),
                                           objects::servicePort(QStringLiteral("postgres"), 5432,
                                                                QStringLiteral("postgres")),
                                           true),
                          QStringLiteral("payments"));
    (void)ledgerDb.create(type("apps", "statefulsets"), statefulSet(), QStringLiteral("payments"));
    (void)writerAgo(now, kNodeExporterAgeSeconds)
        .create(type("apps", "daemonsets"), daemonSet(), QStringLiteral("monitoring"));
}

// The CRD and a few of its custom resources, made since.
void DemoScenario::createWidgets(const QDateTime &now)
{
    (void)writerAgo(now, kWidgetCrdAgeSeconds)
        .create(type("apiextensions.k8s.io", "customresourcedefinitions"), widgetCrd(), QString());
    const ResourceType widgets = type("demo.informant.io", "widgets");
    (void)writerAgo(now, 15 * kDaySeconds)
        .create(widgets,
                widget(QStringLiteral("sprocket"), QStringLiteral("large"), QStringLiteral("red"),
                       true),
                QStringLiteral("web"));
    (void)writerAgo(now, 3 * kDaySeconds)
        .create(
            widgets,
            widget(QStringLiteral("gizmo"), QStringLiteral("small"), QStringLiteral("blue"), true),
            QStringLiteral("web"));
    (void)writerAgo(now, 5 * kHourSeconds)
        .create(widgets,
                widget(QStringLiteral("doohickey"), QStringLiteral("medium"),
                       QStringLiteral("green"), false),
                QStringLiteral("web"));
}

void DemoScenario::start()
{
    m_reconcileTimer.start(kReconcileMs);
    m_rolloutTimer.start(kFirstRolloutMs);
    m_crashLoop->start();
    m_cronTimer.start(kCronSyncMs);
    m_heartbeat.start();
    startChurnPods();
}

void DemoScenario::reconcile()
{
    m_scheduler.reconcile(); // pods made in the last pass start in this one
    m_controller.reconcile();
    m_jobs.reconcile();
    m_statefulSets.reconcile();
    m_volumes.reconcile(); // binds new claims before their pods start
    m_daemonSets.reconcile();
    m_endpoints.reconcile();
    m_namespaces.reconcile();
}

void DemoScenario::setPaused(bool paused)
{
    Scenario::setPaused(paused);
    m_crashLoop->setPaused(paused);
    m_heartbeat.setPaused(paused);
    for (QTimer *timer : {&m_rolloutTimer, &m_cronTimer}) {
        if (paused)
            timer->stop();
        else
            timer->start();
    }
}

// One of the team's Deployments, chosen by the seed, gets a new image or a
// restart, once no other rollout is still going.
void DemoScenario::rollOut()
{
    if (rolloutInProgress()) {
        m_rolloutTimer.start(kRolloutRetryMs);
        return;
    }
    // Another service than the last, so that the demo shows them all.
    std::vector<int> candidates;
    for (int i = 0; i < int(std::size(kApps)); ++i) {
        if (kApps[i].rollout != Rollout::None && i != m_lastRolledOut)
            candidates.push_back(i);
    }
    m_lastRolledOut = candidates[m_factory.next(quint32(candidates.size()))];
    const DemoApp &app = kApps[m_lastRolledOut];
    m_rolloutTimer.start(kMinRolloutGapMs +
                         int(m_factory.next(quint32(kMaxRolloutGapMs - kMinRolloutGapMs))));
    const ObjectPtr current =
        m_context.storage.store(QStringLiteral("apps/deployments"))
            .get(QLatin1String(app.namespaceName) + '/' + QLatin1String(app.name));
    if (!current)
        return;
    QJsonObject object = ObjectWriter::toJson(*current);
    QJsonObject spec = object.value(QLatin1String("spec")).toObject();
    QJsonObject podTemplate = spec.value(QLatin1String("template")).toObject();
    if (app.rollout == Rollout::NewImage) {
        QJsonObject podSpec = podTemplate.value(QLatin1String("spec")).toObject();
        QJsonArray containers = podSpec.value(QLatin1String("containers")).toArray();
        QJsonObject container = containers.at(0).toObject();
        container.insert(QLatin1String("image"),
                         nextPatchRelease(container.value(QLatin1String("image")).toString()));
        containers.replace(0, container);
        podSpec.insert(QLatin1String("containers"), containers);
        podTemplate.insert(QLatin1String("spec"), podSpec);
    } else {
        QJsonObject metadata = podTemplate.value(QLatin1String("metadata")).toObject();
        QJsonObject annotations = metadata.value(QLatin1String("annotations")).toObject();
        annotations.insert(QLatin1String("kubectl.kubernetes.io/restartedAt"), nowTimestamp());
        metadata.insert(QLatin1String("annotations"), annotations);
        podTemplate.insert(QLatin1String("metadata"), metadata);
    }
    spec.insert(QLatin1String("template"), podTemplate);
    object.insert(QLatin1String("spec"), spec);
    (void)ObjectWriter(m_context).update(type("apps", "deployments"), object, current,
                                         UpdateScope::Object);
}

// As `kubectl rollout status` would say: one of the demo's Deployments has
// not yet observed its spec, or has pods of an old template, or not all
// available.
bool DemoScenario::rolloutInProgress() const
{
    for (const DemoApp &app : kApps) {
        const ObjectPtr deployment =
            m_context.storage.store(QStringLiteral("apps/deployments"))
                .get(QLatin1String(app.namespaceName) + '/' + QLatin1String(app.name));
        if (!deployment)
            continue;
        const QJsonObject object = ObjectWriter::toJson(*deployment);
        const QJsonObject status = object.value(QLatin1String("status")).toObject();
        const int desired = object.value(QLatin1String("spec"))
                                .toObject()
                                .value(QLatin1String("replicas"))
                                .toInt(1);
        const auto count = [&status](const char *field) {
            return status.value(QLatin1String(field)).toInt();
        };
        if (status.value(QLatin1String("observedGeneration")).toInteger() <
                object.value(QLatin1String("metadata"))
                    .toObject()
                    .value(QLatin1String("generation"))
                    .toInteger() ||
            count("updatedReplicas") < desired || count("replicas") > count("updatedReplicas") ||
            count("availableReplicas") < count("updatedReplicas"))
            return true;
    }
    return false;
}

Result<std::unique_ptr<Scenario>> createDemoScenario(ServerContext &context,
                                                     const SimOptions &options)
{
    return std::unique_ptr<Scenario>(new DemoScenario(context, options));
}

} // namespace informant::sim
