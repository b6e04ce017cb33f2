#pragma once

// TableFeed: the pipeline of one resource table —
//   KindSource batches -> RowPreparer (worker thread) -> ResourceTableModel (GUI)
// plus the table's query (sort, quick text, selector, facets) and the facet
// counts of the objects the model has. Query changes
// are sent to the worker, which answers with an ordered snapshot; the GUI
// thread never parses JSON or walks the cache for them.
//
// Threading::Inline runs the preparer in the GUI thread (tests: deterministic,
// synchronous signals). The worker thread is quit and waited for on
// destruction.

#include "models/facetcounts.h"
#include "models/kindsource.h"
#include "models/resourcetablemodel.h"
#include "models/rowformatter.h"
#include "models/tablequery.h"

#include <QObject>

#include <memory>

class QThread;

namespace informant {

class TableFeed final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TableFeed)

public:
    enum class Threading { Worker, Inline };

    // `query`: what the table shows from its first batch on (a kind opened
    // with a filter typed showed every row for a batch, and a row selected
    // then was taken away again).
    TableFeed(KindSource *source, std::shared_ptr<const RowFormatter> formatter,
              const TableQuery &query = {}, Threading threading = Threading::Worker,
              QObject *parent = nullptr);
    ~TableFeed() override;

    ResourceTableModel *model() const { return m_model; }
    KindSource *source() const { return m_source; }
    const TableQuery &query() const { return m_query; }
    // The first batch (the informer's snapshot) has reached the model.
    bool isPopulated() const { return m_populated; }
    // The namespaces and labels of the objects the model has (its
    // totalObjects(), hidden rows too), as of its last batch: what the
    // filter pane shows, so that a facet's count is the rows ticking it
    // leaves. Changes with the model, before its batchApplied.
    const FacetCounts &facetCounts() const { return m_facetCounts; }
    // Goes up whenever facetCounts() changes.
    quint64 facetRevision() const { return m_facetRevision; }

    void setQuickText(const QString &text);
    void setSelector(const LabelSelector &selector);
    // `keys`: the facet filter as an index intersection, when known.
    void setFacets(const FacetSelection &facets);
    void sortBy(int column, Qt::SortOrder order);

Q_SIGNALS:
    // The first batch (the informer's snapshot) reached the model.
    void populated();

private:
    class Worker;
    void sendQuery();
    void onPrepared(const PreparedBatch &batch);

    KindSource *m_source;
    ResourceTableModel *m_model;
    Worker *m_worker = nullptr;
    QThread *m_thread = nullptr;
    TableQuery m_query;
    FacetCounts m_facetCounts;
    quint64 m_facetRevision = 0;
    int m_generation = 0;
    bool m_populated = false;
};

} // namespace informant
