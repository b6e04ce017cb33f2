#pragma once

// FilterPane: the index-based filter pane — namespace facet list and label
// facet tree of the current kind, with live counts read from the cache's
// indexes (refreshed at most every kRefreshMs while the cache changes).
// Checking facets filters the table (OR within a key, AND across keys); the
// matching keys are computed as an index intersection, never a scan.
// The checked facets survive a change of kind.

#include "models/facetselection.h"

#include <QWidget>

#include <optional>

class QLabel;
class QTimer;
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
    static constexpr int kRefreshMs = 500;

    explicit FilterPane(QWidget *parent = nullptr);

    void setSource(KindSource *source);
    FacetSelection selection() const;
    std::optional<QSet<QString>> selectionKeys() const;
    NamespaceFacetModel *namespaceModel() const { return m_namespaces; }
    LabelFacetModel *labelModel() const { return m_labels; }
    void refreshNow();
    void clear();

Q_SIGNALS:
    void selectionChanged(const informant::FacetSelection &selection,
                          const std::optional<QSet<QString>> &keys, const QString &description);

private:
    void emitSelection();

    KindSource *m_source = nullptr;
    NamespaceFacetModel *m_namespaces;
    LabelFacetModel *m_labels;
    QTreeView *m_namespaceView;
    QTreeView *m_labelView;
    QLabel *m_namespaceTitle;
    QTimer *m_refresh;
};

} // namespace informant
