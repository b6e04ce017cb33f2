#include "ui/startupfailuredialog.h"

#include <QPushButton>

namespace informant {

StartupFailureDialog::StartupFailureDialog(const QString &error, Attempt attempt, QWidget *parent)
    : QMessageBox(parent)
{
    setObjectName(QStringLiteral("startupFailureDialog"));
    setWindowTitle(QStringLiteral("Informant"));
    setIcon(QMessageBox::Warning);
    // Plain text: the message quotes files and server answers, never markup.
    setTextFormat(Qt::PlainText);
    if (attempt == Attempt::Replay) {
        // No cluster was tried: the file could not be read or is no recording.
        setText(QStringLiteral("Informant could not open the recording to replay.\n\n") + error);
        setInformativeText(QStringLiteral("You can open the built-in demo cluster, connect to a "
                                          "cluster with a kubeconfig file, or quit."));
    } else {
        setText(QStringLiteral("Informant could not connect to a cluster.\n\n") + error);
        setInformativeText(QStringLiteral("You can open the built-in demo cluster, choose another "
                                          "kubeconfig file, or quit."));
    }
    m_demo = addButton(QStringLiteral("Open &demo cluster"), QMessageBox::AcceptRole);
    m_kubeconfig = addButton(QStringLiteral("&Choose kubeconfig…"), QMessageBox::ActionRole);
    m_quit = addButton(QStringLiteral("&Quit"), QMessageBox::RejectRole);
    setDefaultButton(qobject_cast<QPushButton *>(m_demo));
    setEscapeButton(m_quit);
}

StartupFailureDialog::Choice StartupFailureDialog::choice() const
{
    if (clickedButton() == m_demo)
        return Choice::OpenDemo;
    if (clickedButton() == m_kubeconfig)
        return Choice::ChooseKubeconfig;
    return Choice::Quit;
}

QAbstractButton *StartupFailureDialog::buttonFor(Choice choice) const
{
    switch (choice) {
    case Choice::OpenDemo:
        return m_demo;
    case Choice::ChooseKubeconfig:
        return m_kubeconfig;
    case Choice::Quit:
        break;
    }
    return m_quit;
}

} // namespace informant
