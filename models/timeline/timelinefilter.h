#pragma once

// TimelineFilter: which events the timeline shows. Everything empty/unset
// matches every event. The filter pane's choice arrives here as a cluster
// set (a window of several), a namespace set plus, for label choices, the uid set of the matching
// objects (computed by the pane from the label index; Nodes also by their name key, see
// objectidentity.h) or a predicate. Plain value type.

#include "models/timeline/objectidentity.h"
#include "models/timeline/timelineevent.h"

#include <QSet>
#include <QString>

#include <functional>
#include <optional>

namespace informant {

struct TimelineFilter
{
    QSet<QString> clusters;                               // InvolvedObject::cluster; empty: all
    QSet<QString> namespaces;                             // involved object's namespace; empty: all
    std::optional<QSet<QString>> objectUids;              // involved object keys; unset: all
    std::function<bool(const TimelineEvent &)> predicate; // unset: all
    QSet<QString> reasons;                                // empty: all
    bool warningsOnly = false;

    bool isEmpty() const
    {
        return clusters.isEmpty() && namespaces.isEmpty() && !objectUids && !predicate &&
               reasons.isEmpty() && !warningsOnly;
    }

    bool matches(const TimelineEvent &event) const
    {
        if (warningsOnly && event.type != EventType::Warning)
            return false;
        if (!clusters.isEmpty() && !clusters.contains(event.object.cluster))
            return false;
        if (!namespaces.isEmpty() && !namespaces.contains(event.object.namespaceName))
            return false;
        if (!reasons.isEmpty() && !reasons.contains(event.reason))
            return false;
        if (objectUids && !matchesObject(event.object))
            return false;
        return !predicate || predicate(event);
    }

private:
    bool matchesObject(const InvolvedObject &object) const
    {
        if (const QString uid = knownObjectUid(object); !uid.isEmpty() && objectUids->contains(uid))
            return true;
        return isIdentifiedByName(object) && objectUids->contains(objectKey(object));
    }
};

} // namespace informant
