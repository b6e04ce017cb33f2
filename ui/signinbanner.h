#pragma once

// SignInBanner: the strip at the top of the window that shows what the
// cluster's credential plugin (kubelogin, aws, gke-gcloud-auth-plugin)
// writes for the user while it runs: a URL to open, a device code to enter.
// Started from a desktop launcher there is no terminal to read it in, and
// without it the window would wait in silence until the plugin gave up.
// Links open in the browser; the text can be selected and copied. A plugin
// that writes nothing (kubelogin waiting for a browser it could not open, an
// aws profile hanging on SSO) is named all the same, with how long it has
// waited, once its run has lasted long enough to be noticed (a plugin that
// hands over a cached token at once does not flash the banner). Taken down
// when the plugin signs in; kept, saying so, when it fails after it was shown
// (each kind's freshness banner then says why its list failed).

#include "models/freshness.h"

#include <QFrame>
#include <QStringList>

class QLabel;
class QTimer;

namespace informant {

class SignInBanner final : public QFrame
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SignInBanner)

public:
    explicit SignInBanner(QString context, QWidget *parent = nullptr);

    // A run of the plugin `commandName` (no arguments) began; shown after
    // kQuietRunMs if it has written nothing by then.
    void start(const QString &commandName);
    void addLine(const QString &line);
    void finish(const QString &error);

    static constexpr int kQuietRunMs = 1000;

    // What the banner says, as plain text (its heading, then the lines, or
    // what it says of a run that wrote none).
    QString text() const;
    // The lines as shown: HTML with links.
    QString linesHtml() const;

private:
    // A new run begins (from start(), or from a line when start() was missed).
    void beginRun();
    // The run has written nothing: says whom it waits for all the same.
    void showQuietRun();
    // "the credential plugin kubelogin"
    QString pluginPhrase() const;
    // "Waiting for the credential plugin kubelogin to sign in to prod… (12 s)"
    void showWaitingHeading();
    void setTone(FreshnessLevel level);
    // Plain text in place of the lines, for a run that wrote none.
    void showNote(const QString &note);
    void showLines();

    QString m_context;
    QString m_commandName; // empty until a run names it
    QStringList m_lines;
    QString m_note; // shown while there are no lines
    bool m_running = false;
    qint64 m_startedMs = 0; // SecondClock::nowMs() at the run's start
    QLabel *m_heading;
    QLabel *m_body;
    QTimer *m_quietRun; // shows a run that has written nothing yet
};

} // namespace informant
