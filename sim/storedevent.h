#pragma once

// One change in the simulator's storage: ADDED, MODIFIED or DELETED, the new
// object version (for DELETED: the last state stamped with the deletion's
// resourceVersion) and the version it replaced. The watch frame for each
// rendering is serialised once, on first use, and shared by every watcher.

#include "sim/resourcetype.h"
#include "sim/storedobject.h"

namespace informant::sim {

struct StoredEvent
{
    enum class Type { Added, Modified, Deleted };

    Type type = Type::Added;
    quint64 resourceVersion = 0;
    ObjectPtr object;
    ObjectPtr previous; // null for Added

    // `{"type":"MODIFIED","object":{...}}\n` for the given rendering.
    const QByteArray &frame(ObjectView view) const;
    static const char *typeName(Type type);

private:
    mutable QByteArray m_frames[2];
};

using EventPtr = std::shared_ptr<const StoredEvent>;

// Bytes of `object` as seen through `view`.
inline const QByteArray &objectBytes(const StoredObject &object, ObjectView view)
{
    return view == ObjectView::EventsK8sIoV1 && !object.altJson.isEmpty() ? object.altJson
                                                                          : object.json;
}

// Receives every change of one resource store, in resourceVersion order.
class ReplayLog;

class WatchSink
{
public:
    virtual ~WatchSink() = default;
    virtual void deliver(const EventPtr &event) = 0;
    // A replay log was installed after everything delivered so far: its
    // changes come next.
    virtual void deliverReplay(const std::shared_ptr<const ReplayLog> &log) = 0;
};

} // namespace informant::sim
