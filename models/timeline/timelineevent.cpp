#include "models/timeline/timelineevent.h"

#include <simdjson.h>

#include <string_view>

namespace informant {

namespace {

using simdjson::dom::element;

simdjson::dom::parser &threadParser()
{
    // simdjson parsers are costly to create and reusable: one per thread.
    thread_local simdjson::dom::parser parser;
    return parser;
}

std::optional<element> field(element object, std::string_view name)
{
    if (!object.is_object())
        return std::nullopt;
    auto value = object[name];
    if (value.error())
        return std::nullopt;
    return value.value_unsafe();
}

QString stringField(element object, std::string_view name)
{
    const auto value = field(object, name);
    if (!value || !value->is_string())
        return {};
    const std::string_view text = value->get_string().value_unsafe();
    return QString::fromUtf8(text.data(), qsizetype(text.size()));
}

qint64 intField(element object, std::string_view name)
{
    const auto value = field(object, name);
    if (!value)
        return 0;
    if (value->is_int64())
        return value->get_int64().value_unsafe();
    if (value->is_uint64())
        return qint64(value->get_uint64().value_unsafe());
    if (value->is_double())
        return qint64(value->get_double().value_unsafe());
    return 0;
}

qint64 timeField(element object, std::string_view name)
{
    const auto value = field(object, name);
    if (!value || !value->is_string())
        return -1;
    const std::string_view text = value->get_string().value_unsafe();
    return parseKubeTimestampMs(QByteArrayView(text.data(), qsizetype(text.size())));
}

InvolvedObject readReference(element reference)
{
    return InvolvedObject{stringField(reference, "kind"),
                          stringField(reference, "namespace"),
                          stringField(reference, "name"),
                          stringField(reference, "uid"),
                          stringField(reference, "fieldPath"),
                          stringField(reference, "apiVersion"),
                          QString()};
}

// The fields whose names differ between core/v1 and events.k8s.io/v1.
struct ApiNames
{
    std::string_view object, message, count, first, last;
};
constexpr ApiNames kCoreNames{"involvedObject", "message", "count", "firstTimestamp",
                              "lastTimestamp"};
constexpr ApiNames kEventsV1Names{"regarding", "note", "deprecatedCount",
                                  "deprecatedFirstTimestamp", "deprecatedLastTimestamp"};

void readTimes(element root, const ApiNames &names, TimelineEvent &event)
{
    // kubectl: FIRST SEEN is firstTimestamp, else eventTime; LAST SEEN is
    // lastTimestamp, else the first; a series overrides last and count.
    qint64 first = timeField(root, names.first);
    if (first < 0)
        first = timeField(root, "eventTime");
    qint64 last = timeField(root, names.last);
    qint64 count = intField(root, names.count);
    if (const auto series = field(root, "series"); series && series->is_object()) {
        event.series = true;
        const qint64 observed = timeField(*series, "lastObservedTime");
        if (observed >= 0)
            last = observed;
        count = intField(*series, "count");
    }
    if (first < 0)
        first = last;
    if (first < 0) {
        if (const auto meta = field(root, "metadata"))
            first = timeField(*meta, "creationTimestamp");
    }
    if (last < first)
        last = first;
    event.startMs = first;
    event.endMs = last;
    event.count = count <= 0 ? 1 : qint32(qMin<qint64>(count, std::numeric_limits<qint32>::max()));
    if (event.count > 1)
        event.series = true;
}

QString readSource(element root, bool eventsV1)
{
    QString source = stringField(root, "reportingController");
    if (source.isEmpty())
        source = stringField(root, "reportingComponent");
    if (source.isEmpty()) {
        const auto block = field(root, eventsV1 ? "deprecatedSource" : "source");
        if (block)
            source = stringField(*block, "component");
    }
    return source;
}

} // namespace

EventType eventTypeFromString(QStringView type)
{
    if (type == u"Normal")
        return EventType::Normal;
    if (type == u"Warning")
        return EventType::Warning;
    return EventType::Other;
}

QString eventTypeName(EventType type)
{
    switch (type) {
    case EventType::Normal:
        return QStringLiteral("Normal");
    case EventType::Warning:
        return QStringLiteral("Warning");
    case EventType::Other:
        break;
    }
    return QStringLiteral("Other");
}

Result<TimelineEvent> parseTimelineEvent(const QByteArray &json)
{
    element root;
    if (threadParser().parse(json.constData(), size_t(json.size())).get(root))
        return makeError(QStringLiteral("event: malformed JSON"));
    if (!root.is_object())
        return makeError(QStringLiteral("event: not a JSON object"));

    // List items often carry no kind/apiVersion, so the API is told by shape.
    const bool eventsV1 = field(root, "regarding").has_value() ||
                          stringField(root, "apiVersion").startsWith(u"events.k8s.io/");
    if (!eventsV1 && !field(root, "involvedObject"))
        return makeError(QStringLiteral("event: neither involvedObject nor regarding"));
    const ApiNames &names = eventsV1 ? kEventsV1Names : kCoreNames;

    TimelineEvent event;
    QString eventNamespace;
    if (const auto meta = field(root, "metadata")) {
        const QString ns = stringField(*meta, "namespace");
        eventNamespace = ns;
        const QString name = stringField(*meta, "name");
        event.eventKey = ns.isEmpty() ? name : ns + u'/' + name;
        event.uid = stringField(*meta, "uid");
        event.resourceVersion = stringField(*meta, "resourceVersion");
    }
    if (event.uid.isEmpty())
        event.uid = event.eventKey;
    if (const auto reference = field(root, names.object))
        event.object = readReference(*reference);
    else // events.k8s.io allows no regarding: grouped and filtered by its own namespace
        event.object.namespaceName = eventNamespace;
    event.reason = stringField(root, "reason");
    event.message = stringField(root, names.message);
    event.type = eventTypeFromString(stringField(root, "type"));
    event.source = readSource(root, eventsV1);
    readTimes(root, names, event);
    if (event.startMs < 0)
        return makeError(QStringLiteral("event %1: no timestamp").arg(event.eventKey));
    if (event.uid.isEmpty())
        return makeError(QStringLiteral("event: no uid and no name"));
    return event;
}

Result<TimelineEvent> parseTimelineEvent(const KubeObject &object)
{
    if (object.isNull())
        return makeError(QStringLiteral("event: null object"));
    return parseTimelineEvent(object.json());
}

} // namespace informant
