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
    if (!changesKnown)
        return QObject::tr("changes unknown (the revision before was dropped)");
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
    for (auto kind = m_kinds.begin(); kind != m_kinds.end(); ++kind) {
        for (auto it = kind->revisions.begin(); it != kind->revisions.end();) {
            const bool trimmed = it->size() > m_perObjectLimit;
            while (it->size() > m_perObjectLimit) {
                it->removeFirst();
                --m_total;
            }
            const QString key = it.key();
            ++it;
            if (trimmed)
                Q_EMIT revisionsChanged(kind.key(), key);
        }
    }
    enforceTotal();
}

void HistoryStore::setClock(std::function<qint64()> nowMs)
{
    m_clock = std::move(nowMs);
}

void HistoryStore::applyBatch(const QString &kind, const ChangeBatch &batch)
{
    if (batch.snapshot)
        recordDeletionsMissingFrom(kind, batch);
    for (const ObjectChange &change : batch.changes)
        observe(kind, change.key, change.object, change.type == ObjectChange::Type::Delete);
}

// A snapshot is the whole kind after a relist: what it no longer has was
// deleted while the watch was down.
void HistoryStore::recordDeletionsMissingFrom(const QString &kind, const ChangeBatch &snapshot)
{
    const auto history = m_kinds.constFind(kind);
    if (history == m_kinds.cend() || history->latest.isEmpty())
        return;
    QSet<QString> present;
    present.reserve(snapshot.changes.size());
    for (const ObjectChange &change : snapshot.changes)
        present.insert(change.key);
    QList<std::pair<QString, KubeObject>> gone;
    for (auto it = history->latest.cbegin(); it != history->latest.cend(); ++it) {
        if (!present.contains(it.key()))
            gone.append({it.key(), it->object});
    }
    for (const auto &[key, object] : std::as_const(gone))
        observe(kind, key, object, true);
}

bool HistoryStore::observe(const QString &kind, const QString &key, const KubeObject &object,
                           bool deleted)
{
    KindHistory &history = m_kinds[kind];
    const auto seen = history.latest.find(key);
    if (seen == history.latest.end()) {
        // First observation: the state the watch started from.
        if (!deleted && !object.isNull())
            history.latest.insert(key, Observed{object, m_clock(), false});
        return false;
    }
    if (!deleted && seen->object.resourceVersion() == object.resourceVersion())
        return false; // the same revision again (a relist, a resync)
    const Observed before = *seen;
    const qint64 now = m_clock();
    if (deleted)
        history.latest.erase(seen);
    else
        *seen = Observed{object, now, true};
    if (!before.recorded)
        append(kind, key, before.object, before.seenMs, false);
    append(kind, key, object.isNull() ? before.object : object, now, deleted);
    enforceTotal();
    Q_EMIT revisionsChanged(kind, key);
    return true;
}

void HistoryStore::openObject(const QString &kind, const QString &key, const KubeObject &current)
{
    KindHistory &history = m_kinds[kind];
    const auto list = history.revisions.constFind(key);
    if (list != history.revisions.cend() && !list->isEmpty())
        return;
    const auto seen = history.latest.find(key);
    if (seen != history.latest.end()) {
        seen->recorded = true;
        append(kind, key, seen->object, seen->seenMs, false);
    } else if (!current.isNull()) {
        const qint64 now = m_clock();
        history.latest.insert(key, Observed{current, now, true});
        append(kind, key, current, now, false);
    } else {
        return;
    }
    enforceTotal();
    Q_EMIT revisionsChanged(kind, key);
}

void HistoryStore::append(const QString &kind, const QString &key, const KubeObject &object,
                          qint64 observedMs, bool deleted)
{
    KindHistory &history = m_kinds[kind];
    QList<ObjectRevision> &list = history.revisions[key];
    ObjectRevision revision;
    revision.sequence = m_nextSequence++;
    revision.observedMs = observedMs;
    revision.resourceVersion = object.resourceVersion();
    revision.object = object;
    revision.deleted = deleted;
    revision.first = list.isEmpty();
    revision.changesKnown = revision.first || deleted;
    list.append(std::move(revision));
    m_order.enqueue({kind, key, list.last().sequence});
    ++m_total;
    while (list.size() > m_perObjectLimit) {
        list.removeFirst();
        --m_total;
    }
}

void HistoryStore::enforceTotal()
{
    // The queue may name revisions already dropped by the per-object limit;
    // those entries are skipped.
    while (m_total > m_totalLimit && !m_order.isEmpty()) {
        const Recorded oldest = m_order.dequeue();
        const auto history = m_kinds.find(oldest.kind);
        if (history == m_kinds.end())
            continue;
        const auto it = history->revisions.find(oldest.key);
        if (it == history->revisions.end() || it->isEmpty() ||
            it->first().sequence != oldest.sequence)
            continue;
        dropOldest(*history, it);
        Q_EMIT revisionsChanged(oldest.kind, oldest.key);
    }
    // Keep the queue from growing with stale entries.
    if (m_order.size() > 4 * qMax<qsizetype>(m_total, 1024)) {
        QQueue<Recorded> live;
        for (const Recorded &entry : std::as_const(m_order)) {
            const auto history = m_kinds.constFind(entry.kind);
            if (history == m_kinds.cend())
                continue;
            const QList<ObjectRevision> list = history->revisions.value(entry.key);
            if (std::any_of(list.cbegin(), list.cend(),
                            [&](const ObjectRevision &r) { return r.sequence == entry.sequence; }))
                live.enqueue(entry);
        }
        m_order = std::move(live);
    }
}

void HistoryStore::dropOldest(KindHistory &history,
                              QHash<QString, QList<ObjectRevision>>::iterator it)
{
    it->removeFirst();
    --m_total;
    if (!it->isEmpty())
        return;
    // Nothing kept: the object's next change starts again from its state.
    const auto seen = history.latest.find(it.key());
    if (seen != history.latest.end())
        seen->recorded = false;
    history.revisions.erase(it);
}

QList<ObjectRevision> HistoryStore::revisions(const QString &kind, const QString &key) const
{
    const auto history = m_kinds.find(kind);
    if (history == m_kinds.end())
        return {};
    const auto it = history->revisions.find(key);
    if (it == history->revisions.end())
        return {};
    QList<ObjectRevision> &list = *it;
    for (qsizetype i = 1; i < list.size(); ++i) {
        ObjectRevision &revision = list[i];
        if (revision.changesKnown)
            continue;
        revision.changes = diffJson(parse(list[i - 1].object), parse(revision.object), 500,
                                    &revision.omittedChanges);
        if (revision.object.kind() == QLatin1String("Secret")) {
            for (FieldChange &change : revision.changes)
                change.valuesHidden = isSecretValuePath(change.path);
        }
        revision.changesKnown = true;
    }
    return list;
}

} // namespace informant
