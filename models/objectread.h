#pragma once

// ObjectRead: one GET of one object, in full, on its own thread (a blocking
// RestClient request owned by that thread, as KindDiscovery's). For the
// details pane of a kind watched metadata-only: the user asks to read the
// object that one time; nothing is watched or cached. finished() is emitted
// once, in the thread that called start(); the destructor interrupts a read
// still waiting and joins the thread.

#include "informer/core/kubeobject.h"
#include "informer/kube/resourcepath.h"

#include <QObject>

#include <memory>

class QThread;

namespace informant {

struct ClusterConnection;
class Interrupter;

class ObjectRead final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ObjectRead)

public:
    // `collection`: the object's collection, in its namespace; `options` as
    // the session decodes (dropManagedFields).
    ObjectRead(std::shared_ptr<const ClusterConnection> connection, ResourcePath collection,
               QString name, DecodeOptions options, QObject *parent = nullptr);
    ~ObjectRead() override;

    void start();

Q_SIGNALS:
    // The object, or (null object) the error in the server's words.
    void finished(const informant::KubeObject &object, const QString &error);

private:
    std::shared_ptr<const ClusterConnection> m_connection;
    const ResourcePath m_collection;
    const QString m_name;
    const DecodeOptions m_options;
    std::shared_ptr<Interrupter> m_interrupter;
    std::unique_ptr<QThread> m_thread;
};

} // namespace informant
