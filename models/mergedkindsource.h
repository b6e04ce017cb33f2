#pragma once

// MergedKindSource: one kind across several clusters, as one KindSource —
// the rows of a multi-cluster table. Each member source's objects are kept
// under row keys that name their cluster (models/clusterrowkey.h), in an
// indexer of its own with the kind's indexes (owners, involved objects,
// namespaces and labels across every cluster), and its batches are handed on
// under those keys: a member's snapshot (its list, a relist) replaces that
// cluster's rows only, as an ordinary batch.
//
// Freshness is the least fresh member's: the banner is up while one cluster
// is stale or failing, and origin() names the clusters that are not live
// (the banner reads "pods in prod-eu: …"). Clusters that do not serve the
// kind at all are named too. Which rows are the last known state is per
// cluster (notLiveClusters()): a healthy cluster's rows stay live while
// another's watch is down.
//
// GUI thread; indexer() may be read from any thread.

#include "models/kindsource.h"

#include <QList>
#include <QPointer>
#include <QStringList>

namespace informant {

class MergedKindSource final : public KindSource
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MergedKindSource)

public:
    // `lackingClusters`: the clusters that do not serve `kind`.
    MergedKindSource(KindInfo kind, QStringList lackingClusters, QObject *parent = nullptr);
    ~MergedKindSource() override;

    // `source`'s objects become the rows of `cluster` from its first batch on.
    // A cluster added once is kept.
    void addMember(const QString &cluster, KindSource *source);
    QStringList clusters() const;
    // The member source of `cluster`; null if none.
    KindSource *memberSource(QStringView cluster) const;
    // The clusters whose member is not live (not watching, or a first list
    // not done): their rows are the last known state.
    QStringList notLiveClusters() const;

    InformerStatus status() const override;
    const Indexer &indexer() const override { return m_indexer; }
    void subscribe(QObject *receiver, BatchHandler handler) override;
    void unsubscribe(QObject *receiver) override;
    QString origin() const override;
    void retryNow() override;

Q_SIGNALS:
    // addMember() took `source` as the rows of `cluster`.
    void memberAdded(const QString &cluster, informant::KindSource *source);

private:
    struct Member
    {
        QString cluster;
        QPointer<KindSource> source;
        QObject *relay; // the member's subscriber, in this thread
    };
    struct Subscriber
    {
        QPointer<QObject> receiver;
        BatchHandler handler;
    };
    void onMemberBatch(const QString &cluster, const ChangeBatch &batch);
    void deliver(Subscriber &subscriber, const ChangeBatch &batch);
    void onMemberStatusChanged();

    Indexer m_indexer;
    QList<Member> m_members;
    QStringList m_lacking;
    QList<Subscriber> m_subscribers;
};

} // namespace informant
