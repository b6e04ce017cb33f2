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

void HistoryStore::setLimits(int perObject, int total, qint64 totalBytes)
{
    m_perObjectLimit = qMax(1, perObject);
    m_totalLimit = qMax(1, total);
    m_byteLimit = qMax<qint64>(1, totalBytes);
    for (auto kind = m_kinds.begin(); kind != m_kinds.end(); ++kind) {
        for (auto it = kind->revisions.begin(); it != kind->revisions.end(); ++it) {
            if (it->size() <= m_perObjectLimit)
                continue;
            while (it->size() > m_perObjectLimit)
                dropFirst(*kind, *it);
            Q_EMIT revisionsChanged(kind.key(), it.key());
        }
    }
    enforceLimits();
}

void HistoryStore::setClock(std::function<qint64()> nowMs)
{
    m_clock = std::move(nowMs);
}

void HistoryStore::applyBatch(const QString &kind, const ChangeBatch &batch)
{
    KindHistory &history = m_kinds[kind];
    const qint64 now = m_clock();
    if (history.listedMs < 0)
        history.listedMs = now;
    if (batch.snapshot)
        return;
    bool recorded = false;
    for (const ObjectChange &change : batch.changes) {
        if (record(history, change, now)) {
            recorded = true;
            Q_EMIT revisionsChanged(kind, change.key);
        }
    }
    if (recorded)
        enforceLimits();
}

bool HistoryStore::record(KindHistory &history, const ObjectChange &change, qint64 now)
{
    const auto found = history.revisions.constFind(change.key);
    const bool known = found != history.revisions.cend() && !found->isEmpty();
    if (change.type == ObjectChange::Type::Delete) {
        // Only an object with a history keeps its end: the others' would
        // never be read (a deleted object cannot be opened any more).
        if (!known)
            return false;
        const KubeObject last = change.object.isNull() ? found->last().object : change.object;
        append(history, change.key, last, now, true);
        return true;
    }
    if (change.previous.isNull()) {
        // An add: history starts at the first change, unless the object had
        // one under this name (deleted and created again).
        if (!known || found->last().resourceVersion == change.object.resourceVersion())
            return false;
        append(history, change.key, change.object, now, false);
        return true;
    }
    if (change.previous.resourceVersion() == change.object.resourceVersion())
        return false; // a resync
    bool first = !known;
    if (known && found->size() == 1 && found->first().openedAs) {
        QList<ObjectRevision> &opened = history.revisions[change.key];
        if (opened.first().resourceVersion == change.previous.resourceVersion()) {
            opened.first().openedAs = false; // confirmed: the change starts from it
        } else {
            // The table's batches come more often than these: the state the
            // user opened may be newer than changes still on their way here.
            // The watch's own account replaces it.
            dropFirst(history, opened);
            first = true;
        }
    } else if (known && found->last().resourceVersion == change.object.resourceVersion()) {
        return false; // recorded already
    }
    if (first)
        append(history, change.key, change.previous, firstSeenMs(history, change.previous, now),
               false);
    append(history, change.key, change.object, now, false);
    return true;
}

// An object listed with its kind was first seen then; one created later, at
// its creation (never after now: the server's clock may run ahead).
qint64 HistoryStore::firstSeenMs(const KindHistory &history, const KubeObject &object,
                                 qint64 now) const
{
    const qint64 listed = history.listedMs >= 0 ? history.listedMs : now;
    return qMin(now, qMax(listed, object.creationTimestampMs()));
}

void HistoryStore::releaseHeld()
{
    for (KindHistory &history : m_kinds) {
        if (history.held.isEmpty())
            continue;
        history.held.append(history.order);
        static_cast<QList<Recorded> &>(history.order).swap(history.held);
        history.held.clear();
    }
}

void HistoryStore::openObject(const QString &kind, const QString &key, const KubeObject &current)
{
    if (kind != m_openKind || key != m_openKey)
        releaseHeld();
    m_openKind = kind;
    m_openKey = key;
    KindHistory &history = m_kinds[kind];
    const auto list = history.revisions.constFind(key);
    if ((list != history.revisions.cend() && !list->isEmpty()) || current.isNull())
        return;
    const qint64 now = m_clock();
    append(history, key, current, firstSeenMs(history, current, now), false);
    history.revisions[key].last().openedAs = true;
    enforceLimits();
    Q_EMIT revisionsChanged(kind, key);
}

