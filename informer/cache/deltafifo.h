#pragma once

// DeltaFIFO: the informer's queue, a faithful port of client-go's classic
// DeltaFIFO (v0.30–v0.32, reference §3.2).
//
// Guarantees:
// - One entry per key holding every Delta since the key was last popped
//   (oldest first); a key keeps its queue position while it has deltas (no
//   line jumping) and goes to the tail when it is queued again after a pop.
// - Only two consecutive Deleted deltas are deduplicated (the one carrying a
//   real final state wins over a tombstone).
// - Delete of a key that is neither queued nor known (KnownObjects) is dropped.
// - Replace queues Replaced (or Sync) deltas for the new list, then a Deleted
//   tombstone for every queued or known key missing from it; the first Replace
//   defines the initial population that hasSynced() waits to be popped.
// - The transformer runs once per object: on Add/Update/Delete and on Replace
//   items, never on tombstones, on Resync's Sync deltas or on a Replace item
//   that is the KnownObjects' own instance (knownVersion): those are already
//   transformed.
// - After close(), pops drain what is queued and then return closed.
// - popBatch holds the lock for the whole batch: producers wait meanwhile, as
//   they do for a single pop's processing.
// - Not in client-go: with DeltaFIFOOptions::coalesceBacklog set, once the
//   queue holds more than that many deltas beyond one per key (the consumer
//   has fallen behind), a key's deltas are coalesced as it changes
//   (deltafifocoalesce.h): memory stays O(keys + coalesceBacklog) instead of
//   O(changes), the final state and every deletion of an object the store
//   held are kept, intermediate states are skipped. Off by default (the
//   conformance behaviour); informers turn it on.
//
// Threading: all methods are thread-safe (one QMutex). pop()/popBatch() block
// until a key is queued or the queue is closed, and call `process` while
// holding the queue lock, as client-go does, so the consumer can update the
// KnownObjects store consistently with the queue. `process` must not call
// back into this DeltaFIFO. Lock order: queue, then KnownObjects. Intended for
// a single consumer.

#include "informer/cache/delta.h"
#include "informer/cache/keys.h"
#include "informer/cache/knownobjects.h"
#include "informer/cache/reflectorstore.h"

#include <QHash>
#include <QMutex>
#include <QWaitCondition>

#include <functional>
#include <optional>

namespace informant {

// What a pop's process callback returns: success, an error, or a request to
// put the popped Deltas back (client-go's ErrRequeue). Converts implicitly
// from Result<void> and Error, so a callback may simply return those.
class ProcessResult
{
public:
    ProcessResult() = default;
    ProcessResult(const Result<void> &result); // NOLINT(google-explicit-constructor)
    ProcessResult(const Error &error);         // NOLINT(google-explicit-constructor)

    // Requeue the Deltas (if their key is not queued again meanwhile); pop
    // then reports `error`, or success when there is none.
    static ProcessResult requeue(std::optional<Error> error = std::nullopt);

    bool ok() const { return !m_requeue && !m_error; }
    bool requeueRequested() const { return m_requeue; }
    const std::optional<Error> &error() const { return m_error; }

private:
    std::optional<Error> m_error;
    bool m_requeue = false;
};

// Called with one key's Deltas (oldest first) and whether they belong to the
// initial list (popped before the queue first synced).
using PopProcess = std::function<ProcessResult(const Deltas &deltas, bool isInInitialList)>;

struct PopResult
{
    QString key;
    Deltas deltas;       // what was popped; empty when closed
    Result<void> result; // the process error (a requeue's inner error), or closed
    bool closed = false; // nothing was popped: the queue is closed and empty
    bool ok() const { return result.ok(); }
};

struct PopBatchResult
{
    qsizetype popped = 0; // keys handed to process
    Result<void> result;  // the first process error (the batch stops there), or closed
    bool closed = false;  // nothing was popped: the queue is closed and empty
    bool ok() const { return result.ok(); }
};

struct DeltaFIFOOptions
{
    KeyFunc keyFunction;                        // default: metaNamespaceKey
    const KnownObjects *knownObjects = nullptr; // not owned; informers pass the indexer
    bool emitDeltaTypeReplaced = false;         // informers set true
    // Pure and thread-safe: called by the producing thread before the queue
    // lock is taken. A null result keeps the input.
    std::function<KubeObject(const KubeObject &)> transformer;
    QString name; // for log messages
    // Coalesce a key's deltas while more than this many deltas beyond one per
    // key are queued; 0: never (client-go).
    qsizetype coalesceBacklog = 0;
};

// Queue figures for --stats and the informers panel.
struct DeltaFIFOStats
{
    qsizetype keys = 0;         // queued keys now
    qsizetype deltas = 0;       // queued deltas now
    qsizetype peakDeltas = 0;   // most deltas queued at once so far
    qint64 coalescedDeltas = 0; // deltas dropped by coalescing so far
};

class DeltaFIFO final : public ReflectorStore
{
public:
    explicit DeltaFIFO(DeltaFIFOOptions options = {});
    ~DeltaFIFO() override;
    Q_DISABLE_COPY_MOVE(DeltaFIFO)

