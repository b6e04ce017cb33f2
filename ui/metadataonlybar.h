#pragma once

// MetadataOnlyBar: the details pane's line about an object read
// metadata-only (KubeObject::isMetadataOnly). It says so, since the object's
// missing data, spec or status would otherwise read as empty ones, and
// offers to read the whole object once (a GET through the session's
// ObjectRead; nothing is watched). While the same object stays selected the
// pane shows what was read, "as read at 14:02:11", and says when the object
// has changed since; another object forgets it. A Secret read so keeps its
// values masked until revealed, as any other. GUI thread.

#include "informer/core/kubeobject.h"

#include <QWidget>

#include <functional>

class QLabel;
class QPushButton;

namespace informant {

class ObjectRead;

class MetadataOnlyBar final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MetadataOnlyBar)

public:
    // A one-off read of `object` in full, not started, owned by `parent`;
    // null when it cannot be read (ClusterSession::readObject).
    using Reader = std::function<ObjectRead *(const KubeObject &object, QObject *parent)>;

    explicit MetadataOnlyBar(QWidget *parent = nullptr);

    void setReader(Reader reader) { m_reader = std::move(reader); }
    // The selected object as its informer has it now; returns what the pane
    // shows for it: the whole object read for it while it stays selected,
    // else `live` itself.
    KubeObject follow(const KubeObject &live);
    KubeObject live() const { return m_live; }
    QString text() const;
    QPushButton *readButton() const { return m_read; }

Q_SIGNALS:
    // A read ended: what follow() returns has changed.
    void shownChanged();

private:
    void read();
    void refresh();

    Reader m_reader;
    KubeObject m_live;
    KubeObject m_whole; // read for m_live's object; null: none
    qint64 m_readAtMs = -1;
    QString m_error;
    ObjectRead *m_reading = nullptr;
    QLabel *m_label;
    QPushButton *m_read;
};

} // namespace informant
