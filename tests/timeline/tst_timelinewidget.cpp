// The timeline's toolbar: the lane order choice reaches the canvas and is
// remembered for the next window.

#include "ui/timeline/timelinecanvas.h"
#include "ui/timeline/timelinewidget.h"

#include "models/localkindsource.h"

#include <QSettings>
#include <QStandardPaths>
#include <QTest>
#include <QToolButton>

using namespace informant;

namespace {

QToolButton *buttonWithText(const QWidget &widget, const QString &text)
{
    for (QToolButton *button : widget.findChildren<QToolButton *>()) {
        if (button->text() == text)
            return button;
    }
    return nullptr;
}

} // namespace

class TimelineWidgetTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("InformantTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_timelinewidget"));
    }
    void init() { QSettings().clear(); }

    void laneOrderChoiceIsRemembered()
    {
        EventStore store;
        {
            TimelineWidget widget(&store);
            QToolButton *activity = buttonWithText(widget, QStringLiteral("Activity"));
            QToolButton *name = buttonWithText(widget, QStringLiteral("Name"));
            QVERIFY(activity && name);
            QVERIFY(activity->isChecked());
            QVERIFY(!name->isChecked());
            QCOMPARE(widget.canvas()->laneOrder(), LaneOrder::Activity);
            name->click();
            QCOMPARE(widget.canvas()->laneOrder(), LaneOrder::Name);
            QVERIFY(!activity->isChecked());
        }
        TimelineWidget next(&store);
        QCOMPARE(next.canvas()->laneOrder(), LaneOrder::Name);
        QVERIFY(buttonWithText(next, QStringLiteral("Name"))->isChecked());
        buttonWithText(next, QStringLiteral("Activity"))->click();
        QCOMPARE(next.canvas()->laneOrder(), LaneOrder::Activity);
        QCOMPARE(QSettings().value(QStringLiteral("timeline/laneOrder")).toString(),
                 QStringLiteral("activity"));
    }

    // The events informer's status reaches the canvas, which shades the time
    // its watch was down.
    void eventsWatchDownTimeReachesTheCanvas()
    {
        EventStore store;
        TimelineWidget widget(&store);
        LocalKindSource events(KindInfo{{},
                                        QStringLiteral("v1"),
                                        QStringLiteral("Event"),
                                        QStringLiteral("events"),
                                        true,
                                        {QStringLiteral("ev")}});
        InformerStatus status;
        status.state = InformerStatus::State::Watching;
        status.synced = true;
        events.setStatus(status);
        widget.setEventsSource(&events);
        QVERIFY(widget.canvas()->watchGaps().isEmpty());
        status.state = InformerStatus::State::BackingOff;
        events.setStatus(status);
        QCOMPARE(widget.canvas()->watchGaps().size(), 1);
        QVERIFY(widget.canvas()->watchGaps().first().isOpen());
        status.state = InformerStatus::State::Watching;
        events.setStatus(status);
        QCOMPARE(widget.canvas()->watchGaps().size(), 1);
        QVERIFY(!widget.canvas()->watchGaps().first().isOpen());
        widget.setEventsSource(nullptr);
    }
};

QTEST_MAIN(TimelineWidgetTest)
#include "tst_timelinewidget.moc"
