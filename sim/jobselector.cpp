#include "sim/jobselector.h"

namespace informant::sim {

namespace {

const QLatin1String kJobName("batch.kubernetes.io/job-name");
const QLatin1String kLegacyJobName("job-name");
const QLatin1String kControllerUid("batch.kubernetes.io/controller-uid");
const QLatin1String kLegacyControllerUid("controller-uid");

void insertAbsent(QJsonObject &labels, QLatin1String key, const QString &value)
{
    if (!labels.contains(key))
        labels.insert(key, value);
}

} // namespace

void generateJobSelector(QJsonObject &job)
{
    QJsonObject spec = job.value(QLatin1String("spec")).toObject();
    if (spec.value(QLatin1String("manualSelector")).toBool())
        return;
    const QJsonObject metadata = job.value(QLatin1String("metadata")).toObject();
    const QString name = metadata.value(QLatin1String("name")).toString();
    const QString uid = metadata.value(QLatin1String("uid")).toString();
    QJsonObject podTemplate = spec.value(QLatin1String("template")).toObject();
    QJsonObject templateMetadata = podTemplate.value(QLatin1String("metadata")).toObject();
    QJsonObject labels = templateMetadata.value(QLatin1String("labels")).toObject();
    insertAbsent(labels, kLegacyJobName, name);
    insertAbsent(labels, kJobName, name);
    insertAbsent(labels, kLegacyControllerUid, uid);
    insertAbsent(labels, kControllerUid, uid);
    templateMetadata.insert(QLatin1String("labels"), labels);
    podTemplate.insert(QLatin1String("metadata"), templateMetadata);
    spec.insert(QLatin1String("template"), podTemplate);
    QJsonObject selector = spec.value(QLatin1String("selector")).toObject();
    QJsonObject matchLabels = selector.value(QLatin1String("matchLabels")).toObject();
    insertAbsent(matchLabels, kControllerUid, uid);
    selector.insert(QLatin1String("matchLabels"), matchLabels);
    spec.insert(QLatin1String("selector"), selector);
    job.insert(QLatin1String("spec"), spec);
}

} // namespace informant::sim
