#include "sim/scenarios/demohistory.h"

#include "sim/objectwriter.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace informant::sim {

namespace {

const QString kNamespaces = QStringLiteral("/namespaces");
const QString kNodes = QStringLiteral("/nodes");
const QString kPods = QStringLiteral("/pods");
const QString kServices = QStringLiteral("/services");
const QString kEndpoints = QStringLiteral("/endpoints");
const QString kClaims = QStringLiteral("/persistentvolumeclaims");
const QString kVolumes = QStringLiteral("/persistentvolumes");

// A controller acts on what it watches at once; a pod waits a moment for
// the scheduler and its kubelet.
constexpr qint64 kControllerDelaySeconds = 1;
constexpr qint64 kPodDelaySeconds = 3;

QJsonObject member(const QJsonObject &object, const char *name)
{
    return object.value(QLatin1String(name)).toObject();
}

// RFC 3339 UTC at seconds precision, as the simulator writes them.
QDateTime timestampOf(const QString &text)
{
    if (text.size() != 20 || text.at(10) != u'T' || text.at(19) != u'Z')
        return QDateTime();
    return QDateTime::fromString(text, Qt::ISODate);
}

QDateTime wholeSeconds(const QDateTime &time)
{
    return QDateTime::fromSecsSinceEpoch(time.toSecsSinceEpoch(), Qt::UTC);
}

QDateTime later(const QDateTime &a, const QDateTime &b)
{
    return !a.isValid() ? b : !b.isValid() ? a : qMax(a, b);
}

} // namespace

DemoHistory::DemoHistory(ServerContext &context, const QDateTime &writtenSince)
    : m_context(context)
    , m_since(wholeSeconds(writtenSince))
{
}

void DemoHistory::backdate()
{
    m_now = QDateTime::currentDateTimeUtc();
    if (const auto events =
            m_context.table.find({}, QStringLiteral("v1"), QStringLiteral("events")))
        m_eventsStorageId = events->storageId;
    index();
    for (auto it = m_objects.cbegin(); it != m_objects.cend(); ++it) {
        const qint64 shift = shiftOf(it.key());
        if (shift <= 0)
            continue;
        const QJsonObject moved = movedBack(it->json, shift).toObject();
        if (moved != it->json)
            (void)m_context.storage.put(it->storageId,
                                        QJsonDocument(moved).toJson(QJsonDocument::Compact));
    }
    backdateEvents();
}

void DemoHistory::index()
{
    for (const QString &storageId : m_context.storage.storageIds()) {
        if (storageId == m_eventsStorageId)
            continue;
        for (const auto &[key, object] : m_context.storage.store(storageId).objects()) {
            Entry entry{storageId, object, ObjectWriter::toJson(*object), QDateTime()};
            entry.created = timestampOf(member(entry.json, "metadata")
                                            .value(QLatin1String("creationTimestamp"))
                                            .toString());
            m_uidByKey.insert(storageId + u'|' + key, object->uid);
            if (storageId == kPods) {
                const QJsonArray volumes = member(entry.json, "spec").value("volumes").toArray();
                for (const QJsonValue &volume : volumes) {
                    const QString claim = member(volume.toObject(), "persistentVolumeClaim")
                                              .value(QLatin1String("claimName"))
                                              .toString();
                    if (!claim.isEmpty())
                        m_podsByClaimKey[object->namespaceName + u'/' + claim].append(object->uid);
                }
            }
            m_objects.insert(object->uid, std::move(entry));
        }
    }
}

QString DemoHistory::uidOf(const QString &storageId, const QString &key) const
{
    return m_uidByKey.value(storageId + u'|' + key);
}

QDateTime DemoHistory::madeAt(const QString &uid)
{
    if (const auto known = m_madeAt.constFind(uid); known != m_madeAt.cend())
        return *known;
    const auto found = m_objects.constFind(uid);
    if (found == m_objects.cend())
        return QDateTime();
    const Entry &entry = *found;
    if (!entry.created.isValid() || entry.created < m_since || m_resolving.contains(uid))
        return entry.created; // written at its time already
    m_resolving.insert(uid);
    QDateTime made = madeAfterOrigin(entry);
    if (made.isValid() && !entry.object->namespaceName.isEmpty()) {
        const QString namespaceUid = uidOf(kNamespaces, entry.object->namespaceName);
        if (!namespaceUid.isEmpty())
            made = later(made, madeAt(namespaceUid).addSecs(kControllerDelaySeconds));
    }
    m_resolving.remove(uid);
    // Never later than it was made.
    made = made.isValid() ? qMin(made, entry.created) : entry.created;
    m_madeAt.insert(uid, made);
    return made;
}

