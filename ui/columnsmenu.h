#pragma once

// The table header's context menu: every column of the kind, the wide-only
// ones (a pod's IP, NODE, NOMINATED NODE, READINESS GATES) too, checked when
// shown; toggling one shows or hides it. NAME cannot be hidden: a row without
// it names nothing. The view saves the header's state (visibility included)
// per kind, so the choice survives a restart. GUI thread.

#include <functional>

class QHeaderView;
class QMenu;
class QWidget;

namespace informant {

class RowFormatter;

// `changed` runs after each show or hide.
QMenu *createColumnsMenu(QHeaderView *header, const RowFormatter &formatter,
                         std::function<void()> changed, QWidget *parent);

} // namespace informant
