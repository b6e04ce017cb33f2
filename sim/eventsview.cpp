#include "sim/eventsview.h"

#include <QJsonDocument>

namespace informant::sim {

namespace {

struct Rename
{
    const char *core;
    const char *events;
};

// Fields whose value is the same in both views, under these names.
const Rename kRenames[] = {
    {"metadata", "metadata"},
    {"involvedObject", "regarding"},
    {"related", "related"},
    {"message", "note"},
    {"reason", "reason"},
    {"type", "type"},
    {"action", "action"},
    {"eventTime", "eventTime"},
    {"series", "series"},
    {"reportingComponent", "reportingController"},
    {"reportingInstance", "reportingInstance"},
    {"source", "deprecatedSource"},
    {"firstTimestamp", "deprecatedFirstTimestamp"},
    {"lastTimestamp", "deprecatedLastTimestamp"},
    {"count", "deprecatedCount"},
};

} // namespace

QByteArray coreEventToEventsV1(const QByteArray &coreJson)
{
    const QJsonObject core = QJsonDocument::fromJson(coreJson).object();
    QJsonObject out;
    out.insert(QLatin1String("kind"), QLatin1String("Event"));
    out.insert(QLatin1String("apiVersion"), QLatin1String("events.k8s.io/v1"));
    for (const Rename &rename : kRenames) {
        const QJsonValue value = core.value(QLatin1String(rename.core));
        if (!value.isUndefined())
            out.insert(QLatin1String(rename.events), value);
    }
    if (!out.contains(QLatin1String("eventTime")))
        out.insert(QLatin1String("eventTime"), QJsonValue::Null);
    return QJsonDocument(out).toJson(QJsonDocument::Compact);
}

QJsonObject eventsV1ToCoreEvent(const QJsonObject &event)
{
    QJsonObject out;
    out.insert(QLatin1String("kind"), QLatin1String("Event"));
    out.insert(QLatin1String("apiVersion"), QLatin1String("v1"));
    for (const Rename &rename : kRenames) {
        const QJsonValue value = event.value(QLatin1String(rename.events));
        if (!value.isUndefined())
            out.insert(QLatin1String(rename.core), value);
    }
    return out;
}

} // namespace informant::sim
