#pragma once

// ClusterSession: one open context — its kinds (from discovery) and one
// KindSource per watched kind, created on first use and kept for the
// session's life (so counts stay live and switching back is instant). The
// GUI talks only to this interface; LiveClusterSession implements it over the
// informer factory, tests over LocalKindSources. GUI thread.

#include "models/kindinfo.h"
#include "models/kindsource.h"

#include <QObject>

#include <memory>

namespace informant {

class ObjectRead;
class RowFormatter;

class ClusterSession : public QObject
{
    Q_OBJECT

public:
    using QObject::QObject;

    // "demo", "prod-eu", or the server URL when no context is used.
    virtual QString name() const = 0;
    virtual QString serverText() const = 0;
    // Discovery's kinds that can be listed and watched.
    virtual QList<KindInfo> kinds() const = 0;
    // False until discovery has answered (or failed): until then kinds() may
    // be only the built-in ones, and a custom kind may still come. Turning
    // true emits kindsChanged().
    virtual bool kindsDiscovered() const { return true; }
    // The source for `kind`, started on first call. Never null for a kind
    // from kinds().
    virtual KindSource *source(const KindInfo &kind) = 0;
    // Sources created so far.
    virtual QList<KindSource *> sources() const = 0;
    // The objects `owner` controls (their ownerReferences name its uid), from
    // the owner index of every kind watched; a few dozen at most, as the
    // details pane lists them.
    QList<KubeObject> controlledBy(const KubeObject &owner) const;
    // The kind whose objects are core/v1 Events (for the details pane).
    KindInfo eventsKind() const { return findKind(QStringLiteral("events")); }
    // kubectl-style lookup: "po", "pods", "Deployment", "deploy.apps".
    KindInfo findKind(const QString &name) const;
    // The kinds a mistyped `name` most likely meant ("podz", "deploymnet"),
    // closest first: a few edits from one of their names, at most `limit`.
    QList<KindInfo> similarKinds(const QString &name, qsizetype limit = 3) const;
    // The kind of an object given its apiVersion and kind (owner links).
    KindInfo kindOf(const QString &apiVersion, const QString &kind) const;
    // False when objects arrive without metadata.managedFields (a live
    // session drops them unless informant runs with --no-transform): the
    // details pane has none to show.
    virtual bool keepsManagedFields() const { return true; }
    // The namespace a namespaced kind is watched in when listing it in every
    // namespace is forbidden (a user whose Role binds in one namespace): -n,
    // the context's namespace, or what the user chose since. Empty: none.
    virtual QString fallbackNamespace() const { return {}; }
    // False when the session cannot watch a kind in one namespace (a local
    // one): there is nothing to choose.
    virtual bool canWatchOneNamespace() const { return false; }
    // The user's choice of fallback namespace, for the kinds started later and
    // those watched in one namespace now, which go on in `namespaceName`, or
    // in every namespace again when it is empty; a kind forbidden in every
    // namespace goes on in it at once. The same namespace again retries the
    // kinds forbidden in it (the user's Role may have just been bound).
    virtual void setFallbackNamespace(const QString &namespaceName) { Q_UNUSED(namespaceName) }
    // Metadata-only informers (product spec §6): a kind so watched holds only
    // its objects' metadata (KubeObject::isMetadataOnly). False when the
    // session cannot choose (a local one): it holds what it was given.
    virtual bool canReadMetadataOnly() const { return false; }
    virtual bool readsMetadataOnly(const KindInfo &kind) const
    {
        Q_UNUSED(kind)
        return false;
    }
    // A running kind goes on over an informer of the other sort at once.
    virtual void setReadsMetadataOnly(const KindInfo &kind, bool metadataOnly)
    {
        Q_UNUSED(kind)
        Q_UNUSED(metadataOnly)
    }
    // A one-off GET of the whole object `namespaceName`/`name` of `kind`, not
    // started, owned by `parent`; null when the session cannot read one.
    virtual ObjectRead *readObject(const KindInfo &kind, const QString &namespaceName,
                                   const QString &name, QObject *parent)
    {
        Q_UNUSED(kind)
        Q_UNUSED(namespaceName)
        Q_UNUSED(name)
        Q_UNUSED(parent)
        return nullptr;
    }
    // The columns of a table in this session, given its kind's: the same, or
    // more (a multi-cluster session's CLUSTER first).
    virtual std::shared_ptr<const RowFormatter>
    tableFormatter(std::shared_ptr<const RowFormatter> kindFormatter) const
    {
        return kindFormatter;
    }

Q_SIGNALS:
    void kindsChanged();
    void sourceCreated(informant::KindSource *source);
    // Discovery or connection failure, with the server's message.
    void failed(const QString &message);
    // A notice failed() gave that is no longer true ("watching namespace web
    // only" once every namespace is watched again).
    void noticeWithdrawn(const QString &message);
    void fallbackNamespaceChanged(const QString &namespaceName);
    // The cluster's credential plugin (kubelogin, aws, gke-gcloud-auth-plugin)
    // as it runs: its start (`commandName` without arguments, which may hold
    // secrets), each line it writes for the user (a URL to open, a device
    // code to enter), then the run's end (`error` empty when it signed in).
    void credentialPluginStarted(const QString &commandName);
    void credentialPluginOutput(const QString &line);
    void credentialPluginFinished(const QString &error);
};

} // namespace informant
