#include "models/liveclustersession.h"

#include "informer/cache/indexfuncs.h"
#include "informer/informers/sharedinformerfactory.h"
#include "informer/kube/clusterconnection.h"
#include "informer/kube/restlisterwatcher.h"
#include "models/builtinkinds.h"
#include "models/informerkindsource.h"
#include "models/kinddiscovery.h"
#include "models/localkindsource.h"
#include "models/objectread.h"
#include "models/rediscovery.h"

#include <QCoreApplication>
#include <QPointer>

namespace informant {

LiveClusterSession::LiveClusterSession(const ClusterConfig &config, QString name, QObject *parent)
    : LiveClusterSession(config, std::move(name), LiveSessionOptions{}, parent)
{
}

LiveClusterSession::LiveClusterSession(const ClusterConfig &config, QString name,
                                       LiveSessionOptions options, QObject *parent)
    : ClusterSession(parent)
    , m_name(std::move(name))
    , m_options(options)
    , m_connection(ClusterConnection::create(config))
{
    std::shared_ptr<const ClusterConnection> connection = m_connection;
    auto listerWatcher = [this,
                          connection](const InformerKey &key) -> std::shared_ptr<ListerWatcher> {
        const KindInfo kind = m_kindsById.value(key.resource);
        auto rest = std::make_shared<RestListerWatcher>(
            connection, ResourcePath{kind.group, kind.version, kind.plural, key.namespaceName,
                                     kind.namespaced});
        if (key.metadataOnly)
            rest->setMetadataOnlyKind(kind.kind);
        return rest;
    };
    auto tweak = [this](const InformerKey &key, SharedIndexInformerOptions &options) {
        const KindInfo kind = m_kindsById.value(key.resource);
        options.name = key.displayName();
        options.indexers = defaultIndexers(kind.kind);
    };
    m_factory =
        std::make_unique<SharedInformerFactory>(listerWatcher, SharedIndexInformerOptions{}, tweak);
    m_rediscovery = new Rediscovery(this);
    connect(m_rediscovery, &Rediscovery::due, this, &LiveClusterSession::discover);
    setKinds(builtinKinds());
    relayCredentialPlugin();
}

void LiveClusterSession::setRediscoveryDelay(int ms)
{
    m_rediscovery->setTimings(ms, Rediscovery::kFirstRetryMs, Rediscovery::kPollMs);
}

void LiveClusterSession::relayCredentialPlugin()
{
    // The plugin runs on a helper thread and may outlive this session (the
    // connection is shared with informer threads): each report is queued to
    // the GUI thread and dropped there if the session is gone.
    const QPointer<LiveClusterSession> self(this);
    const auto onGuiThread = [self](std::function<void(LiveClusterSession *)> report) {
        QMetaObject::invokeMethod(
            QCoreApplication::instance(),
            [self, report = std::move(report)] {
                if (self)
                    report(self.data());
            },
            Qt::QueuedConnection);
    };
    ExecPlugin::Observer observer;
    observer.started = [onGuiThread](const QString &commandName) {
        onGuiThread([commandName](LiveClusterSession *session) {
            session->setWaitingForSignIn(true);
            Q_EMIT session->credentialPluginStarted(commandName);
        });
    };
    observer.stderrLine = [onGuiThread](const QString &line) {
        onGuiThread([line](LiveClusterSession *session) {
            session->setWaitingForSignIn(true);
            Q_EMIT session->credentialPluginOutput(line);
        });
    };
    observer.finished = [onGuiThread](const QString &error) {
        onGuiThread([error](LiveClusterSession *session) {
            session->setWaitingForSignIn(false);
            Q_EMIT session->credentialPluginFinished(error);
        });
    };
    m_connection->credentials->setExecObserver(std::move(observer));
}

void LiveClusterSession::setWaitingForSignIn(bool waiting)
{
    m_waitingForSignIn = waiting;
    for (InformerKindSource *s : std::as_const(m_order))
        s->setWaitingForSignIn(waiting);
}

LiveClusterSession::~LiveClusterSession()
{
    m_connection->credentials->setExecObserver({});
    // Sources hold registrations on the informers; drop them first.
    qDeleteAll(m_order);
    m_order.clear();
    m_sources.clear();
    m_factory->shutdown();
}

QString LiveClusterSession::serverText() const
{
    // Never a password a server URL may carry (https://user:pw@host).
    return m_connection ? m_connection->config.server.toString(QUrl::RemoveUserInfo) : QString();
}

void LiveClusterSession::setKinds(const QList<KindInfo> &kinds)
{
    m_kinds = kinds;
    m_kindsById.clear();
    for (const KindInfo &k : kinds)
        m_kindsById.insert(k.id(), k);
    for (InformerKindSource *s : std::as_const(m_order))
        followServedKind(s);
    Q_EMIT kindsChanged();
}

// A running source follows what the cluster serves: a kind no longer offered
// is Gone (its informer stopped, its table kept and saying so); one offered
// again, or at another version or scope (an operator's CRD upgrade from
// v1alpha1 to v1), goes on over a new informer for what is served now.
void LiveClusterSession::followServedKind(InformerKindSource *source)
{
    const KindInfo running = source->kind();
    const KindInfo served = m_kindsById.value(running.id());
    if (!served.isValid()) {
        m_kindsById.insert(running.id(), running); // the stopped informer's path
        source->setGone();
        return;
    }
    if (served.sameEndpoint(running) && !source->isGone())
        return;
    const InformerKey key = keyFor(running);
    m_factory->forget(key); // the source it served stops it (replaceInformer)
    std::shared_ptr<SharedIndexInformer> informer = informerFor(keyFor(served));
    if (!informer)
        return;
    source->replaceInformer(std::move(informer), served);
    m_factory->start();
}

InformerKey LiveClusterSession::keyFor(const KindInfo &kind) const
{
    const QString scope = m_narrowed.contains(kind.id()) ? m_options.fallbackNamespace : QString();
    InformerKey key{m_name, kind.id(), scope, QString(), QString()};
    key.metadataOnly = m_options.metadataOnlyKinds.contains(kind.id());
    return key;
}

bool LiveClusterSession::readsMetadataOnly(const KindInfo &kind) const
{
    return m_options.metadataOnlyKinds.contains(kind.id());
}

void LiveClusterSession::setReadsMetadataOnly(const KindInfo &kind, bool metadataOnly)
{
    if (metadataOnly == readsMetadataOnly(kind))
        return;
    const InformerKey previous = keyFor(kind);
    if (metadataOnly)
        m_options.metadataOnlyKinds.insert(kind.id());
    else
        m_options.metadataOnlyKinds.remove(kind.id());
    if (InformerKindSource *source = m_sources.value(kind.id())) {
        rescope(source, previous);
        m_factory->start();
    }
}

ObjectRead *LiveClusterSession::readObject(const KindInfo &kind, const QString &namespaceName,
                                           const QString &name, QObject *parent)
{
    DecodeOptions options;
    options.dropManagedFields = !m_options.keepManagedFields;
    return new ObjectRead(
        m_connection,
        ResourcePath{kind.group, kind.version, kind.plural, namespaceName, kind.namespaced}, name,
        options, parent);
}

void LiveClusterSession::narrowIfForbidden(InformerKindSource *source)
{
    const KindInfo kind = source->kind();
    if (source->status().state != InformerStatus::State::Forbidden || !kind.namespaced ||
        m_options.fallbackNamespace.isEmpty() || m_narrowed.contains(kind.id()))
        return;
    m_factory->forget(keyFor(kind)); // the source stops it (replaceInformer)
    m_narrowed.insert(kind.id());
    std::shared_ptr<SharedIndexInformer> informer = informerFor(keyFor(kind));
    if (!informer)
        return;
    source->replaceInformer(std::move(informer), kind);
    m_factory->start();
    if (!std::exchange(m_allNamespacesForbidden, true)) {
        m_firstNarrowedPlural = kind.plural;
        renewNarrowingNotice();
    }
}

void LiveClusterSession::renewNarrowingNotice()
{
    if (!m_narrowingNotice.isEmpty())
        Q_EMIT noticeWithdrawn(std::exchange(m_narrowingNotice, QString()));
    if (!m_allNamespacesForbidden)
        return;
    m_narrowingNotice = QStringLiteral("Not allowed to read %1 in every namespace: watching "
                                       "namespace %2 only, for this and other kinds.")
                            .arg(m_firstNarrowedPlural, m_options.fallbackNamespace);
    Q_EMIT failed(m_narrowingNotice);
}

// The same move as -n at start, chosen later: what is watched in one
// namespace goes on in the new one (or in every namespace again), and a kind
// forbidden in every namespace goes on in it.
void LiveClusterSession::setFallbackNamespace(const QString &namespaceName)
{
    if (namespaceName == m_options.fallbackNamespace) {
        for (InformerKindSource *s : std::as_const(m_order)) {
            if (m_narrowed.contains(s->kind().id()) &&
                s->status().state == InformerStatus::State::Forbidden)
                s->retryNow();
        }
        return;
    }
    QList<std::pair<InformerKindSource *, InformerKey>> narrowed;
    for (InformerKindSource *s : std::as_const(m_order)) {
        if (m_narrowed.contains(s->kind().id()))
            narrowed.append({s, keyFor(s->kind())});
    }
    m_options.fallbackNamespace = namespaceName;
    if (namespaceName.isEmpty()) {
        m_narrowed.clear();
        m_allNamespacesForbidden = false;
    }
    for (const auto &[source, previous] : std::as_const(narrowed))
        rescope(source, previous);
    m_factory->start();
    renewNarrowingNotice();
    Q_EMIT fallbackNamespaceChanged(namespaceName);
    // Each narrows the next kinds forbidden in every namespace, not the first.
    for (InformerKindSource *s : QList<InformerKindSource *>(m_order))
        narrowIfForbidden(s);
}

void LiveClusterSession::rescope(InformerKindSource *source, const InformerKey &previous)
{
    m_factory->forget(previous); // the source stops it (replaceInformer)
    if (source->isGone())
        return; // followServedKind starts it where keyFor says, if it is served again
    const KindInfo kind = source->kind();
    std::shared_ptr<SharedIndexInformer> informer = informerFor(keyFor(kind));
    if (informer)
        source->replaceInformer(std::move(informer), kind);
}

KindSource *LiveClusterSession::source(const KindInfo &kind)
{
    if (InformerKindSource *s = m_sources.value(kind.id()))
        return s;
    if (KindSource *s = m_notRecorded.value(kind.id()))
        return s;
    if (m_options.recordedResources && !m_options.recordedResources->contains(kind.id())) {
        auto *notRecorded = new LocalKindSource(kind, this);
        InformerStatus status;
        status.state = InformerStatus::State::NotRecorded;
        notRecorded->setStatus(status);
        m_notRecorded.insert(kind.id(), notRecorded);
        return notRecorded;
    }
    if (!m_kindsById.contains(kind.id()))
        m_kindsById.insert(kind.id(), kind);
    // Once every namespace was forbidden for one kind, the others start in
    // the fallback namespace: a forbidden list each would only delay them.
    if (m_allNamespacesForbidden && kind.namespaced)
        m_narrowed.insert(kind.id());
    std::shared_ptr<SharedIndexInformer> informer = informerFor(keyFor(kind));
    if (!informer)
        return nullptr;
    auto *source = new InformerKindSource(kind, informer, m_name, this);
    connect(source, &KindSource::statusChanged, this,
            [this, source] { narrowIfForbidden(source); });
    source->setWaitingForSignIn(m_waitingForSignIn);
    // Credentials' rule: nothing of the user goes to a server that is not https.
    source->setCredentialsWithheld(m_connection->config.server.scheme() != QLatin1String("https"));
    m_sources.insert(kind.id(), source);
    m_order.append(source);
    m_factory->start();
    Q_EMIT sourceCreated(source);
    return source;
}

std::shared_ptr<SharedIndexInformer> LiveClusterSession::informerFor(const InformerKey &key)
{
    std::shared_ptr<SharedIndexInformer> informer = m_factory->informerFor(key);
    // Each caller gets a new informer and starts the factory after this; the
    // transform can only change before the start.
    if (informer && m_options.keepManagedFields)
        (void)informer->setTransform({});
    return informer;
}

QList<KindSource *> LiveClusterSession::sources() const
{
    QList<KindSource *> out;
    for (InformerKindSource *s : m_order)
        out.append(s);
    return out;
}

void LiveClusterSession::discover()
{
    if (m_discovery) {
        m_discoverAgain = true;
        return;
    }
    m_rediscovery->started();
    m_discovery = new KindDiscovery(m_connection, this);
    connect(m_discovery, &KindDiscovery::finished, this, &LiveClusterSession::onDiscovered);
    m_discovery->start();
}

void LiveClusterSession::onDiscovered(const QList<KindInfo> &kinds, const QString &error,
                                      const QStringList &failedGroupVersions)
{
    m_discovery->deleteLater();
    m_discovery = nullptr;
    const bool first = !m_kindsDiscovered;
    m_kindsDiscovered = true;
    // A failure keeps the kinds shown, and what one group version could not
    // read stays; those waiting for discovery's first answer hear it all
    // the same.
    const QList<KindInfo> after = kindsAfterDiscovery(kinds, m_kinds, failedGroupVersions);
    if (after != m_kinds)
        setKinds(after);
    else if (first)
        Q_EMIT kindsChanged();
    if (!error.isEmpty() && error != m_lastDiscoveryError)
        Q_EMIT failed(QStringLiteral("Discovery on %1: %2").arg(m_name, error));
    m_lastDiscoveryError = error;
    QSet<QString> kindIds;
    for (const KindInfo &kind : after)
        kindIds.insert(kind.id());
    m_rediscovery->finished(!error.isEmpty(), kindIds);
    followCustomResourceDefinitions();
    if (std::exchange(m_discoverAgain, false))
        discover();
}

void LiveClusterSession::followCustomResourceDefinitions()
{
    if (m_rediscovery->following())
        return;
    const KindInfo crds =
        findKind(QStringLiteral("customresourcedefinitions.apiextensions.k8s.io"));
    if (crds.isValid())
        m_rediscovery->follow(source(crds));
}

} // namespace informant
