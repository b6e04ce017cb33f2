#pragma once

// ClusterFacetModel: the filter pane's cluster list in a window of several
// clusters (informant --context a --context b) — every cluster that has
// objects of the kind, with its live count, and a check box per cluster
// (several may be checked: OR). A cluster is a kubeconfig context, as the
// table's CLUSTER column and its row keys name it (models/clusterrowkey.h).
// Rows, counts and checks: ListFacetModel.
//
// A cluster whose informer of the kind is not watching (setNotLive) has its
// entry faded, its count italic, as the table fades that cluster's rows
// while the others' stay live, with why in its tooltip. GUI thread.

#include "models/listfacetmodel.h"

#include <QHash>

namespace informant {

class ClusterFacetModel final : public ListFacetModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ClusterFacetModel)

public:
    explicit ClusterFacetModel(QObject *parent = nullptr);

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

    // The clusters whose rows are the last known state, each with why ("not
    // watched since 14:02:15 (watch lost, reconnecting: connection
    // refused)"); the others are live.
    void setNotLive(const QHash<QString, QString> &whyByCluster);
    // Why `cluster`'s entry is faded; empty while it is live.
    QString notLiveReason(const QString &cluster) const { return m_notLive.value(cluster); }

private:
    QHash<QString, QString> m_notLive;
};

} // namespace informant
