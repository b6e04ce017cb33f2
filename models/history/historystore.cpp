#include "models/history/historystore.h"

#include "models/yamlrenderer.h"

#include <QDateTime>
#include <QJsonDocument>

#include <algorithm>

namespace informant {

namespace {

QJsonObject parse(const KubeObject &object)
{
    // The details pane may use QJsonDocument (not the informer hot path).
    return object.isNull() ? QJsonObject() : QJsonDocument::fromJson(object.json()).object();
}

} // namespace

namespace {

// Which changes a one-line summary names first: a new incarnation of the
// object, then what the cluster did (status), what was asked (spec, data),
// and last the bookkeeping that controllers touch on every write (labels,
// annotations). A crash loop then reads "restartCount 3→4", not an annotation.
int summaryRank(const QString &path)
{
    if (path == QLatin1String("metadata.uid") ||
        path == QLatin1String("metadata.creationTimestamp"))
        return 0;
    if (path.startsWith(QLatin1String("status")))
        return 1;
    if (path.startsWith(QLatin1String("metadata.annotations")))
        return 4;
    if (path.startsWith(QLatin1String("metadata")))
        return 3;
    return 2;
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
    QList<const FieldChange *> ranked;
    ranked.reserve(changes.size());
    for (const FieldChange &change : changes)
        ranked.append(&change);
    std::stable_sort(ranked.begin(), ranked.end(), [](const FieldChange *a, const FieldChange *b) {
        return summaryRank(a->path) < summaryRank(b->path);
    });
    QStringList parts;
    for (const FieldChange *change : std::as_const(ranked)) {
        if (parts.size() == maxItems)
            break;
        parts.append(change->summary());
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
    m_trackedKeys[kind].insert(key);
    if (!current.isNull())
        record(kind, key, current);
}

void HistoryStore::untrack(const QString &kind, const QString &key)
{
    const QString objectId = id(kind, key);
    if (auto keys = m_trackedKeys.find(kind); keys != m_trackedKeys.end()) {
        keys->remove(key);
        if (keys->isEmpty())
            m_trackedKeys.erase(keys);
    }
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
    if (m_trackedKinds.contains(kind))
        return true;
    const auto keys = m_trackedKeys.constFind(kind);
    return keys != m_trackedKeys.cend() && keys->contains(key);
}

void HistoryStore::applyBatch(const QString &kind, const ChangeBatch &batch)
{
    // Every batch of every shown kind comes here (10k changes/s in a storm):
    // nothing tracked in this kind, nothing to look at.
    if (!m_trackedKinds.contains(kind) && !m_trackedKeys.contains(kind))
        return;
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
            if (object.kind() == QLatin1String("Secret")) {
                for (FieldChange &change : revision.changes)
                    change.valuesHidden = isSecretValuePath(change.path);
            }
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
