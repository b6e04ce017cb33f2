#pragma once

// ResourceView: the centre of the window — one kind's live table with its
// title and counts, the quick filter (`/`), the label selector box (`Ctrl+L`,
// kubectl syntax, errors inline) and the freshness banner above the table
// when the watch is not healthy, its rows faded meanwhile. (What the window
// could not do as asked is the window's NoticeBar, above the table and the
// timeline alike.)
//
// Keeps the selection and the scroll position while rows change: the rows in
// view are re-found by key after every batch (scrollanchor.h). A kind opens
// in the order the user last sorted it in, else in its own
// (KindInfo::defaultSort: events newest first): tableorder.h. Column widths,
// order and visibility are remembered per kind; until the user sets a kind's
// widths, NAME is widened to the names shown, into the room the other
// columns leave (tablecolumns.h). The header's context menu shows and hides
// columns (NAME stays); the rows' menu and Ctrl+C copy names, the menu also
// kubectl commands that show the rows' objects (see rowcopy.h).

#include "informer/core/kubeobject.h"
#include "models/facetselection.h"
#include "models/tablefeed.h"
#include "ui/elidedlabel.h"
#include "ui/kubectlcommand.h"
#include "ui/scrollanchor.h"
#include "ui/tablecolumns.h"

#include <QWidget>

class QLabel;
class QLineEdit;
class QMenu;
class QTableView;
class QTimer;

namespace informant {

class CellDelegate;
class FreshnessBanner;

class ResourceView final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ResourceView)

public:
    explicit ResourceView(QWidget *parent = nullptr);
    ~ResourceView() override;

    // Shows `source` (the view owns the feed it creates for it).
    void setSource(KindSource *source, std::shared_ptr<const RowFormatter> formatter,
                   TableFeed::Threading threading = TableFeed::Threading::Worker);
    KindSource *source() const;
    TableFeed *feed() const { return m_feed; }
    QTableView *table() const { return m_table; }
    QLineEdit *quickFilter() const { return m_quick; }
    QLineEdit *selectorBox() const { return m_selector; }
    QLabel *selectorError() const { return m_selectorError; }
    FreshnessBanner *banner() const { return m_banner; }
    QLabel *emptyHint() const { return m_emptyHint; }
    // The kind's plural, as the sidebar tree names it ("NetworkPolicies").
    ElidedLabel *title() const { return m_title; }
    // The rows are drawn faded: the shown kind's informer is not watching,
    // so they are the last known state (the banner says why).
    bool rowsDimmed() const;

    void focusQuickFilter();
    void focusSelector();
    // Esc: clears the focused box, else the quick filter, else the selector.
    // Returns false when there was nothing to clear.
    bool clearFilters();
    // The quick filter, the selector or the filter pane's facets hide rows.
    bool filtersActive() const;
    void setFacets(const FacetSelection &facets, const QString &description);
    // The object the user chose: the current row when it is selected (the
    // details pane follows it). Null when the current row is not selected.
    KubeObject currentObject() const;
    // The selected rows' objects, top down.
    QList<KubeObject> selectedObjects() const;
    // Their row keys, in the same order.
    QStringList selectedKeys() const;
    // Ctrl+C: the selected rows' names on the clipboard (rowcopy.h's rule).
    void copySelection() const;
    // How kubectl reaches this window's cluster, for the rows' "Copy as
    // kubectl command" (none by default: the entry says so, disabled).
    void setKubectlTarget(const KubectlTarget &target) { m_kubectlTargets.single = target; }
    // The same for a window of several clusters: each row's own cluster's.
    void setKubectlTargets(const KubectlTargets &targets) { m_kubectlTargets = targets; }
    // The menus the table and its header open on a right click (the caller
    // owns them; null when there is nothing to offer).
    QMenu *rowMenu(const QPoint &viewportPos);
    QMenu *columnsMenu();
    bool selectKey(const QString &key);
    // Sorts by the column named `name` ("AGE"); false when there is none.
    bool sortByColumnName(const QString &name, Qt::SortOrder order);
    void saveColumns() const;

Q_SIGNALS:
    // The selected object, and again whenever it changes in the cache.
    void currentObjectChanged(const informant::KubeObject &object);
    // The selected object left the table: deleted from the cluster, or now
    // hidden by the filters. `lastState` is what it was; nothing is selected
    // (Qt would have moved the selection to a neighbour the user never chose)
    // until the filters show the row again, which selects it again.
    void currentObjectGone(const informant::KubeObject &lastState, bool deleted);
    // Enter or double click.
    void objectActivated(const informant::KubeObject &object);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void buildLayout();
    // The shown kind's remembered columns, and its order on the header.
    void restoreColumns(const QString &kindId);
    void updateCounts();
    void updateFreshness();
    void updateEmptyHint();
    void onSelectorEdited();
    void applyQuickFilter();
    // Applies a quick filter or selector still waiting for its debounce;
    // true when there was one.
    bool applyPendingFilters();
    // Shows the box's parse error under it, or hides it; true when the text
    // is a valid selector.
    bool showSelectorError();
    void applySelector();
    void emitCurrentIfChanged();
    // Selects the row the filters hid while it was selected, now that they
    // show it again, unless the user has chosen another row meanwhile.
    void reselectHiddenRow();
    // Namespace/name when the table may show several namespaces.
    bool copiesNamespaces() const;

    ElidedLabel *m_title;
    QLabel *m_counts;
    ElidedLabel *m_facetsLabel;
    QLineEdit *m_quick;
    QLineEdit *m_selector;
    QLabel *m_selectorError;
    FreshnessBanner *m_banner;
    QTableView *m_table;
    QLabel *m_emptyHint;
    CellDelegate *m_delegate;
    QTimer *m_quickDebounce;
    QTimer *m_selectorDebounce;
    TableFeed *m_feed = nullptr;
    FacetSelection m_facets; // the filter pane's choice, for the next kind's feed
    TableColumns m_columns;  // widths, order and visibility per kind
    ScrollAnchor m_anchor;   // the rows in view, kept across batches
    KubectlTargets m_kubectlTargets;
    KubeObject m_lastCurrent;
    // Its row's key: a table of several clusters keys rows by cluster too.
    QString m_lastCurrentKey;
    bool m_clearingCurrent = false; // the selection is being cleared on purpose
    // The selected row the filters hid (empty: none), and its object's uid.
    QString m_hiddenKey;
    QString m_hiddenUid;
};

} // namespace informant
