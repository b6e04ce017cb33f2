#pragma once

// FollowedObject: one object of a KindSource, followed by its key as the
// source's changes arrive.
//
// Why: the details pane follows the table's current row, which the table's
// model keeps current. The timeline's selected lane has no row: its object
// is followed here instead, in the cache of its kind, so the pane shows the
// lane's object as it is now, changes with it, and says when it goes.
//
// Which object: the one under `key` whose uid is `uid` (an empty uid: any
// under the key, as for a Node, whose lane is its name's). Another object
// under the name is not it: the followed one is gone.
//
// Threading: GUI thread, as KindSource's signals.

#include "informer/core/kubeobject.h"

#include <QObject>
#include <QPointer>

namespace informant {

class KindSource;
struct ChangeBatch;

class FollowedObject final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FollowedObject)

public:
    explicit FollowedObject(QObject *parent = nullptr);

    // Follows the object under `key` (the source's row key) in `source`;
    // emits changed() or gone() for its state now.
    void follow(KindSource *source, const QString &key, const QString &uid);
    void stop();
    bool isFollowing() const { return !m_source.isNull(); }
    KindSource *source() const { return m_source; }
    QString key() const { return m_key; }
    // Its state as last emitted (after gone(), its last state); null while
    // the cache has not held it.
    KubeObject current() const { return m_current; }
    bool isGone() const { return m_gone; }

Q_SIGNALS:
    // Its current state; null while the source has not listed it (not
    // synced yet).
    void changed(const informant::KubeObject &object);
    // It was deleted, or its key holds another object now; `lastState` as
    // the cache last had it (null if it never held it while followed).
    void gone(const informant::KubeObject &lastState);

private:
    void lookUp();
    void apply(const ChangeBatch &batch);
    bool isIt(const KubeObject &object) const;
    void setCurrent(const KubeObject &object);
    void setGone();

    QPointer<KindSource> m_source;
    QString m_key;
    QString m_uid;
    KubeObject m_current;
    bool m_gone = false;
};

} // namespace informant
