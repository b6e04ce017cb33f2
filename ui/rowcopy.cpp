#include "ui/rowcopy.h"

#include <QClipboard>
#include <QGuiApplication>
#include <QMenu>

namespace informant {

QString copiedNames(const QList<KubeObject> &objects, bool withNamespace)
{
    QStringList lines;
    lines.reserve(objects.size());
    for (const KubeObject &object : objects) {
        const QString ns = object.namespaceName();
        lines.append(withNamespace && !ns.isEmpty() ? ns + u'/' + object.name() : object.name());
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

QMenu *createRowMenu(const QList<KubeObject> &objects, bool namespaced, QWidget *parent)
{
    if (objects.isEmpty())
        return nullptr;
    auto *menu = new QMenu(parent);
    const bool several = objects.size() > 1;
    menu->addAction(several ? QStringLiteral("Copy %1 names").arg(objects.size())
                            : QStringLiteral("Copy name"),
                    menu, [objects] { copyToClipboard(copiedNames(objects, false)); });
    if (namespaced)
        menu->addAction(several ? QStringLiteral("Copy %1 namespace/names").arg(objects.size())
                                : QStringLiteral("Copy namespace/name"),
                        menu, [objects] { copyToClipboard(copiedNames(objects, true)); });
    return menu;
}

} // namespace informant
