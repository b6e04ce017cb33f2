#include "models/mergedkindsource.h"

#include "informer/cache/indexfuncs.h"
#include "models/clusterrowkey.h"
#include "models/freshness.h"

#include <QSet>

#include <algorithm>

namespace informant {

MergedKindSource::MergedKindSource(KindInfo kind, QStringList lackingClusters, QObject *parent)
    : KindSource(kind, parent)
    , m_indexer(defaultIndexers(kind.kind))
    , m_lacking(std::move(lackingClusters))
{
}

MergedKindSource::~MergedKindSource()
{
    for (const Member &member : std::as_const(m_members)) {
        if (member.source)
            member.source->unsubscribe(member.relay);
    }
}

void MergedKindSource::addMember(const QString &cluster, KindSource *source)
{
    if (memberSource(cluster))
        return;
    m_lacking.removeAll(cluster);
    auto *relay = new QObject(this);
    m_members.append(Member{cluster, source, relay});
    connect(source, &KindSource::statusChanged, this, &MergedKindSource::onMemberStatusChanged);
    connect(source, &KindSource::changesObserved, this, [this, cluster](const ChangeBatch &batch) {
        ChangeBatch keyed = batch;
        for (ObjectChange &change : keyed.changes)
            change.key = clusterRowKey(cluster, change.key);
        Q_EMIT changesObserved(keyed);
    });
    source->subscribe(relay,
                      [this, cluster](const ChangeBatch &batch) { onMemberBatch(cluster, batch); });
    Q_EMIT memberAdded(cluster, source);
    onMemberStatusChanged();
}

QStringList MergedKindSource::clusters() const
{
    QStringList out;
    for (const Member &member : m_members)
        out.append(member.cluster);
    return out;
}

KindSource *MergedKindSource::memberSource(QStringView cluster) const
{
    for (const Member &member : m_members) {
        if (member.cluster == cluster)
            return member.source;
    }
    return nullptr;
}

void MergedKindSource::onMemberBatch(const QString &cluster, const ChangeBatch &batch)
{
    ThreadSafeStore &store = m_indexer.store();
    ChangeBatch out;
    out.changes.reserve(batch.changes.size());
    QSet<QString> listed;
    for (const ObjectChange &change : batch.changes) {
        ObjectChange keyed = change;
        keyed.key = clusterRowKey(cluster, change.key);
        if (change.type == ObjectChange::Type::Delete || change.object.isNull()) {
            if (!store.take(keyed.key) && batch.snapshot)
                continue;
            keyed.type = ObjectChange::Type::Delete;
        } else {
            keyed.previous = store.upsert(keyed.key, change.object).value_or(KubeObject());
            if (batch.snapshot)
                listed.insert(keyed.key);
        }
        out.changes.append(std::move(keyed));
    }
    // A member's snapshot is the whole of its cluster: its rows that it no
    // longer holds are gone, the other clusters' stay.
    if (batch.snapshot) {
        const QStringList keys = m_indexer.listKeys();
        for (const QString &key : keys) {
            if (clusterOfRowKey(key) != cluster || listed.contains(key))
                continue;
            if (std::optional<KubeObject> gone = store.take(key))
                out.changes.append(ObjectChange{ObjectChange::Type::Delete, key, *gone, 0});
        }
    }
    if (out.changes.isEmpty())
        return;
    for (Subscriber &subscriber : m_subscribers)
        deliver(subscriber, out);
    Q_EMIT contentChanged();
}

void MergedKindSource::deliver(Subscriber &subscriber, const ChangeBatch &batch)
{
    if (!subscriber.receiver)
        return;
    BatchHandler handler = subscriber.handler;
    QMetaObject::invokeMethod(
        subscriber.receiver, [handler, batch] { handler(batch); }, Qt::AutoConnection);
}

void MergedKindSource::subscribe(QObject *receiver, BatchHandler handler)
{
    m_subscribers.append(Subscriber{receiver, std::move(handler)});
    ChangeBatch snapshot;
    snapshot.snapshot = true;
    const QStringList keys = m_indexer.listKeys();
    snapshot.changes.reserve(keys.size());
    for (const QString &key : keys) {
        if (std::optional<KubeObject> object = m_indexer.getByKey(key))
            snapshot.changes.append(ObjectChange{ObjectChange::Type::Upsert, key, *object, 0});
    }
    deliver(m_subscribers.last(), snapshot);
}

void MergedKindSource::unsubscribe(QObject *receiver)
{
    m_subscribers.removeIf([receiver](const Subscriber &s) { return s.receiver == receiver; });
}

InformerStatus MergedKindSource::status() const
{
    // The least fresh member's state and words; the counts of them all.
    InformerStatus merged;
    const Member *worst = nullptr;
    for (const Member &member : m_members) {
        if (!member.source)
            continue;
        if (!worst ||
            freshnessLevel(member.source->status()) > freshnessLevel(worst->source->status()))
            worst = &member;
    }
    if (!worst)
        return merged;
    merged = worst->source->status();
    merged.synced = true;
    merged.objects = 0;
    merged.itemsListed = 0;
    merged.eventsPerSecond = 0;
    merged.bytesPerSecond = 0;
    merged.events = 0;
    merged.relists = 0;
    merged.watchRestarts = 0;
    merged.backlog = 0;
    merged.backlogPeak = 0;
    merged.coalesced = 0;
    merged.lastEventMs = -1;
    merged.syncedMs = -1;
    for (const Member &member : m_members) {
        if (!member.source)
            continue;
        const InformerStatus s = member.source->status();
        merged.synced = merged.synced && s.synced;
        merged.objects += s.objects;
        merged.itemsListed += s.state == InformerStatus::State::Listing ? s.itemsListed : 0;
        merged.eventsPerSecond += s.eventsPerSecond;
        merged.bytesPerSecond += s.bytesPerSecond;
        merged.events += s.events;
        merged.relists += s.relists;
        merged.watchRestarts += s.watchRestarts;
        merged.backlog += s.backlog;
        merged.backlogPeak += s.backlogPeak;
        merged.coalesced += s.coalesced;
        merged.lastEventMs = std::max(merged.lastEventMs, s.lastEventMs);
        merged.syncedMs = std::max(merged.syncedMs, s.syncedMs);
    }
    return merged;
}

QStringList MergedKindSource::notLiveClusters() const
{
    QStringList out;
    for (const Member &member : m_members) {
        if (member.source && freshnessLevel(member.source->status()) != FreshnessLevel::Fresh)
            out.append(member.cluster);
    }
    return out;
}

QString MergedKindSource::origin() const
{
    // The clusters a banner speaks of: the ones not live, when some are.
    const QStringList notLive = notLiveClusters();
    QString text = (notLive.isEmpty() ? clusters() : notLive).join(QStringLiteral(", "));
    if (!m_lacking.isEmpty())
        text += QStringLiteral(" (not served by %1)").arg(m_lacking.join(QStringLiteral(", ")));
    return text;
}

void MergedKindSource::retryNow()
{
    for (const Member &member : std::as_const(m_members)) {
        if (member.source)
            member.source->retryNow();
    }
}

void MergedKindSource::onMemberStatusChanged()
{
    Q_EMIT statusChanged(status());
}

} // namespace informant
