#include "models/clusterfacetmodel.h"

#include "models/freshness.h"

#include <QFont>

namespace informant {

ClusterFacetModel::ClusterFacetModel(QObject *parent)
    : ListFacetModel(QStringLiteral("Cluster"), QString(), parent)
{
}

QVariant ClusterFacetModel::data(const QModelIndex &index, int role) const
{
    if (role != Qt::ForegroundRole && role != Qt::FontRole && role != Qt::ToolTipRole)
        return ListFacetModel::data(index, role);
    const QString cluster = ListFacetModel::data(index, ValueRole).toString();
    const auto why = m_notLive.constFind(cluster);
    if (why == m_notLive.cend())
        return ListFacetModel::data(index, role);
    switch (role) {
    case Qt::ForegroundRole:
        return staleTextColor();
    case Qt::FontRole:
        // The count is the last known, as a stale count elsewhere; the name
        // is still the cluster's.
        if (index.column() == 1) {
            QFont font;
            font.setItalic(true);
            return font;
        }
        return {};
    default:
        return QStringLiteral("%1: %2. Its rows and count are the last known state.")
            .arg(cluster, *why);
    }
}

void ClusterFacetModel::setNotLive(const QHash<QString, QString> &whyByCluster)
{
    if (whyByCluster == m_notLive)
        return;
    m_notLive = whyByCluster;
    if (rowCount() > 0)
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, 1),
                           {Qt::ForegroundRole, Qt::FontRole, Qt::ToolTipRole});
}

} // namespace informant
