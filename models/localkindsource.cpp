#include "models/localkindsource.h"

#include "informer/cache/indexfuncs.h"

#include <QHash>

namespace informant {

LocalKindSource::LocalKindSource(KindInfo kind, QObject *parent)
    : KindSource(kind, parent)
    , m_indexer(defaultIndexers(kind.kind))
{
    m_status.state = InformerStatus::State::Watching;
    m_status.synced = true;
}

LocalKindSource::~LocalKindSource() = default;

void LocalKindSource::deliver(Subscriber &subscriber, const ChangeBatch &batch)
{
    if (!subscriber.receiver)
        return;
    BatchHandler handler = subscriber.handler;
    QMetaObject::invokeMethod(
        subscriber.receiver, [handler, batch] { handler(batch); }, Qt::AutoConnection);
}

void LocalKindSource::subscribe(QObject *receiver, BatchHandler handler)
{
    m_subscribers.append(Subscriber{receiver, std::move(handler)});
    ChangeBatch snapshot;
    snapshot.snapshot = true;
    const QList<KubeObject> objects = m_indexer.list();
    for (const KubeObject &object : objects)
        snapshot.changes.append(ObjectChange{ObjectChange::Type::Upsert, object.key(), object, 0});
    deliver(m_subscribers.last(), snapshot);
}

void LocalKindSource::unsubscribe(QObject *receiver)
{
    m_subscribers.removeIf([receiver](const Subscriber &s) { return s.receiver == receiver; });
}

void LocalKindSource::upsert(const KubeObject &object, qint64 receivedNs)
{
    const std::optional<KubeObject> previous = m_indexer.getByKey(object.key());
    if (!m_indexer.upsert(object).ok())
        return;
    m_pending.append(ObjectChange{ObjectChange::Type::Upsert, object.key(), object, receivedNs,
                                  previous.value_or(KubeObject())});
}

void LocalKindSource::remove(const KubeObject &object)
{
    if (!m_indexer.removeByKey(object.key()))
        return;
    m_pending.append(ObjectChange{ObjectChange::Type::Delete, object.key(), object, 0});
}

void LocalKindSource::flush()
{
    if (m_pending.isEmpty())
        return;
    // Coalesce per key: the last change wins, in the order keys first changed.
    ChangeBatch batch;
    QHash<QString, qsizetype> slot;
    for (const ObjectChange &change : std::as_const(m_pending)) {
        const auto it = slot.constFind(change.key);
        if (it == slot.cend()) {
            slot.insert(change.key, batch.changes.size());
            batch.changes.append(change);
        } else {
            const qint64 first = batch.changes[*it].receivedNs;
            batch.changes[*it] = change;
            batch.changes[*it].receivedNs = first;
        }
    }
    ChangeBatch everyChange;
    everyChange.changes = std::exchange(m_pending, {});
    m_status.objects = m_indexer.size();
    for (Subscriber &subscriber : m_subscribers)
        deliver(subscriber, batch);
    Q_EMIT changesObserved(everyChange);
    Q_EMIT contentChanged();
}

void LocalKindSource::setStatus(const InformerStatus &status)
{
    m_status = status;
    Q_EMIT statusChanged(m_status);
}

} // namespace informant
