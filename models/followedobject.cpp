#include "models/followedobject.h"

#include "informer/informers/changebatch.h"
#include "models/kindsource.h"

namespace informant {

FollowedObject::FollowedObject(QObject *parent)
    : QObject(parent)
{
}

void FollowedObject::follow(KindSource *source, const QString &key, const QString &uid)
{
    stop();
    m_source = source;
    m_key = key;
    m_uid = uid;
    connect(source, &KindSource::changesObserved, this, &FollowedObject::apply);
    // A kind first watched for this object: it is looked up once listed.
    connect(source, &KindSource::statusChanged, this, [this](const InformerStatus &status) {
        if (status.synced && m_current.isNull() && !m_gone)
            lookUp();
    });
    lookUp();
}

void FollowedObject::stop()
{
    if (m_source)
        disconnect(m_source, nullptr, this, nullptr);
    m_source.clear();
    m_key.clear();
    m_uid.clear();
    m_current = KubeObject();
    m_gone = false;
}

void FollowedObject::lookUp()
{
    const std::optional<KubeObject> cached = m_source->indexer().getByKey(m_key);
    if (cached && isIt(*cached)) {
        setCurrent(*cached);
    } else if (cached || m_source->status().synced) {
        setGone();
    } else {
        m_current = KubeObject();
        Q_EMIT changed(m_current);
    }
}

void FollowedObject::apply(const ChangeBatch &batch)
{
    // changesObserved carries changes only, never a snapshot: a relist's
    // outcome arrives as the changes it made.
    for (const ObjectChange &change : batch.changes) {
        if (change.key != m_key)
            continue;
        if (change.type == ObjectChange::Type::Upsert && isIt(change.object))
            setCurrent(change.object);
        else
            setGone(); // deleted, or its key holds another object now
    }
}

bool FollowedObject::isIt(const KubeObject &object) const
{
    return m_uid.isEmpty() || object.uid() == m_uid;
}

void FollowedObject::setCurrent(const KubeObject &object)
{
    m_gone = false;
    m_current = object;
    Q_EMIT changed(object);
}

void FollowedObject::setGone()
{
    if (m_gone)
        return;
    m_gone = true;
    Q_EMIT gone(m_current);
}

} // namespace informant
