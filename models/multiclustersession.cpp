#include "models/multiclustersession.h"

#include "models/mergedkindsource.h"
#include "models/rowformatter.h"

#include <QSet>

#include <algorithm>

namespace informant {

MultiClusterSession::MultiClusterSession(const QList<ClusterSession *> &members, QObject *parent)
    : ClusterSession(parent)
    , m_members(members)
{
    for (ClusterSession *member : m_members) {
        member->setParent(this);
        const QString cluster = member->name();
        connect(member, &ClusterSession::kindsChanged, this,
                &MultiClusterSession::onMemberKindsChanged);
        connect(member, &ClusterSession::failed, this, [this, cluster](const QString &message) {
            Q_EMIT failed(cluster + QStringLiteral(": ") + message);
        });
        connect(member, &ClusterSession::noticeWithdrawn, this,
                [this, cluster](const QString &message) {
                    Q_EMIT noticeWithdrawn(cluster + QStringLiteral(": ") + message);
                });
        connect(member, &ClusterSession::credentialPluginStarted, this,
                &ClusterSession::credentialPluginStarted);
        connect(member, &ClusterSession::credentialPluginOutput, this,
                &ClusterSession::credentialPluginOutput);
        connect(member, &ClusterSession::credentialPluginFinished, this,
                &ClusterSession::credentialPluginFinished);
    }
}

MultiClusterSession::~MultiClusterSession()
{
    // The merged sources unsubscribe from their members' sources, which the
    // members (children too, made before them) still hold.
    qDeleteAll(m_sources);
    m_sources.clear();
}

QString MultiClusterSession::name() const
{
    QStringList names;
    for (const ClusterSession *member : m_members)
        names.append(member->name());
    return names.join(QStringLiteral(" + "));
}

QString MultiClusterSession::serverText() const
{
    QStringList servers;
    for (const ClusterSession *member : m_members)
        servers.append(member->name() + QStringLiteral(": ") + member->serverText());
    return servers.join(QStringLiteral(", "));
}

QList<KindInfo> MultiClusterSession::kinds() const
{
    QList<KindInfo> out;
    QSet<QString> seen;
    for (const ClusterSession *member : m_members) {
        for (const KindInfo &kind : member->kinds()) {
            if (!seen.contains(kind.id())) {
                seen.insert(kind.id());
                out.append(kind);
            }
        }
    }
    return out;
}

bool MultiClusterSession::kindsDiscovered() const
{
    return std::all_of(m_members.cbegin(), m_members.cend(),
                       [](const ClusterSession *member) { return member->kindsDiscovered(); });
}

QList<std::pair<ClusterSession *, KindInfo>>
MultiClusterSession::servingMembers(const KindInfo &kind) const
{
    QList<std::pair<ClusterSession *, KindInfo>> out;
    for (ClusterSession *member : m_members) {
        for (const KindInfo &own : member->kinds()) {
            if (own.id() == kind.id()) {
                out.append({member, own});
                break;
            }
        }
    }
    return out;
}

KindSource *MultiClusterSession::source(const KindInfo &kind)
{
    if (MergedKindSource *existing = m_sources.value(kind.id()))
        return existing;
    const auto serving = servingMembers(kind);
    if (serving.isEmpty())
        return nullptr;
    QStringList lacking;
    for (const ClusterSession *member : m_members) {
        if (std::none_of(serving.cbegin(), serving.cend(),
                         [member](const auto &s) { return s.first == member; }))
            lacking.append(member->name());
    }
    auto *merged = new MergedKindSource(serving.first().second, lacking, this);
    for (const auto &[member, own] : serving) {
        if (KindSource *memberSource = member->source(own))
            merged->addMember(member->name(), memberSource);
    }
    m_sources.insert(kind.id(), merged);
    m_order.append(merged);
    Q_EMIT sourceCreated(merged);
    return merged;
}

QList<KindSource *> MultiClusterSession::sources() const
{
    return m_order;
}

bool MultiClusterSession::keepsManagedFields() const
{
    return std::all_of(m_members.cbegin(), m_members.cend(),
                       [](const ClusterSession *member) { return member->keepsManagedFields(); });
}

bool MultiClusterSession::canReadMetadataOnly() const
{
    return std::any_of(m_members.cbegin(), m_members.cend(),
                       [](const ClusterSession *member) { return member->canReadMetadataOnly(); });
}

bool MultiClusterSession::readsMetadataOnly(const KindInfo &kind) const
{
    bool some = false;
    for (const auto &[member, own] : servingMembers(kind)) {
        if (!member->canReadMetadataOnly())
            continue;
        if (!member->readsMetadataOnly(own))
            return false;
        some = true;
    }
    return some;
}

void MultiClusterSession::setReadsMetadataOnly(const KindInfo &kind, bool metadataOnly)
{
    for (const auto &[member, own] : servingMembers(kind)) {
        if (member->canReadMetadataOnly())
            member->setReadsMetadataOnly(own, metadataOnly);
    }
}

std::shared_ptr<const RowFormatter>
MultiClusterSession::tableFormatter(std::shared_ptr<const RowFormatter> kindFormatter) const
{
    return RowFormatter::withClusterColumn(*kindFormatter);
}

ObjectRead *MultiClusterSession::readObjectIn(const QString &cluster, const KindInfo &kind,
                                              const QString &namespaceName, const QString &name,
                                              QObject *parent)
{
    for (const auto &[member, own] : servingMembers(kind)) {
        if (member->name() == cluster)
            return member->readObject(own, namespaceName, name, parent);
    }
    return nullptr;
}

void MultiClusterSession::onMemberKindsChanged()
{
    // A kind a cluster serves since its discovery answered joins the rows
    // of the clusters that were shown for it already.
    for (auto it = m_sources.cbegin(); it != m_sources.cend(); ++it) {
        MergedKindSource *merged = it.value();
        for (const auto &[member, own] : servingMembers(merged->kind())) {
            if (!merged->memberSource(member->name())) {
                if (KindSource *memberSource = member->source(own))
                    merged->addMember(member->name(), memberSource);
            }
        }
    }
    Q_EMIT kindsChanged();
}

} // namespace informant
