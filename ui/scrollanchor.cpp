#include "ui/scrollanchor.h"

#include "models/resourcetablemodel.h"

#include <QHash>
#include <QScrollBar>
#include <QTableView>

namespace informant {

namespace {

// The rows in view a batch's scroll anchor remembers (a tall window shows ~80).
constexpr qsizetype kMaxAnchorRows = 128;

} // namespace

ScrollAnchor::ScrollAnchor(QTableView *table)
    : m_table(table)
{
}

void ScrollAnchor::remember(const ResourceTableModel &model)
{
    m_keys.clear();
    const bool atTop = m_table->verticalScrollBar()->value() == 0;
    const int top = m_table->rowAt(0);
    if (atTop || top < 0)
        return;
    const int bottom = m_table->rowAt(m_table->viewport()->height() - 1);
    const int last = bottom < 0 ? model.rowCount() - 1 : bottom;
    for (int row = top; row <= last && m_keys.size() < kMaxAnchorRows; ++row)
        m_keys.append(model.keyAt(row));
}

void ScrollAnchor::restore(const ResourceTableModel &model)
{
    // Each row that was in view and is still there says where the top row
    // went; the view follows the most of them. One row that moves away (its
    // STATUS sorts elsewhere now) or is deleted does not drag the view with
    // it, and rows added or removed above keep what the user reads in place.
    if (m_keys.isEmpty())
        return;
    QHash<int, int> votes;
    int best = 0;
    int bestVotes = 0;
    for (qsizetype offset = 0; offset < m_keys.size(); ++offset) {
        const int row = model.rowOfKey(m_keys.at(offset));
        if (row < 0)
            continue;
        const int top = row - int(offset);
        if (const int n = ++votes[top]; n > bestVotes) {
            best = top;
            bestVotes = n;
        }
    }
    if (bestVotes > 0)
        m_table->verticalScrollBar()->setValue(qMax(0, best));
}

} // namespace informant
