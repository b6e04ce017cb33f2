#include "ui/statusbarfields.h"

#include "models/clustersession.h"
#include "models/freshness.h"
#include "models/informerstatusmodel.h"
#include "models/kindsource.h"

#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QStatusBar>
#include <QToolButton>

namespace informant {

StatusBarFields::StatusBarFields(QStatusBar *bar, InformerStatusModel *model,
                                 ClusterSession *session)
    : QObject(bar)
    , m_model(model)
    , m_session(session)
    , m_freshness(new QLabel(bar))
    , m_listProgress(new QProgressBar(bar))
    , m_summary(new QLabel(bar))
    , m_reconnectAll(new QToolButton(bar))
    , m_server(new QLabel(bar))
{
    // While the shown kind lists: how far a relist is (it knows how many
    // objects to expect), or busy on a first list (it does not).
    m_listProgress->setMaximumWidth(120);
    m_listProgress->setMaximumHeight(bar->fontMetrics().height());
    m_listProgress->setTextVisible(false);
    m_listProgress->hide();
    bar->addWidget(m_listProgress);
    bar->addWidget(m_freshness, 1);
    bar->addPermanentWidget(m_summary);
    // Every informer not watching tries again now, not when its backoff
    // ends (after the server is back, waits of up to 30 s were left).
    m_reconnectAll->setText(QStringLiteral("Reconnect all"));
    m_reconnectAll->setAutoRaise(true);
    m_reconnectAll->setToolTip(QStringLiteral("Retry every informer that is not watching, now"));
    m_reconnectAll->hide();
    connect(m_reconnectAll, &QToolButton::clicked, this, [this] {
        for (KindSource *source : m_session->sources()) {
            if (!source->status().healthy())
                source->retryNow();
        }
    });
    bar->addPermanentWidget(m_reconnectAll);
    bar->addPermanentWidget(m_server);
    m_server->setText(session->serverText());
    m_server->setForegroundRole(QPalette::PlaceholderText);
}

void StatusBarFields::showKind(KindSource *source, qint64 objects, qint64 nowMs)
{
    const InformerStatus status = source->status();
    const QColor color = freshnessColor(freshnessLevel(status));
    QString text =
        QStringLiteral("<span style='color:%1'>●</span> <b>%2</b>: %3")
            .arg(color.name(), source->kind().plural, informant::freshnessText(status, nowMs));
    if (status.state == InformerStatus::State::Watching || status.synced)
        text += QStringLiteral(" · %1 objects").arg(QLocale().toString(objects));
    if (status.state == InformerStatus::State::Watching && status.lastEventMs > 0)
        text += QStringLiteral(" · last event ") + lastEventText(status, nowMs);
    if (!status.lastError.isEmpty() && !status.healthy())
        text += QStringLiteral(" · ") + status.lastError.toHtmlEscaped();
    m_freshness->setText(text);
    const bool listing = status.state == InformerStatus::State::Listing;
    if (listing) {
        const int progress = m_model->listingProgress(source);
        m_listProgress->setRange(0, progress < 0 ? 0 : 100); // 0..0: busy
        m_listProgress->setValue(qMax(progress, 0));
    }
    m_listProgress->setVisible(listing);
}

void StatusBarFields::refreshSummary()
{
    m_summary->setText(m_model->summaryText());
    m_reconnectAll->setVisible(m_model->unhealthyCount() > 0);
}

QString StatusBarFields::freshnessText() const
{
    return m_freshness->text();
}

QString StatusBarFields::summaryText() const
{
    return m_summary->text();
}

} // namespace informant
