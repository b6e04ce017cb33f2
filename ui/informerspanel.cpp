#include "ui/informerspanel.h"

#include "models/informerstatusmodel.h"
#include "models/secondclock.h"
#include "ui/elidingheaderview.h"

#include <QApplication>
#include <QHeaderView>
#include <QPainter>
#include <QStyleOptionProgressBar>
#include <QStyledItemDelegate>
#include <QTableView>
#include <QVBoxLayout>

namespace informant {

namespace {

// The State cell: a coloured dot, the state text, and a progress bar while
// listing.
class StateDelegate final : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override
    {
        QStyleOptionViewItem opt = option;
        initStyleOption(&opt, index);
        const QString text = opt.text;
        opt.text.clear();
        opt.icon = QIcon();
        opt.features &= ~QStyleOptionViewItem::HasDecoration;
        QApplication::style()->drawControl(QStyle::CE_ItemViewItem, &opt, painter, opt.widget);
        const QRect r = option.rect.adjusted(6, 0, -4, 0);
        const QColor dot = index.data(Qt::DecorationRole).value<QColor>();
        const int d = qMin(r.height() - 8, 9);
        painter->save();
        painter->setRenderHint(QPainter::Antialiasing);
        painter->setPen(Qt::NoPen);
        painter->setBrush(dot);
        painter->drawEllipse(QRect(r.left(), r.center().y() - d / 2, d, d));
        painter->restore();
        QRect textRect = r.adjusted(d + 6, 0, 0, 0);
        const int progress = index.data(InformerStatusModel::ProgressRole).toInt();
        if (progress >= 0) {
            QStyleOptionProgressBar bar;
            bar.rect = QRect(textRect.right() - 70, r.top() + 4, 70, r.height() - 8);
            bar.minimum = 0;
            bar.maximum = 100;
            bar.progress = progress;
            bar.state = QStyle::State_Enabled;
            QApplication::style()->drawControl(QStyle::CE_ProgressBar, &bar, painter, opt.widget);
            textRect.setRight(bar.rect.left() - 4);
        }
        painter->setPen(opt.palette.color(QPalette::Text));
        painter->drawText(textRect, Qt::AlignVCenter | Qt::AlignLeft,
                          opt.fontMetrics.elidedText(text, Qt::ElideRight, textRect.width()));
    }
};

} // namespace

InformersPanel::InformersPanel(InformerStatusModel *model, QWidget *parent)
    : QWidget(parent)
    , m_table(new QTableView(this))
{
    // Narrowed headers end in "…", as the main table's.
    auto *header = new ElidingHeaderView(Qt::Horizontal, m_table);
    header->setSectionsClickable(true); // as QTableView's own header
    header->setHighlightSections(true);
    m_table->setHorizontalHeader(header);
    m_table->setModel(model);
    m_table->setItemDelegateForColumn(InformerStatusModel::StateColumn, new StateDelegate(m_table));
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 8);
    m_table->setShowGrid(false);
    m_table->setWordWrap(false);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setFrameShape(QFrame::NoFrame);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->horizontalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    const QFontMetrics fm = fontMetrics();
    m_table->setColumnWidth(InformerStatusModel::ClusterColumn,
                            fm.horizontalAdvance(QStringLiteral("Cluster______________")));
    m_table->setColumnWidth(InformerStatusModel::KindColumn,
                            fm.horizontalAdvance(QStringLiteral("persistentvolumeclaims__")));
    m_table->setColumnWidth(
        InformerStatusModel::StateColumn,
        fm.horizontalAdvance(QStringLiteral("reconnecting in 30 s________________")));
    m_table->setColumnWidth(InformerStatusModel::ObjectsColumn,
                            fm.horizontalAdvance(QStringLiteral("Objects_____")));
    m_table->setColumnWidth(InformerStatusModel::RateColumn,
                            fm.horizontalAdvance(QStringLiteral("Events/s___")));
    m_table->setColumnWidth(InformerStatusModel::RestartsColumn,
                            fm.horizontalAdvance(QStringLiteral("Restarts / relists__")));
    m_table->setColumnWidth(InformerStatusModel::LastEventColumn,
                            fm.horizontalAdvance(QStringLiteral("Last event____")));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_table);
    connect(SecondClock::instance(), &SecondClock::ticked, model, &InformerStatusModel::tick);
    // A one-cluster window's rows all come from its cluster: no column for it.
    const auto showClusters = [this, model] {
        m_table->setColumnHidden(InformerStatusModel::ClusterColumn, !model->hasClusters());
    };
    connect(model, &QAbstractItemModel::rowsInserted, this, showClusters);
    showClusters();
}

} // namespace informant
