#include "models/tablefeed.h"

#include "models/rowpreparer.h"
#include "models/secondclock.h"

#include <QThread>

#include <utility>

namespace informant {

// Owns the RowPreparer; lives in the worker thread (or the GUI thread inline).
// "Now" for the cells it prepares (the quick filter matches AGE's text; a
// running Job sorts by its duration) is the cluster's time, as the model's
// cells: the replayed moment in a replay.
class TableFeed::Worker final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(Worker)

public:
    Worker(std::shared_ptr<const RowFormatter> formatter, const TableQuery &query)
        : m_preparer(std::move(formatter))
    {
        m_preparer.setQuery(query, 0, SecondClock::clusterNowMs()); // no rows yet
    }
    void onBatch(const ChangeBatch &batch)
    {
        Q_EMIT prepared(m_preparer.applyChanges(batch, SecondClock::clusterNowMs()));
    }
    void onQuery(const TableQuery &query, int generation)
    {
        Q_EMIT prepared(m_preparer.setQuery(query, generation, SecondClock::clusterNowMs()));
    }

Q_SIGNALS:
    void prepared(const informant::PreparedBatch &batch);

private:
    RowPreparer m_preparer;
};

TableFeed::TableFeed(KindSource *source, std::shared_ptr<const RowFormatter> formatter,
                     const TableQuery &query, Threading threading, QObject *parent)
    : QObject(parent)
    , m_source(source)
    , m_model(new ResourceTableModel(formatter, this))
    , m_worker(new Worker(formatter, query))
    , m_query(query)
{
    qRegisterMetaType<PreparedBatch>();
    qRegisterMetaType<ChangeBatch>();
    if (threading == Threading::Worker) {
        m_thread = new QThread(this);
        m_thread->setObjectName(QStringLiteral("table-") + source->kind().plural);
        m_worker->moveToThread(m_thread);
        connect(m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
        m_thread->start();
    }
    connect(m_worker, &Worker::prepared, this, &TableFeed::onPrepared);
    connect(m_model, &ResourceTableModel::sortRequested, this, &TableFeed::sortBy);
    Worker *worker = m_worker;
    m_source->subscribe(worker, [worker](const ChangeBatch &batch) { worker->onBatch(batch); });
}

TableFeed::~TableFeed()
{
    m_source->unsubscribe(m_worker);
    if (m_thread) {
        m_thread->quit();
        m_thread->wait();
    } else {
        delete m_worker;
    }
}

void TableFeed::sendQuery()
{
    const TableQuery query = m_query;
    const int generation = ++m_generation;
    Worker *worker = m_worker;
    QMetaObject::invokeMethod(
        worker, [worker, query, generation] { worker->onQuery(query, generation); },
        Qt::AutoConnection);
}

void TableFeed::setQuickText(const QString &text)
{
    if (text == m_query.quickText)
        return;
    m_query.quickText = text;
    sendQuery();
}

void TableFeed::setSelector(const LabelSelector &selector)
{
    if (selector == m_query.selector)
        return;
    m_query.selector = selector;
    sendQuery();
}

void TableFeed::setFacets(const FacetSelection &facets)
{
    if (facets == m_query.facets)
        return;
    m_query.facets = facets;
    sendQuery();
}

void TableFeed::sortBy(int column, Qt::SortOrder order)
{
    if (column == m_query.sortColumn && order == m_query.order)
        return;
    m_query.sortColumn = column;
    m_query.order = order;
    sendQuery();
}

void TableFeed::onPrepared(const PreparedBatch &batch)
{
    // Populated already while the model applies it: its batchApplied
    // handlers may ask.
    const bool first = !std::exchange(m_populated, true);
    // Before the model: whoever hears batchApplied reads both at one state.
    if (batch.ordered) {
        m_facetCounts = batch.facets;
        ++m_facetRevision;
    } else if (!batch.facets.isEmpty()) {
        m_facetCounts.add(batch.facets);
        ++m_facetRevision;
    }
    m_model->applyBatch(batch);
    if (first)
        Q_EMIT populated();
}

} // namespace informant

#include "tablefeed.moc"
