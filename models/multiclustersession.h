#pragma once

// MultiClusterSession: several contexts in one window (informant --context a
// --context b). Its kinds are the union of its members' (by id: one cluster's
// autoscaling/v2 and another's v1 are one kind, each watched in its own
// version), and each kind's source is a MergedKindSource over the members
// that serve it, so one table holds every cluster's rows with a CLUSTER
// column first. The members stay ordinary sessions (each with its own
// informers, discovery and credentials); what they say is said again with
// the cluster's name; what is asked of it (the metadata-only choice) is
// asked of every member. GUI thread.

#include "models/clustersession.h"

#include <QHash>
#include <QList>

namespace informant {

class MergedKindSource;

class MultiClusterSession final : public ClusterSession
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MultiClusterSession)

public:
    // Takes `members` as its children; their names (contexts) tell them apart.
    explicit MultiClusterSession(const QList<ClusterSession *> &members, QObject *parent = nullptr);
    ~MultiClusterSession() override;

    const QList<ClusterSession *> &members() const { return m_members; }

    // "prod-eu + prod-us".
    QString name() const override;
    QString serverText() const override;
    QList<KindInfo> kinds() const override;
    bool kindsDiscovered() const override;
    KindSource *source(const KindInfo &kind) override;
    QList<KindSource *> sources() const override;
    bool keepsManagedFields() const override;
    // The metadata-only choice is every member's: each cluster's informer of
    // the kind goes on over the other sort (members that cannot choose hold
    // what they were given).
    bool canReadMetadataOnly() const override;
    bool readsMetadataOnly(const KindInfo &kind) const override;
    void setReadsMetadataOnly(const KindInfo &kind, bool metadataOnly) override;
    std::shared_ptr<const RowFormatter>
    tableFormatter(std::shared_ptr<const RowFormatter> kindFormatter) const override;
    // readObject() of the member named `cluster` (a row's cluster), for the
    // kind as that cluster serves it: the union cannot tell which cluster's
    // object a namespace and name are. Null when no member of that name
    // serves `kind` or it cannot read one.
    ObjectRead *readObjectIn(const QString &cluster, const KindInfo &kind,
                             const QString &namespaceName, const QString &name, QObject *parent);

private:
    void onMemberKindsChanged();
    // The members' kinds under the union's id: `kind`'s own KindInfo in each.
    QList<std::pair<ClusterSession *, KindInfo>> servingMembers(const KindInfo &kind) const;

    QList<ClusterSession *> m_members;
    QHash<QString, MergedKindSource *> m_sources; // by kind id
    QList<KindSource *> m_order;
};

} // namespace informant
