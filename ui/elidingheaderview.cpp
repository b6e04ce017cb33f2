#include "ui/elidingheaderview.h"

#include <QHelpEvent>
#include <QStyleOptionHeaderV2>
#include <QToolTip>

namespace informant {

ElidingHeaderView::ElidingHeaderView(Qt::Orientation orientation, QWidget *parent)
    : QHeaderView(orientation, parent)
{
    // QHeaderView's own default is ElideNone.
    setTextElideMode(Qt::ElideRight);
}

QString ElidingHeaderView::shownText(int logicalIndex) const
{
    QStyleOptionHeaderV2 option;
    initStyleOption(&option);
    initStyleOptionForIndex(&option, logicalIndex);
    return option.text;
}

void ElidingHeaderView::initStyleOptionForIndex(QStyleOptionHeader *option, int logicalIndex) const
{
    QHeaderView::initStyleOptionForIndex(option, logicalIndex);
    if (textElideMode() == Qt::ElideNone || option->text.isEmpty())
        return;
    // Drawn in the font the model asks for, if any (paintSection sets it).
    const QVariant font = model()->headerData(logicalIndex, orientation(), Qt::FontRole);
    const QFontMetrics metrics =
        font.canConvert<QFont>() ? QFontMetrics(font.value<QFont>()) : option->fontMetrics;
    option->text =
        metrics.elidedText(option->text, textElideMode(), labelWidth(*option, logicalIndex));
}

int ElidingHeaderView::labelWidth(const QStyleOptionHeader &option, int logicalIndex) const
{
    // paintSection gives the option its section's rect only after
    // initStyleOptionForIndex; the label's width depends on the size alone.
    QStyleOptionHeader section = option;
    section.rect = orientation() == Qt::Horizontal
                       ? QRect(0, 0, sectionSize(logicalIndex), height())
                       : QRect(0, 0, width(), sectionSize(logicalIndex));
    int width = style()->subElementRect(QStyle::SE_HeaderLabel, &section, this).width();
    // CE_HeaderLabel draws an icon first, then the text beside it.
    if (!option.icon.isNull())
        width -= style()->pixelMetric(QStyle::PM_SmallIconSize, &section, this) +
                 style()->pixelMetric(QStyle::PM_HeaderMargin, &section, this);
    return qMax(0, width);
}

bool ElidingHeaderView::viewportEvent(QEvent *event)
{
    if (event->type() != QEvent::ToolTip || !model())
        return QHeaderView::viewportEvent(event);
    const auto *help = static_cast<QHelpEvent *>(event);
    const int section = logicalIndexAt(help->pos());
    // The model's own tooltip comes first (QHeaderView shows it).
    if (section < 0 || model()->headerData(section, orientation(), Qt::ToolTipRole).isValid())
        return QHeaderView::viewportEvent(event);
    const QString whole = model()->headerData(section, orientation()).toString();
    if (shownText(section) == whole)
        return QHeaderView::viewportEvent(event);
    const int position = sectionViewportPosition(section);
    const QRect sectionRect = orientation() == Qt::Horizontal
                                  ? QRect(position, 0, sectionSize(section), viewport()->height())
                                  : QRect(0, position, viewport()->width(), sectionSize(section));
    QToolTip::showText(help->globalPos(), whole, viewport(), sectionRect);
    return true;
}

} // namespace informant
