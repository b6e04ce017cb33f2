#pragma once

// LastColumnShare: keeps a table's last column (the one that stretches,
// with the text that matters: an event's MESSAGE) at least a share of the
// view's width. The columns before it keep the widths they were given while
// they fit; in a narrower view they are narrowed in proportion (their text
// elides) down to the header's minimum section size. Without it, a details
// pane narrower than the other columns together pushed MESSAGE out of view,
// with no scroll bar to reach it.
//
// A column the user drags keeps its new width until the view is resized
// again. GUI thread.

#include <QList>
#include <QObject>

class QTableView;
class QWidget;

namespace informant {

class LastColumnShare final : public QObject
{
    Q_OBJECT

public:
    // `share`: of the viewport's width, what the last column gets at least
    // (0..1). Call after the view has its model and its columns their widths.
    LastColumnShare(QTableView *view, double share);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void fit();

    QTableView *m_view;
    QWidget *m_viewport;
    const double m_share;
    // The widths the columns before the last were given (their widths when
    // the view is wide enough).
    QList<int> m_preferred;
};

} // namespace informant
