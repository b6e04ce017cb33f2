#include "ui/rowcopy.h"

#include "models/clusterrowkey.h"

#include <QClipboard>
#include <QGuiApplication>
#include <QMenu>

namespace informant {

namespace {

QString copiedName(const KubeObject &object, bool withNamespace)
{
    const QString ns = object.namespaceName();
    return withNamespace && !ns.isEmpty() ? ns + u'/' + object.name() : object.name();
}

} // namespace

QString copiedNames(const QList<KubeObject> &objects, bool withNamespace)
{
    QStringList lines;
    lines.reserve(objects.size());
    for (const KubeObject &object : objects)
        lines.append(copiedName(object, withNamespace));
    return lines.join(u'\n');
}

QString copiedRows(const QList<KubeObject> &objects, const QStringList &rowKeys, bool withNamespace)
{
    Q_ASSERT(objects.size() == rowKeys.size());
    QStringList lines;
    lines.reserve(objects.size());
    for (qsizetype i = 0; i < objects.size(); ++i) {
        const QStringView cluster = clusterOfRowKey(rowKeys.at(i));
        const QString name = copiedName(objects.at(i), withNamespace);
        lines.append(cluster.isEmpty() ? name : cluster.toString() + u'\t' + name);
    }
    return lines.join(u'\n');
}

void copyToClipboard(const QString &text)
{
    QClipboard *clipboard = QGuiApplication::clipboard();
    clipboard->setText(text);
    if (clipboard->supportsSelection())
        clipboard->setText(text, QClipboard::Selection);
}

namespace {

void addKubectlMenu(QMenu *menu, const QList<KubeObject> &objects, const QStringList &rowKeys,
                    const KindInfo &kind, const KubectlTargets &targets)
{
    QMenu *kubectl = menu->addMenu(QStringLiteral("Copy as kubectl command"));
    kubectl->setToolTipsVisible(true);
    if (const QString why = targets.whyUnavailable(rowKeys); !why.isEmpty()) {
        kubectl->menuAction()->setEnabled(false);
        kubectl->menuAction()->setToolTip(why);
        return;
    }
    const auto add = [&](const QString &text, KubectlVerb verb) {
        const QString command = kubectlCommand(verb, kind, objects, rowKeys, targets);
        QAction *action =
            kubectl->addAction(text, kubectl, [command] { copyToClipboard(command); });
        action->setToolTip(command);
    };
    add(QStringLiteral("kubectl get … -o yaml"), KubectlVerb::GetYaml);
    add(QStringLiteral("kubectl describe …"), KubectlVerb::Describe);
}

} // namespace

QMenu *createRowMenu(const QList<KubeObject> &objects, const QStringList &rowKeys,
                     const KindInfo &kind, const KubectlTargets &targets, QWidget *parent)
{
    if (objects.isEmpty())
        return nullptr;
    auto *menu = new QMenu(parent);
    // The kubectl submenu says why it is disabled in a tooltip.
    menu->setToolTipsVisible(true);
    const bool several = objects.size() > 1;
    menu->addAction(several ? QStringLiteral("Copy %1 names").arg(objects.size())
                            : QStringLiteral("Copy name"),
                    menu, [objects] { copyToClipboard(copiedNames(objects, false)); });
    if (kind.namespaced)
        menu->addAction(several ? QStringLiteral("Copy %1 namespace/names").arg(objects.size())
                                : QStringLiteral("Copy namespace/name"),
                        menu, [objects] { copyToClipboard(copiedNames(objects, true)); });
    addKubectlMenu(menu, objects, rowKeys, kind, targets);
    return menu;
}

} // namespace informant
