#pragma once

// InformersPanel: every informer of the window's cluster with its live state
// (listing with a progress bar and count, watching, reconnecting in N s,
// forbidden, error with the server's message), objects, events/s, watch
// restarts and relists, and the age of the last event. A window over several
// clusters shows each cluster's informers, a Cluster column first.

#include <QWidget>

class QTableView;

namespace informant {

class InformerStatusModel;

class InformersPanel final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(InformersPanel)

public:
    explicit InformersPanel(InformerStatusModel *model, QWidget *parent = nullptr);
    QTableView *table() const { return m_table; }

private:
    QTableView *m_table;
};

} // namespace informant
