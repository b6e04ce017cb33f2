#pragma once

// TimelineEvent: one Kubernetes Event reduced to what the timeline draws and
// indexes, read from either API (core/v1 Event or events.k8s.io/v1 Event).
//
// Times follow kubectl's event printer (printers/internalversion): the start
// is firstTimestamp, else eventTime; the end is series.lastObservedTime for a
// series, else lastTimestamp, else the start; the count is series.count for a
// series, else count, and a singleton of the new API (count 0) counts as 1.
// events.k8s.io's deprecatedFirstTimestamp/deprecatedLastTimestamp/
// deprecatedCount are the same fields under their new names. A repeated event
// is therefore a span [startMs, endMs] with a count, not one dot.
//
// Plain value type; parsing is a pure function, safe from any thread.

#include "informer/core/kubeobject.h"
#include "informer/core/result.h"

#include <QString>

namespace informant {

enum class EventType : quint8 { Normal, Warning, Other };

struct InvolvedObject
{
    QString kind;
    QString namespaceName;
    QString name;
    QString uid; // see objectidentity.h: not always the object's real uid
    QString fieldPath;
    QString apiVersion; // tells a core Node from a custom resource of that kind
    // In a window of several clusters, the cluster the Event came from (its
    // row key's: models/clusterrowkey.h), which the object is in too; empty
    // in a window of one.
    QString cluster;
    friend bool operator==(const InvolvedObject &, const InvolvedObject &) = default;
};

struct TimelineEvent
{
    QString uid;      // the Event's own uid (the dedupe key); its key if absent
    QString eventKey; // "namespace/name" of the Event object
    QString resourceVersion;
    InvolvedObject object; // involvedObject (core/v1) or regarding (events.k8s.io)
    QString reason;
    QString message; // message (core/v1) or note (events.k8s.io)
    QString source;  // reportingController / source.component
    EventType type = EventType::Normal;
    qint64 startMs = -1; // ms since the epoch
    qint64 endMs = -1;   // == startMs for a single occurrence
    qint32 count = 1;
    bool series = false; // has a series (or count > 1): drawn as a span

    bool isSpan() const { return series || endMs > startMs; }
};

// Reads an Event (either API). An object that is not an Event or has no usable
// time yields an Error; missing optional fields read as empty. Never throws.
Result<TimelineEvent> parseTimelineEvent(const KubeObject &object);
Result<TimelineEvent> parseTimelineEvent(const QByteArray &json);

// "Normal" / "Warning" / anything else.
EventType eventTypeFromString(QStringView type);
QString eventTypeName(EventType type);

} // namespace informant
