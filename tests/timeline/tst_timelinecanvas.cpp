// Painter tests on rendered images: markers land at the x of their time in
// their lane with the type's colour, series are spans, dense lanes become
// column bars; and the canvas's interaction (click, zoom, pan, collapse,
// fit, follow, resize; a click selects a lane, a double-click or Enter follows
// it); the lane labels' column fits them.

#include "syntheticevents.h"
#include "ui/timeline/timelinecanvas.h"

#include <QHelpEvent>
#include <QImage>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTest>
#include <QToolTip>

using namespace informant;
using namespace informant::testing;

namespace {

constexpr qint64 kT0 = 1'700'000'000'000; // 2023-11-14T22:13:20Z
constexpr qint64 kMinute = 60'000;

bool near(const QColor &a, const QColor &b, int tolerance = 40)
{
    return std::abs(a.red() - b.red()) + std::abs(a.green() - b.green()) +
               std::abs(a.blue() - b.blue()) <=
           tolerance;
}

QImage renderCanvas(TimelineCanvas &canvas)
{
    QImage image(canvas.viewport()->size(), QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::black);
    canvas.viewport()->render(&image);
    return image;
}

int laneCentre(const TimelineCanvas &canvas, int lane)
{
    return canvas.view().laneTop(lane) + TimelineView::kLaneHeight / 2;
}

QString laneAtTop(const TimelineCanvas &canvas)
{
    const int lane = canvas.view().laneAt(TimelineView::kAxisHeight);
    return TimelineLayout::laneKey(canvas.layout().lane(lane));
}

QString podKey(int i)
{
    return QStringLiteral("Pod-shop-pod-%1").arg(i, 2, 10, QLatin1Char('0'));
}

// 40 pods, pod-00 the newest: the activity order is the name order.
void fillPods(EventStore &store)
{
    for (int i = 0; i < 40; ++i)
        store.upsert(makeEvent(QString::number(i), "shop", "Pod",
                               QStringLiteral("pod-%1").arg(i, 2, 10, QLatin1Char('0')),
                               kT0 + (40 - i) * kMinute));
}

// A claim of one name held by two objects: the earlier one's event at 22:18:20, the one
// that took its name's at 22:43:20.
void fillRecreatedClaim(EventStore &store)
{
    TimelineEvent before =
        makeEvent("a", "payments", "PersistentVolumeClaim", "data-ledger-db-0", kT0 + 5 * kMinute);
    before.object.uid = QStringLiteral("pvc-old");
    TimelineEvent after =
        makeEvent("b", "payments", "PersistentVolumeClaim", "data-ledger-db-0", kT0 + 30 * kMinute);
    after.object.uid = QStringLiteral("pvc-new");
    store.upsert(before);
    store.upsert(after);
}

} // namespace

class TimelineCanvasTest : public QObject
{
    Q_OBJECT

private:
    EventStore *m_store = nullptr;
    TimelineCanvas *m_canvas = nullptr;

    void setUpCanvas()
    {
        m_store = new EventStore;
        m_canvas = new TimelineCanvas(m_store);
        m_canvas->setClock([] { return kT0 + 60 * kMinute; });
        m_canvas->setTimeZone(QTimeZone::utc());
        m_canvas->setFollowLive(false);
        m_canvas->resize(1030, 400);
        m_canvas->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_canvas));
    }

    // The tooltip over lane `lane`'s label; empty if none. (A hidden tooltip keeps its text
    // a moment: one the canvas did not replace is the one shown before.)
    QString labelToolTip(int lane) { return toolTipAt(QPoint(60, laneCentre(*m_canvas, lane))); }

    // As a mouse gives it: the first click, then the second as a double click.
    void doubleClick(const QPoint &at)
    {
        QTest::mouseClick(m_canvas->viewport(), Qt::LeftButton, {}, at);
        QTest::mouseDClick(m_canvas->viewport(), Qt::LeftButton, {}, at);
        QTest::mouseRelease(m_canvas->viewport(), Qt::LeftButton, {}, at);
    }

    QString toolTipAt(const QPoint &at)
    {
        const QPoint global = m_canvas->viewport()->mapToGlobal(at);
        const QString before = QStringLiteral("(no tooltip)");
        QToolTip::showText(global, before, m_canvas->viewport());
        QHelpEvent help(QEvent::ToolTip, at, global);
        QCoreApplication::sendEvent(m_canvas->viewport(), &help);
        const QString text = QToolTip::text() == before ? QString() : QToolTip::text();
        QToolTip::hideText();
        return text;
    }

