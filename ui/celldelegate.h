#pragma once

// CellDelegate: paints the resource table's cells with cached text layouts.
// QStyledItemDelegate lays each cell's text out three times per paint (size,
// elision, drawing), which made repaints the GUI thread's main cost under a
// change storm (perf: ~45 % of its CPU in text shaping). Here a cell's text is
// shaped once into a QStaticText and reused while it stays the same; the
// style still draws the selection background and focus frame, so the table
// looks as before. Honours ForegroundRole (the STATUS tone) and an italic
// FontRole (the NAME of an object being deleted). Fading means one thing
// only: while dimmed (the table's watch is not live: its rows are the last
// known state) every cell's text is drawn faded; in a table of several
// clusters only the rows of the clusters whose watch is not live are. A cell
// too narrow for its text is elided and shows the whole text in its tooltip;
// sizeHint() is the text's cached width, so fitting columns to the rows in
// view stays cheap.
// GUI thread.

#include "ui/twogenerationcache.h"

#include <QStaticText>
#include <QStringList>
#include <QStyledItemDelegate>

namespace informant {

class CellDelegate final : public QStyledItemDelegate
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CellDelegate)

public:
    // Layouts per cache generation and font: a few times the cells of a
    // full-screen table, so what is on screen always fits in one generation.
    static constexpr qsizetype kLayoutsPerGeneration = 2048;

    explicit CellDelegate(QObject *parent = nullptr);
    ~CellDelegate() override;

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override;
    // The text's width plus the style's margins (cached, like the layouts).
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    // Tooltips: an elided cell's whole text (with the model's tooltip, if
    // any, below it), else the model's.
    bool helpEvent(QHelpEvent *event, QAbstractItemView *view, const QStyleOptionViewItem &option,
                   const QModelIndex &index) override;

    // `text` as drawn in `width` pixels with `metrics`: itself when it fits,
    // else elided on the right ("…").
    static QString fitted(const QString &text, const QFontMetrics &metrics, int width);
    // Faded text for every cell: the palette's disabled text colour, status
    // tones halfway to it, selected rows' text halfway to the highlight. The
    // caller repaints the view; the cached layouts stay (they hold no
    // colour).
    void setDimmed(bool dimmed) { m_dimmed = dimmed; }
    bool isDimmed() const { return m_dimmed; }
    // Faded text for the rows of `clusters` only, as setDimmed() fades every
    // row: in a table of several clusters (a row's cluster is its
    // ResourceTableModel::KeyRole's, models/clusterrowkey.h) one cluster's
    // rows are the last known state while another's are live.
    void setDimmedClusters(QStringList clusters) { m_dimmedClusters = std::move(clusters); }
    const QStringList &dimmedClusters() const { return m_dimmedClusters; }
    // `index`'s text is drawn faded.
    bool dims(const QModelIndex &index) const;
    qsizetype cachedLayouts() const { return m_layouts[0].size() + m_layouts[1].size(); }

private:
    // The style's item text margin (QCommonStyle: focus frame margin + 1).
    static int textMargin(const QWidget *widget);
    int naturalWidth(const QString &text, const QFont &font, bool italic) const;
    const QStaticText &layoutFor(const QString &text, const QFont &font, bool italic,
                                 int width) const;

    // [0]: the view's font, [1]: italic (objects being deleted). Keyed by text
    // plus, for elided text, the width it was elided to.
    mutable TwoGenerationCache<QStaticText, kLayoutsPerGeneration> m_layouts[2];
    mutable TwoGenerationCache<int, kLayoutsPerGeneration>
        m_widths[2];      // natural width of each text
    mutable QFont m_font; // the font the caches were made with
    bool m_dimmed = false;
    QStringList m_dimmedClusters;
};

} // namespace informant
