#include "models/history/historystore.h"

#include "models/clusterrowkey.h"
#include "models/secondclock.h"
#include "models/timeline/objectidentity.h"
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
    if (first && deleted)
        return missingFromRelist ? QObject::tr("first seen (gone at a relist)")
                                 : QObject::tr("first seen (deleted)");
    if (first)
        return QObject::tr("first seen");
    if (deleted)
        return missingFromRelist ? QObject::tr("gone (missing from a relist)")
                                 : QObject::tr("deleted");
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
    // The cluster's time, as the ages beside the revisions: in a replay,
    // the replayed moment a change reached the GUI, not today's.
    , m_clock([] { return SecondClock::clusterTimeAt(QDateTime::currentMSecsSinceEpoch()); })
{
}

HistoryStore::~HistoryStore() = default;

QString HistoryStore::identityOf(const KubeObject &object, QStringView cluster)
{
    if (object.isNull())
        return {};
    InvolvedObject reference = referenceTo(object);
    reference.cluster = cluster.toString();
    return objectKey(reference);
}

void HistoryStore::setLimits(int perObject, int total, qint64 totalBytes)
{
    m_perObjectLimit = qMax(1, perObject);
    m_totalLimit = qMax(1, total);
    m_byteLimit = qMax<qint64>(1, totalBytes);
    for (auto kind = m_kinds.begin(); kind != m_kinds.end(); ++kind) {
        for (auto it = kind->objects.begin(); it != kind->objects.end(); ++it) {
            if (it->revisions.size() <= m_perObjectLimit)
                continue;
            while (it->revisions.size() > m_perObjectLimit)
                dropFirst(*kind, it->revisions);
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
    for (const ObjectChange &change : batch.changes)
        recorded = record(kind, history, change, now) || recorded;
    if (recorded)
        enforceLimits();
}

bool HistoryStore::record(const QString &kind, KindHistory &history, const ObjectChange &change,
                          qint64 now)
{
    if (change.type == ObjectChange::Type::Delete)
        return recordDelete(kind, history, change, now);
    const QStringView cluster = clusterOfRowKey(change.key);
    const QString identity = identityOf(change.object, cluster);
    bool recorded = false;
    // Another object under this name before this one, its end unseen: the
    // watch was away while it was replaced, and the relist hands the new one
    // over as an update of the old (client-go's Replace); or a snapshot
    // restated the kind since History last heard of it.
    KubeObject previous = change.previous;
    if (const QString before = identityOf(previous, cluster);
        !previous.isNull() && before != identity) {
        recorded =
            recordEnd(kind, history, change.key, before, KubeObject(), previous.uid(), now, true);
        previous = KubeObject(); // this one's add
    }
    const QString live = history.live.value(change.key);
    // No delete for it came: the watch would have said so before this one.
    if (!live.isEmpty() && live != identity)
        recorded = recordEnd(kind, history, change.key, live, KubeObject(), QString(), now, true) ||
                   recorded;
    noteSuccessor(kind, history, change.key, identity);
    const auto found = history.objects.find(identity);
    const bool known = found != history.objects.end() && !found->revisions.isEmpty();
    if (previous.isNull()) {
        // An add: history starts at the first change, unless the object has
        // one already (the watch relisted it in a newer state).
        if (!known || found->revisions.last().resourceVersion == change.object.resourceVersion())
            return recorded;
    } else if (previous.resourceVersion() == change.object.resourceVersion()) {
        return recorded; // a resync
    } else if (known && found->revisions.size() == 1 && found->revisions.first().openedAs) {
        QList<ObjectRevision> &opened = found->revisions;
        if (opened.first().resourceVersion == previous.resourceVersion()) {
            opened.first().openedAs = false; // confirmed: the change starts from it
        } else {
            // The table's batches come more often than these: the state the
            // user opened may be newer than changes still on their way here.
            // The watch's own account replaces it.
            dropFirst(history, opened);
        }
    } else if (known &&
               found->revisions.last().resourceVersion == change.object.resourceVersion()) {
        return recorded; // recorded already
    }
    const auto list = history.objects.constFind(identity);
    if (!previous.isNull() && (list == history.objects.cend() || list->revisions.isEmpty()))
        append(history, identity, change.key, previous, firstSeenMs(history, previous, now), false);
    append(history, identity, change.key, change.object, now, false);
    history.live.insert(change.key, identity);
    Q_EMIT revisionsChanged(kind, identity);
    return true;
}

bool HistoryStore::recordDelete(const QString &kind, KindHistory &history,
                                const ObjectChange &change, qint64 now)
{
    QString identity = identityOf(change.object, clusterOfRowKey(change.key));
    if (identity.isEmpty())
        identity = history.live.value(change.key); // a tombstone without a state
    if (identity.isEmpty())
        return false;
    return recordEnd(kind, history, change.key, identity, change.object, change.object.uid(), now,
                     change.missingFromRelist);
}

bool HistoryStore::recordEnd(const QString &kind, KindHistory &history, const QString &key,
                             const QString &identity, const KubeObject &finalState, QString uid,
                             qint64 now, bool missingFromRelist)
{
    if (history.live.value(key) == identity)
        history.live.remove(key);
    const auto found = history.objects.find(identity);
    // Only an object with a history keeps its end: the others' would never
    // be read (a deleted object cannot be opened any more).
    const bool recorded = found != history.objects.end() && !found->revisions.isEmpty() &&
                          !found->revisions.last().deleted;
    if (recorded) {
        const KubeObject last = finalState.isNull() ? found->revisions.last().object : finalState;
        if (uid.isEmpty())
            uid = last.uid();
        append(history, identity, key, last, now, true);
        history.objects[identity].revisions.last().missingFromRelist = missingFromRelist;
        Q_EMIT revisionsChanged(kind, identity);
    }
    Ended &ended = history.ended[key];
    if (ended.identity == identity)
        return recorded; // its end is known already
    // Its successor's History names it; its own keeps what came before it.
    if (ended.successor == identity && found != history.objects.end())
        found->earlier = ended.object;
    ended =
        Ended{identity, EarlierObject{uid, now, missingFromRelist}, QString(), m_nextEndedStamp++};
    history.endedOrder.enqueue({key, ended.stamp});
    trimEnded(history);
    return recorded;
}

void HistoryStore::noteSuccessor(const QString &kind, KindHistory &history, const QString &key,
                                 const QString &identity)
{
    const auto ended = history.ended.find(key);
    if (ended == history.ended.end() || !ended->successor.isEmpty() || ended->identity == identity)
        return;
    ended->successor = identity;
    // Opened before the watch told of its predecessor's end: its History
    // names that one now.
    const auto found = history.objects.find(identity);
    if (found != history.objects.end()) {
        found->earlier = ended->object;
        Q_EMIT revisionsChanged(kind, identity);
    }
}

// Bounded: the oldest deletions are forgotten first. Entries of names
// deleted again since are skipped, and compacted once they outnumber the
// live ones.
void HistoryStore::trimEnded(KindHistory &history)
{
    while (history.ended.size() > kEndedPerKindLimit && !history.endedOrder.isEmpty()) {
        const EndedEntry entry = history.endedOrder.dequeue();
        const auto it = history.ended.find(entry.key);
        if (it != history.ended.end() && it->stamp == entry.stamp)
            history.ended.erase(it);
    }
    if (history.endedOrder.size() <= 2 * history.ended.size() + 64)
        return;
    QList<EndedEntry> live;
    live.reserve(history.ended.size());
    for (auto it = history.ended.cbegin(); it != history.ended.cend(); ++it)
        live.append({it.key(), it->stamp});
    std::sort(live.begin(), live.end(),
              [](const EndedEntry &a, const EndedEntry &b) { return a.stamp < b.stamp; });
    static_cast<QList<EndedEntry> &>(history.endedOrder).swap(live);
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

void HistoryStore::openObject(const QString &kind, const QString &identity,
                              const KubeObject &current, const QString &rowKey)
{
    // The key its changes come under (its cluster's, in a window of several).
    const QString key = rowKey.isEmpty() ? current.key() : rowKey;
    if (kind != m_openKind || identity != m_openIdentity)
        releaseHeld();
    m_openKind = kind;
    m_openIdentity = identity;
    if (current.isNull() || identity.isEmpty())
        return;
    KindHistory &history = m_kinds[kind];
    const auto found = history.objects.constFind(identity);
    const bool known = found != history.objects.cend() && !found->revisions.isEmpty();
    // Opened before its add reached this store (the table's batches come
    // first): it is the next object under its name all the same. A deleted
    // one, still shown as gone, is not.
    if (!known || !found->revisions.last().deleted)
        noteSuccessor(kind, history, key, identity);
    if (known)
        return;
    const qint64 now = m_clock();
    append(history, identity, key, current, firstSeenMs(history, current, now), false);
    history.objects[identity].revisions.last().openedAs = true;
    enforceLimits();
    Q_EMIT revisionsChanged(kind, identity);
}

void HistoryStore::closeObject()
{
    releaseHeld();
    m_openKind.clear();
    m_openIdentity.clear();
    enforceLimits();
}

QString HistoryStore::latestIdentity(const QString &kind, const QString &key) const
{
    const auto history = m_kinds.constFind(kind);
    if (history == m_kinds.cend())
        return {};
    QString identity = history->live.value(key);
    if (identity.isEmpty()) {
        // Gone: the last one, while its history is kept.
        const auto ended = history->ended.constFind(key);
        if (ended != history->ended.cend() && history->objects.contains(ended->identity))
            identity = ended->identity;
    }
    return identity;
}

EarlierObject HistoryStore::earlierObject(const QString &kind, const QString &identity) const
{
    const auto history = m_kinds.constFind(kind);
    if (history == m_kinds.cend())
        return {};
    const auto found = history->objects.constFind(identity);
    if (found == history->objects.cend())
        return {};
    // The newest account: the store may learn of the predecessor's end after
    // the object's history began.
    const auto ended = history->ended.constFind(found->key);
    if (ended != history->ended.cend() && ended->successor == identity)
        return ended->object;
    return found->earlier;
}

EarlierObject HistoryStore::endOf(const QString &kind, const QString &key,
                                  const QString &identity) const
{
    const auto history = m_kinds.constFind(kind);
    if (history == m_kinds.cend() || identity.isEmpty())
        return {};
    const auto ended = history->ended.constFind(key);
    if (ended != history->ended.cend() && ended->identity == identity)
        return ended->object;
    const auto found = history->objects.constFind(identity);
    if (found == history->objects.cend() || found->revisions.isEmpty() ||
        !found->revisions.last().deleted)
        return {};
    const ObjectRevision &last = found->revisions.last();
    return EarlierObject{last.object.uid(), last.observedMs, last.missingFromRelist};
}

void HistoryStore::append(KindHistory &history, const QString &identity, const QString &key,
                          const KubeObject &object, qint64 observedMs, bool deleted)
{
    const auto found = history.objects.find(identity);
    ObjectHistory &entry = found != history.objects.end() ? *found : history.objects[identity];
    if (found == history.objects.end()) {
        entry.key = key;
        const auto ended = history.ended.constFind(key);
        if (ended != history.ended.cend() && ended->successor == identity)
            entry.earlier = ended->object;
    }
    QList<ObjectRevision> &list = entry.revisions;
    ObjectRevision revision;
    revision.sequence = m_nextSequence++;
    revision.observedMs = observedMs;
    revision.resourceVersion = object.resourceVersion();
    revision.object = object;
    revision.deleted = deleted;
    revision.first = list.isEmpty();
    revision.changesKnown = revision.first || deleted;
    list.append(std::move(revision));
    history.order.enqueue({identity, list.last().sequence});
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
    for (auto it = history.objects.cbegin(); it != history.objects.cend(); ++it) {
        for (const ObjectRevision &revision : it->revisions)
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
    const auto open = history.objects.constFind(m_openIdentity);
    if (open == history.objects.cend())
        return 0;
    const QList<ObjectRevision> &list = open->revisions;
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
        if (openKind && entry.identity == m_openIdentity) {
            history.held.append(entry);
            continue;
        }
        const auto it = history.objects.find(entry.identity);
        // Entries of revisions the per-object limit dropped are skipped.
        if (it == history.objects.end() || it->revisions.isEmpty() ||
            it->revisions.first().sequence != entry.sequence)
            continue;
        dropFirst(history, it->revisions);
        if (it->revisions.isEmpty()) {
            if (history.live.value(it->key) == entry.identity)
                history.live.remove(it->key);
            history.objects.erase(it);
        }
        Q_EMIT revisionsChanged(kind, entry.identity);
        return true;
    }
    return false;
}

QList<ObjectRevision> HistoryStore::revisions(const QString &kind, const QString &identity) const
{
    const auto history = m_kinds.find(kind);
    if (history == m_kinds.end())
        return {};
    const auto it = history->objects.find(identity);
    if (it == history->objects.end())
        return {};
    QList<ObjectRevision> &list = it->revisions;
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
