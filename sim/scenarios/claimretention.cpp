#include "sim/scenarios/claimretention.h"

#include "sim/scenarios/workloadpods.h"

namespace informant::sim::claimretention {

namespace {

bool deletes(const QJsonObject &policy, const char *when)
{
    return policy.value(QLatin1String(when)) == QLatin1String("Delete");
}

} // namespace

QJsonArray owners(const QJsonArray &current, const QJsonObject &setSpec, const StoredObject &set,
                  const StoredObject *pod, bool condemned)
{
    QJsonArray others; // references to anything but the set and the pod
    bool otherController = false;
    for (const QJsonValue &value : current) {
        const QString uid = value.toObject().value(QLatin1String("uid")).toString();
        if (uid == set.uid || (pod && uid == pod->uid))
            continue;
        otherController =
            otherController || value.toObject().value(QLatin1String("controller")).toBool();
        others.append(value);
    }
    if (otherController)
        return others; // someone else's claim: ours scrubbed, none added
    const QJsonObject policy =
        setSpec.value(QLatin1String("persistentVolumeClaimRetentionPolicy")).toObject();
    // A condemned pod's claim follows the pod (whenScaled), any other the set
    // (whenDeleted): the controller never gives one claim both references.
    if (pod && condemned && deletes(policy, "whenScaled"))
        others.append(WorkloadPods::ownerReference(*pod, "Pod", "v1"));
    else if (!(condemned && deletes(policy, "whenScaled")) && deletes(policy, "whenDeleted"))
        others.append(WorkloadPods::ownerReference(set, "StatefulSet", "apps/v1"));
    return others;
}

} // namespace informant::sim::claimretention
