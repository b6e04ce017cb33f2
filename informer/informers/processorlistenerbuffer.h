#pragma once

// NotificationBuffer: the pending notifications of one HandlerListener, in
// distribution order. client-go's buffer is unbounded; this one, while more
// than `coalesceBacklog` notifications are pending (the handler is slower
// than the change rate), merges a new notification into the key's newest
// pending one, so it holds O(keys) entries instead of O(changes):
//   Add/Update + Update  -> the pending one with the newest object (an Add
//                           stays an Add, an Update keeps its old object)
//   Update + Delete      -> a Delete, where the Update was
//   Add + Delete         -> nothing: the handler never sees that object
//   Delete + Delete      -> the first Delete
//   Delete + Add/Update  -> both, in order (a deletion is never merged into
//                           an object that stays)
// So a handler that falls behind sees per key the same final state, skips
// intermediate states, and sees a merged change at the position of the
// key's earlier pending change (order across keys is then not arrival
// order). Below the threshold nothing is merged (client-go's behaviour).
//
// Threading: not thread-safe; HandlerListener guards it with its mutex.

#include "informer/informers/resourceeventhandler.h"

#include <QHash>

#include <deque>

namespace informant {

class NotificationBuffer
{
public:
    struct Entry
    {
        Notification notification;
        qint64 previousOfKey = -1; // sequence number of the key's previous pending entry
        bool dropped = false;      // merged away: skip it
    };
    using Entries = std::deque<Entry>;

    // 0: never merge.
    explicit NotificationBuffer(qsizetype coalesceBacklog = 0);

    // Returns the number of initial-list adds that were dropped (merged away
    // with their deletion) and so count as delivered.
    qint64 add(const Notification &notification);
    bool isEmpty() const { return m_live == 0; }
    qsizetype pending() const { return m_live; }
    // Hands every pending entry over (skip `dropped` ones) and starts empty.
    Entries takeAll();

    qint64 coalesced() const { return m_coalesced; }
    qsizetype peakPending() const { return m_peakPending; }

private:
    enum class Merge { Appended, Merged, Cancelled };
    Merge merge(Entry &pending, const Notification &incoming);
    void append(const Notification &notification, const QString &key);
    void compact();

    const qsizetype m_coalesceBacklog;
    Entries m_entries;
    qint64 m_firstSequence = 0;           // sequence number of m_entries.front()
    QHash<QString, qint64> m_newestOfKey; // only while merging is enabled
    qsizetype m_live = 0;
    qsizetype m_dropped = 0;
    qint64 m_coalesced = 0;
    qsizetype m_peakPending = 0;
};

} // namespace informant
