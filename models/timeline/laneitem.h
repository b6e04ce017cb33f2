#pragma once

// LaneItem: one event as a lane holds it, 32 bytes, so a lane is a flat
// sorted array that paint can binary-search and scan without touching the
// event store. TimelineLane: one row of the timeline (a group header or one
// involved object). Plain value types.

#include "models/timeline/timelineevent.h"

#include <QString>

#include <vector>

namespace informant {

struct LaneItem
{
    qint64 startMs = 0;
    qint64 endMs = 0;
    qint32 slot = -1;       // EventStore slot
    quint32 generation = 0; // the slot's generation when the layout was built
    qint32 count = 1;
    EventType type = EventType::Normal;
    bool span = false; // a series / repeated event
};
static_assert(sizeof(LaneItem) == 32, "lanes are scanned per paint: keep items small");

struct TimelineLane
{
    enum class Kind : quint8 { Group, Object };

    Kind kind = Kind::Object;
    int group = 0; // index of the group this lane belongs to (or heads)
    QString namespaceName;
    QString objectKind;
    QString name;            // object lanes only
    QString uid;             // object lanes only; empty if no event names a real one
    QString apiVersion;      // object lanes only; as the events name it, may be empty
    QString key;             // object lanes only: objectKey() of the object (objectidentity.h)
    QString cluster;         // object lanes only: InvolvedObject::cluster
    qint32 eventCount = 0;   // occurrences (sum of counts)
    qint32 warningCount = 0; // occurrences of Warning events
    qint32 objectCount = 0;  // group lanes: objects in the group
    bool collapsed = false;  // group lanes: its objects are hidden
    // Object lanes: another object under its name (a recreated pod, a
    // Deployment restored with a new uid) has events from later on; this
    // one is gone. Known among the lanes laid out (timelinelayout.h).
    bool earlier = false;
    qint32 nameRank = 0; // position in the name order (laneorder.h)
    // Sorted by startMs. A collapsed group's header holds all its objects' items.
    std::vector<LaneItem> items;
    qint64 maxDurationMs = 0; // longest item, bounds the binary search

    bool isGroup() const { return kind == Kind::Group; }
    // The object an object lane stands for (kind, namespace, name, uid,
    // cluster).
    InvolvedObject object() const
    {
        return {objectKind, namespaceName, name, uid, {}, apiVersion, cluster};
    }
    QString groupKey() const { return namespaceName + QChar(0x1f) + objectKind; }
};

} // namespace informant
