#include "informer/informers/processorlistenerbuffer.h"

namespace informant {

namespace {

// Dropped entries are removed once they outnumber the live ones (and there
// are enough of them to be worth a pass).
constexpr qsizetype kCompactAtDropped = 256;

} // namespace

NotificationBuffer::NotificationBuffer(qsizetype coalesceBacklog)
    : m_coalesceBacklog(qMax<qsizetype>(0, coalesceBacklog))
{
}

NotificationBuffer::Merge NotificationBuffer::merge(Entry &pending, const Notification &incoming)
{
    using Type = Notification::Type;
    Notification &older = pending.notification;
    if (older.type == Type::Delete) {
        if (incoming.type != Type::Delete)
            return Merge::Appended; // a new object after the deletion
        return Merge::Merged;       // the first deletion already says it
    }
    if (incoming.type != Type::Delete) {
        older.object = incoming.object; // Add stays Add, Update keeps oldObject
        return Merge::Merged;
    }
    if (older.type == Type::Add)
        return Merge::Cancelled;
    older.type = Type::Delete;
    older.object = incoming.object;
    older.oldObject = KubeObject();
    older.tombstoneKey = incoming.tombstoneKey;
    return Merge::Merged;
}

void NotificationBuffer::append(const Notification &notification, const QString &key)
{
    Entry entry;
    entry.notification = notification;
    if (m_coalesceBacklog > 0) {
        const qint64 sequence = m_firstSequence + qint64(m_entries.size());
        auto it = m_newestOfKey.find(key);
        if (it == m_newestOfKey.end()) {
            m_newestOfKey.insert(key, sequence);
        } else {
            entry.previousOfKey = *it;
            *it = sequence;
        }
    }
    m_entries.push_back(std::move(entry));
    ++m_live;
    m_peakPending = qMax(m_peakPending, m_live);
}

qint64 NotificationBuffer::add(const Notification &notification)
{
    if (m_coalesceBacklog == 0) {
        m_entries.push_back(Entry{notification, -1, false});
        ++m_live;
        m_peakPending = qMax(m_peakPending, m_live);
        return 0;
    }
    const QString key = notification.key();
    const auto newest = m_newestOfKey.constFind(key);
    if (m_live <= m_coalesceBacklog || newest == m_newestOfKey.cend()) {
        append(notification, key);
        return 0;
    }
    Entry &pending = m_entries[std::size_t(*newest - m_firstSequence)];
    switch (merge(pending, notification)) {
    case Merge::Appended:
        append(notification, key);
        return 0;
    case Merge::Merged:
        ++m_coalesced;
        return 0;
    case Merge::Cancelled:
        break;
    }
    // The key's pending Add and this Delete both go: the key's newest
    // pending entry is again the one before the Add (if any).
    const qint64 dropped =
        pending.notification.type == Notification::Type::Add && pending.notification.isInInitialList
            ? 1
            : 0;
    if (pending.previousOfKey >= m_firstSequence)
        m_newestOfKey.insert(key, pending.previousOfKey);
    else
        m_newestOfKey.remove(key);
    pending = Entry{{}, -1, true};
    --m_live;
    ++m_dropped;
    m_coalesced += 2;
    if (m_dropped >= kCompactAtDropped && m_dropped > m_live)
        compact();
    return dropped;
}

// Removes dropped entries; sequence numbers restart at 0, so the per-key
// links are rebuilt.
void NotificationBuffer::compact()
{
    Entries live;
    m_newestOfKey.clear();
    for (Entry &entry : m_entries) {
        if (entry.dropped)
            continue;
        const qint64 sequence = qint64(live.size());
        const QString key = entry.notification.key();
        auto it = m_newestOfKey.find(key);
        if (it == m_newestOfKey.end()) {
            entry.previousOfKey = -1;
            m_newestOfKey.insert(key, sequence);
        } else {
            entry.previousOfKey = *it;
            *it = sequence;
        }
        live.push_back(std::move(entry));
    }
    m_entries = std::move(live);
    m_firstSequence = 0;
    m_dropped = 0;
}

NotificationBuffer::Entries NotificationBuffer::takeAll()
{
    Entries taken = std::exchange(m_entries, Entries{});
    m_firstSequence += qint64(taken.size());
    m_newestOfKey.clear();
    m_live = 0;
    m_dropped = 0;
    return taken;
}

} // namespace informant
