#include "ui/namespacechoice.h"

#include "models/clustersession.h"
#include "models/namespacefacetmodel.h"
#include "ui/filterpane.h"
#include "ui/freshnessbanner.h"
#include "ui/namespacedialog.h"
#include "ui/namespaceentry.h"
#include "ui/noticebar.h"

#include <QAction>
#include <QPointer>
#include <QWidget>

namespace informant {

NamespaceChoice::NamespaceChoice(ClusterSession *session, FilterPane *filter, NoticeBar *notice,
                                 QWidget *window)
    : QObject(window)
    , m_session(session)
    , m_filter(filter)
    , m_window(window)
    , m_action(new QAction(QStringLiteral("Watch one &namespace…"), this))
{
    m_action->setEnabled(session->canWatchOneNamespace());
    connect(m_action, &QAction::triggered, this, [this] { openDialog(); });
    // "Watching namespace web only" is no longer true once every namespace is.
    connect(session, &ClusterSession::noticeWithdrawn, notice, &NoticeBar::withdrawNotice);
    // The entry shows the namespace tried last, for a typo to be corrected.
    connect(session, &ClusterSession::fallbackNamespaceChanged, this,
            [this](const QString &namespaceName) {
                for (FreshnessBanner *banner : std::as_const(m_banners))
                    banner->namespaceEntry()->setNamespaceName(namespaceName);
            });
}

void NamespaceChoice::offerOn(FreshnessBanner *banner, std::function<bool()> kindIsNamespaced)
{
    m_banners.append(banner);
    banner->namespaceEntry()->setNamespaceName(m_session->fallbackNamespace());
    banner->offerNamespaceEntry([session = QPointer<ClusterSession>(m_session),
                                 kindIsNamespaced = std::move(kindIsNamespaced)] {
        return session && session->canWatchOneNamespace() && kindIsNamespaced();
    });
    connect(banner, &FreshnessBanner::namespaceChosen, this, &NamespaceChoice::choose);
}

void NamespaceChoice::choose(const QString &namespaceName)
{
    const QString before = m_session->fallbackNamespace();
    m_session->setFallbackNamespace(namespaceName);
    // As -n at start, the filter shows the namespace; all namespaces again
    // unticks the one chosen, not a choice the user made in the pane since.
    NamespaceFacetModel *namespaces = m_filter->namespaceModel();
    if (!namespaceName.isEmpty())
        namespaces->setChecked({namespaceName});
    else if (!before.isEmpty() && namespaces->checked() == QSet<QString>{before})
        namespaces->setChecked({});
}

NamespaceDialog *NamespaceChoice::openDialog()
{
    auto *dialog = new NamespaceDialog(m_session->fallbackNamespace(), m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &NamespaceDialog::chosen, this, &NamespaceChoice::choose);
    dialog->open();
    return dialog;
}

} // namespace informant
