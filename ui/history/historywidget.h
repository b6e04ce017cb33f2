#pragma once

// HistoryWidget: the details pane's History tab. A table of the object's
// revisions (observed time, resourceVersion, what changed) above a YAML diff.
// Selecting one revision compares it with the one before; selecting two
// compares them (older → newer). Unified or side-by-side, managedFields left
// out of the YAML.
//
// The history is of one object, the one `current` is (its uid): a pod
// deleted and created again under its name is another object, and its tab
// says so in a line above the revisions ("An earlier Pod shop/db-0 (uid …)
// was deleted at 14:02:11") instead of continuing the old one's list.
//
// Mounting: one HistoryStore per window (of one cluster or several), fed by
// every kind's changes (HistoryStore::applyBatch(kind id, batch)); when the
// details pane shows an object call setObject(kind id, row key,
// currentObject) (the row key names its cluster in a window of several:
// models/clusterrowkey.h), which keeps its revisions from being dropped for
// others' while it is shown, and clear() when it shows none. setObject may
// be called at every update of the shown object: the same object (uid) keeps
// the revisions the user selected, another under the same name is shown
// afresh. GUI thread.

#include "models/history/historystore.h"

#include <QHash>
#include <QWidget>

class QLabel;
class QTableView;
class QToolButton;

namespace informant {

class DiffView;
class HistoryModel;

class HistoryWidget final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HistoryWidget)

public:
    explicit HistoryWidget(HistoryStore *store, QWidget *parent = nullptr);
    ~HistoryWidget() override;

    // Shows (and from now on records) the history of `current`, the object
    // under `key` (its table's row key: in a window of several clusters, of
    // its cluster); without it, of the object the watch last recorded there.
    void setObject(const QString &kind, const QString &key, const KubeObject &current = {});
    // No object: nothing of the last one stays on screen.
    void clear();
    // Compares two rows of the revision table (row 0 is the newest).
    void compareRows(int olderRow, int newerRow);

    HistoryModel *model() const { return m_model; }
    QTableView *table() const { return m_table; }
    DiffView *diffView() const { return m_diff; }
    // What the diff compares ("resourceVersion 1 → 2"); empty with no revision shown.
    QString caption() const;
    // The line naming the object the name held before this one; empty if none.
    QString earlierObjectNote() const;

private:
    void selectionChanged();
    void refreshEarlierObjectNote();
    // `older`: the revision it is compared with, if any.
    QString yamlFor(const ObjectRevision &revision, const ObjectRevision *older = nullptr);

    HistoryStore *m_store;
    HistoryModel *m_model;
    QTableView *m_table;
    QLabel *m_earlier;
    QLabel *m_caption;
    QString m_objectKind; // "Pod", for the note
    QString m_objectKey;  // namespace/name, without its cluster
    QToolButton *m_unifiedButton;
    QToolButton *m_sideBySideButton;
    DiffView *m_diff;
    QHash<quint64, QString> m_yamlCache; // by revision sequence
    bool m_followNewest = true;          // decided before rows are inserted
};

} // namespace informant
