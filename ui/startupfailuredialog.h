#pragma once

// StartupFailureDialog: what informant shows when it cannot open its first
// window (no kubeconfig, an unknown context, a bad flag value, a --replay
// file it cannot read or parse), so that a user who started it from the
// desktop entry, with no terminal, learns why. It names what failed and the
// error, and offers the ways on: open the demo cluster, choose another
// kubeconfig file, or quit. GUI thread.

#include <QMessageBox>

namespace informant {

class StartupFailureDialog final : public QMessageBox
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(StartupFailureDialog)

public:
    enum class Choice { Quit, OpenDemo, ChooseKubeconfig };
    // What informant tried to open: a cluster (a kubeconfig's context,
    // --server, the demo), or the recording of --replay.
    enum class Attempt { Cluster, Replay };

    explicit StartupFailureDialog(const QString &error, Attempt attempt = Attempt::Cluster,
                                  QWidget *parent = nullptr);

    // The button the user pressed (Quit when the dialog was closed otherwise).
    Choice choice() const;
    QAbstractButton *buttonFor(Choice choice) const;

private:
    QAbstractButton *m_demo = nullptr;
    QAbstractButton *m_kubeconfig = nullptr;
    QAbstractButton *m_quit = nullptr;
};

} // namespace informant
