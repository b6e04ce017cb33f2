#pragma once

// The filter pane's facets over the timeline: the clusters, namespaces and
// labels of the objects its events are about, each with the events ticking
// it would leave, as the table's facets count the rows ticking them would
// leave (models/facetcounts.h). Over the timeline the pane filters events by
// these (models/timeline/timelinescope.h); offering the values of the table
// behind it let the user tick a namespace with no events at all.
//
// One rule, the table's: a facet's count is of the events that pass every
// other filter — the timeline's own (warnings only, reasons) and the other
// facets' ticks — and every value some event has stays listed, at 0 when
// none of them passes. An event's cluster and namespace are its involved
// object's; its labels are that object's as its kind's cache holds it now
// (an object gone from the cache, or of a kind not watched, has none).
// O(events) plus one cache lookup per object. Plain function; GUI thread
// (the store is).

#include "models/facetcounts.h"
#include "models/facetselection.h"
#include "models/timeline/eventstore.h"
#include "models/timeline/timelinefilter.h"

#include <functional>
#include <optional>

namespace informant {

// The object an event is about as its kind's cache holds it; nullopt when
// the cache has no such object (or another under its name).
using CachedObjectLookup = std::function<std::optional<KubeObject>(const InvolvedObject &)>;

// `timelineFilter`: the timeline's own filter; its clusters, namespaces and
// object uids are the facets' choice, which `ticked` gives instead.
FacetCounts timelineFacetCounts(const EventStore &store, const TimelineFilter &timelineFilter,
                                const FacetSelection &ticked, const CachedObjectLookup &cached);

} // namespace informant
