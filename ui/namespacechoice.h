#pragma once

// NamespaceChoice: the user's choice of one namespace to watch, from the
// forbidden banners' entry ("Watch namespace: [____] [Watch]") or View ▸
// Watch one namespace…. A choice does what -n does at start: it is the
// session's fallback namespace (a kind forbidden in every namespace is
// watched in it, and so are the kinds started after) and the filter pane's
// namespace; "All namespaces" takes both back. The session keeps it for its
// life (a window; informant has no per-context settings to keep it longer).
// GUI thread.

#include <QObject>

#include <functional>

class QAction;
class QWidget;

namespace informant {

class ClusterSession;
class FilterPane;
class FreshnessBanner;
class NamespaceDialog;
class NoticeBar;

class NamespaceChoice final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(NamespaceChoice)

public:
    NamespaceChoice(ClusterSession *session, FilterPane *filter, NoticeBar *notice,
                    QWidget *window);

    // `banner` offers the entry while its kind is forbidden and
    // `kindIsNamespaced()` (a namespace cannot help a Node).
    void offerOn(FreshnessBanner *banner, std::function<bool()> kindIsNamespaced);
    // View ▸ Watch one namespace…
    QAction *menuAction() const { return m_action; }
    // Empty: all namespaces.
    void choose(const QString &namespaceName);
    // The menu's dialog (non-modal to the event loop: tests drive it).
    NamespaceDialog *openDialog();

private:
    ClusterSession *m_session;
    FilterPane *m_filter;
    QWidget *m_window;
    QAction *m_action;
    QList<FreshnessBanner *> m_banners;
};

} // namespace informant
