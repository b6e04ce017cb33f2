// The timeline's toolbar: the lane order choice reaches the canvas and is
// remembered for the next window.

#include "ui/timeline/timelinecanvas.h"
#include "ui/timeline/timelinewidget.h"

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
};

QTEST_MAIN(TimelineWidgetTest)
#include "tst_timelinewidget.moc"
