#include "models/timeline/timelinefacetcounts.h"

#include "models/timeline/objectidentity.h"

#include <QHash>

namespace informant {

namespace {

// The events of one object: all of them, and those the timeline's own
// filter passes.
struct ObjectEvents
{
    const InvolvedObject *object = nullptr;
    qsizetype events = 0;
    qsizetype passing = 0;
};

void add(FacetCounts::Tally &tally, qsizetype events, qsizetype matching)
{
    tally.objects += events;
    tally.matching += matching;
}

} // namespace

FacetCounts timelineFacetCounts(const EventStore &store, const TimelineFilter &timelineFilter,
                                const FacetSelection &ticked, const CachedObjectLookup &cached)
{
    TimelineFilter own;
    own.reasons = timelineFilter.reasons;
    own.warningsOnly = timelineFilter.warningsOnly;
    own.predicate = timelineFilter.predicate;
    // By object: its labels are looked up once, not per event.
    QHash<QString, ObjectEvents> byObject;
    for (qint32 slot = 0; slot < store.slotEnd(); ++slot) {
        if (!store.isLive(slot))
            continue;
        const TimelineEvent &event = store.at(slot);
        ObjectEvents &object = byObject[objectKey(event.object)];
        object.object = &event.object;
        ++object.events;
        if (own.matches(event))
            ++object.passing;
    }
    FacetCounts counts;
    for (const ObjectEvents &events : std::as_const(byObject)) {
        const InvolvedObject &object = *events.object;
        const std::optional<KubeObject> cachedObject =
            cached ? cached(object) : std::optional<KubeObject>();
        const bool inClusters =
            ticked.clusters.isEmpty() || ticked.clusters.contains(object.cluster);
        const bool inNamespaces =
            ticked.namespaces.isEmpty() || ticked.namespaces.contains(object.namespaceName);
        const bool hasLabels =
            ticked.labels.isEmpty() || (cachedObject && ticked.matchesLabels(*cachedObject));
        // A window of one cluster has no cluster facet.
        if (!object.cluster.isEmpty())
            add(counts.clusters[object.cluster], events.events,
                inNamespaces && hasLabels ? events.passing : 0);
        add(counts.namespaces[object.namespaceName], events.events,
            inClusters && hasLabels ? events.passing : 0);
        if (!cachedObject)
            continue;
        for (const Label &label : cachedObject->labels())
            add(counts.labels[label], events.events,
                inClusters && inNamespaces ? events.passing : 0);
    }
    return counts;
}

} // namespace informant