QDateTime DemoHistory::madeAfterOrigin(const Entry &entry)
{
    for (const QString &ownerUid : entry.object->ownerUids) {
        if (!m_objects.contains(ownerUid))
            continue;
        if (entry.storageId != kPods)
            return madeAt(ownerUid).addSecs(kControllerDelaySeconds);
        const QString nodeUid = uidOf(kNodes, entry.object->field(QStringLiteral("spec.nodeName")));
        const QDateTime node = nodeUid.isEmpty() ? QDateTime() : madeAt(nodeUid);
        return later(madeAt(ownerUid), node).addSecs(kPodDelaySeconds);
    }
    if (entry.storageId == kVolumes) {
        const QString claimUid =
            member(member(entry.json, "spec"), "claimRef").value(QLatin1String("uid")).toString();
        if (m_objects.contains(claimUid))
            return madeAt(claimUid).addSecs(kControllerDelaySeconds);
    }
    if (entry.storageId == kEndpoints) {
        const QString serviceUid = uidOf(kServices, entry.object->key);
        if (!serviceUid.isEmpty())
            return madeAt(serviceUid);
    }
    if (entry.storageId == kClaims) {
        QDateTime first;
        for (const QString &podUid : m_podsByClaimKey.value(entry.object->key)) {
            const QDateTime pod = madeAt(podUid);
            first = first.isValid() ? qMin(first, pod) : pod;
        }
        if (first.isValid())
            return first.addSecs(-kControllerDelaySeconds);
    }
    return QDateTime();
}

qint64 DemoHistory::shiftOf(const QString &uid)
{
    const auto found = m_objects.constFind(uid);
    if (found == m_objects.cend() || !found->created.isValid())
        return 0;
    const Entry &entry = *found;
    // An object written earlier had its statuses written when populate()
    // began: they move to its creation.
    const QDateTime written = entry.created < m_since ? m_since : entry.created;
    return madeAt(uid).secsTo(written);
}

QJsonValue DemoHistory::movedBack(const QJsonValue &value, qint64 seconds) const
{
    if (value.isObject()) {
        QJsonObject object = value.toObject();
        for (auto it = object.begin(); it != object.end(); ++it)
            it.value() = movedBack(it.value(), seconds);
        return object;
    }
    if (value.isArray()) {
        QJsonArray array = value.toArray();
        for (auto it = array.begin(); it != array.end(); ++it)
            *it = movedBack(*it, seconds);
        return array;
    }
    const QDateTime time = timestampOf(value.toString());
    if (!time.isValid() || time < m_since || time > m_now)
        return value;
    return time.addSecs(-seconds).toString(Qt::ISODate);
}

void DemoHistory::backdateEvents()
{
    if (m_eventsStorageId.isEmpty())
        return;
    std::vector<ObjectPtr> events;
    for (const auto &[key, event] : m_context.storage.store(m_eventsStorageId).objects())
        events.push_back(event);
    const QDateTime expired = m_now.addSecs(-kEventTtlSeconds);
    for (const ObjectPtr &event : events) {
        const QJsonObject json = ObjectWriter::toJson(*event);
        const QString about = member(json, "involvedObject").value(QLatin1String("uid")).toString();
        const qint64 shift = m_objects.contains(about) ? shiftOf(about) : 0;
        if (shift <= 0)
            continue;
        const QJsonObject moved = movedBack(json, shift).toObject();
        if (timestampOf(moved.value(QLatin1String("lastTimestamp")).toString()) < expired)
            (void)m_context.storage.remove(m_eventsStorageId, event->key);
        else
            (void)m_context.storage.put(m_eventsStorageId,
                                        QJsonDocument(moved).toJson(QJsonDocument::Compact));
    }
}

} // namespace informant::sim
