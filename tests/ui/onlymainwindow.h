#pragma once

// The window the tests that start app/informant's Application in-process
// look at: the one MainWindow it has shown.

#include "ui/mainwindow.h"

#include <QApplication>

namespace informant::test {

// The visible MainWindow when it is the only one; null when none is, or
// more than one.
inline MainWindow *onlyMainWindow()
{
    MainWindow *found = nullptr;
    for (QWidget *w : QApplication::topLevelWidgets()) {
        if (auto *window = qobject_cast<MainWindow *>(w); window && window->isVisible()) {
            if (found)
                return nullptr;
            found = window;
        }
    }
    return found;
}

} // namespace informant::test
