#include "ui/timeline/timelinewidget.h"

#include "models/freshness.h"
#include "models/kindsource.h"
#include "models/secondclock.h"
#include "ui/elidedlabel.h"
#include "ui/freshnessbanner.h"
#include "ui/timeline/timelinecanvas.h"

#include <QAction>
#include <QButtonGroup>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QMenu>
#include <QSettings>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>

#include <utility>

namespace informant {

namespace {

constexpr QLatin1String kLaneOrderSetting("timeline/laneOrder");

QToolButton *toolButton(const QString &text, const QString &toolTip, QWidget *parent)
{
    auto *button = new QToolButton(parent);
    button->setText(text);
    button->setToolTip(toolTip);
    button->setAutoRaise(true);
    button->setToolButtonStyle(Qt::ToolButtonTextOnly);
    return button;
}

} // namespace

TimelineWidget::TimelineWidget(EventStore *store, QWidget *parent)
    : QWidget(parent)
    , m_store(store)
    , m_canvas(new TimelineCanvas(store, this))
    , m_follow(toolButton(tr("Follow live"), tr("Keep now at the right edge (F)"), this))
    , m_warningsOnly(toolButton(tr("Warnings only"), tr("Show only Warning events"), this))
    , m_reasons(toolButton(tr("All reasons"), tr("Show only events with these reasons"), this))
    , m_reasonMenu(new QMenu(this))
    , m_orderByActivity(toolButton(tr("Activity"),
                                   tr("Lanes with Warnings in view first, then the most recently "
                                      "active"),
                                   this))
    , m_orderByName(toolButton(tr("Name"), tr("Lanes by name, as the table"), this))
    , m_summary(new ElidedLabel(this))
    , m_banner(new FreshnessBanner(this))
{
    auto *bar = new QHBoxLayout;
    bar->setContentsMargins(6, 2, 6, 2);
    bar->setSpacing(2);
    m_follow->setCheckable(true);
    m_follow->setChecked(m_canvas->followLive());
    m_warningsOnly->setCheckable(true);
    auto *fit = toolButton(tr("Fit"), tr("Show all matching events (Home)"), this);
    auto *zoomIn = toolButton(tr("+"), tr("Zoom in (+, mouse wheel)"), this);
    auto *zoomOut = toolButton(tr("\u2212"), tr("Zoom out (-, mouse wheel)"), this);
    m_reasons->setPopupMode(QToolButton::InstantPopup);
    m_reasons->setMenu(m_reasonMenu);
    m_summary->setForegroundRole(QPalette::PlaceholderText);
    for (QWidget *w : {static_cast<QWidget *>(m_follow), static_cast<QWidget *>(fit),
                       static_cast<QWidget *>(zoomIn), static_cast<QWidget *>(zoomOut),
                       static_cast<QWidget *>(m_warningsOnly), static_cast<QWidget *>(m_reasons)})
        bar->addWidget(w);
    auto *orderLabel = new QLabel(tr("Order:"), this);
    orderLabel->setContentsMargins(12, 0, 2, 0);
    bar->addWidget(orderLabel);
    auto *order = new QButtonGroup(this);
    for (QToolButton *button : {m_orderByActivity, m_orderByName}) {
        button->setCheckable(true);
        order->addButton(button);
        bar->addWidget(button);
    }
    bar->addStretch(1);
    bar->addWidget(m_summary);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addLayout(bar);
    auto *bannerMargins = new QVBoxLayout;
    bannerMargins->setContentsMargins(8, 2, 8, 4);
    bannerMargins->addWidget(m_banner);
    layout->addLayout(bannerMargins);
    connect(m_banner, &FreshnessBanner::retryRequested, this, [this] {
        if (m_source)
            m_source->retryNow();
    });
    layout->addWidget(m_canvas, 1);

    const auto centre = [this] {
        const TimelineView view = m_canvas->view();
        return view.plotLeft() + view.plotWidth() / 2.0;
    };
    connect(m_follow, &QToolButton::toggled, m_canvas, &TimelineCanvas::setFollowLive);
    connect(m_canvas, &TimelineCanvas::followLiveChanged, m_follow, &QToolButton::setChecked);
    connect(fit, &QToolButton::clicked, m_canvas, &TimelineCanvas::zoomToFit);
    connect(zoomIn, &QToolButton::clicked, this,
            [this, centre] { m_canvas->zoomBy(1.5, centre()); });
    connect(zoomOut, &QToolButton::clicked, this,
            [this, centre] { m_canvas->zoomBy(1 / 1.5, centre()); });
    connect(m_warningsOnly, &QToolButton::toggled, m_canvas, &TimelineCanvas::setWarningsOnly);
    connect(m_reasonMenu, &QMenu::aboutToShow, this, &TimelineWidget::fillReasonMenu);
    const std::optional<LaneOrder> savedOrder =
        laneOrderFromId(QSettings().value(kLaneOrderSetting).toString());
    setLaneOrder(savedOrder.value_or(LaneOrder::Activity));
    for (const auto &[button, choice] : {std::pair{m_orderByActivity, LaneOrder::Activity},
                                         std::pair{m_orderByName, LaneOrder::Name}}) {
        connect(button, &QToolButton::clicked, this, [this, choice] {
            setLaneOrder(choice);
            QSettings().setValue(kLaneOrderSetting, laneOrderId(choice));
        });
    }
    connect(m_canvas, &TimelineCanvas::layoutRebuilt, this, &TimelineWidget::updateSummary);
    connect(m_canvas, &TimelineCanvas::objectActivated, this, &TimelineWidget::objectActivated);
    connect(m_canvas, &TimelineCanvas::objectSelected, this, &TimelineWidget::objectSelected);
    // The summary's state ("reconnecting in 4 s") counts down without a new
    // status; a fresh watch has nothing to re-word.
    connect(SecondClock::instance(), &SecondClock::ticked, this, [this] {
        if (m_source && freshnessLevel(m_source->status()) != FreshnessLevel::Fresh)
            updateSummary();
    });
    updateSummary();
}

TimelineWidget::~TimelineWidget() = default;

void TimelineWidget::setLaneOrder(LaneOrder order)
{
    m_orderByActivity->setChecked(order == LaneOrder::Activity);
    m_orderByName->setChecked(order == LaneOrder::Name);
    m_canvas->setLaneOrder(order);
}

void TimelineWidget::setEventsSource(KindSource *source)
{
    if (source == m_source)
        return;
    if (m_source)
        disconnect(m_source, nullptr, this, nullptr);
    m_source = source;
    if (source) {
        connect(source, &KindSource::statusChanged, this, &TimelineWidget::updateFreshness);
        connect(source, &QObject::destroyed, this, [this] {
            m_source = nullptr;
            updateFreshness();
        });
    }
    updateFreshness();
}

void TimelineWidget::updateFreshness()
{
    if (!m_source) {
        // Without an informer there is nothing to warn about.
        InformerStatus none;
        none.state = InformerStatus::State::Watching;
        m_banner->setStatus(none, {});
    } else {
        const QString plural = m_source->kind().plural;
        const QString what = m_source->origin().isEmpty()
                                 ? plural
                                 : QStringLiteral("%1 in %2").arg(plural, m_source->origin());
        m_banner->setStatus(m_source->status(), what);
        m_canvas->setEventsStatus(m_source->status());
    }
    updateSummary();
}

void TimelineWidget::setClusters(const QSet<QString> &clusters)
{
    if (m_canvas->filter().clusters != clusters)
        m_canvas->setClusters(clusters);
}

void TimelineWidget::setNamespaces(const QSet<QString> &namespaces)
{
    // Each change rebuilds the layout (tens of ms at 100k events): skip no-ops.
    if (m_canvas->filter().namespaces != namespaces)
        m_canvas->setNamespaces(namespaces);
}

void TimelineWidget::setObjectUids(const std::optional<QSet<QString>> &uids)
{
    if (m_canvas->filter().objectUids != uids)
        m_canvas->setObjectUids(uids);
}

void TimelineWidget::setScopeDescription(const QString &description)
{
    m_scope = description;
    updateSummary();
}

void TimelineWidget::setSelectedObject(const QString &keyOrUid)
{
    m_canvas->setSelectedObject(keyOrUid);
}

QString TimelineWidget::summaryText() const
{
    return m_summary->text();
}

void TimelineWidget::fillReasonMenu()
{
    m_reasonMenu->clear();
    QAction *all = m_reasonMenu->addAction(tr("All reasons"));
    all->setCheckable(true);
    all->setChecked(m_selectedReasons.isEmpty());
    connect(all, &QAction::triggered, this, [this] {
        m_selectedReasons.clear();
        m_canvas->setReasons(m_selectedReasons);
        updateReasonButton();
    });
    m_reasonMenu->addSeparator();
    for (const QString &reason : m_store->reasons()) {
        QAction *action = m_reasonMenu->addAction(reason.isEmpty() ? tr("(no reason)") : reason);
        action->setCheckable(true);
        action->setChecked(m_selectedReasons.contains(reason));
        connect(action, &QAction::toggled, this, [this, reason](bool on) {
            if (on)
                m_selectedReasons.insert(reason);
            else
                m_selectedReasons.remove(reason);
            m_canvas->setReasons(m_selectedReasons);
            updateReasonButton();
        });
    }
}

void TimelineWidget::updateReasonButton()
{
    if (m_selectedReasons.isEmpty())
        m_reasons->setText(tr("All reasons"));
    else if (m_selectedReasons.size() == 1)
        m_reasons->setText(tr("Reason: %1").arg(*m_selectedReasons.cbegin()));
    else
        m_reasons->setText(tr("%n reasons", nullptr, int(m_selectedReasons.size())));
}

void TimelineWidget::updateSummary()
{
    const TimelineLayout &layout = m_canvas->layout();
    qsizetype objects = 0;
    for (const TimelineLane &lane : layout.lanes())
        objects += lane.isGroup() ? lane.objectCount : 0;
    const QLocale locale;
    QString text =
        (objects == 1 ? tr("%1 of %2 events \u00b7 %3 object")
                      : tr("%1 of %2 events \u00b7 %3 objects"))
            .arg(locale.toString(qlonglong(layout.itemCount())),
                 locale.toString(qlonglong(m_store->size())), locale.toString(qlonglong(objects)));
    // Say why events are missing: the filter pane's choice applies here too.
    if (!m_scope.isEmpty())
        text = tr("Filter: %1 \u00b7 %2").arg(m_scope, text);
    // "0 of 0 events" while the first list runs (or cannot run) would read
    // as a quiet cluster; the banner explains failures at length.
    if (m_source) {
        const InformerStatus status = m_source->status();
        if (freshnessLevel(status) != FreshnessLevel::Fresh)
            text += tr(" \u00b7 %1: %2")
                        .arg(m_source->kind().plural, freshnessText(status, SecondClock::nowMs()));
    }
    m_summary->setText(text);
    m_canvas->setEmptyText(emptyText());
}

QString TimelineWidget::emptyText() const
{
    if (m_store->size() > 0)
        return tr("No events match the current filter");
    if (!m_source)
        return tr("No events");
    // As the resource table's hint: an empty plot says whether the cluster
    // is quiet or the list has not come (yet).
    const InformerStatus status = m_source->status();
    const QString plural = m_source->kind().plural;
    if (status.synced)
        return tr("No %1 in the cluster yet").arg(plural);
    if (status.state == InformerStatus::State::Listing)
        return tr("Listing %1\u2026").arg(plural);
    if (status.state == InformerStatus::State::WaitingForSignIn)
        return tr("Waiting for you to sign in before listing %1").arg(plural);
    if (status.state == InformerStatus::State::NotRecorded)
        return tr("%1 were not recorded in this replay").arg(m_source->kind().pluralTitle());
    const QString state = freshnessText(status, SecondClock::nowMs());
    if (freshnessLevel(status) == FreshnessLevel::Failed)
        return tr("Could not list %1: %2").arg(plural, state);
    return tr("Waiting for the list of %1: %2").arg(plural, state);
}

} // namespace informant
