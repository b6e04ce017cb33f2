#pragma once

// TableColumns: the resource table's columns — their widths, order and
// visibility, remembered per kind (QSettings `tables/<kind id>/...`), and
// each column widened to the texts in view ("4 (2m14s ago)", a PVC's
// VOLUME) until the user sets its width. Widths start from sample texts
// (Wireshark's setRecentColumnWidth) for the empty table; with rows, a
// column is as wide as its texts in view and its header (no sample's room
// kept from the columns that need it), and only grows, so nothing jumps
// while scrolling; when the view narrows so that they no longer fit (the
// details pane opens), they are chosen again for it. A column grows
// up to a sensible maximum (NAME: the room the others leave, at least 2/5
// of the view; others: kMaxFittedChars average characters, and the room
// beside the last column, which stretches with the window), past it the
// cell is elided and its tooltip shows the whole text (CellDelegate). The
// texts come before the headers: a header wider than its column's texts
// ("RECLAIM POLICY" over "Delete") is narrowed to its first few characters
// while another column's texts are cut for want of room (a PersistentVolume's
// CLAIM), and gets its width back from the room left once they are whole.
//
// It exists apart from ResourceView because telling the widths the view set
// itself from the widths the user chose is state of its own: the header's
// state is saved at every kind switch, untouched widths too, so only a
// separate list of the columns the user sized lets a later start keep
// fitting the others to long generated pod names instead of freezing a
// sample-text width for good.
// The header's context menu (columnsmenu.h) shows and hides columns through
// it; NAME stays. GUI thread; the view owns it and says when the kind changes.

#include <QList>
#include <QSet>
#include <QString>

#include <functional>

class QMenu;
class QTableView;
class QWidget;

namespace informant {

class ResourceTableModel;

class TableColumns final
{
    Q_DISABLE_COPY_MOVE(TableColumns)

public:
    // A fitted column (NAME aside) grows to at most this many average
    // characters: a PVC's VOLUME (a 40-character pvc-<uid>, its digits wider
    // than the average character) fits whole.
    static constexpr int kMaxFittedChars = 64;
    // The stretched last column (an event's MESSAGE) keeps about this many
    // on screen while the others grow, unless the table scrolls anyway.
    static constexpr int kMinLastColumnChars = 20;
    // A header narrowed for want of room keeps this many characters
    // ("VOLUMEAT"): enough to tell the column, the columns menu naming it
    // whole.
    static constexpr int kMinHeaderChars = 8;

    explicit TableColumns(QTableView *table);

    // `model` (now the table's) shows the kind `kindId`: its columns get the
    // widths, order and visibility last saved for the kind, or the defaults,
    // and the model's sort order on the header.
    void restore(const ResourceTableModel *model, const QString &kindId);
    // The table shows no kind any more (its model is about to go): nothing to
    // save or fit until the next restore().
    void clear();
    // Saves the shown kind's header state and whether the user set its widths.
    void save() const;
    // Widens the columns the user has not sized to the texts in view (NAME
    // first). Cheap (the rows in view only, widths the delegate has cached):
    // call it when rows change, the view scrolls, grows or is shown.
    void fitColumns();
    // The header's show/hide-columns menu (the caller owns it); null when no
    // kind is shown.
    QMenu *createMenu(QWidget *parent);

private:
    void applyDefaultWidths();
    // Notes the widths the view gave the columns itself, and tells them from
    // widths the user has set since (the stretched last column aside).
    void rememberOwnWidths();
    QSet<QString> userSizedColumns() const; // since rememberOwnWidths()
    void noteUserWidths();
    int lastVisibleColumn() const; // logical index; it stretches
    enum class Fit {
        Texts,          // the texts in view, the header as short as compactHeaderWidth()
        TextsAndHeader, // and the whole header
    };
    // Grows `column` to what `fit` asks, at most to `cap` pixels; returns
    // by how much.
    int fitColumn(int column, int cap, Fit fit = Fit::TextsAndHeader);
    // What `column` needs to show `fit`.
    int wantedWidth(int column, Fit fit) const;
    // The least room a header takes: its first kMinHeaderChars and an
    // ellipsis, or the whole header when shorter.
    int compactHeaderWidth(int column) const;
    // Each column `fits` allows: as wide as its texts in view and its
    // compact header, at most its sample width.
    void shrinkToTexts(const std::function<bool(int)> &fits);
    // The view's width less the shown columns', the last one counted at its
    // minimum (kMinLastColumnChars); negative when the table scrolls.
    int roomBesideLastColumn() const;
    int lastColumnMinimum(int last) const;
    int nameCap(int nameColumn) const;
    // The user showed or hid a column from the header's menu.
    void onVisibilityChanged();

    QTableView *m_table;
    const ResourceTableModel *m_model = nullptr; // the shown kind's, null when none
    QString m_kindId;
    QSet<QString> m_userColumns;   // names of the columns the user has sized (remembered)
    QList<int> m_ownWidths;        // per logical column, as the view last set them
    int m_narrowedLast = -1;       // the last column given its minimum width
    int m_fittedViewportWidth = 0; // the view's width when the columns were last fitted
};

} // namespace informant
