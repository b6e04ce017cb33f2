#pragma once

// ResourceTreeModel: the sidebar's resource tree — categories (Workloads,
// Network, Config, Storage, Cluster, Custom Resources), custom resources
// grouped again by API group, kinds as leaves with their live object counts.
// setKinds() rebuilds the tree when discovery changes (rare, never per
// event); setCount() is one dataChanged on the kind's count cell. Kinds
// whose plural repeats outside the custom resources (core v1 Events and
// events.k8s.io Events) are named with their group. A count not known shows
// "—" and its tooltip says why: not listed yet (setNotListed), or no
// informer watches the kind (setUnwatchedReason). A kind whose watch
// stopped (setStale) keeps its count, faded and italic as the table's rows
// are drawn, its tooltip saying since when.
// Columns: 0 name, 1 count. GUI thread.

#include "models/kindinfo.h"

#include <QAbstractItemModel>
#include <QHash>

#include <memory>
#include <vector>

namespace informant {

class ResourceTreeModel final : public QAbstractItemModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ResourceTreeModel)

public:
    enum Role { KindRole = Qt::UserRole + 1, KindIdRole, CountRole };

    explicit ResourceTreeModel(QObject *parent = nullptr);
    ~ResourceTreeModel() override;

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;

    void setKinds(const QList<KindInfo> &kinds);
    const QList<KindInfo> &kinds() const { return m_kinds; }
    // -1: unknown (no informer for the kind).
    void setCount(const QString &kindId, qint64 count);
    // Why a kind no informer watches has no count ("custom kinds are watched
    // once shown..."): the tooltip of every such kind.
    void setUnwatchedReason(const QString &why);
    // The kind's informer has not listed it yet: "—" instead of a count (an
    // empty cache's 0 would read as "none in the cluster"), and `why` (its
    // state: "listing", "reconnecting in 4 s"...) in the tooltip. CountRole
    // is -1 until setCount().
    void setNotListed(const QString &kindId, const QString &why);
    // The kind's count is the last known state (its informer is not
    // watching): `why` ("not watched since 14:02:15 (...)") in the tooltip,
    // the count faded and italic; empty `why`: live again.
    void setStale(const QString &kindId, const QString &why);
    QModelIndex indexOfKind(const QString &kindId) const;

private:
    struct Node
    {
        QString title;
        KindInfo kind; // leaves only
        bool leaf = false;
        qint64 count = -1;
        QString notListed; // why the count is not known yet; empty once listed
        QString stale;     // why the count may be behind; empty while watched
        Node *parent = nullptr;
        int row = 0;
        std::vector<std::unique_ptr<Node>> children;
    };
    Node *nodeOf(const QModelIndex &index) const;
    // Not counted at all: no informer has reported on the kind.
    static bool isUnwatched(const Node *n)
    {
        return n->leaf && n->count < 0 && n->notListed.isEmpty();
    }
    QVariant leafToolTip(const Node *n) const;
    QVariant countStyle(const Node *n, int role) const;

    Node m_root;
    QList<KindInfo> m_kinds;
    QHash<QString, Node *> m_leaves;
    QString m_unwatchedReason;
};

} // namespace informant
