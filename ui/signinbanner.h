#pragma once

// SignInBanner: the strip at the top of the window that shows what the
// cluster's credential plugin (kubelogin, aws, gke-gcloud-auth-plugin)
// writes for the user while it runs: a URL to open, a device code to enter.
// Started from a desktop launcher there is no terminal to read it in, and
// without it the window would wait in silence until the plugin gave up.
// Links open in the browser; the text can be selected and copied. Taken down
// when the plugin signs in; kept, saying so, when it fails (each kind's
// freshness banner then says why its list failed).

#include "models/freshness.h"

#include <QFrame>
#include <QStringList>

class QLabel;

namespace informant {

class SignInBanner final : public QFrame
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SignInBanner)

public:
    explicit SignInBanner(QString context, QWidget *parent = nullptr);

    void addLine(const QString &line);
    void finish(const QString &error);

    // What the banner says, as plain text (its heading, then the lines).
    QString text() const;
    // The lines as shown: HTML with links.
    QString linesHtml() const;

private:
    void setTone(FreshnessLevel level);
    void showLines();

    QString m_context;
    QStringList m_lines;
    bool m_finished = false;
    QLabel *m_heading;
    QLabel *m_body;
};

} // namespace informant
