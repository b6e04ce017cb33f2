#pragma once

// TimelineFacets: what the filter pane counts while the timeline is shown in
// place of the table: the timeline's events, by their objects' clusters,
// namespaces and labels (models/timeline/timelinefacetcounts.h), the labels
// read from the window's caches. changed() whenever the timeline rebuilds
// its lanes: new events, or a filter of its own or the pane's changed. Only
// a shown timeline rebuilds, and only then does the pane ask. GUI thread.

#include "models/facetcounts.h"
#include "models/facetselection.h"

#include <QObject>

#include <optional>

namespace informant {

class ClusterSession;
class EventStore;
class TimelineCanvas;

class TimelineFacets final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TimelineFacets)

public:
    // `store`: the one `canvas` shows; both must outlive this.
    TimelineFacets(ClusterSession *session, const EventStore *store, TimelineCanvas *canvas,
                   QObject *parent = nullptr);

    // Each facet's events, as the pane's other facets `ticked` and the
    // timeline's own filter leave them.
    FacetCounts counts(const FacetSelection &ticked) const;

Q_SIGNALS:
    void changed();

private:
    ClusterSession *m_session;
    const EventStore *m_store;
    TimelineCanvas *m_canvas;
};

} // namespace informant
