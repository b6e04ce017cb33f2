#pragma once

// FilterPane: the index-based filter pane — namespace facet list and label
// facet tree of the current kind, with live counts read from the cache's
// indexes (refreshed on the CountsTick while the cache changes, with the
// table's header and the kind tree).
// Checking facets filters the table (OR within a key, AND across keys); the
// matching keys are computed as an index intersection, never a scan.
// The checked facets survive a change of kind. Counting runs on a worker
// thread (the label index of 100k pods can hold many values); the models
// only diff the result.

#include "models/facetselection.h"

#include "models/labelfacetmodel.h"

#include <QThreadPool>
#include <QWidget>

#include <optional>

class QLabel;
class QTreeView;

namespace informant {

class KindSource;
class LabelFacetModel;
class NamespaceFacetModel;

class FilterPane final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FilterPane)

public:
    explicit FilterPane(QWidget *parent = nullptr);
    ~FilterPane() override;

    void setSource(KindSource *source);
    FacetSelection selection() const;
    NamespaceFacetModel *namespaceModel() const { return m_namespaces; }
    LabelFacetModel *labelModel() const { return m_labels; }
    // Recounts now (asynchronously; countsRefreshed() when done).
    void refreshNow();
    void clear();
    // The kind's informer is not watching: the counts are the last known
    // state, drawn faded with `why` in their tooltip (empty: live again).
    void setStale(const QString &why);

Q_SIGNALS:
    void countsRefreshed();
    void selectionChanged(const informant::FacetSelection &selection, const QString &description);

private:
    void emitSelection();
    void applyCounts(int generation, const QList<std::pair<QString, qsizetype>> &namespaces,
                     const LabelFacetModel::Grouped &labels);

    KindSource *m_source = nullptr;
    NamespaceFacetModel *m_namespaces;
    LabelFacetModel *m_labels;
    QTreeView *m_namespaceView;
    QTreeView *m_labelView;
    QLabel *m_namespaceTitle;
    QThreadPool m_pool; // one counting task at a time; joined on destruction
    int m_generation = 0;
    bool m_counting = false;
    bool m_recount = false;
};

} // namespace informant
