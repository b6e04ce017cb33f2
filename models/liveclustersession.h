#pragma once

// LiveClusterSession: a ClusterSession against a real (or simulated) API
// server — one SharedInformerFactory for the context, one informer per kind
// (all namespaces, default indexers, managedFields dropped unless
// LiveSessionOptions::keepManagedFields), each exposed as
// an InformerKindSource. The built-in kinds are offered at once; discovery
// runs on a worker thread and replaces them when it answers (a failure is
// reported and the built-in list stays). CRDs come and go while the window
// is open: discovery runs again when Rediscovery says (the CRDs changed, the
// last run failed, or the CRDs cannot be watched), so custom kinds appear and
// disappear live; the kinds of group versions a run could not read stay.

#include "informer/kube/clusterconfig.h"
#include "models/clustersession.h"

#include <QHash>
#include <QSet>

#include <memory>
#include <optional>

namespace informant {

struct ClusterConnection;
class InformerKindSource;
class KindDiscovery;
class Rediscovery;
class SharedIndexInformer;
class SharedInformerFactory;
struct InformerKey;

struct LiveSessionOptions
{
    // No transform (informant --no-transform, as informantctl's): objects keep
    // metadata.managedFields, for the details pane's "Managed fields".
    bool keepManagedFields = false;
    // Where a namespaced kind is watched when listing it in every namespace
    // is forbidden (a user whose Role binds in one namespace): -n, else the
    // context's namespace. Empty: such a kind stays Forbidden.
    QString fallbackNamespace;
    // The server replays a recording (informant --replay) holding these
    // resources, by qualified name ("pods", "deployments.apps"). It serves
    // every other built-in kind empty, and an empty list would read as "none
    // in the cluster": such a kind gets no informer, and its source only
    // says it is NotRecorded. nullopt: a live cluster, every kind watched.
    std::optional<QSet<QString>> recordedResources;
    // Kinds, by id ("secrets", "configmaps"), watched metadata-only (product
    // spec §6; the window's choice, ui/metadataonlychoice.h).
    QSet<QString> metadataOnlyKinds;
};

class LiveClusterSession final : public ClusterSession
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LiveClusterSession)

public:
    LiveClusterSession(const ClusterConfig &config, QString name, QObject *parent = nullptr);
    LiveClusterSession(const ClusterConfig &config, QString name, LiveSessionOptions options,
                       QObject *parent = nullptr);
    ~LiveClusterSession() override;

    QString name() const override { return m_name; }
    QString serverText() const override;
    QList<KindInfo> kinds() const override { return m_kinds; }
    bool kindsDiscovered() const override { return m_kindsDiscovered; }
    KindSource *source(const KindInfo &kind) override;
    // The informers' sources: a kind a replay did not record has none.
    QList<KindSource *> sources() const override;
    bool keepsManagedFields() const override { return m_options.keepManagedFields; }
    QString fallbackNamespace() const override { return m_options.fallbackNamespace; }
    bool canWatchOneNamespace() const override { return true; }
    void setFallbackNamespace(const QString &namespaceName) override;
    bool canReadMetadataOnly() const override { return true; }
    bool readsMetadataOnly(const KindInfo &kind) const override;
    void setReadsMetadataOnly(const KindInfo &kind, bool metadataOnly) override;
    ObjectRead *readObject(const KindInfo &kind, const QString &namespaceName, const QString &name,
                           QObject *parent) override;

    // Starts discovery (asynchronously); while one runs, another follows it.
    void discover();
    // After a CRD change, how long the CRDs must stay still before discovery
    // runs again (Rediscovery::kSettleMs; tests shorten it).
    void setRediscoveryDelay(int ms);
    void setKinds(const QList<KindInfo> &kinds);

private:
    // The credential plugin's prompts and ends, as this session's signals.
    void relayCredentialPlugin();
    // From the start of the plugin's run to its end, the sources' lists wait
    // for the user, and say so: a plugin may wait in silence (for a browser
    // it could not open) as well as after a prompt.
    void setWaitingForSignIn(bool waiting);
    void followServedKind(InformerKindSource *source);
    // `source` was forbidden in every namespace: it goes on in the fallback
    // namespace, and so do the namespaced kinds started after it.
    void narrowIfForbidden(InformerKindSource *source);
    // `source` goes on over an informer for the scope keyFor() gives now;
    // `previous` is the key of the one it had.
    void rescope(InformerKindSource *source, const InformerKey &previous);
    // Says which one namespace is watched (and why), taking back what it said
    // before; nothing while no kind is narrowed.
    void renewNarrowingNotice();
    // The informer key of `kind` in the scope it is watched in, metadata-only
    // or not.
    InformerKey keyFor(const KindInfo &kind) const;
    void onDiscovered(const QList<KindInfo> &kinds, const QString &error,
                      const QStringList &failedGroupVersions);
    // Starts the CRD informer (once) for Rediscovery to follow.
    void followCustomResourceDefinitions();
    // The factory's informer for `key`, its transform set by the options.
    std::shared_ptr<SharedIndexInformer> informerFor(const InformerKey &key);

    QString m_name;
    LiveSessionOptions m_options;
    std::shared_ptr<const ClusterConnection> m_connection;
    std::unique_ptr<SharedInformerFactory> m_factory;
    QList<KindInfo> m_kinds;
    QHash<QString, KindInfo> m_kindsById;
    QHash<QString, InformerKindSource *> m_sources;
    QSet<QString> m_narrowed; // kinds watched in the fallback namespace only
    bool m_allNamespacesForbidden = false;
    QString m_firstNarrowedPlural; // the kind that was forbidden first, for the notice
    QString m_narrowingNotice;     // what failed() said of it, while true
    QList<InformerKindSource *> m_order;
    // Per kind id: the source of a kind the replayed recording does not hold.
    QHash<QString, KindSource *> m_notRecorded;
    bool m_waitingForSignIn = false;
    bool m_kindsDiscovered = false;

    KindDiscovery *m_discovery = nullptr; // the one running
    bool m_discoverAgain = false;
    Rediscovery *m_rediscovery = nullptr;
    QString m_lastDiscoveryError; // said once, not at every retry
};

} // namespace informant
