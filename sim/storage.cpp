#include "sim/storage.h"

#include "sim/eventsview.h"
#include "sim/resourcetable.h"

namespace informant::sim {

Storage::Storage(const ResourceTable *table, int historyLimit)
    : m_table(table)
    , m_historyLimit(historyLimit)
{
}

Storage::~Storage()
{
    qDeleteAll(m_stores);
}

ResourceStore &Storage::store(const QString &storageId)
{
    ResourceStore *&slot = m_stores[storageId];
    if (!slot) {
        slot = new ResourceStore(m_historyLimit);
        // A new store has no history before now: older versions are "compacted".
        slot->setCompactedRv(m_rv);
    }
    return *slot;
}

void Storage::dropStore(const QString &storageId)
{
    delete m_stores.take(storageId);
}

void Storage::installReplay(const QString &storageId, std::shared_ptr<const ReplayLog> log)
{
    Q_ASSERT(log->firstRv() == m_rv + 1);
    const quint64 last = log->lastRv();
    store(storageId).installReplay(std::move(log));
    m_rv = std::max(m_rv, last);
}

void Storage::setHistoryLimit(int limit)
{
    m_historyLimit = limit;
    for (ResourceStore *store : std::as_const(m_stores))
        store->setHistoryLimit(limit);
}

Result<ObjectPtr> Storage::makeObject(const QString &storageId, const QByteArray &json, quint64 rv)
{
    const auto type = m_table->findByStorage(storageId);
    Result<ObjectPtr> object = StoredObject::fromJson(withResourceVersion(json, rv),
                                                      type ? type->fieldPaths : QStringList());
    if (!object.ok() || storageId != QLatin1String("events"))
        return object;
    auto withView = std::make_shared<StoredObject>(*object.value());
    withView->altJson = coreEventToEventsV1(withView->json);
    return ObjectPtr(std::move(withView));
}

Result<EventPtr> Storage::put(const QString &storageId, const QByteArray &json)
{
    Result<ObjectPtr> object = makeObject(storageId, json, m_rv + 1);
    if (!object.ok())
        return object.error();
    if (object.value()->name.isEmpty())
        return makeError(QStringLiteral("metadata.name is required"));
    ResourceStore &target = store(storageId);
    auto event = std::make_shared<StoredEvent>();
    event->previous = target.get(object.value()->key);
    event->type = event->previous ? StoredEvent::Type::Modified : StoredEvent::Type::Added;
    event->resourceVersion = ++m_rv;
    event->object = object.value();
    target.apply(event);
    return EventPtr(event);
}

EventPtr Storage::putBuilt(const QString &storageId,
                           const std::function<ObjectPtr(quint64 rv)> &build)
{
    ObjectPtr object = build(m_rv + 1);
    ResourceStore &target = store(storageId);
    auto event = std::make_shared<StoredEvent>();
    event->previous = target.get(object->key);
    event->type = event->previous ? StoredEvent::Type::Modified : StoredEvent::Type::Added;
    event->resourceVersion = ++m_rv;
    event->object = std::move(object);
    target.apply(event);
    return event;
}

Result<EventPtr> Storage::remove(const QString &storageId, const QString &key)
{
    ResourceStore &target = store(storageId);
    ObjectPtr previous = target.get(key);
    if (!previous)
        return makeError(QStringLiteral("not found"));
    ObjectPtr object;
    if (!previous->altJson.isEmpty()) {
        // Another rendering to keep in step: make the object afresh.
        Result<ObjectPtr> made = makeObject(storageId, previous->json, m_rv + 1);
        if (!made.ok())
            return made.error();
        object = made.value();
    } else {
        // The last state with the deletion's resourceVersion: no parse needed.
        auto stamped = std::make_shared<StoredObject>(*previous);
        stamped->json = withResourceVersion(previous->json, m_rv + 1);
        stamped->resourceVersion = m_rv + 1;
        object = std::move(stamped);
    }
    auto event = std::make_shared<StoredEvent>();
    event->type = StoredEvent::Type::Deleted;
    event->resourceVersion = ++m_rv;
    event->object = std::move(object);
    event->previous = previous;
    target.apply(event);
    return EventPtr(event);
}

const char *StoredEvent::typeName(Type type)
{
    switch (type) {
    case Type::Added:
        return "ADDED";
    case Type::Modified:
        return "MODIFIED";
    case Type::Deleted:
        return "DELETED";
    }
    return "ADDED";
}

const QByteArray &StoredEvent::frame(ObjectView view) const
{
    QByteArray &frame = m_frames[view == ObjectView::Stored ? 0 : 1];
    if (frame.isEmpty()) {
        const QByteArray &bytes = objectBytes(*object, view);
        frame.reserve(bytes.size() + 32);
        frame.append("{\"type\":\"").append(typeName(type)).append("\",\"object\":");
        frame.append(bytes).append("}\n");
    }
    return frame;
}

} // namespace informant::sim
