#include "sim/podcreatedefaults.h"

#include <QJsonArray>
#include <QRegularExpression>
#include <QSet>

namespace informant::sim {

namespace {

constexpr int kDefaultTolerationSeconds = 300;
constexpr int kSystemClusterCriticalPriority = 2000000000;
constexpr int kSystemNodeCriticalPriority = 2000001000;

bool isUnset(const QJsonObject &object, const char *key)
{
    const QJsonValue value = object.value(QLatin1String(key));
    return value.isUndefined() || value.isNull() ||
           (value.isString() && value.toString().isEmpty());
}

// As the ServiceAccount admission plugin (and the v1 conversion that mirrors
// serviceAccountName into the deprecated serviceAccount).
void defaultServiceAccount(QJsonObject &spec)
{
    if (isUnset(spec, "serviceAccountName")) {
        const QString deprecated = spec.value(QLatin1String("serviceAccount")).toString();
        spec.insert(QLatin1String("serviceAccountName"),
                    deprecated.isEmpty() ? QStringLiteral("default") : deprecated);
    }
    if (isUnset(spec, "serviceAccount"))
        spec.insert(QLatin1String("serviceAccount"),
                    spec.value(QLatin1String("serviceAccountName")));
}

// As the Priority admission plugin in a cluster without a global default
// PriorityClass: no class means priority 0; the two system classes resolve.
void defaultPriority(QJsonObject &spec)
{
    if (!isUnset(spec, "priority"))
        return;
    const QString className = spec.value(QLatin1String("priorityClassName")).toString();
    int priority = 0;
    if (className == QLatin1String("system-cluster-critical"))
        priority = kSystemClusterCriticalPriority;
    else if (className == QLatin1String("system-node-critical"))
        priority = kSystemNodeCriticalPriority;
    else if (!className.isEmpty())
        return; // a user class: the simulator keeps no PriorityClass objects
    spec.insert(QLatin1String("priority"), priority);
    if (isUnset(spec, "preemptionPolicy"))
        spec.insert(QLatin1String("preemptionPolicy"), QStringLiteral("PreemptLowerPriority"));
}

// As the DefaultTolerationSeconds admission plugin: tolerate the not-ready
// and unreachable NoExecute taints for 300 s unless already tolerated.
void defaultTolerations(QJsonObject &spec)
{
    QJsonArray tolerations = spec.value(QLatin1String("tolerations")).toArray();
    for (const char *taint : {"node.kubernetes.io/not-ready", "node.kubernetes.io/unreachable"}) {
        bool tolerated = false;
        for (const QJsonValue &value : std::as_const(tolerations)) {
            const QJsonObject toleration = value.toObject();
            const QString key = toleration.value(QLatin1String("key")).toString();
            const QString effect = toleration.value(QLatin1String("effect")).toString();
            if ((key.isEmpty() || key == QLatin1String(taint)) &&
                (effect.isEmpty() || effect == QLatin1String("NoExecute")))
                tolerated = true;
        }
        if (!tolerated)
            tolerations.append(QJsonObject{{"key", taint},
                                           {"operator", "Exists"},
                                           {"effect", "NoExecute"},
                                           {"tolerationSeconds", kDefaultTolerationSeconds}});
    }
    spec.insert(QLatin1String("tolerations"), tolerations);
}

bool isZeroQuantity(const QString &quantity)
{
    static const QRegularExpression zero(
        QStringLiteral("^[+-]?0*\\.?0*([a-zA-Z]*|[eE][+-]?\\d+)$"));
    return zero.match(quantity).hasMatch();
}

// k8s.io/kubernetes pkg/apis/core/helper/qos.GetPodQOS over cpu and memory,
// comparing each container's quantities as written (no unit arithmetic).
QString qosClass(const QJsonObject &spec)
{
    QSet<QString> requested;
    QSet<QString> limited;
    bool guaranteed = true;
    for (const char *list : {"containers", "initContainers"}) {
        for (const QJsonValue &value : spec.value(QLatin1String(list)).toArray()) {
            const QJsonObject resources =
                value.toObject().value(QLatin1String("resources")).toObject();
            const QJsonObject requests = resources.value(QLatin1String("requests")).toObject();
            const QJsonObject limits = resources.value(QLatin1String("limits")).toObject();
            int limitsFound = 0;
            for (const char *name : {"cpu", "memory"}) {
                const QString request = requests.value(QLatin1String(name)).toString();
                const QString limit = limits.value(QLatin1String(name)).toString();
                if (!request.isEmpty() && !isZeroQuantity(request))
                    requested.insert(QLatin1String(name));
                if (!limit.isEmpty() && !isZeroQuantity(limit)) {
                    limited.insert(QLatin1String(name));
                    ++limitsFound;
                }
                if (!request.isEmpty() && request != limit)
                    guaranteed = false;
            }
            if (limitsFound < 2)
                guaranteed = false;
        }
    }
    if (requested.isEmpty() && limited.isEmpty())
        return QStringLiteral("BestEffort");
    return guaranteed ? QStringLiteral("Guaranteed") : QStringLiteral("Burstable");
}

} // namespace

void applyPodCreateDefaults(QJsonObject &pod)
{
    QJsonObject spec = pod.value(QLatin1String("spec")).toObject();
    defaultServiceAccount(spec);
    defaultPriority(spec);
    defaultTolerations(spec);
    pod.insert(QLatin1String("spec"), spec);
    QJsonObject status = pod.value(QLatin1String("status")).toObject();
    if (isUnset(status, "phase"))
        status.insert(QLatin1String("phase"), QStringLiteral("Pending"));
    if (isUnset(status, "qosClass"))
        status.insert(QLatin1String("qosClass"), qosClass(spec));
    pod.insert(QLatin1String("status"), status);
}

} // namespace informant::sim
