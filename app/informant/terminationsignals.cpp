#include "terminationsignals.h"

#include <QApplication>
#include <QSocketNotifier>

#include <csignal>

#include <fcntl.h>
#include <unistd.h>

namespace informant {

namespace {

int g_signalPipe[2] = {-1, -1};
constexpr int kSignals[] = {SIGTERM, SIGHUP, SIGINT};

// Async-signal-safe only: a byte for the event loop, and the default back
// for a second signal.
void onSignal(int signal)
{
    const char byte = 1;
    [[maybe_unused]] const ssize_t written = ::write(g_signalPipe[1], &byte, 1);
    std::signal(signal, SIG_DFL);
}

} // namespace

void closeWindowsOnTerminationSignals()
{
    if (::pipe2(g_signalPipe, O_CLOEXEC) != 0)
        return; // the signals keep their default
    auto *notifier = new QSocketNotifier(g_signalPipe[0], QSocketNotifier::Read, qApp);
    QObject::connect(notifier, &QSocketNotifier::activated, qApp, [notifier] {
        notifier->setEnabled(false);
        QApplication::closeAllWindows(); // each saves its settings, as on a user's close
        QCoreApplication::quit();
    });
    for (const int signal : kSignals)
        std::signal(signal, onSignal);
}

} // namespace informant