void HistoryStore::closeObject()
{
    releaseHeld();
    m_openKind.clear();
    m_openKey.clear();
    enforceLimits();
}

void HistoryStore::append(KindHistory &history, const QString &key, const KubeObject &object,
                          qint64 observedMs, bool deleted)
{
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
    history.order.enqueue({key, list.last().sequence});
    ++history.count;
    ++m_total;
    history.bytes += object.jsonSize();
    m_bytes += object.jsonSize();
    while (list.size() > m_perObjectLimit)
        dropFirst(history, list);
    // A busy object under its own limit leaves entries of dropped revisions
    // behind; rebuilt from the lists once they outnumber the live ones.
    if (history.order.size() + history.held.size() > 2 * history.count + 1024)
        rebuildOrder(history);
}

void HistoryStore::rebuildOrder(KindHistory &history)
{
    QList<Recorded> live;
    live.reserve(history.count);
    for (auto it = history.revisions.cbegin(); it != history.revisions.cend(); ++it) {
        for (const ObjectRevision &revision : *it)
            live.append({it.key(), revision.sequence});
    }
    std::sort(live.begin(), live.end(),
              [](const Recorded &a, const Recorded &b) { return a.sequence < b.sequence; });
    static_cast<QList<Recorded> &>(history.order).swap(live);
    history.held.clear();
}

void HistoryStore::dropFirst(KindHistory &history, QList<ObjectRevision> &list)
{
    history.bytes -= list.first().object.jsonSize();
    m_bytes -= list.first().object.jsonSize();
    list.removeFirst();
    --history.count;
    --m_total;
}

// What the open object holds of `history`: revisions, or bytes.
qint64 HistoryStore::openShare(const QString &kind, const KindHistory &history, bool bytes) const
{
    if (kind != m_openKind)
        return 0;
    const QList<ObjectRevision> list = history.revisions.value(m_openKey);
    if (!bytes)
        return list.size();
    qint64 held = 0;
    for (const ObjectRevision &revision : list)
        held += revision.object.jsonSize();
    return held;
}

void HistoryStore::enforceLimits()
{
    while (m_total > m_totalLimit || m_bytes > m_byteLimit) {
        // The kind holding the most others may drop gives one up: the most
        // revisions over the count, the most bytes over the byte budget (a
        // few large objects must not wipe many small ones' history).
        const bool byBytes = m_total <= m_totalLimit;
        QString victim;
        qint64 most = 0;
        for (auto it = m_kinds.cbegin(); it != m_kinds.cend(); ++it) {
            const qint64 droppable =
                (byBytes ? it->bytes : it->count) - openShare(it.key(), *it, byBytes);
            if (droppable > most) {
                most = droppable;
                victim = it.key();
            }
        }
        if (most == 0 || !dropOldest(victim, m_kinds[victim]))
            return;
    }
}

bool HistoryStore::dropOldest(const QString &kind, KindHistory &history)
{
    const bool openKind = kind == m_openKind;
    while (!history.order.isEmpty()) {
        const Recorded entry = history.order.dequeue();
        if (openKind && entry.key == m_openKey) {
            history.held.append(entry);
            continue;
        }
        const auto it = history.revisions.find(entry.key);
        // Entries of revisions the per-object limit dropped are skipped.
        if (it == history.revisions.end() || it->isEmpty() ||
            it->first().sequence != entry.sequence)
            continue;
        dropFirst(history, *it);
        if (it->isEmpty())
            history.revisions.erase(it);
        Q_EMIT revisionsChanged(kind, entry.key);
        return true;
    }
    return false;
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
    // Each object parsed once, as the later of one pair and the earlier of
    // the next (a CRD may be a megabyte).
    QJsonObject before;
    qsizetype parsed = -1; // the index `before` holds
    for (qsizetype i = 1; i < list.size(); ++i) {
        ObjectRevision &revision = list[i];
        if (revision.changesKnown)
            continue;
        if (parsed != i - 1)
            before = parse(list[i - 1].object);
        QJsonObject after = parse(revision.object);
        revision.changes = diffJson(before, after, 500, &revision.omittedChanges);
        before = std::move(after);
        parsed = i;
        if (revision.object.kind() == QLatin1String("Secret")) {
            for (FieldChange &change : revision.changes)
                change.valuesHidden = isSecretValuePath(change.path);
        }
        revision.changesKnown = true;
    }
    return list;
}

} // namespace informant
