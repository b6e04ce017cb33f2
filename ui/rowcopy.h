#pragma once

// Copying table rows: what "Copy name", "Copy namespace/name", "Copy as
// kubectl command" and Ctrl+C put on the clipboard, and the rows' context
// menu that offers them. Read-only: the menu has no action that changes the
// cluster, and its kubectl commands only read (kubectlcommand.h).
//
// Ctrl+C copies one line per selected row, top down: `namespace/name` for a
// namespaced kind while the table may show several namespaces (the filter
// pane has not narrowed it to exactly one), else the bare name — what a
// `kubectl -n NS get pod NAME` line or a script reading the lines needs
// without guessing which namespace a bare name was in. In a window of
// several clusters each line starts with the row's CLUSTER and a tab, as the
// table's first column shows it: web-1 of two clusters pasted are told
// apart, and `cut -f2` still gives the names. GUI thread.

#include "informer/core/kubeobject.h"
#include "models/kindinfo.h"
#include "ui/kubectlcommand.h"

#include <QList>
#include <QString>

class QMenu;
class QWidget;

namespace informant {

// One line per object: "name", or "namespace/name" when `withNamespace` and
// the object has one.
QString copiedNames(const QList<KubeObject> &objects, bool withNamespace);

// What Ctrl+C copies of the rows `rowKeys` holding `objects` (the same
// order): copiedNames()' lines, each after its cluster and a tab when its
// row key names one (models/clusterrowkey.h).
QString copiedRows(const QList<KubeObject> &objects, const QStringList &rowKeys,
                   bool withNamespace);

// Puts `text` on the clipboard (and the X11 selection, where there is one).
void copyToClipboard(const QString &text);

// The rows' context menu for `objects` (the selected rows `rowKeys`, in the
// same order, of `kind`): "Copy name", "Copy namespace/name" for a
// namespaced kind, and "Copy as kubectl command" (get -o yaml, describe),
// each row's cluster reached by its target, disabled with the reason as
// tooltip when one has none (a replay). Null for no objects.
QMenu *createRowMenu(const QList<KubeObject> &objects, const QStringList &rowKeys,
                     const KindInfo &kind, const KubectlTargets &targets, QWidget *parent);

} // namespace informant
