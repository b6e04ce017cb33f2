#include "ui/statusbarfields.h"

#include "models/clustersession.h"
#include "models/freshness.h"
#include "models/informerstatusmodel.h"
#include "models/kindsource.h"
#include "ui/freshnessbanner.h"

#include <QEvent>
#include <QFontMetrics>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QStatusBar>
#include <QToolButton>

#include <algorithm>

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
    // As wide as the bar leaves it, its text cut to fit (showFreshness).
    m_freshness->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_freshness->installEventFilter(this);
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

void StatusBarFields::showKind(KindSource *source, qint64 objects, qint64 nowMs,
                               qint64 notWatchedSinceMs)
{
    const InformerStatus status = source->status();
    const QColor color = freshnessColor(freshnessLevel(status));
    m_kindSource = source;
    m_kindShown = source->kind().plural;
    m_freshnessPrefix = QStringLiteral("<span style='color:%1'>●</span> <b>%2</b>: ")
                            .arg(color.name(), m_kindShown.toHtmlEscaped());
    QString detail = informant::freshnessText(status, nowMs);
    if (status.state == InformerStatus::State::Watching || status.synced)
        detail += objects == 1 ? QStringLiteral(" · 1 object")
                               : QStringLiteral(" · %1 objects").arg(QLocale().toString(objects));
    if (const QString lastEvent = lastEventPhrase(status, nowMs); !lastEvent.isEmpty())
        detail += QStringLiteral(" · ") + lastEvent;
    // The rows shown are the last known state: how old it is.
    if (status.synced && status.state != InformerStatus::State::Watching && notWatchedSinceMs >= 0)
        detail += QStringLiteral(" · ") + notWatchedFor(nowMs - notWatchedSinceMs);
    if (!status.lastError.isEmpty() && !status.healthy())
        detail += QStringLiteral(" · ") + status.lastError;
    m_freshnessDetail = detail;
    showFreshness();
    const bool listing = status.state == InformerStatus::State::Listing;
    if (listing) {
        const int progress = m_model->listingProgress(source);
        m_listProgress->setRange(0, progress < 0 ? 0 : 100); // 0..0: busy
        m_listProgress->setValue(qMax(progress, 0));
    }
    m_listProgress->setVisible(listing);
}

void StatusBarFields::showSelectedRow(KindSource *source, const QString &cluster,
                                      const KubeObject &object)
{
    QString row;
    if (!cluster.isEmpty() && !object.isNull()) {
        const QString ns = object.namespaceName();
        row = cluster + QStringLiteral(": ") +
              (ns.isEmpty() ? object.name() : ns + u'/' + object.name());
    }
    if (source == m_selectedRowSource && row == m_selectedRow)
        return;
    m_selectedRowSource = source;
    m_selectedRow = row;
    if (!m_freshnessPrefix.isEmpty())
        showFreshness();
}

QString StatusBarFields::selectedRowPart() const
{
    // Over the timeline the bar tells of the events: the table's row behind
    // it is not what is on screen.
    if (m_selectedRow.isEmpty() || !m_kindSource || m_kindSource != m_selectedRowSource)
        return {};
    return QStringLiteral(" · ") + m_selectedRow;
}

void StatusBarFields::showFreshness()
{
    // A server's error is often longer than the bar: cut at a word's middle
    // by the informers' phrase, it read as the whole message. It ends in
    // "…" instead, and is whole in the tooltip.
    QFont bold = m_freshness->font();
    bold.setBold(true);
    const QFontMetrics metrics(m_freshness->font());
    const int prefixWidth =
        metrics.horizontalAdvance(QStringLiteral("● ")) +
        QFontMetrics(bold).horizontalAdvance(m_kindShown + QStringLiteral(": "));
    const int room = qMax(m_freshness->contentsRect().width() - prefixWidth, 0);
    // The selected row keeps half the room at least when the detail (a long
    // error) would take it all: which cluster's row it is is what it tells.
    // Its middle goes first, so the cluster and the name's end stay.
    const QString rowPart = selectedRowPart();
    const int rowRoom = qMax(room - metrics.horizontalAdvance(m_freshnessDetail), room / 2);
    const QString rowShown = metrics.elidedText(rowPart, Qt::ElideMiddle, rowRoom);
    const QString shown = metrics.elidedText(m_freshnessDetail, Qt::ElideRight,
                                             qMax(room - metrics.horizontalAdvance(rowShown), 0));
    m_freshness->setText(m_freshnessPrefix + (shown + rowShown).toHtmlEscaped());
    // One line per part, the long ones wrapped by Qt (rich text): a tooltip
    // of one line may be wider than the screen.
    QStringList lines;
    for (const QString &part : (m_freshnessDetail + rowPart).split(QStringLiteral(" · ")))
        lines.append(part.toHtmlEscaped());
    lines.first().prepend(m_kindShown.toHtmlEscaped() + QStringLiteral(": "));
    m_freshness->setToolTip(
        shown == m_freshnessDetail && rowShown == rowPart
            ? QString()
            : QStringLiteral("<p style='white-space:pre-wrap'>%1</p>").arg(lines.join(u'\n')));
}

bool StatusBarFields::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_freshness && event->type() == QEvent::Resize && !m_freshnessPrefix.isEmpty())
        showFreshness();
    return QObject::eventFilter(watched, event);
}

void StatusBarFields::refreshSummary()
{
    m_summary->setText(m_model->summaryText());
    // Not for refusals only, which trying sooner cannot end (a 403).
    const QList<KindSource *> sources = m_session->sources();
    m_reconnectAll->setVisible(
        m_model->unhealthyCount() > 0 &&
        std::any_of(sources.begin(), sources.end(), [](const KindSource *source) {
            const InformerStatus status = source->status();
            return !status.healthy() && FreshnessBanner::retryMayHelp(status);
        }));
}

QString StatusBarFields::freshnessText() const
{
    return m_freshnessPrefix + (m_freshnessDetail + selectedRowPart()).toHtmlEscaped();
}

QString StatusBarFields::summaryText() const
{
    return m_summary->text();
}

} // namespace informant
