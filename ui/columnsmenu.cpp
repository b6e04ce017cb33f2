#include "ui/columnsmenu.h"

#include "models/rowformatter.h"

#include <QHeaderView>
#include <QMenu>

namespace informant {

QMenu *createColumnsMenu(QHeaderView *header, const RowFormatter &formatter,
                         std::function<void()> changed, QWidget *parent)
{
    auto *menu = new QMenu(parent);
    menu->setToolTipsVisible(true);
    // In the order the header shows them (columns may have been dragged).
    for (int visual = 0; visual < header->count(); ++visual) {
        const int column = header->logicalIndex(visual);
        if (column < 0 || column >= formatter.columnCount())
            continue;
        const RowFormatter::Column &info = formatter.columns().at(column);
        QAction *action = menu->addAction(info.name);
        action->setCheckable(true);
        action->setChecked(!header->isSectionHidden(column));
        if (info.priority > 0)
            action->setToolTip(QStringLiteral("Shown by kubectl get -o wide"));
        if (column == formatter.nameColumn()) {
            action->setEnabled(false);
            action->setToolTip(QStringLiteral("NAME is always shown"));
            continue;
        }
        QObject::connect(action, &QAction::toggled, header, [header, column, changed](bool on) {
            header->setSectionHidden(column, !on);
            if (on && header->sectionSize(column) < header->minimumSectionSize())
                header->resizeSection(column, header->defaultSectionSize());
            if (changed)
                changed();
        });
    }
    return menu;
}

} // namespace informant