    static QString closedErrorMessage();      // "DeltaFIFO: manipulating with closed queue"
    static QString zeroLengthDeltasMessage(); // "0 length Deltas object; can't get key"

    // ReflectorStore
    Result<void> add(const KubeObject &object) override;
    Result<void> update(const KubeObject &object) override;
    Result<void> remove(const KubeObject &object) override;
    Result<void> replace(const QList<KubeObject> &objects, const QString &resourceVersion) override;
    Result<void> resync() override;
    // The KnownObjects' object for the same key, uid and resourceVersion.
    KubeObject knownVersion(const KubeObject &object) const override;
    // Waiting pops are woken at endBatch(), not by each add/update/remove.
    void beginBatch() override;
    void endBatch() override;

    PopResult pop(const PopProcess &process);
    // Pops up to `maxKeys` (at least 1) queued keys under one lock acquisition,
    // each processed in queue order with its own isInInitialList. Keys queued
    // again during the batch (requeue) are not reprocessed in the same batch.
    PopBatchResult popBatch(qsizetype maxKeys, const PopProcess &process);
    // client-go AddIfNotPresent: enqueue exactly `deltas` at the tail unless
    // their key is already queued.
    Result<void> addIfNotPresent(const Deltas &deltas);

    bool hasSynced() const;
    void close();
    bool isClosed() const;

    // Classic read API.
    QList<KubeObject> list() const; // newest object per queued key (a tombstone's inner object)
    QStringList listKeys() const;   // queue order
    Result<std::optional<Deltas>> get(const KubeObject &object) const;
    std::optional<Deltas> getByKey(const QString &key) const;
    qsizetype size() const; // queued keys
    DeltaFIFOStats stats() const;

    // client-go KeyOf.
    Result<QString> keyOf(const KubeObject &object) const;
    Result<QString> keyOf(const Delta &delta) const;
    Result<QString> keyOf(const Deltas &deltas) const;

private:
    KubeObject transformed(const KubeObject &object) const;
    KubeObject transformedReplaceItem(const QString &key, const KubeObject &object) const;
    void queueActionLocked(const QString &key, DeltaType type, const KubeObject &object,
                           const QString &tombstoneKey = {});
    Result<void> addOrUpdate(DeltaType type, const KubeObject &object);
    void addIfNotPresentLocked(const QString &key, const Deltas &deltas);
    void countAddedLocked(qsizetype deltas);
    qsizetype queueTombstonesLocked(const QSet<QString> &listedKeys, const QStringList &knownKeys);
    bool hasSyncedLocked() const { return m_populated && m_initialPopulationCount == 0; }
    PopResult popOneLocked(const PopProcess &process);
    void shrinkDrainedLocked();
    PopResult closedResult() const;
    void wakePoppersLocked();

    const DeltaFIFOOptions m_options;
    mutable QMutex m_mutex;
    QWaitCondition m_notEmpty;
    QHash<QString, Deltas> m_items; // each non-empty; key in m_queue iff in m_items
    QList<QString> m_queue;         // FIFO order, no duplicates
    bool m_populated = false;
    qsizetype m_initialPopulationCount = 0;
    bool m_closed = false;
    int m_batchDepth = 0;       // > 0: add/update/remove leave the wakeup to endBatch()
    bool m_wakePending = false; // something was queued during the batch
    qsizetype m_deltaCount = 0; // sum of m_items' sizes
    qsizetype m_peakDeltas = 0;
    qint64 m_coalesced = 0;
};

} // namespace informant
