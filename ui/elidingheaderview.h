#pragma once

// ElidingHeaderView: a header whose sections, narrowed below their text,
// end in "…" (textElideMode(), Qt::ElideRight unless set otherwise) and show
// the whole text in a tooltip when the model gives none.
//
// Qt 6.4's QHeaderView cuts such text instead, whatever its textElideMode:
// it hands the mode to the style in a QStyleOptionHeaderV2, but
// QCommonStyle's CE_Header (which Fusion uses) draws the label through
// CE_HeaderLabel with a plain QStyleOptionHeader copy of the option, so the
// mode is lost and the painter's clip to the section cuts the text. Here the
// text is elided before the style gets it, to the label's rect as the style
// computes it (its margins and the sort arrow's room), as Qt 5's
// paintSection did. GUI thread.

#include <QHeaderView>

namespace informant {

class ElidingHeaderView final : public QHeaderView
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ElidingHeaderView)

public:
    explicit ElidingHeaderView(Qt::Orientation orientation, QWidget *parent = nullptr);

    // The text section `logicalIndex` shows at its current size: its header,
    // elided when it does not fit.
    QString shownText(int logicalIndex) const;

protected:
    void initStyleOptionForIndex(QStyleOptionHeader *option, int logicalIndex) const override;
    bool viewportEvent(QEvent *event) override;

private:
    // The width the style leaves for the text of `option`'s section.
    int labelWidth(const QStyleOptionHeader &option, int logicalIndex) const;
};

} // namespace informant
