#pragma once

// ObjectNavigator: takes MainWindow where it was asked to go by name — a kind
// (--kind podz), an object (an owner link in the details pane, a timeline
// lane, the row shown before a CRD's columns changed) — as soon as it can,
// and says on the notice bar why it cannot: no such kind, a kind the cluster
// does not serve, an object not in the cluster any more, not loaded, or
// hidden by the filters. One wish at a time: the next replaces it, and
// another kind shown drops an object's. Lives in the GUI thread.

#include "models/kindinfo.h"

#include <QObject>
#include <QPointer>
#include <QString>

#include <functional>

namespace informant {

class ClusterSession;
class NoticeBar;
class ResourceView;

class ObjectNavigator final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ObjectNavigator)

public:
    // `showKind` shows a kind in `view` as MainWindow::showKind does (false
    // when it cannot); `shownKind` is the kind shown (invalid: none yet).
    ObjectNavigator(ClusterSession *session, ResourceView *view, NoticeBar *notice,
                    std::function<bool(const KindInfo &)> showKind,
                    std::function<KindInfo()> shownKind, QObject *parent = nullptr);
    ~ObjectNavigator() override;

    // Shows the kind `name` names: at once when it is among the kinds known,
    // else when discovery brings it (onKindsChanged). When the cluster has
    // no such kind, the table says so and shows the closest kind instead
    // ("podz": pods), or the one it showed.
    void showKindNamed(const QString &name);
    // The session's kinds changed: asks again for the kind showKindNamed
    // waits for, if any.
    void onKindsChanged();
    // An owner or reference link: shows the kind, then selects the object
    // (in a table of several clusters, the one in the linking row's cluster).
    void followLink(const QString &apiVersion, const QString &kind, const QString &ns,
                    const QString &name);
    // The same, in a table of several clusters to the object in `cluster`
    // (a timeline lane's: not the current row's).
    void followLinkIn(const QString &cluster, const QString &apiVersion, const QString &kind,
                      const QString &ns, const QString &name);
    // Selects the row of `key` in the shown table as soon as it can: now, or
    // when the table's feed delivers it. When it cannot, the table says why,
    // naming `what` ("ReplicaSet web-abc"): not in the cluster any more, not
    // loaded (the kind's list failed), or hidden by the filters. The next
    // call replaces it; another kind shown drops it.
    void selectWhenPopulated(const QString &key, const QString &what);
    // Why a wish to go to an object is not followed, said by its caller (a
    // timeline lane of an object known to be gone): as selectWhenPopulated's
    // words, the next wish withdraws it.
    void explainUnfollowed(const QString &text);
    // Selects the first row once the table has rows (screenshots, demos).
    void selectFirstRowWhenPopulated();

private:
    void resolveRequestedKind();

    ClusterSession *m_session;
    ResourceView *m_view;
    NoticeBar *m_notice;
    std::function<bool(const KindInfo &)> m_showKind;
    std::function<KindInfo()> m_shownKind;
    QString m_requestedKind;              // by name, waiting for discovery
    QPointer<QObject> m_pendingSelection; // selectWhenPopulated's wish
    QString m_selectionNotice;            // what the last wish said on the table
};

} // namespace informant
