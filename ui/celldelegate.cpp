#include "ui/celldelegate.h"

#include "models/clusterrowkey.h"
#include "models/resourcetablemodel.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>

namespace informant {

namespace {

QColor mixed(const QColor &a, const QColor &b, qreal towardB)
{
    return QColor::fromRgbF(a.redF() + (b.redF() - a.redF()) * towardB,
                            a.greenF() + (b.greenF() - a.greenF()) * towardB,
                            a.blueF() + (b.blueF() - a.blueF()) * towardB);
}

// The model asks for italics (the NAME of an object being deleted) through
// FontRole; the rest of its font is the view's.
bool italicAt(const QModelIndex &index)
{
    const QVariant font = index.data(Qt::FontRole);
    return font.isValid() && qvariant_cast<QFont>(font).italic();
}

} // namespace

CellDelegate::CellDelegate(QObject *parent)
    : QStyledItemDelegate(parent)
{
}

CellDelegate::~CellDelegate() = default;

QString CellDelegate::fitted(const QString &text, const QFontMetrics &metrics, int width)
{
    if (metrics.horizontalAdvance(text) <= width)
        return text;
    return metrics.elidedText(text, Qt::ElideRight, width);
}

int CellDelegate::textMargin(const QWidget *widget)
{
    const QStyle *style = widget ? widget->style() : QApplication::style();
    return style->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, widget) + 1;
}

int CellDelegate::naturalWidth(const QString &text, const QFont &font, bool italic) const
{
    if (font != m_font) {
        // Zoom, theme or DPI change: every layout is stale.
        for (int i = 0; i < 2; ++i) {
            m_layouts[i].clear();
            m_widths[i].clear();
        }
        m_font = font;
    }
    auto &widths = m_widths[italic ? 1 : 0];
    if (const int *known = widths.find(text))
        return *known;
    QFont drawFont = font;
    drawFont.setItalic(italic);
    return widths.insert(text, QFontMetrics(drawFont).horizontalAdvance(text));
}

const QStaticText &CellDelegate::layoutFor(const QString &text, const QFont &font, bool italic,
                                           int width) const
{
    const int natural = naturalWidth(text, font, italic);
    QFont drawFont = font;
    drawFont.setItalic(italic);
    auto &layouts = m_layouts[italic ? 1 : 0];
    // Most cells fit: keyed by the text alone. Elided ones by text and width.
    const bool fits = natural <= width;
    const QString key = fits ? text : text + QChar(0x1f) + QString::number(width);
    if (QStaticText *cached = layouts.find(key))
        return *cached;
    QStaticText layout(fits ? text : fitted(text, QFontMetrics(drawFont), width));
    layout.setTextFormat(Qt::PlainText);
    layout.setPerformanceHint(QStaticText::AggressiveCaching);
    layout.prepare(QTransform(), drawFont);
    return layouts.insert(key, std::move(layout));
}

QSize CellDelegate::sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    // As QCommonStyle sizes an item view's text (its width plus a margin on
    // each side), from the cached width: QStyledItemDelegate would shape the
    // text again for every cell measured.
    const QString text = index.data(Qt::DisplayRole).toString();
    const int margin = textMargin(option.widget);
    const int width = text.isEmpty() ? 0 : naturalWidth(text, option.font, italicAt(index));
    return QSize(width + 2 * margin, QFontMetrics(option.font).height() + 2 * margin);
}

bool CellDelegate::helpEvent(QHelpEvent *event, QAbstractItemView *view,
                             const QStyleOptionViewItem &option, const QModelIndex &index)
{
    if (!event || !view || event->type() != QEvent::ToolTip || !index.isValid())
        return QStyledItemDelegate::helpEvent(event, view, option, index);
    const QString text = index.data(Qt::DisplayRole).toString();
    const int room = option.rect.width() - 2 * textMargin(view);
    if (text.isEmpty() || naturalWidth(text, option.font, italicAt(index)) <= room)
        return QStyledItemDelegate::helpEvent(event, view, option, index);
    // Rich text, so that a long event message wraps instead of running off
    // the screen; escaped, so that "<none>" or a "<b>" in it stays as it is.
    QString tip = QStringLiteral("<p>%1</p>").arg(text.toHtmlEscaped());
    const QString own = index.data(Qt::ToolTipRole).toString();
    if (!own.isEmpty() && own != text)
        tip += QStringLiteral("<p>%1</p>").arg(own.toHtmlEscaped());
    QToolTip::showText(event->globalPos(), tip, view->viewport(), option.rect);
    return true;
}

bool CellDelegate::dims(const QModelIndex &index) const
{
    if (m_dimmed)
        return true;
    if (m_dimmedClusters.isEmpty())
        return false;
    const QString key = index.data(ResourceTableModel::KeyRole).toString();
    return m_dimmedClusters.contains(clusterOfRowKey(key));
}

void CellDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option,
                         const QModelIndex &index) const
{
    const QWidget *widget = option.widget;
    QStyle *style = widget ? widget->style() : QApplication::style();
    // Background (selection) exactly as the style draws it for item views.
    QStyleOptionViewItem opt = option;
    opt.index = index;
    opt.features |= QStyleOptionViewItem::HasDisplay;
    style->drawPrimitive(QStyle::PE_PanelItemViewItem, &opt, painter, widget);

    const QString text = index.data(Qt::DisplayRole).toString();
    if (!text.isEmpty()) {
        const QPalette::ColorGroup group = !(opt.state & QStyle::State_Enabled) ? QPalette::Disabled
                                           : (opt.state & QStyle::State_Active)
                                               ? QPalette::Normal
                                               : QPalette::Inactive;
        const bool italic = italicAt(index);
        const bool dimmed = dims(index);
        QColor color;
        if (opt.state & QStyle::State_Selected) {
            color = opt.palette.color(group, QPalette::HighlightedText);
            if (dimmed) // still readable on the highlight
                color = mixed(color, opt.palette.color(group, QPalette::Highlight), 0.4);
        } else {
            const QVariant foreground = index.data(Qt::ForegroundRole);
            const QColor faded = opt.palette.color(QPalette::Disabled, QPalette::Text);
            if (foreground.canConvert<QColor>())
                // A status tone keeps its hue: the last known state still
                // tells a crash-looping pod from a running one.
                color = dimmed ? mixed(foreground.value<QColor>(), faded, 0.5)
                               : foreground.value<QColor>();
            else
                color = dimmed ? faded : opt.palette.color(group, QPalette::Text);
        }
        const int margin = textMargin(widget);
        const QRect textRect = opt.rect.adjusted(margin, 0, -margin, 0);
        const QStaticText &layout = layoutFor(text, opt.font, italic, textRect.width());
        QFont font = opt.font;
        font.setItalic(italic);
        painter->save();
        painter->setClipRect(opt.rect);
        painter->setFont(font);
        painter->setPen(color);
        const qreal y = textRect.top() + (textRect.height() - layout.size().height()) / 2.0;
        painter->drawStaticText(QPointF(textRect.left(), y), layout);
        painter->restore();
    }
    if (opt.state & QStyle::State_HasFocus) {
        QStyleOptionFocusRect focus;
        focus.QStyleOption::operator=(opt);
        focus.rect = opt.rect;
        focus.state |= QStyle::State_KeyboardFocusChange | QStyle::State_Item;
        focus.backgroundColor = opt.palette.color(
            (opt.state & QStyle::State_Selected) ? QPalette::Highlight : QPalette::Window);
        style->drawPrimitive(QStyle::PE_FrameFocusRect, &focus, painter, widget);
    }
}

} // namespace informant
