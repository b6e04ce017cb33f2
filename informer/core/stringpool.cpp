#include "informer/core/stringpool.h"

#include <QMutex>

#include <array>
#include <atomic>
#include <functional>
#include <string>
#include <unordered_map>

namespace informant {

namespace {

// Keys carry their hash, computed once per intern() for both the shard
// choice and the lookup. Heterogeneous lookup: a hit is found from the
// decoder's string_view without building a key (std::string keeps keys up to
// 15 bytes inline, so most keys cost no allocation either).
struct HashedBytes
{
    size_t hash;
    std::string_view bytes;
};

struct StoredKey
{
    size_t hash;
    std::string bytes;
};

struct KeyHash
{
    using is_transparent = void;
    size_t operator()(const StoredKey &key) const { return key.hash; }
    size_t operator()(const HashedBytes &key) const { return key.hash; }
};

struct KeyEqual
{
    using is_transparent = void;
    template<typename A, typename B> bool operator()(const A &a, const B &b) const
    {
        return a.hash == b.hash && std::string_view(a.bytes) == std::string_view(b.bytes);
    }
};

// A shard is purged when it has grown to this many strings, then whenever it
// has doubled since the last purge: amortised O(1) per intern.
constexpr size_t kFirstPurgeAt = 1024;

// Each thread's most recent interns, by hash: a decoder interns the same few
// hundred strings over and over (namespaces, label keys and values, kinds),
// and a hit here skips the shard's lock and map. A slot holds its string, so
// the pool cannot drop it and the slot never goes stale; what a thread no
// longer interns is let go when another string takes its slot.
struct RecentSlot
{
    quint64 pool = 0; // StringPool::m_id; 0: empty
    size_t hash = 0;
    std::string bytes;
    QString text;
};
constexpr size_t kRecentSlots = 256;
thread_local std::array<RecentSlot, kRecentSlots> t_recent;

std::atomic<quint64> g_nextPoolId{1};

} // namespace

struct StringPool::Shard
{
    QMutex mutex;
    std::unordered_map<StoredKey, QString, KeyHash, KeyEqual> strings;
    size_t purgeAt = kFirstPurgeAt;

    qsizetype purgeLocked()
    {
        qsizetype dropped = 0;
        for (auto it = strings.begin(); it != strings.end();) {
            if (it->second.isDetached()) {
                it = strings.erase(it);
                ++dropped;
            } else {
                ++it;
            }
        }
        purgeAt = qMax(kFirstPurgeAt, 2 * strings.size());
        return dropped;
    }
};

StringPool &StringPool::instance()
{
    // Leaked like the decoding threads' pool (DecodeThreads::pool()): a
    // reflector still decoding while statics are destroyed at exit must not
    // find its shards freed.
    static StringPool *const pool = new StringPool;
    return *pool;
}

StringPool::StringPool()
    : m_shards(new Shard[kShards])
    , m_id(g_nextPoolId.fetch_add(1, std::memory_order_relaxed))
{
}

StringPool::~StringPool()
{
    delete[] m_shards;
}

QString StringPool::intern(std::string_view utf8)
{
    if (utf8.empty())
        return QString();
    const size_t hash = std::hash<std::string_view>{}(utf8);
    RecentSlot &recent = t_recent[hash % kRecentSlots];
    if (recent.pool == m_id && recent.hash == hash && recent.bytes == utf8)
        return recent.text;

    Shard &shard = m_shards[(hash >> 7) % kShards];
    QString text;
    {
        QMutexLocker locker(&shard.mutex);
        if (const auto found = shard.strings.find(HashedBytes{hash, utf8});
            found != shard.strings.end()) {
            text = found->second;
        } else {
            if (shard.strings.size() >= shard.purgeAt)
                shard.purgeLocked();
            text = QString::fromUtf8(utf8.data(), qsizetype(utf8.size()));
            shard.strings.emplace(StoredKey{hash, std::string(utf8)}, text);
        }
    }
    recent.pool = m_id;
    recent.hash = hash;
    recent.bytes.assign(utf8);
    recent.text = text;
    return text;
}

qsizetype StringPool::purge()
{
    // The calling thread's recent strings are let go first, so what it no
    // longer holds is dropped now (other threads' once they replace them).
    for (RecentSlot &recent : t_recent) {
        if (recent.pool == m_id)
            recent = RecentSlot();
    }
    qsizetype dropped = 0;
    for (int i = 0; i < kShards; ++i) {
        QMutexLocker locker(&m_shards[i].mutex);
        dropped += m_shards[i].purgeLocked();
    }
    return dropped;
}

qsizetype StringPool::size() const
{
    qsizetype total = 0;
    for (int i = 0; i < kShards; ++i) {
        QMutexLocker locker(&m_shards[i].mutex);
        total += qsizetype(m_shards[i].strings.size());
    }
    return total;
}

} // namespace informant
