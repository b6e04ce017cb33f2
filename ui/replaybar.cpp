#include "ui/replaybar.h"

#include "models/recordingoffset.h"
#include "models/secondclock.h"

#include <QApplication>
#include <QComboBox>
#include <QCoreApplication>
#include <QLabel>
#include <QProxyStyle>
#include <QSlider>
#include <QStyle>
#include <QToolButton>

#include <algorithm>
#include <cstdlib>
#include <limits>

namespace informant {

namespace {

constexpr double kSpeeds[] = {1, 2, 10, 60};

QString speedText(double speed)
{
    return QString::number(speed) + QLatin1Char('x');
}

int sliderValue(qint64 ms)
{
    return int(std::clamp<qint64>(ms, 0, std::numeric_limits<int>::max()));
}

// A click on the slider's track moves the replay there, as in a media
// player; styles make it a page step (Fusion moves there on a middle click
// only). The click is then a press on the handle: a drag may follow.
class SeekOnClickStyle final : public QProxyStyle
{
public:
    using QProxyStyle::QProxyStyle;

    int styleHint(StyleHint hint, const QStyleOption *option, const QWidget *widget,
                  QStyleHintReturn *returnData) const override
    {
        if (hint == SH_Slider_AbsoluteSetButtons)
            return Qt::LeftButton | Qt::MiddleButton;
        return QProxyStyle::styleHint(hint, option, widget, returnData);
    }
};

} // namespace

ReplayBar::ReplayBar(ReplayControls controls, QWidget *parent)
    : QToolBar(QStringLiteral("Replay"), parent)
    , m_controls(std::move(controls))
    , m_play(new QToolButton(this))
    , m_slider(new QSlider(Qt::Horizontal, this))
    , m_time(new QLabel(this))
    , m_speed(new QComboBox(this))
{
    setObjectName(QStringLiteral("replayBar"));
    // Always there in a replay: neither movable nor hidden from the window's menu.
    setMovable(false);
    setFloatable(false);
    toggleViewAction()->setVisible(false);
    m_play->setAutoRaise(true);
    m_play->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_slider->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    m_slider->setMinimumWidth(200);
    m_slider->setAccessibleName(QStringLiteral("Replay position"));
    // Over the application's style (the theme's Fusion), not the desktop's.
    auto *seekOnClick = new SeekOnClickStyle(QApplication::style()->name());
    seekOnClick->setParent(m_slider);
    m_slider->setStyle(seekOnClick);
    m_time->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_time->setContentsMargins(8, 0, 8, 0);
    for (const double speed : kSpeeds)
        m_speed->addItem(speedText(speed), speed);
    m_speed->setToolTip(QStringLiteral("How fast the recording plays"));
    addWidget(m_play);
    addWidget(m_slider);
    addWidget(m_time);
    addWidget(m_speed);

    connect(m_play, &QToolButton::clicked, this, &ReplayBar::onPlayClicked);
    connect(m_slider, &QSlider::valueChanged, this, &ReplayBar::onSliderValueChanged);
    connect(m_slider, &QSlider::sliderReleased, this, [this] {
        m_dragSeek.stop();
        if (m_slider->value() != m_soughtMs) // not asked already while dragged
            seekTo(m_slider->value());
    });
    connect(m_speed, &QComboBox::activated, this, &ReplayBar::onSpeedChosen);
    m_dragSeek.setSingleShot(true);
    connect(&m_dragSeek, &QTimer::timeout, this, [this] {
        if (m_slider->isSliderDown())
            seekTo(m_slider->value());
    });
    m_refresh.setInterval(kRefreshIntervalMs);
    connect(&m_refresh, &QTimer::timeout, this, &ReplayBar::refresh);
    refresh();
}

ReplayBar::~ReplayBar()
{
    if (m_clusterTimeRate && QCoreApplication::instance())
        SecondClock::instance()->resetClusterTime();
}

QString ReplayBar::positionText(const ReplayPosition &position)
{
    const QString offsets = QStringLiteral("+%1 of %2")
                                .arg(recordingOffsetText(position.positionMs),
                                     recordingOffsetText(position.durationMs));
    QString text = offsets;
    if (position.recordedAt.isValid()) {
        const QDateTime at = position.recordedAt.addMSecs(position.positionMs).toLocalTime();
        text = at.toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")) + QStringLiteral("  ") + offsets;
    }
    return position.seeking ? QStringLiteral("Moving to %1\u2026").arg(text) : text;
}

void ReplayBar::refresh()
{
    m_last = m_controls.position ? m_controls.position() : std::nullopt;
    followClusterTime(m_last);
    setEnabled(m_last.has_value());
    if (!m_last) {
        m_time->setText(QStringLiteral("The replay has stopped"));
        return;
    }
    const ReplayPosition &position = *m_last;
    const bool atEnd = position.positionMs >= position.durationMs;
    const bool playing = !position.paused && !atEnd;
    m_play->setIcon(style()->standardIcon(playing ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
    m_play->setText(playing ? QStringLiteral("Pause") : QStringLiteral("Play"));
    m_play->setToolTip(playing ? QStringLiteral("Pause the replay")
                       : atEnd ? QStringLiteral("Play the recording again from its start")
                               : QStringLiteral("Go on playing the recording"));
    m_updating = true;
    m_slider->setMaximum(sliderValue(position.durationMs));
    // A page step of a tenth of the recording (Page Up and Down).
    m_slider->setPageStep(std::max(1, sliderValue(position.durationMs / 10)));
    if (!m_slider->isSliderDown())
        m_slider->setValue(sliderValue(position.positionMs));
    showSpeed(position.speed);
    m_updating = false;
    // While dragged, the label follows the handle rather than the replay.
    ReplayPosition shown = position;
    if (m_slider->isSliderDown())
        shown.positionMs = m_slider->value();
    m_time->setText(positionText(shown));
    // Wide enough for "Moving to ..." from the start: the slider beside it
    // keeps its length when a move begins or ends.
    ReplayPosition moving = shown;
    moving.seeking = true;
    const int movingWidth = m_time->fontMetrics().horizontalAdvance(positionText(moving)) +
                            m_time->contentsMargins().left() + m_time->contentsMargins().right();
    m_time->setMinimumWidth(std::max(m_time->minimumWidth(), movingWidth));
}

void ReplayBar::showEvent(QShowEvent *event)
{
    QToolBar::showEvent(event);
    m_refresh.start();
    refresh();
}

void ReplayBar::hideEvent(QHideEvent *event)
{
    QToolBar::hideEvent(event);
    m_refresh.stop();
}

void ReplayBar::onPlayClicked()
{
    if (!m_last)
        return;
    const bool atEnd = m_last->positionMs >= m_last->durationMs;
    if (atEnd) {
        followMoveTo(0);
        m_controls.seek(0);
        m_controls.setPaused(false);
    } else {
        m_controls.setPaused(!m_last->paused);
    }
    refresh();
}

void ReplayBar::onSliderValueChanged(int value)
{
    if (m_updating)
        return;
    if (!m_slider->isSliderDown()) {
        seekTo(value); // the keyboard, or a click on the track
        return;
    }
    // Dragged: the table follows the handle, but the simulator is asked at
    // most every kSeekWhileDraggingMs (a move backward rewrites objects).
    m_time->setText(positionText(ReplayPosition{value, m_last ? m_last->durationMs : 0, 1, true,
                                                m_last ? m_last->recordedAt : QDateTime(), false}));
    const qint64 waited = m_sinceSeek.isValid() ? m_sinceSeek.elapsed() : kSeekWhileDraggingMs;
    if (waited >= kSeekWhileDraggingMs)
        seekTo(value);
    else if (!m_dragSeek.isActive())
        m_dragSeek.start(int(kSeekWhileDraggingMs - waited));
}

void ReplayBar::seekTo(qint64 positionMs)
{
    m_sinceSeek.start();
    m_soughtMs = positionMs;
    followMoveTo(positionMs);
    if (m_controls.seek)
        m_controls.seek(positionMs);
    refresh();
}

void ReplayBar::followMoveTo(qint64 positionMs)
{
    if (!m_last)
        return;
    ReplayPosition moving = *m_last;
    moving.positionMs = std::clamp<qint64>(positionMs, 0, moving.durationMs);
    moving.seeking = true;
    followClusterTime(moving);
}

void ReplayBar::onSpeedChosen(int index)
{
    if (m_updating || !m_controls.setSpeed)
        return;
    m_controls.setSpeed(m_speed->itemData(index).toDouble());
    refresh();
}

void ReplayBar::showSpeed(double speed)
{
    int index = m_speed->findData(speed);
    if (index < 0) {
        // A --replay-speed of another value: offered beside the usual ones.
        m_speed->addItem(speedText(speed), speed);
        index = m_speed->count() - 1;
    }
    m_speed->setCurrentIndex(index);
}

void ReplayBar::followClusterTime(const std::optional<ReplayPosition> &position)
{
    const qint64 wallMs = QDateTime::currentMSecsSinceEpoch();
    if (!position) {
        // Stopped: what the window still shows is the cluster's last state,
        // aged as at its last moment.
        if (m_clusterTimeRate && *m_clusterTimeRate != 0) {
            SecondClock::instance()->setClusterTime(SecondClock::clusterTimeAt(wallMs), 0);
            m_clusterTimeRate = 0;
        }
        return;
    }
    if (!position->recordedAt.isValid())
        return; // when the cluster lived is unknown: the wall clock it is
    // A move stands still where it goes until the objects are there.
    const bool playing =
        !position->paused && !position->seeking && position->positionMs < position->durationMs;
    const double rate = playing ? position->speed : 0;
    const qint64 startMs = position->recordedAt.toMSecsSinceEpoch();
    const qint64 replayedMs = startMs + position->positionMs;
    const SecondClock::Recording recording{startMs, startMs + position->durationMs};
    if (SecondClock::recording() != recording)
        SecondClock::instance()->setRecording(recording);
    if (m_clusterTimeRate == rate &&
        std::abs(SecondClock::clusterTimeAt(wallMs) - replayedMs) <= kClusterTimeToleranceMs)
        return;
    // Played on between reads, the time stops at the last change as the replay does.
    SecondClock::instance()->setClusterTime(replayedMs, rate, startMs + position->durationMs);
    m_clusterTimeRate = rate;
}

} // namespace informant
