#pragma once

// CellDelegate: paints the resource table's cells with cached text layouts.
// QStyledItemDelegate lays each cell's text out three times per paint (size,
// elision, drawing), which made repaints the GUI thread's main cost under a
// change storm (perf: ~45 % of its CPU in text shaping). Here a cell's text is
// shaped once into a QStaticText and reused while it stays the same; the
// style still draws the selection background and focus frame, so the table
// looks as before. Honours ForegroundRole and the model's BeingDeletedRole
// (grey italic). While dimmed (the table's watch is not live: its rows are
// the last known state) every cell's text is drawn faded. GUI thread.

#include "ui/twogenerationcache.h"

#include <QStaticText>
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

    // `text` as drawn in `width` pixels with `metrics`: itself when it fits,
    // else elided on the right ("…").
    static QString fitted(const QString &text, const QFontMetrics &metrics, int width);
    // Faded text for every cell: the palette's disabled text colour, status
    // tones halfway to it, selected rows' text halfway to the highlight. The
    // caller repaints the view; the cached layouts stay (they hold no
    // colour).
    void setDimmed(bool dimmed) { m_dimmed = dimmed; }
    bool isDimmed() const { return m_dimmed; }
    qsizetype cachedLayouts() const { return m_layouts[0].size() + m_layouts[1].size(); }

private:
    const QStaticText &layoutFor(const QString &text, const QFont &font, bool italic,
                                 int width) const;

    // [0]: the view's font, [1]: italic (objects being deleted). Keyed by text
    // plus, for elided text, the width it was elided to.
    mutable TwoGenerationCache<QStaticText, kLayoutsPerGeneration> m_layouts[2];
    mutable TwoGenerationCache<int, kLayoutsPerGeneration>
        m_widths[2];      // natural width of each text
    mutable QFont m_font; // the font the caches were made with
    bool m_dimmed = false;
};

} // namespace informant
