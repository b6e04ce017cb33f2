#pragma once

// HistoryModel: the revisions of one object (newest first, the object named
// by HistoryStore::identityOf(), not a namespace/name) for the History tab: observed time,
// resourceVersion and the change summary. Follows its HistoryStore incrementally: new revisions are
// inserted at the top, revisions dropped by the bounds are removed at the bottom (no reset unless
// the object changes). GUI thread only.

#include "models/history/historystore.h"

#include <QAbstractTableModel>
#include <QTimeZone>

namespace informant {

class HistoryModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HistoryModel)

public:
    enum Column { ObservedColumn, ResourceVersionColumn, ChangesColumn, ColumnCount };
    enum Role { SequenceRole = Qt::UserRole + 1, ObservedMsRole, ChangeCountRole };

    explicit HistoryModel(HistoryStore *store, QObject *parent = nullptr);
    ~HistoryModel() override;

    void setObject(const QString &kind, const QString &identity);
    QString kind() const { return m_kind; }
    QString identity() const { return m_identity; }
    void setTimeZone(const QTimeZone &zone) { m_zone = zone; }
    QTimeZone timeZone() const { return m_zone; }

    // Row r's revision (row 0 is the newest).
    const ObjectRevision &revision(int row) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    void storeChanged(const QString &kind, const QString &identity);

    HistoryStore *m_store;
    QString m_kind;
    QString m_identity;
    QList<ObjectRevision> m_rows; // newest first
    QTimeZone m_zone = QTimeZone::systemTimeZone();
};

} // namespace informant
