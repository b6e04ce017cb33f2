#include "models/history/historystore.h"

#include <QDateTime>
#include <QJsonDocument>

namespace informant {

namespace {

QJsonObject parse(const KubeObject &object)
{
    // The details pane may use QJsonDocument (not the informer hot path).
    return object.isNull() ? QJsonObject() : QJsonDocument::fromJson(object.json()).object();
}

} // namespace

QString ObjectRevision::changeSummary(int maxItems) const
{
    if (first)
        return deleted ? QObject::tr("first seen (deleted)") : QObject::tr("first seen");
    if (deleted)
        return QObject::tr("deleted");
    if (changes.isEmpty())
        return QObject::tr("no field changes (metadata only)");
    QStringList parts;
    for (const FieldChange &change : changes) {
        if (parts.size() == maxItems)
            break;
        parts.append(change.summary());
    }
    const qsizetype more = changes.size() + omittedChanges - parts.size();
    QString text = parts.join(QStringLiteral("; "));
    if (more > 0)
        text += QObject::tr("; +%1 more").arg(more);
    return text;
}

HistoryStore::HistoryStore(QObject *parent)
    : QObject(parent)
    , m_clock([] { return QDateTime::currentMSecsSinceEpoch(); })
{
}

HistoryStore::~HistoryStore() = default;

void HistoryStore::setLimits(int perObject, int total)
{
    m_perObjectLimit = qMax(1, perObject);
    m_totalLimit = qMax(1, total);
    QSet<QString> touched;
    for (auto it = m_revisions.begin(); it != m_revisions.end(); ++it) {
        while (it->size() > m_perObjectLimit) {
            it->removeFirst();
            --m_total;
            touched.insert(it.key());
        }
    }
    enforceTotal();
    for (const QString &objectId : touched) {
        const qsizetype sep = objectId.indexOf(u'\x1f');
        Q_EMIT revisionsChanged(objectId.left(sep), objectId.mid(sep + 1));
    }
}

void HistoryStore::setClock(std::function<qint64()> nowMs)
{
    m_clock = std::move(nowMs);
}

void HistoryStore::track(const QString &kind, const QString &key, const KubeObject &current)
{
    m_tracked.insert(id(kind, key));
    if (!current.isNull())
        record(kind, key, current);
}

void HistoryStore::untrack(const QString &kind, const QString &key)
{
    const QString objectId = id(kind, key);
    m_tracked.remove(objectId);
    if (m_trackedKinds.contains(kind))
        return;
    const auto it = m_revisions.find(objectId);
    if (it == m_revisions.end())
        return;
    m_total -= it->size();
    m_revisions.erase(it);
    Q_EMIT revisionsChanged(kind, key);
}

void HistoryStore::trackKind(const QString &kind, bool track)
{
    if (track)
        m_trackedKinds.insert(kind);
    else
        m_trackedKinds.remove(kind);
}

bool HistoryStore::isTracked(const QString &kind, const QString &key) const
{
    return m_trackedKinds.contains(kind) || m_tracked.contains(id(kind, key));
}

void HistoryStore::applyBatch(const QString &kind, const ChangeBatch &batch)
{
    for (const ObjectChange &change : batch.changes) {
        if (change.object.isNull() || !isTracked(kind, change.key))
            continue;
        record(kind, change.key, change.object, change.type == ObjectChange::Type::Delete);
    }
}

bool HistoryStore::record(const QString &kind, const QString &key, const KubeObject &object,
                          bool deleted)
{
    if (object.isNull() || !isTracked(kind, key))
        return false;
    const QString objectId = id(kind, key);
    QList<ObjectRevision> &list = m_revisions[objectId];
    ObjectRevision revision;
    revision.resourceVersion = object.resourceVersion();
    revision.deleted = deleted;
    if (!list.isEmpty()) {
        const ObjectRevision &last = list.last();
        if (last.resourceVersion == revision.resourceVersion && last.deleted == deleted)
            return false; // the same revision again (a relist, a resync)
        if (!deleted) {
            revision.changes =
                diffJson(parse(last.object), parse(object), 500, &revision.omittedChanges);
        }
    } else {
        revision.first = true;
    }
    revision.sequence = m_nextSequence++;
    revision.observedMs = m_clock();
    revision.object = object;
    list.append(std::move(revision));
    m_order.enqueue({objectId, list.last().sequence});
    ++m_total;
    while (list.size() > m_perObjectLimit) {
        list.removeFirst();
        --m_total;
    }
    enforceTotal();
    Q_EMIT revisionsChanged(kind, key);
    return true;
}

void HistoryStore::enforceTotal()
{
    // The queue may name revisions already dropped by the per-object limit or
    // untrack(); those entries are skipped.
    while (m_total > m_totalLimit && !m_order.isEmpty()) {
        const auto [objectId, sequence] = m_order.dequeue();
        const auto it = m_revisions.find(objectId);
        if (it == m_revisions.end() || it->isEmpty() || it->first().sequence != sequence)
            continue;
        it->removeFirst();
        --m_total;
        if (it->isEmpty())
            m_revisions.erase(it);
    }
    // Keep the queue from growing with stale entries.
    if (m_order.size() > 4 * qMax<qsizetype>(m_total, 1024)) {
        QQueue<std::pair<QString, quint64>> live;
        for (const auto &entry : std::as_const(m_order)) {
            const auto it = m_revisions.constFind(entry.first);
            if (it == m_revisions.cend())
                continue;
            for (const ObjectRevision &r : *it) {
                if (r.sequence == entry.second) {
                    live.enqueue(entry);
                    break;
                }
            }
        }
        m_order = std::move(live);
    }
}

QList<ObjectRevision> HistoryStore::revisions(const QString &kind, const QString &key) const
{
    return m_revisions.value(id(kind, key));
}

} // namespace informant