private Q_SLOTS:
    void init() { setUpCanvas(); }
    void cleanup()
    {
        delete m_canvas;
        delete m_store;
        m_canvas = nullptr;
        m_store = nullptr;
    }

    void markersAreDrawnAtTheirTimeInTheirTypeColour_data()
    {
        QTest::addColumn<int>("minute");
        QTest::addColumn<int>("type");
        QTest::newRow("normal at 10m") << 10 << int(EventType::Normal);
        QTest::newRow("warning at 25m") << 25 << int(EventType::Warning);
        QTest::newRow("normal at 59m") << 59 << int(EventType::Normal);
    }
    void markersAreDrawnAtTheirTimeInTheirTypeColour()
    {
        QFETCH(int, minute);
        QFETCH(int, type);
        m_store->upsert(
            makeEvent("a", "default", "Pod", "web", kT0 + minute * kMinute, -1, EventType(type)));
        m_canvas->rebuildNow();
        m_canvas->setVisibleRange(double(kT0), double(kT0 + 80 * kMinute));
        const QImage image = renderCanvas(*m_canvas);
        const TimelinePalette palette = TimelinePalette::fromPalette(m_canvas->palette());
        QCOMPARE(m_canvas->layout().laneCount(), 2); // group + pod
        const int x = int(m_canvas->view().xForTime(double(kT0 + minute * kMinute)));
        const int y = laneCentre(*m_canvas, 1);
        QVERIFY2(near(image.pixelColor(x, y), palette.colorFor(EventType(type))),
                 qPrintable(image.pixelColor(x, y).name()));
        // Well away from the marker the lane is background, not marker colour.
        const QColor away = image.pixelColor(x + 60 < image.width() ? x + 60 : x - 60, y);
        QVERIFY(!near(away, palette.colorFor(EventType(type))));
    }

    void seriesIsDrawnAsSpanBetweenFirstAndLast()
    {
        m_store->upsert(makeEvent("s", "default", "Pod", "crash", kT0 + 10 * kMinute,
                                  kT0 + 50 * kMinute, EventType::Warning, 40, "BackOff"));
        m_canvas->rebuildNow();
        m_canvas->setVisibleRange(double(kT0), double(kT0 + 80 * kMinute));
        const QImage image = renderCanvas(*m_canvas);
        const TimelinePalette palette = TimelinePalette::fromPalette(m_canvas->palette());
        const int y = laneCentre(*m_canvas, 1);
        const int x0 = int(m_canvas->view().xForTime(double(kT0 + 10 * kMinute)));
        const int x1 = int(m_canvas->view().xForTime(double(kT0 + 50 * kMinute)));
        // Inside the span the lane is tinted warm (the translucent warning
        // fill); before its start and after its end it is neutral.
        auto warmth = [&image, y](int x) {
            const QColor c = image.pixelColor(x, y);
            return c.red() - c.blue();
        };
        Q_UNUSED(palette);
        QVERIFY2(warmth(x0 + (x1 - x0) / 6) > 40, qPrintable(QString::number(warmth(x0 + 30))));
        QVERIFY(std::abs(warmth(x0 - 20)) < 15);
        QVERIFY(std::abs(warmth(x1 + 20)) < 15);
        // The end marker sits on the last occurrence.
        QVERIFY(near(image.pixelColor(x1, y), palette.warning, 60));
    }

    void denseLaneIsDrawnAsColumnBars()
    {
        for (int i = 0; i < 20'000; ++i)
            m_store->upsert(makeEvent(QString::number(i), "default", "Pod", "busy", kT0 + i * 240,
                                      -1, EventType::Normal));
        m_canvas->rebuildNow();
        m_canvas->setVisibleRange(double(kT0), double(kT0 + 80 * kMinute));
        const QImage image = renderCanvas(*m_canvas);
        const TimelinePalette palette = TimelinePalette::fromPalette(m_canvas->palette());
        const int y = laneCentre(*m_canvas, 1);
        const int first = int(m_canvas->view().xForTime(double(kT0))) + 1;
        const int last = int(m_canvas->view().xForTime(double(kT0 + 20'000 * 240))) - 1;
        int coloured = 0;
        for (int x = first; x < last; ++x)
            coloured += near(image.pixelColor(x, y), palette.normal) ? 1 : 0;
        QVERIFY(coloured >= last - first - 2); // every column of the busy stretch
    }

    // A click that only meant to focus the timeline must not leave it: it
    // selects the lane; a double-click or Enter follows it, as the lane's
    // label and its events' tooltips say.
    void clickSelectsAnObjectLaneDoubleClickOrEnterFollowsIt()
    {
        TimelineEvent event = makeEvent("a", "shop", "Pod", "web-1", kT0 + 10 * kMinute);
        event.object.apiVersion = QStringLiteral("v1");
        m_store->upsert(event);
        m_canvas->rebuildNow();
        m_canvas->setVisibleRange(double(kT0), double(kT0 + 80 * kMinute));
        QSignalSpy spy(m_canvas, &TimelineCanvas::objectActivated);
        QSignalSpy selected(m_canvas, &TimelineCanvas::objectSelected);
        const QPoint at(500, laneCentre(*m_canvas, 1));
        QTest::mouseClick(m_canvas->viewport(), Qt::LeftButton, {}, at);
        QCOMPARE(spy.count(), 0);
        QCOMPARE(m_canvas->selectedObject(), QStringLiteral("Pod-shop-web-1"));
        // The click names the lane's object (the details pane shows it).
        QCOMPARE(selected.count(), 1);
        const auto object = selected.at(0).at(0).value<InvolvedObject>();
        QCOMPARE(object.name, QStringLiteral("web-1"));
        QCOMPARE(object.namespaceName, QStringLiteral("shop"));
        QCOMPARE(object.kind, QStringLiteral("Pod"));
        QCOMPARE(object.apiVersion, QStringLiteral("v1"));
        // A lane selected from a table names nothing back.
        m_canvas->setSelectedObject(QString());
        m_canvas->setSelectedObject(QStringLiteral("Pod-shop-web-1"));
        QCOMPARE(selected.count(), 1);
        const QString hint = QStringLiteral("Double-click or Enter");
        QVERIFY2(labelToolTip(1).startsWith(hint), qPrintable(labelToolTip(1)));
        const int x = int(m_canvas->view().xForTime(double(kT0 + 10 * kMinute)));
        const QString eventTip = toolTipAt(QPoint(x, laneCentre(*m_canvas, 1)));
        QVERIFY2(eventTip.contains(QStringLiteral("web-1")) && eventTip.contains(hint),
                 qPrintable(eventTip));
        QVERIFY2(!labelToolTip(0).contains(hint), qPrintable(labelToolTip(0))); // a group folds

        doubleClick(at);
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy.at(0).at(0).toString(), QStringLiteral("Pod"));
        QCOMPARE(spy.at(0).at(1).toString(), QStringLiteral("shop"));
        QCOMPARE(spy.at(0).at(2).toString(), QStringLiteral("web-1"));
        QCOMPARE(spy.at(0).at(3).toString(), QStringLiteral("Pod-shop-web-1"));
        QCOMPARE(spy.at(0).at(4).toString(), QStringLiteral("v1"));
        QCOMPARE(m_canvas->selectedObject(), QStringLiteral("Pod-shop-web-1"));

        QTest::keyClick(m_canvas, Qt::Key_Return);
        QCOMPARE(spy.count(), 2);
        QCOMPARE(spy.at(1), spy.at(0));
        // A double-click on a group's row folds it once, follows nothing.
        doubleClick(QPoint(20, laneCentre(*m_canvas, 0)));
        QVERIFY(m_canvas->layout().lane(0).collapsed);
        QCOMPARE(spy.count(), 2);
    }

    void longSeriesAtTheFinestZoomIsDrawnAcrossTheView()
    {
        // Days of a series seen at 0.05 ms/px: its end is billions of pixels
        // right of the window.
        constexpr qint64 kDay = 24 * 60 * kMinute;
        m_store->upsert(makeEvent("s", "default", "Pod", "crash", kT0 - 5 * kDay, kT0 + 5 * kDay,
                                  EventType::Warning, 4000, "BackOff"));
        m_canvas->rebuildNow();
        const double start = double(kT0);
        m_canvas->setVisibleRange(start, start + 10.0);
        QCOMPARE(m_canvas->msPerPx(), TimelineCanvas::kMinMsPerPx);
        const QImage image = renderCanvas(*m_canvas);
        const int y = laneCentre(*m_canvas, 1);
        for (int x : {m_canvas->view().plotLeft() + 5, image.width() / 2, image.width() - 5}) {
            const QColor c = image.pixelColor(x, y);
            QVERIFY2(c.red() - c.blue() > 40, qPrintable(c.name()));
        }
    }

    void clickUsesTheLanesObjectEvenIfItsSlotWasReused()
    {
        // The layout is rebuilt a little after the store changes; meanwhile
        // an evicted event's slot may hold another object's event.
        m_store->setCapacity(1);
        m_store->upsert(makeEvent("a", "shop", "Pod", "web-1", kT0 + 10 * kMinute));
        m_canvas->rebuildNow();
        m_canvas->setVisibleRange(double(kT0), double(kT0 + 80 * kMinute));
        m_store->upsert(makeEvent("b", "batch", "Job", "report", kT0 + 70 * kMinute));
        QCOMPARE(m_store->slotOf("b"), 0);
        QVERIFY(m_canvas->layout().storeRevision() != m_store->revision());
        const int x = int(m_canvas->view().xForTime(double(kT0 + 10 * kMinute)));
        const QPoint at(x, laneCentre(*m_canvas, 1));
        // No tooltip about the event now in that slot.
        QHelpEvent help(QEvent::ToolTip, at, m_canvas->viewport()->mapToGlobal(at));
        QCoreApplication::sendEvent(m_canvas->viewport(), &help);
        QVERIFY2(!QToolTip::text().contains(QStringLiteral("report")),
                 qPrintable(QToolTip::text()));
        QSignalSpy spy(m_canvas, &TimelineCanvas::objectActivated);
        doubleClick(at);
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy.at(0).at(0).toString(), QStringLiteral("Pod"));
        QCOMPARE(spy.at(0).at(2).toString(), QStringLiteral("web-1"));
        QCOMPARE(spy.at(0).at(3).toString(), QStringLiteral("Pod-shop-web-1"));
        // Once rebuilt, the tooltip tells about the event under the cursor.
        m_canvas->rebuildNow();
        const int xb = int(m_canvas->view().xForTime(double(kT0 + 70 * kMinute)));
        const QPoint atB(xb, laneCentre(*m_canvas, 1));
        QHelpEvent helpB(QEvent::ToolTip, atB, m_canvas->viewport()->mapToGlobal(atB));
        QCoreApplication::sendEvent(m_canvas->viewport(), &helpB);
        QVERIFY2(QToolTip::text().contains(QStringLiteral("report")), qPrintable(QToolTip::text()));
        QToolTip::hideText();
    }

    void clickOnGroupRowCollapsesIt()
    {
        m_store->upsert(makeEvent("a", "shop", "Pod", "web-1", kT0 + 10 * kMinute));
        m_store->upsert(makeEvent("b", "shop", "Pod", "web-2", kT0 + 20 * kMinute));
        m_canvas->rebuildNow();
        QCOMPARE(m_canvas->layout().laneCount(), 3);
        QSignalSpy spy(m_canvas, &TimelineCanvas::objectActivated);
        QTest::mouseClick(m_canvas->viewport(), Qt::LeftButton, {},
                          QPoint(20, laneCentre(*m_canvas, 0)));
        QCOMPARE(m_canvas->layout().laneCount(), 1);
        QVERIFY(m_canvas->layout().lane(0).collapsed);
        QCOMPARE(m_canvas->layout().lane(0).items.size(), size_t(2));
        QCOMPARE(spy.count(), 0);
    }

    // A group's object count is a number, not an alert: drawn in a neutral
    // tone even when the group has Warnings, and its tooltip says what it
    // counts.
    void groupCountIsNeutralAndExplained()
    {
        m_store->upsert(makeEvent("a", "shop", "Pod", "web-1", kT0 + 10 * kMinute, -1,
                                  EventType::Warning, 1, QStringLiteral("BackOff")));
        m_store->upsert(makeEvent("b", "shop", "Pod", "web-2", kT0 + 20 * kMinute));
        m_canvas->rebuildNow();
        const TimelineLane &group = m_canvas->layout().lane(0);
        QVERIFY(group.isGroup());
        QVERIFY(group.warningCount > 0);
        const TimelineView view = m_canvas->view();
        const QRect badge =
            TimelinePainter::countBadgeRect(group, view.laneTop(0), view, m_canvas->font());
        QVERIFY(!badge.isEmpty());
        QVERIFY(badge.right() < view.plotLeft());
        // Inside the pill, left of its digit.
        const QPoint fill(badge.left() + badge.height() / 2, badge.center().y());
        const QImage image = renderCanvas(*m_canvas);
        const TimelinePalette palette = TimelinePalette::fromPalette(m_canvas->palette());
        const QColor drawn = image.pixelColor(fill);
        QVERIFY2(!near(drawn, palette.warning), qPrintable(drawn.name()));
        QVERIFY2(near(drawn, palette.badge, 6), qPrintable(drawn.name()));
        QCOMPARE(toolTipAt(badge.center()), QStringLiteral("2 objects in this group"));
        // The group's name keeps its own tooltip (none while it is whole).
        QCOMPARE(toolTipAt(QPoint(40, laneCentre(*m_canvas, 0))), QString());
    }

    void wheelZoomKeepsTheTimeUnderTheCursor()
    {
        m_canvas->setVisibleRange(double(kT0), double(kT0 + 80 * kMinute));
        const QPoint at(600, 100);
        const double before = m_canvas->view().timeForX(at.x());
        const double spanBefore = m_canvas->endMs() - m_canvas->startMs();
        QWheelEvent wheel(at, m_canvas->viewport()->mapToGlobal(at), {}, QPoint(0, 240),
                          Qt::NoButton, {}, Qt::NoScrollPhase, false);
        QCoreApplication::sendEvent(m_canvas->viewport(), &wheel);
        QVERIFY(m_canvas->endMs() - m_canvas->startMs() < spanBefore * 0.75);
        QVERIFY(std::abs(m_canvas->view().timeForX(at.x()) - before) < m_canvas->msPerPx());
    }

    void dragPansAndStopsFollowingLive()
    {
        m_canvas->setFollowLive(true);
        QSignalSpy follow(m_canvas, &TimelineCanvas::followLiveChanged);
        const double start = m_canvas->startMs();
        const double msPerPx = m_canvas->msPerPx();
        QWidget *vp = m_canvas->viewport();
        QTest::mousePress(vp, Qt::LeftButton, {}, QPoint(600, 100));
        QTest::mouseMove(vp, QPoint(650, 100));
        QTest::mouseMove(vp, QPoint(700, 100));
        QTest::mouseRelease(vp, Qt::LeftButton, {}, QPoint(700, 100));
        QCOMPARE(follow.count(), 1);
        QCOMPARE(follow.at(0).at(0).toBool(), false);
        QVERIFY(std::abs(m_canvas->startMs() - (start - 100 * msPerPx)) < 1.0);
    }

    void followLiveKeepsNowAtTheRightEdge()
    {
        qint64 now = kT0 + 60 * kMinute;
        m_canvas->setClock([&now] { return now; });
        m_canvas->setFollowLive(true);
        QVERIFY(m_canvas->endMs() >= double(now));
        now += 10 * kMinute;
        m_canvas->setFollowLive(false);
        m_canvas->setFollowLive(true);
        QVERIFY(m_canvas->endMs() >= double(now));
        QVERIFY(m_canvas->startMs() < double(now));
    }

    void fitAndFollowAgreeOnTheRightEdge()
    {
        // Both on (the default): every rebuild fits, every follow tick moves
        // the window; they must put the right edge in the same place.
        m_store->upsert(makeEvent("a", "shop", "Pod", "web-1", kT0 + 10 * kMinute));
        m_store->upsert(makeEvent("b", "shop", "Pod", "web-2", kT0 + 50 * kMinute));
        m_canvas->setFollowLive(true);
        m_canvas->rebuildNow();
        const double fitted = m_canvas->endMs();
        m_canvas->setClock([] { return kT0 + 60 * kMinute; }); // a follow tick
        QVERIFY2(std::abs(m_canvas->endMs() - fitted) <= m_canvas->msPerPx(),
                 qPrintable(QStringLiteral("%1 px").arg((m_canvas->endMs() - fitted) /
                                                        m_canvas->msPerPx())));
        m_canvas->rebuildNow();
        QVERIFY(std::abs(m_canvas->endMs() - fitted) <= m_canvas->msPerPx());
        QVERIFY(m_canvas->startMs() < double(kT0 + 10 * kMinute));
        QVERIFY(m_canvas->endMs() > double(kT0 + 60 * kMinute));
    }

    void fitShowsRecentEventsBesideAnOutlier_data()
    {
        QTest::addColumn<bool>("follow");
        QTest::newRow("following") << true;
        QTest::newRow("not following") << false;
    }
    void fitShowsRecentEventsBesideAnOutlier()
    {
        // One event stamped 1970 (a zero timestamp) next to today's: the span
        // is beyond the widest zoom, so the fit shows the newest events.
        QFETCH(bool, follow);
        m_store->upsert(makeEvent("zero", "shop", "Pod", "old", 0));
        m_store->upsert(makeEvent("a", "shop", "Pod", "web-1", kT0 + 10 * kMinute));
        m_store->upsert(makeEvent("b", "shop", "Pod", "web-2", kT0 + 50 * kMinute));
        m_canvas->setFollowLive(follow);
        m_canvas->rebuildNow();
        m_canvas->zoomToFit();
        QCOMPARE(m_canvas->msPerPx(), TimelineCanvas::kMaxMsPerPx);
        for (qint64 t : {kT0 + 10 * kMinute, kT0 + 50 * kMinute}) {
            QVERIFY2(m_canvas->startMs() <= double(t) && double(t) <= m_canvas->endMs(),
                     qPrintable(QStringLiteral("[%1, %2] misses %3")
                                    .arg(m_canvas->startMs(), 0, 'f', 0)
                                    .arg(m_canvas->endMs(), 0, 'f', 0)
                                    .arg(t)));
        }
    }

    void resizeKeepsTheRightEdge()
    {
        m_canvas->setVisibleRange(double(kT0), double(kT0 + 80 * kMinute));
        const double end = m_canvas->endMs();
        const double msPerPx = m_canvas->msPerPx();
        QSignalSpy range(m_canvas, &TimelineCanvas::visibleRangeChanged);
        m_canvas->resize(m_canvas->width() + 300, m_canvas->height());
        QCOMPARE(m_canvas->msPerPx(), msPerPx);
        QVERIFY2(std::abs(m_canvas->endMs() - end) < 1.0,
                 qPrintable(QString::number((m_canvas->endMs() - end) / msPerPx)));
        QVERIFY(range.count() >= 1);
        m_canvas->resize(m_canvas->width() - 500, m_canvas->height());
        QVERIFY(std::abs(m_canvas->endMs() - end) < 1.0);
    }

    void hiddenCanvasRebuildsOnceWhenShown()
    {
        m_store->upsert(makeEvent("a", "shop", "Pod", "web-1", kT0 + 10 * kMinute));
        m_canvas->rebuildNow();
        QSignalSpy rebuilt(m_canvas, &TimelineCanvas::layoutRebuilt);
        m_canvas->hide();
        m_store->upsert(makeEvent("b", "shop", "Pod", "web-2", kT0 + 20 * kMinute));
        m_store->upsert(makeEvent("c", "shop", "Pod", "web-3", kT0 + 30 * kMinute));
        // Well past the coalescing delay: nothing was rebuilt while hidden.
        QTest::qWait(3 * TimelineCanvas::kRebuildDelayMs);
        QCOMPARE(rebuilt.count(), 0);
        QCOMPARE(m_canvas->layout().itemCount(), 1);
        m_canvas->show();
        QCOMPARE(rebuilt.count(), 1);
        QCOMPARE(m_canvas->layout().itemCount(), 3);
    }

    void namespaceFilterHidesOtherNamespaces()
    {
        m_store->upsert(makeEvent("a", "shop", "Pod", "web-1", kT0 + 10 * kMinute));
        m_store->upsert(makeEvent("b", "batch", "Job", "report", kT0 + 20 * kMinute));
        m_canvas->rebuildNow();
        QCOMPARE(m_canvas->layout().laneCount(), 4);
        m_canvas->setNamespaces({QStringLiteral("batch")});
        QCOMPARE(m_canvas->layout().laneCount(), 2);
        QCOMPARE(m_canvas->layout().lane(1).name, QStringLiteral("report"));
    }

    // "kube-system · Deployment" and "payments · PersistentVolumeClaim" were
    // cut in the middle by a fixed 230 px gutter with room to spare beside it.
    void gutterWidensToItsLabelsUpToAMaximum()
    {
        m_canvas->setVisibleRange(double(kT0), double(kT0 + 80 * kMinute));
        QCOMPARE(m_canvas->view().plotLeft(), TimelineView::kMinGutterWidth);
        m_store->upsert(makeEvent("a", "kube-system", "PersistentVolumeClaim", "data-ledger-db-0",
                                  kT0 + 10 * kMinute));
        m_canvas->rebuildNow();
        const QFont font = m_canvas->font();
        const TimelineLane &group = m_canvas->layout().lane(0);
        QVERIFY(group.isGroup());
        QVERIFY2(TimelinePainter::labelWidth(group, font) > TimelineView::kMinGutterWidth,
                 "the test needs a label wider than the old gutter");
        QCOMPARE(m_canvas->view().plotLeft(), TimelinePainter::labelWidth(group, font));
        const QPoint groupAt(60, laneCentre(*m_canvas, 0));
        QHelpEvent groupHelp(QEvent::ToolTip, groupAt, m_canvas->viewport()->mapToGlobal(groupAt));
        QCoreApplication::sendEvent(m_canvas->viewport(), &groupHelp);
        QVERIFY2(QToolTip::text() != TimelinePainter::labelText(group),
                 "a label drawn whole needs no tooltip");
        // The window still ends where it did: the plot narrowed, it did not
        // slide under the gutter.
        QCOMPARE(m_canvas->endMs(), double(kT0 + 80 * kMinute));
        const int x = int(m_canvas->view().xForTime(double(kT0 + 10 * kMinute)));
        QVERIFY(x > m_canvas->view().plotLeft());
        QTest::mouseClick(m_canvas->viewport(), Qt::LeftButton, {},
                          QPoint(x, laneCentre(*m_canvas, 1)));
        QCOMPARE(m_canvas->selectedObject(), m_canvas->layout().lane(1).key);

        // A name too long for any gutter: the gutter stops at its maximum
        // (half the view at most), the label is elided and its tooltip
        // says it whole.
        const QString longName = QStringLiteral("ingest-%1").arg(QString(120, u'x'));
        m_store->upsert(
            makeEvent("b", "kube-system", "PersistentVolumeClaim", longName, kT0 + 20 * kMinute));
        m_canvas->rebuildNow();
        QCOMPARE(m_canvas->view().plotLeft(),
                 qMin(TimelineView::kMaxGutterWidth, m_canvas->viewport()->width() / 2));
        int lane = -1;
        for (int i = 0; i < m_canvas->layout().laneCount(); ++i) {
            if (m_canvas->layout().lane(i).name == longName)
                lane = i;
        }
        QVERIFY(lane > 0);
        const QPoint at(60, laneCentre(*m_canvas, lane));
        QHelpEvent help(QEvent::ToolTip, at, m_canvas->viewport()->mapToGlobal(at));
        QCoreApplication::sendEvent(m_canvas->viewport(), &help);
        QCOMPARE(QToolTip::text().section(u'\n', 0, 0), longName);
        QToolTip::hideText();
    }

    // After a recreate (a restored API server, a StatefulSet's pod deleted) two lanes have one
    // name: the earlier object's label says so and is faded, as are its events, and its tooltip
    // names its uid, when its events were and since when the next object's are.
    void earlierObjectsLaneIsTaggedFadedAndExplained()
    {
        fillRecreatedClaim(*m_store);
        m_canvas->rebuildNow();
        m_canvas->setVisibleRange(double(kT0), double(kT0 + 40 * kMinute));
        QCOMPARE(m_canvas->layout().laneCount(), 3);
        const int old = m_canvas->layout().laneOfObject(QStringLiteral("pvc-old"));
        const int current = m_canvas->layout().laneOfObject(QStringLiteral("pvc-new"));
        QVERIFY(old > 0 && current > 0);
        QCOMPARE(TimelinePainter::labelText(m_canvas->layout().lane(old)),
                 QStringLiteral("data-ledger-db-0 (earlier)"));
        QCOMPARE(TimelinePainter::labelText(m_canvas->layout().lane(current)),
                 QStringLiteral("data-ledger-db-0"));

        const QImage image = renderCanvas(*m_canvas);
        const TimelinePalette palette = TimelinePalette::fromPalette(m_canvas->palette());
        const int xBefore = int(m_canvas->view().xForTime(double(kT0 + 5 * kMinute)));
        const int xAfter = int(m_canvas->view().xForTime(double(kT0 + 30 * kMinute)));
        QVERIFY2(near(image.pixelColor(xAfter, laneCentre(*m_canvas, current)), palette.normal),
                 qPrintable(image.pixelColor(xAfter, laneCentre(*m_canvas, current)).name()));
        QVERIFY2(!near(image.pixelColor(xBefore, laneCentre(*m_canvas, old)), palette.normal),
                 qPrintable(image.pixelColor(xBefore, laneCentre(*m_canvas, old)).name()));

        // Without word from History, the events tell that another object took the name.
        const QString tip = labelToolTip(old);
        QVERIFY2(tip.contains(QStringLiteral("PersistentVolumeClaim payments/data-ledger-db-0")) &&
                     tip.contains(QStringLiteral("uid pvc-old")) &&
                     tip.contains(QStringLiteral("22:18:20")) &&
                     tip.contains(QStringLiteral("22:43:20")) &&
                     !tip.contains(QStringLiteral("deleted")),
                 qPrintable(tip));
        // The current object's label is drawn whole: its tooltip only says
        // how to follow it.
        QCOMPARE(labelToolTip(current),
                 QStringLiteral("Double-click or Enter: show it in its table"));
    }

    // History saw how the earlier object went: the tooltip says "deleted" only when a watch
    // event said so, else when the relist found it gone.
    void earlierObjectsTooltipSaysHowItWent()
    {
        fillRecreatedClaim(*m_store);
        QList<InvolvedObject> asked;
        bool missingFromRelist = true;
        m_canvas->setObjectEndLookup([&](const InvolvedObject &object) {
            asked.append(object);
            return object.uid == u"pvc-old"
                       ? EarlierObject{"pvc-old", kT0 + 20 * kMinute, missingFromRelist}
                       : EarlierObject{};
        });
        m_canvas->rebuildNow();
        m_canvas->setVisibleRange(double(kT0), double(kT0 + 40 * kMinute));
        const int old = m_canvas->layout().laneOfObject(QStringLiteral("pvc-old"));
        QString tip = labelToolTip(old);
        QVERIFY2(tip.contains(QStringLiteral("gone at the relist of 22:33:20")) &&
                     !tip.contains(QStringLiteral("deleted at")),
                 qPrintable(tip));
        QCOMPARE(asked.size(), 1);
        QCOMPARE(asked.first().uid, QStringLiteral("pvc-old"));
        QCOMPARE(asked.first().name, QStringLiteral("data-ledger-db-0"));
        missingFromRelist = false;
        tip = labelToolTip(old);
        QVERIFY2(tip.contains(QStringLiteral("deleted at 22:33:20")) &&
                     !tip.contains(QStringLiteral("relist")),
                 qPrintable(tip));
    }

    // After the events watch was lost and came back, events of the time it was down may be
    // missing: that time is shaded on the axis, and its tooltip says so. A watch only reopened
    // (resumed from its resourceVersion) missed nothing and leaves no shade.
    void watchDownTimeIsShadedAndExplained()
    {
        using State = InformerStatus::State;
        m_store->upsert(makeEvent("a", "default", "Pod", "web", kT0 + 5 * kMinute));
        qint64 now = kT0;
        m_canvas->setClock([&now] { return now; });
        const auto status = [&](qint64 minute, State state) {
            now = kT0 + minute * kMinute;
            InformerStatus s;
            s.state = state;
            s.synced = state != State::Listing || minute > 0;
            m_canvas->setEventsStatus(s);
        };
        status(0, State::Listing);
        status(1, State::Watching);
        status(10, State::Connecting); // the watch's routine reopening
        status(11, State::Watching);
        status(20, State::Connecting);
        status(21, State::BackingOff); // lost: since it left watching at 20
        status(25, State::Listing);
        status(32, State::Watching); // re-synced
        status(60, State::Watching);
        QCOMPARE(m_canvas->watchGaps().size(), 1);
        QCOMPARE(m_canvas->watchGaps().first().startMs, kT0 + 20 * kMinute);
        QCOMPARE(m_canvas->watchGaps().first().endMs, kT0 + 32 * kMinute);

        m_canvas->rebuildNow();
        m_canvas->setVisibleRange(double(kT0), double(kT0 + 80 * kMinute));
        const QImage image = renderCanvas(*m_canvas);
        const TimelinePalette palette = TimelinePalette::fromPalette(m_canvas->palette());
        const int band = TimelineView::kAxisHeight - 3; // the band at the axis's foot
        const auto xAt = [&](int minute) {
            return int(m_canvas->view().xForTime(double(kT0 + minute * kMinute)));
        };
        QVERIFY2(near(image.pixelColor(xAt(26), band), palette.watchGap),
                 qPrintable(image.pixelColor(xAt(26), band).name()));
        QVERIFY(!near(image.pixelColor(xAt(15), band), palette.watchGap));
        QVERIFY(!near(image.pixelColor(xAt(40), band), palette.watchGap));

        const QString expected = QStringLiteral(
            "Events watch down 22:33:20–22:45:20: events of this time may be missing");
        QCOMPARE(toolTipAt(QPoint(xAt(26), 10)), expected);
        QCOMPARE(toolTipAt(QPoint(xAt(26), laneCentre(*m_canvas, 1))), expected);
        QCOMPARE(toolTipAt(QPoint(xAt(40), 10)), QString());

        // Down again, and still: the shade reaches to now.
        status(70, State::Error);
        QCOMPARE(m_canvas->watchGaps().size(), 2);
        QVERIFY(m_canvas->watchGaps().last().isOpen());
        now = kT0 + 75 * kMinute;
        QCOMPARE(
            toolTipAt(QPoint(xAt(73), 10)),
            QStringLiteral("Events watch down since 23:23:20: events of this time may be missing"));
    }

    void lanesAreInActivityOrderUnlessNameIsChosen()
    {
        m_store->upsert(makeEvent("a", "shop", "Pod", "web-1", kT0 + 10 * kMinute));
        m_store->upsert(makeEvent("b", "shop", "Pod", "web-2", kT0 + 20 * kMinute));
        m_canvas->rebuildNow();
        m_canvas->setVisibleRange(double(kT0), double(kT0 + 80 * kMinute));
        QCOMPARE(m_canvas->laneOrder(), LaneOrder::Activity);
        QCOMPARE(m_canvas->layout().lane(1).name, QStringLiteral("web-2"));
        m_canvas->setLaneOrder(LaneOrder::Name);
        QCOMPARE(m_canvas->layout().lane(1).name, QStringLiteral("web-1"));
        // A new event does not bring the activity order back.
        m_store->upsert(makeEvent("c", "shop", "Pod", "web-2", kT0 + 30 * kMinute));
        QTRY_COMPARE(m_canvas->layout().storeRevision(), m_store->revision());
        QCOMPARE(m_canvas->layout().lane(1).name, QStringLiteral("web-1"));
    }

    // A Warning sends its lane from below the view to the top: the lanes the
    // user reads stay where they are on screen.
    void reorderKeepsTheLanesInView()
    {
        fillPods(*m_store);
        m_canvas->rebuildNow();
        m_canvas->setVisibleRange(double(kT0), double(kT0 + 80 * kMinute));
        QCOMPARE(m_canvas->layout().laneOfObject(podKey(35)), 36);
        QScrollBar *bar = m_canvas->verticalScrollBar();
        bar->setValue(10 * TimelineView::kLaneHeight + 5);
        const QString top = laneAtTop(*m_canvas);
        QCOMPARE(top, podKey(9));
        m_store->upsert(makeEvent("w", "shop", "Pod", "pod-35", kT0 + 5 * kMinute, -1,
                                  EventType::Warning, 1, "BackOff"));
        QTRY_COMPARE(m_canvas->layout().storeRevision(), m_store->revision());
        QCOMPARE(m_canvas->layout().laneOfObject(podKey(35)), 1);
        QCOMPARE(laneAtTop(*m_canvas), top);
        QCOMPARE(bar->value(), 11 * TimelineView::kLaneHeight + 5);
    }

    // At the very top the view stays: that is where troubled lanes arrive.
    void reorderAtTheTopShowsTheTroubledLane()
    {
        fillPods(*m_store);
        m_canvas->rebuildNow();
        m_canvas->setVisibleRange(double(kT0), double(kT0 + 80 * kMinute));
        m_store->upsert(makeEvent("w", "shop", "Pod", "pod-35", kT0 + 5 * kMinute, -1,
                                  EventType::Warning, 1, "BackOff"));
        QTRY_COMPARE(m_canvas->layout().storeRevision(), m_store->revision());
        QCOMPARE(m_canvas->verticalScrollBar()->value(), 0);
        QCOMPARE(m_canvas->layout().lane(1).key, podKey(35));
    }

    void newLaneAboveTheViewKeepsTheLanesInView()
    {
        m_canvas->setLaneOrder(LaneOrder::Name);
        fillPods(*m_store);
        m_canvas->rebuildNow();
        m_canvas->setVisibleRange(double(kT0), double(kT0 + 80 * kMinute));
        m_canvas->verticalScrollBar()->setValue(10 * TimelineView::kLaneHeight);
        const QString top = laneAtTop(*m_canvas);
        m_store->upsert(makeEvent("new", "shop", "Pod", "a-new-pod", kT0 + 70 * kMinute));
        QTRY_COMPARE(m_canvas->layout().storeRevision(), m_store->revision());
        QCOMPARE(m_canvas->layout().lane(1).name, QStringLiteral("a-new-pod"));
        QCOMPARE(laneAtTop(*m_canvas), top);
    }

    // The window decides which Warnings count; while the user drags through
    // time the lanes stay, and they follow the window when the drag ends.
    void lanesFollowTheWindowOnceTheDragEnds()
    {
        m_store->upsert(makeEvent("w", "shop", "Pod", "b-crashing", kT0 + 10 * kMinute, -1,
                                  EventType::Warning, 1, "BackOff"));
        m_store->upsert(makeEvent("n", "shop", "Pod", "a-quiet", kT0 + 50 * kMinute));
        m_canvas->rebuildNow();
        m_canvas->setVisibleRange(double(kT0), double(kT0 + 80 * kMinute));
        QTest::qWait(3 * TimelineCanvas::kRebuildDelayMs);
        QCOMPARE(m_canvas->layout().lane(1).name, QStringLiteral("b-crashing"));
        // Twenty minutes later: the Warning is left of the window.
        const int dx = int(20 * kMinute / m_canvas->msPerPx());
        QWidget *vp = m_canvas->viewport();
        QTest::mousePress(vp, Qt::LeftButton, {}, QPoint(700, 100));
        QTest::mouseMove(vp, QPoint(700 - dx / 2, 100));
        QTest::mouseMove(vp, QPoint(700 - dx, 100));
        QVERIFY(m_canvas->startMs() > double(kT0 + 10 * kMinute));
        QTest::qWait(3 * TimelineCanvas::kRebuildDelayMs);
        QCOMPARE(m_canvas->layout().lane(1).name, QStringLiteral("b-crashing"));
        QTest::mouseRelease(vp, Qt::LeftButton, {}, QPoint(700 - dx, 100));
        QTRY_COMPARE(m_canvas->layout().lane(1).name, QStringLiteral("a-quiet"));
    }

    void demoTimelineRendersGroupsAndMarkers()
    {
        const qint64 now = kT0 + 60 * kMinute;
        fillDemoTimeline(*m_store, now, 60 * kMinute);
        m_canvas->resize(1280, 720);
        m_canvas->setFollowLive(true);
        m_canvas->rebuildNow();
        m_canvas->zoomToFit();
        const QImage image = renderCanvas(*m_canvas);
        const QString out = qEnvironmentVariable("INFORMANT_TIMELINE_PNG");
        if (!out.isEmpty())
            QVERIFY(image.save(out));
        const TimelinePalette palette = TimelinePalette::fromPalette(m_canvas->palette());
        int normal = 0;
        int warning = 0;
        for (int y = TimelineView::kAxisHeight; y < image.height(); ++y) {
            for (int x = m_canvas->view().plotLeft(); x < image.width(); ++x) {
                normal += near(image.pixelColor(x, y), palette.normal, 20) ? 1 : 0;
                warning += near(image.pixelColor(x, y), palette.warning, 20) ? 1 : 0;
            }
        }
        QVERIFY2(normal > 50, qPrintable(QString::number(normal)));
        QVERIFY2(warning > 50, qPrintable(QString::number(warning)));
    }
};

QTEST_MAIN(TimelineCanvasTest)
#include "tst_timelinecanvas.moc"
