#pragma once

// ScrollAnchor: keeps the rows the user reads where they are on screen while
// a batch adds, removes, updates and re-sorts the table's rows.
//
// Before a batch it notes the keys of the rows in view, top down; after it,
// every one of them still shown votes for where the top row went and the view
// follows the most. Anchoring on the top row alone made the view jump with it
// when its STATUS sorted it elsewhere, and slide when it was deleted. At the
// very top nothing is anchored: new rows may push in there. It exists apart
// from ResourceView because the vote is a rule of its own, with its own state
// between the two halves of a batch. GUI thread.

#include <QStringList>

class QTableView;

namespace informant {

class ResourceTableModel;

class ScrollAnchor final
{
    Q_DISABLE_COPY_MOVE(ScrollAnchor)

public:
    explicit ScrollAnchor(QTableView *table);

    // Before `model` applies a batch: notes the rows in view.
    void remember(const ResourceTableModel &model);
    // After the batch: scrolls to where most of those rows say the top went.
    void restore(const ResourceTableModel &model);

private:
    QTableView *m_table;
    QStringList m_keys; // the rows in view before a batch, top down
};

} // namespace informant
