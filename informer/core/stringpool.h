#pragma once

// StringPool: process-wide interning of the short strings that repeat across
// cached objects (apiVersion, kind, namespace, label keys and values,
// annotation keys, owner references).
//
// Why: a pod's hot fields are a dozen small QStrings; as separate heap blocks
// they cost ~2 KB per object, more than half the object's JSON. Most of them
// repeat across objects (50 namespaces, a handful of label keys, one owner
// per ReplicaSet), so equal strings share one QString data block and an
// object pays only the 24-byte handle. Unique strings (name, uid,
// resourceVersion) are not pooled.
//
// Guarantees: intern() of equal bytes returns QStrings sharing one data block
// while any of them is alive; the empty string is the null QString. Strings no
// object uses any more are dropped by purge(), which intern() runs on its own
// whenever a shard has doubled since its last purge, so the pool stays
// proportional to the strings in use (churn of unique label values does not
// grow it forever). Each thread keeps the strings it interned last (at most
// 256) in a cache of its own; those stay alive until the thread replaces them.
//
// Threading: thread-safe. A thread looks in its own cache first, without a
// lock; the pool is split into shards with one mutex each, so decoders of
// different informers rarely contend. A dropped string is one only the pool
// held (QString::isDetached under the shard lock): no other thread can hold
// or be copying it, since copies come from holders or from the pool under
// that lock.

#include <QString>

#include <string_view>

namespace informant {

class StringPool
{
public:
    // The process-wide pool used by the decoders.
    static StringPool &instance();

    StringPool();
    ~StringPool();
    Q_DISABLE_COPY_MOVE(StringPool)

    // The pooled QString equal to `utf8` (invalid UTF-8 is replaced with
    // U+FFFD as QString::fromUtf8 does; the pool is keyed by the bytes).
    QString intern(std::string_view utf8);

    // Drops the strings only the pool holds; returns how many.
    qsizetype purge();
    // Distinct strings held (alive or awaiting a purge).
    qsizetype size() const;

private:
    struct Shard;

    static constexpr int kShards = 16;
    Shard *m_shards;
    // Names this pool in the threads' caches of recent strings (see
    // stringpool.cpp).
    const quint64 m_id;
};

} // namespace informant
