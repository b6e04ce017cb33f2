#include "sim/defaults.h"

#include "sim/jobselector.h"
#include "sim/podcreatedefaults.h"

#include <QJsonArray>

namespace informant::sim {

namespace {

// Go's defaulting tests `== ""` for strings and `== nil` for pointers: an
// absent, null or empty-string member counts as unset; 0 and false do not.
bool isUnset(const QJsonObject &object, const char *key)
{
    const QJsonValue value = object.value(QLatin1String(key));
    return value.isUndefined() || value.isNull() ||
           (value.isString() && value.toString().isEmpty());
}

void fill(QJsonObject &object, const char *key, const QJsonValue &value)
{
    if (isUnset(object, key))
        object.insert(QLatin1String(key), value);
}

// For int32 fields that are not pointers (probe timings): zero means unset.
void fillNonZero(QJsonObject &object, const char *key, int value)
{
    if (object.value(QLatin1String(key)).toInt() == 0)
        object.insert(QLatin1String(key), value);
}

// Edits member `key` as an object, creating it: Go structs that are values,
// not pointers, always exist and get their defaults.
template<typename Edit> void editObject(QJsonObject &parent, const char *key, Edit &&edit)
{
    QJsonObject child = parent.value(QLatin1String(key)).toObject();
    edit(child);
    parent.insert(QLatin1String(key), child);
}

// Edits member `key` only when it is an object (a set Go pointer).
template<typename Edit> void editPresent(QJsonObject &parent, const char *key, Edit &&edit)
{
    if (parent.value(QLatin1String(key)).isObject())
        editObject(parent, key, edit);
}

// Edits every object element of array member `key`.
template<typename Edit> void editEach(QJsonObject &parent, const char *key, Edit &&edit)
{
    if (!parent.value(QLatin1String(key)).isArray())
        return;
    QJsonArray items = parent.value(QLatin1String(key)).toArray();
    for (qsizetype i = 0; i < items.size(); ++i) {
        if (!items.at(i).isObject())
            continue;
        QJsonObject item = items.at(i).toObject();
        edit(item);
        items.replace(i, item);
    }
    parent.insert(QLatin1String(key), items);
}

// The tag as k8s.io/kubernetes pkg/util/parsers.ParseImageName reports it:
// "latest" when the reference names neither a tag nor a digest.
QString imageTag(const QString &image)
{
    if (image.isEmpty())
        return QString(); // unparsable: the error is ignored, the tag is empty
    QString reference = image;
    const qsizetype at = reference.indexOf(u'@');
    const bool hasDigest = at >= 0;
    if (hasDigest)
        reference.truncate(at);
    const QString lastComponent = reference.mid(reference.lastIndexOf(u'/') + 1);
    const qsizetype colon = lastComponent.lastIndexOf(u':');
    const QString tag = colon >= 0 ? lastComponent.mid(colon + 1) : QString();
    if (tag.isEmpty() && !hasDigest)
        return QStringLiteral("latest");
    return tag;
}

void defaultHttpGet(QJsonObject &action)
{
    fill(action, "path", QStringLiteral("/"));
    fill(action, "scheme", QStringLiteral("HTTP"));
}

void defaultProbe(QJsonObject &probe)
{
    fillNonZero(probe, "timeoutSeconds", 1);
    fillNonZero(probe, "periodSeconds", 10);
    fillNonZero(probe, "successThreshold", 1);
    fillNonZero(probe, "failureThreshold", 3);
    editPresent(probe, "httpGet", defaultHttpGet);
}

void defaultFieldRef(QJsonObject &holder)
{
    editPresent(holder, "fieldRef",
                [](QJsonObject &ref) { fill(ref, "apiVersion", QStringLiteral("v1")); });
}

// SetDefaults_Container (and ContainerPort, Probe, HTTPGetAction, ObjectFieldSelector).
void defaultContainer(QJsonObject &container)
{
    if (isUnset(container, "imagePullPolicy")) {
        const QString tag = imageTag(container.value(QLatin1String("image")).toString());
        container.insert(QLatin1String("imagePullPolicy"), tag == QLatin1String("latest")
                                                               ? QStringLiteral("Always")
                                                               : QStringLiteral("IfNotPresent"));
    }
    fill(container, "terminationMessagePath", QStringLiteral("/dev/termination-log"));
    fill(container, "terminationMessagePolicy", QStringLiteral("File"));
    editEach(container, "ports",
             [](QJsonObject &port) { fill(port, "protocol", QStringLiteral("TCP")); });
    for (const char *probe : {"livenessProbe", "readinessProbe", "startupProbe"})
        editPresent(container, probe, defaultProbe);
    editPresent(container, "lifecycle", [](QJsonObject &lifecycle) {
        for (const char *hook : {"postStart", "preStop"})
            editPresent(lifecycle, hook, [](QJsonObject &handler) {
                editPresent(handler, "httpGet", defaultHttpGet);
            });
    });
    editEach(container, "env",
             [](QJsonObject &env) { editPresent(env, "valueFrom", defaultFieldRef); });
}

void defaultClaimSpec(QJsonObject &spec)
{
    fill(spec, "volumeMode", QStringLiteral("Filesystem"));
}

// SetDefaults_Volume and the volume sources' defaultMode (0644).
void defaultVolume(QJsonObject &volume)
{
    constexpr int kDefaultModeOctal644 = 0644;
    if (volume.size() == 1 && volume.contains(QLatin1String("name")))
        volume.insert(QLatin1String("emptyDir"), QJsonObject());
    for (const char *source : {"secret", "configMap", "downwardAPI", "projected"}) {
        editPresent(volume, source, [](QJsonObject &object) {
            if (object.value(QLatin1String("defaultMode")).isUndefined() ||
                object.value(QLatin1String("defaultMode")).isNull())
                object.insert(QLatin1String("defaultMode"), kDefaultModeOctal644);
        });
    }
    editPresent(volume, "downwardAPI",
                [](QJsonObject &api) { editEach(api, "items", defaultFieldRef); });
    editPresent(volume, "projected", [](QJsonObject &projected) {
        editEach(projected, "sources", [](QJsonObject &source) {
            editPresent(source, "serviceAccountToken", [](QJsonObject &token) {
                constexpr int kHourSeconds = 3600;
                fill(token, "expirationSeconds", kHourSeconds);
            });
        });
    });
    editPresent(volume, "hostPath", [](QJsonObject &hostPath) {
        if (!hostPath.contains(QLatin1String("type")))
            hostPath.insert(QLatin1String("type"), QString()); // HostPathUnset
    });
    editPresent(volume, "ephemeral", [](QJsonObject &ephemeral) {
        editPresent(ephemeral, "volumeClaimTemplate",
                    [](QJsonObject &claim) { editObject(claim, "spec", defaultClaimSpec); });
    });
}

// SetDefaults_PodSpec: pods and every pod template.
void defaultPodSpec(QJsonObject &spec)
{
    constexpr int kTerminationGracePeriodSeconds = 30;
    fill(spec, "dnsPolicy", QStringLiteral("ClusterFirst"));
    fill(spec, "restartPolicy", QStringLiteral("Always"));
    if (isUnset(spec, "securityContext"))
        spec.insert(QLatin1String("securityContext"), QJsonObject());
    fill(spec, "terminationGracePeriodSeconds", kTerminationGracePeriodSeconds);
    fill(spec, "schedulerName", QStringLiteral("default-scheduler"));
    for (const char *list : {"containers", "initContainers", "ephemeralContainers"})
        editEach(spec, list, defaultContainer);
    editEach(spec, "volumes", defaultVolume);
}

void defaultTemplate(QJsonObject &spec)
{
    editObject(spec, "template",
               [](QJsonObject &podTemplate) { editObject(podTemplate, "spec", defaultPodSpec); });
}

// SetDefaults_Pod: what only a Pod gets (not its templates).
void defaultPod(QJsonObject &pod)
{
    editObject(pod, "spec", [](QJsonObject &spec) {
        defaultPodSpec(spec);
        fill(spec, "enableServiceLinks", true);
        const auto requestsFromLimits = [](QJsonObject &container) {
            editPresent(container, "resources", [](QJsonObject &resources) {
                const QJsonObject limits = resources.value(QLatin1String("limits")).toObject();
                if (limits.isEmpty())
                    return;
                QJsonObject requests = resources.value(QLatin1String("requests")).toObject();
                for (auto it = limits.begin(); it != limits.end(); ++it) {
                    if (!requests.contains(it.key()))
                        requests.insert(it.key(), it.value());
                }
                resources.insert(QLatin1String("requests"), requests);
            });
        };
        editEach(spec, "containers", requestsFromLimits);
        editEach(spec, "initContainers", requestsFromLimits);
        if (spec.value(QLatin1String("hostNetwork")).toBool()) {
            for (const char *list : {"containers", "initContainers"})
                editEach(spec, list, [](QJsonObject &container) {
                    editEach(container, "ports", [](QJsonObject &port) {
                        if (port.value(QLatin1String("hostPort")).toInt() == 0)
                            port.insert(QLatin1String("hostPort"),
                                        port.value(QLatin1String("containerPort")));
                    });
                });
        }
    });
}

void defaultDeployment(QJsonObject &deployment)
{
    editObject(deployment, "spec", [](QJsonObject &spec) {
        fill(spec, "replicas", 1);
        editObject(spec, "strategy", [](QJsonObject &strategy) {
            fill(strategy, "type", QStringLiteral("RollingUpdate"));
            if (strategy.value(QLatin1String("type")) != QLatin1String("RollingUpdate"))
                return;
            editObject(strategy, "rollingUpdate", [](QJsonObject &rollingUpdate) {
                fill(rollingUpdate, "maxUnavailable", QStringLiteral("25%"));
                fill(rollingUpdate, "maxSurge", QStringLiteral("25%"));
            });
        });
        fill(spec, "revisionHistoryLimit", 10);
        fill(spec, "progressDeadlineSeconds", 600);
        defaultTemplate(spec);
    });
}

void defaultReplicaSet(QJsonObject &replicaSet)
{
    editObject(replicaSet, "spec", [](QJsonObject &spec) {
        fill(spec, "replicas", 1);
        defaultTemplate(spec);
    });
}

void defaultStatefulSet(QJsonObject &statefulSet)
{
    editObject(statefulSet, "spec", [](QJsonObject &spec) {
        fill(spec, "podManagementPolicy", QStringLiteral("OrderedReady"));
        editObject(spec, "updateStrategy", [](QJsonObject &strategy) {
            if (isUnset(strategy, "type")) {
                strategy.insert(QLatin1String("type"), QStringLiteral("RollingUpdate"));
                fill(strategy, "rollingUpdate", QJsonObject());
            }
            if (strategy.value(QLatin1String("type")) == QLatin1String("RollingUpdate"))
                editPresent(strategy, "rollingUpdate", [](QJsonObject &rollingUpdate) {
                    fill(rollingUpdate, "partition", 0);
                });
        });
        editObject(spec, "persistentVolumeClaimRetentionPolicy", [](QJsonObject &policy) {
            fill(policy, "whenDeleted", QStringLiteral("Retain"));
            fill(policy, "whenScaled", QStringLiteral("Retain"));
        });
        fill(spec, "replicas", 1);
        fill(spec, "revisionHistoryLimit", 10);
        defaultTemplate(spec);
        editEach(spec, "volumeClaimTemplates", [](QJsonObject &claim) {
            editObject(claim, "spec", defaultClaimSpec);
            editObject(claim, "status", [](QJsonObject &status) {
                fill(status, "phase", QStringLiteral("Pending"));
            });
        });
    });
}

void defaultDaemonSet(QJsonObject &daemonSet)
{
    editObject(daemonSet, "spec", [](QJsonObject &spec) {
        editObject(spec, "updateStrategy", [](QJsonObject &strategy) {
            fill(strategy, "type", QStringLiteral("RollingUpdate"));
            if (strategy.value(QLatin1String("type")) != QLatin1String("RollingUpdate"))
                return;
            editObject(strategy, "rollingUpdate", [](QJsonObject &rollingUpdate) {
                fill(rollingUpdate, "maxUnavailable", 1);
                fill(rollingUpdate, "maxSurge", 0);
            });
        });
        fill(spec, "revisionHistoryLimit", 10);
        defaultTemplate(spec);
    });
}

void defaultJobSpec(QJsonObject &spec)
{
    constexpr int kBackoffLimit = 6;
    constexpr int kMaxInt32 = 2147483647;
    if (isUnset(spec, "completions") && isUnset(spec, "parallelism"))
        spec.insert(QLatin1String("completions"), 1);
    fill(spec, "parallelism", 1);
    // With a per-index limit the global one is effectively off (KEP-3850).
    fill(spec, "backoffLimit", isUnset(spec, "backoffLimitPerIndex") ? kBackoffLimit : kMaxInt32);
    fill(spec, "completionMode", QStringLiteral("NonIndexed"));
    fill(spec, "suspend", false);
    // JobPodReplacementPolicy is on by default since 1.29.
    fill(spec, "podReplacementPolicy",
         isUnset(spec, "podFailurePolicy") ? QStringLiteral("TerminatingOrFailed")
                                           : QStringLiteral("Failed"));
    editPresent(spec, "podFailurePolicy", [](QJsonObject &policy) {
        editEach(policy, "rules", [](QJsonObject &rule) {
            editEach(rule, "onPodConditions",
                     [](QJsonObject &pattern) { fill(pattern, "status", QStringLiteral("True")); });
        });
    });
    defaultTemplate(spec);
}

void defaultJob(QJsonObject &job)
{
    editObject(job, "spec", defaultJobSpec);
    // A Job without labels takes its pod template's.
    const QJsonObject templateLabels = job.value(QLatin1String("spec"))
                                           .toObject()
                                           .value(QLatin1String("template"))
                                           .toObject()
                                           .value(QLatin1String("metadata"))
                                           .toObject()
                                           .value(QLatin1String("labels"))
                                           .toObject();
    editObject(job, "metadata", [&](QJsonObject &metadata) {
        if (!templateLabels.isEmpty() &&
            metadata.value(QLatin1String("labels")).toObject().isEmpty())
            metadata.insert(QLatin1String("labels"), templateLabels);
    });
}

// SetDefaults_CronJob. The job template is not a Job: only its pod template
// gets defaults, as the generated defaulters do.
void defaultCronJob(QJsonObject &cronJob)
{
    editObject(cronJob, "spec", [](QJsonObject &spec) {
        fill(spec, "concurrencyPolicy", QStringLiteral("Allow"));
        fill(spec, "suspend", false);
        fill(spec, "successfulJobsHistoryLimit", 3);
        fill(spec, "failedJobsHistoryLimit", 1);
        editObject(spec, "jobTemplate", [](QJsonObject &jobTemplate) {
            editObject(jobTemplate, "spec", defaultTemplate);
        });
    });
}

void defaultServicePorts(QJsonObject &spec)
{
    editEach(spec, "ports", [](QJsonObject &port) {
        fill(port, "protocol", QStringLiteral("TCP"));
        const QJsonValue target = port.value(QLatin1String("targetPort"));
        if (isUnset(port, "targetPort") || (target.isDouble() && target.toInt() == 0))
            port.insert(QLatin1String("targetPort"), port.value(QLatin1String("port")));
    });
}

// SetDefaults_Service. Cluster IPs, IP families and node ports come from
// ServiceAllocator, which needs the other Services.
void defaultService(QJsonObject &service)
{
    editObject(service, "spec", [](QJsonObject &spec) {
        constexpr int kClientIpAffinitySeconds = 10800; // 3 hours
        fill(spec, "sessionAffinity", QStringLiteral("None"));
        const QString affinity = spec.value(QLatin1String("sessionAffinity")).toString();
        if (affinity == QLatin1String("None"))
            spec.remove(QLatin1String("sessionAffinityConfig"));
        const QJsonValue timeout = spec.value(QLatin1String("sessionAffinityConfig"))
                                       .toObject()
                                       .value(QLatin1String("clientIP"))
                                       .toObject()
                                       .value(QLatin1String("timeoutSeconds"));
        if (affinity == QLatin1String("ClientIP") && (timeout.isUndefined() || timeout.isNull()))
            spec.insert(QLatin1String("sessionAffinityConfig"),
                        QJsonObject{{"clientIP",
                                     QJsonObject{{"timeoutSeconds", kClientIpAffinitySeconds}}}});
        fill(spec, "type", QStringLiteral("ClusterIP"));
        defaultServicePorts(spec);
        const QString type = spec.value(QLatin1String("type")).toString();
        const bool externallyAccessible =
            type == QLatin1String("LoadBalancer") || type == QLatin1String("NodePort") ||
            (type == QLatin1String("ClusterIP") &&
             !spec.value(QLatin1String("externalIPs")).toArray().isEmpty());
        if (externallyAccessible)
            fill(spec, "externalTrafficPolicy", QStringLiteral("Cluster"));
        if (type != QLatin1String("ExternalName"))
            fill(spec, "internalTrafficPolicy", QStringLiteral("Cluster"));
        if (type == QLatin1String("LoadBalancer"))
            fill(spec, "allocateLoadBalancerNodePorts", true);
    });
}

void defaultSecret(QJsonObject &secret)
{
    fill(secret, "type", QStringLiteral("Opaque"));
    // stringData is write-only: the v1 conversion writes it into data
    // (base64, over a key data has too) and nothing stores or returns it.
    const QJsonObject text = secret.take(QLatin1String("stringData")).toObject();
    if (text.isEmpty())
        return;
    QJsonObject data = secret.value(QLatin1String("data")).toObject();
    for (auto it = text.begin(); it != text.end(); ++it)
        data.insert(it.key(), QString::fromLatin1(it.value().toString().toUtf8().toBase64()));
    secret.insert(QLatin1String("data"), data);
}

void defaultEndpoints(QJsonObject &endpoints)
{
    editEach(endpoints, "subsets", [](QJsonObject &subset) {
        editEach(subset, "ports",
                 [](QJsonObject &port) { fill(port, "protocol", QStringLiteral("TCP")); });
    });
}

void defaultPendingStatus(QJsonObject &object)
{
    editObject(object, "status",
               [](QJsonObject &status) { fill(status, "phase", QStringLiteral("Pending")); });
}

void defaultPersistentVolume(QJsonObject &volume)
{
    editObject(volume, "spec", [](QJsonObject &spec) {
        fill(spec, "persistentVolumeReclaimPolicy", QStringLiteral("Retain"));
        fill(spec, "volumeMode", QStringLiteral("Filesystem"));
    });
    defaultPendingStatus(volume);
}

void defaultPersistentVolumeClaim(QJsonObject &claim)
{
    editObject(claim, "spec", defaultClaimSpec);
    defaultPendingStatus(claim);
}

// SetDefaults_Namespace: the name label is always the name.
void defaultNamespace(QJsonObject &object)
{
    editObject(object, "metadata", [](QJsonObject &metadata) {
        const QString name = metadata.value(QLatin1String("name")).toString();
        if (name.isEmpty())
            return;
        editObject(metadata, "labels", [&](QJsonObject &labels) {
            labels.insert(QLatin1String("kubernetes.io/metadata.name"), name);
        });
    });
    editObject(object, "status",
               [](QJsonObject &status) { fill(status, "phase", QStringLiteral("Active")); });
}

void defaultNode(QJsonObject &node)
{
    editPresent(node, "status", [](QJsonObject &status) {
        if (isUnset(status, "allocatable") && status.value(QLatin1String("capacity")).isObject())
            status.insert(QLatin1String("allocatable"), status.value(QLatin1String("capacity")));
    });
}

struct Defaulter
{
    const char *group;
    const char *resource;
    void (*apply)(QJsonObject &object);
};

const Defaulter kDefaulters[] = {
    {"", "pods", defaultPod},
    {"", "services", defaultService},
    {"", "secrets", defaultSecret},
    {"", "endpoints", defaultEndpoints},
    {"", "persistentvolumes", defaultPersistentVolume},
    {"", "persistentvolumeclaims", defaultPersistentVolumeClaim},
    {"", "namespaces", defaultNamespace},
    {"", "nodes", defaultNode},
    {"apps", "deployments", defaultDeployment},
    {"apps", "replicasets", defaultReplicaSet},
    {"apps", "statefulsets", defaultStatefulSet},
    {"apps", "daemonsets", defaultDaemonSet},
    {"batch", "jobs", defaultJob},
    {"batch", "cronjobs", defaultCronJob},
};

} // namespace

void applyDefaults(const ResourceType &type, QJsonObject &object, DefaultsFor write)
{
    if (type.custom)
        return;
    const bool created = write == DefaultsFor::Create;
    // The job strategy's selector first: the Job then takes its template's
    // labels, as a real Job read back shows them.
    if (created && type.group == QLatin1String("batch") && type.resource == QLatin1String("jobs"))
        generateJobSelector(object);
    for (const Defaulter &defaulter : kDefaulters) {
        if (type.group == QLatin1String(defaulter.group) &&
            type.resource == QLatin1String(defaulter.resource)) {
            defaulter.apply(object);
            break;
        }
    }
    if (created && type.group.isEmpty() && type.resource == QLatin1String("pods"))
        applyPodCreateDefaults(object);
}

} // namespace informant::sim
