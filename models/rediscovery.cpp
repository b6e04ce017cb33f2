#include "models/rediscovery.h"

#include "models/kindsource.h"

#include <algorithm>

namespace informant {

Rediscovery::Rediscovery(QObject *parent)
    : QObject(parent)
{
    m_settled.setSingleShot(true);
    m_settled.setInterval(kSettleMs);
    connect(&m_settled, &QTimer::timeout, this, &Rediscovery::onCrdsSettled);
    m_retry.setSingleShot(true);
    connect(&m_retry, &QTimer::timeout, this, &Rediscovery::due);
    m_poll.setInterval(kPollMs);
    connect(&m_poll, &QTimer::timeout, this, &Rediscovery::due);
}

void Rediscovery::setTimings(int settleMs, int firstRetryMs, int pollMs)
{
    m_settled.setInterval(settleMs);
    m_firstRetryMs = m_retryMs = firstRetryMs;
    m_poll.setInterval(pollMs);
}

void Rediscovery::follow(KindSource *crds)
{
    if (m_crds || !crds)
        return;
    m_crds = crds;
    // Restarted by every change: discovery runs once the burst is over.
    connect(crds, &KindSource::contentChanged, &m_settled, qOverload<>(&QTimer::start));
    connect(crds, &KindSource::statusChanged, this, &Rediscovery::onCrdsStatus);
    onCrdsStatus();
}

void Rediscovery::onCrdsStatus()
{
    using State = InformerStatus::State;
    const State state = m_crds->status().state;
    if (state == State::Forbidden || state == State::Unauthorized) {
        if (!m_poll.isActive())
            m_poll.start();
    } else if (state == State::Watching) {
        m_poll.stop();
    }
}

void Rediscovery::onCrdsSettled()
{
    const QString signature = crdSignature();
    if (!m_signatureDiscovered) {
        const QList<KubeObject> crds = m_crds->indexer().list();
        const bool seen = std::all_of(crds.begin(), crds.end(), [this](const KubeObject &crd) {
            return m_kindIdsDiscovered.contains(crd.name());
        });
        if (seen) {
            m_signatureDiscovered = signature;
            return;
        }
    }
    if (signature != m_signatureDiscovered)
        Q_EMIT due();
}

void Rediscovery::started()
{
    m_signatureDiscovered = m_crds ? std::optional(crdSignature()) : std::nullopt;
}

void Rediscovery::finished(bool failed, const QSet<QString> &kindIds)
{
    m_kindIdsDiscovered = kindIds;
    if (!failed) {
        m_retry.stop();
        m_retryMs = m_firstRetryMs;
        return;
    }
    m_retry.start(m_retryMs);
    m_retryMs = std::min(2 * m_retryMs, kMaxRetryMs);
}

QString Rediscovery::crdSignature() const
{
    if (!m_crds)
        return {};
    QStringList versions;
    for (const KubeObject &crd : m_crds->indexer().list())
        versions.append(crd.key() + u'@' + crd.resourceVersion());
    std::sort(versions.begin(), versions.end());
    return versions.join(u' ');
}

QList<KindInfo> kindsAfterDiscovery(QList<KindInfo> discovered, const QList<KindInfo> &before,
                                    const QStringList &failedGroupVersions)
{
    if (discovered.isEmpty())
        return before;
    QSet<QString> ids;
    for (const KindInfo &kind : std::as_const(discovered))
        ids.insert(kind.id());
    for (const KindInfo &kind : before) {
        // Served at another version that was read: that one is the kind now.
        if (failedGroupVersions.contains(kind.groupVersion()) && !ids.contains(kind.id()))
            discovered.append(kind);
    }
    return discovered;
}

} // namespace informant
