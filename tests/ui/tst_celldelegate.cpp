// The resource table's cell delegate: elision (and the elided text whole in
// the tooltip), cached layouts and widths, and that it paints the text of
// every visible cell, in italics only where the model asks.

#include "ui/celldelegate.h"
#include "ui/twogenerationcache.h"

#include <QHeaderView>
#include <QHelpEvent>
#include <QStandardItemModel>
#include <QTableView>
#include <QTest>
#include <QToolTip>

using namespace informant;

class TestCellDelegate : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void fittedElidesOnlyTextWiderThanTheCell_data();
    void fittedElidesOnlyTextWiderThanTheCell();
    void repaintReusesTheLayoutsOfUnchangedCells();
    void paintsTextInEveryCell();
    void layoutCacheKeepsWhatIsInUseAndStaysBounded();
    void drawingDriftingTextKeepsTheCacheBounded();
    void elidedCellShowsItsWholeTextInItsTooltip();
    void columnFittedToItsSizeHintShowsTextWhole();
};

void TestCellDelegate::fittedElidesOnlyTextWiderThanTheCell_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("extraPx"); // width relative to the text's own advance
    QTest::addColumn<bool>("elided");
    QTest::newRow("wider cell") << "web-7d9c6b5f4-abcde" << 10 << false;
    QTest::newRow("exact width") << "Running" << 0 << false;
    QTest::newRow("narrower cell") << "CrashLoopBackOff" << -20 << true;
    QTest::newRow("empty") << "" << 0 << false;
}

void TestCellDelegate::fittedElidesOnlyTextWiderThanTheCell()
{
    QFETCH(QString, text);
    QFETCH(int, extraPx);
    QFETCH(bool, elided);
    const QFontMetrics metrics(QApplication::font());
    const int width = metrics.horizontalAdvance(text) + extraPx;
    const QString out = CellDelegate::fitted(text, metrics, width);
    QCOMPARE(out != text, elided);
    if (elided) {
        QVERIFY2(out.endsWith(QChar(0x2026)), qPrintable(out));
        QVERIFY(metrics.horizontalAdvance(out) <= width);
    }
}

namespace {

struct Table
{
    QStandardItemModel model{3, 2};
    QTableView view;
    CellDelegate *delegate = new CellDelegate(&view);

    Table()
    {
        for (int r = 0; r < 3; ++r) {
            model.setItem(r, 0, new QStandardItem(QStringLiteral("pod-%1").arg(r)));
            model.setItem(r, 1, new QStandardItem(QStringLiteral("Running")));
        }
        view.setModel(&model);
        view.setItemDelegate(delegate);
        view.resize(400, 200);
    }
};

} // namespace

void TestCellDelegate::repaintReusesTheLayoutsOfUnchangedCells()
{
    Table t;
    t.view.grab();
    // pod-0, pod-1, pod-2 and one "Running" shared by three cells.
    QCOMPARE(t.delegate->cachedLayouts(), qsizetype(4));
    t.view.grab();
    QCOMPARE(t.delegate->cachedLayouts(), qsizetype(4));
    t.model.item(1, 1)->setText(QStringLiteral("Terminating"));
    t.view.grab();
    QCOMPARE(t.delegate->cachedLayouts(), qsizetype(5));
}

void TestCellDelegate::paintsTextInEveryCell()
{
    Table t;
    const QImage image = t.view.viewport()->grab().toImage();
    const QColor text = t.view.palette().color(QPalette::Text);
    for (int r = 0; r < 3; ++r) {
        for (int c = 0; c < 2; ++c) {
            const QRect cell = t.view.visualRect(t.model.index(r, c));
            int inked = 0;
            for (int y = cell.top(); y <= cell.bottom(); ++y) {
                for (int x = cell.left(); x <= cell.right(); ++x) {
                    const QColor p = image.pixelColor(x, y);
                    inked += qAbs(p.lightness() - text.lightness()) < 60 ? 1 : 0;
                }
            }
            QVERIFY2(
                inked > 10,
                qPrintable(QStringLiteral("cell %1,%2: %3 text pixels").arg(r).arg(c).arg(inked)));
        }
    }
}

namespace {

QString toolTipAt(QTableView &view, const QModelIndex &index)
{
    // A hidden tip goes after a delay: what is shown next is this cell's.
    QToolTip::hideText();
    if (!QTest::qWaitFor([] { return !QToolTip::isVisible(); }))
        return QStringLiteral("(the previous tooltip stayed)");
    const QPoint at = view.visualRect(index).center();
    QHelpEvent help(QEvent::ToolTip, at, view.viewport()->mapToGlobal(at));
    QCoreApplication::sendEvent(view.viewport(), &help);
    return QToolTip::isVisible() ? QToolTip::text() : QString();
}

} // namespace

// An event's MESSAGE or a PVC's VOLUME cut short ("pvc-fe75246…") could not
// be read anywhere in the table.
void TestCellDelegate::elidedCellShowsItsWholeTextInItsTooltip()
{
    Table t;
    const QString message = QStringLiteral(
        "Back-off restarting failed container ledger in pod <ledger-worker-7d9f8c590-gvdk5>");
    t.model.item(0, 1)->setText(message);
    t.model.item(0, 0)->setToolTip(QStringLiteral("shop/pod-0"));
    t.view.horizontalHeader()->setStretchLastSection(false);
    t.view.setColumnWidth(1, 80);
    t.view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&t.view));
    const QString tip = toolTipAt(t.view, t.model.index(0, 1));
    // Escaped rich text (so that it wraps): the whole message, its "<" too.
    QVERIFY2(tip.contains(message.toHtmlEscaped()), qPrintable(tip));
    // A cell that fits keeps the model's tooltip, if any.
    QCOMPARE(toolTipAt(t.view, t.model.index(0, 0)), QStringLiteral("shop/pod-0"));
    QCOMPARE(toolTipAt(t.view, t.model.index(1, 1)), QString());
    QToolTip::hideText();
}

// Fitting a column asks the delegate for its cells' size hints: they are the
// widths the text is drawn at, so a fitted column draws its texts whole.
void TestCellDelegate::columnFittedToItsSizeHintShowsTextWhole()
{
    Table t;
    const QString restarts = QStringLiteral("4 (2m14s ago)");
    t.model.item(2, 1)->setText(restarts);
    t.view.horizontalHeader()->setStretchLastSection(false);
    t.view.setColumnWidth(1, 20);
    t.view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&t.view));
    t.view.resizeColumnToContents(1);
    const QFontMetrics metrics(t.view.font());
    QVERIFY(t.view.columnWidth(1) >= metrics.horizontalAdvance(restarts));
    QCOMPARE(toolTipAt(t.view, t.model.index(2, 1)), QString()); // not elided
    const int margin = t.view.style()->pixelMetric(QStyle::PM_FocusFrameHMargin) + 1;
    QCOMPARE(CellDelegate::fitted(restarts, metrics,
                                  t.view.visualRect(t.model.index(2, 1)).width() - 2 * margin),
             restarts);
    QToolTip::hideText();
}

QTEST_MAIN(TestCellDelegate)
#include "tst_celldelegate.moc"

void TestCellDelegate::layoutCacheKeepsWhatIsInUseAndStaysBounded()
{
    // A cell on screen is asked for on every repaint while texts around it
    // come and go (ages tick, pods churn).
    TwoGenerationCache<int, 4> cache;
    cache.insert(QStringLiteral("on screen"), 1);
    cache.insert(QStringLiteral("gone"), 2);
    for (int i = 0; i < 100; ++i) {
        QVERIFY2(cache.find(QStringLiteral("on screen")), qPrintable(QString::number(i)));
        cache.insert(QStringLiteral("age %1").arg(i), i);
        QVERIFY(cache.size() <= 8);
    }
    QCOMPARE(*cache.find(QStringLiteral("on screen")), 1);
    QCOMPARE(cache.find(QStringLiteral("gone")), nullptr);
    QCOMPARE(cache.find(QStringLiteral("age 0")), nullptr);
    QCOMPARE(*cache.find(QStringLiteral("age 99")), 99);
}

void TestCellDelegate::drawingDriftingTextKeepsTheCacheBounded()
{
    // The delegate's layouts used to fill up to 8192 per font before being
    // dropped: under churn the GUI's memory grew for half an hour.
    Table t;
    const int changes = int(CellDelegate::kLayoutsPerGeneration); // 3 new texts each
    for (int i = 0; i < changes; ++i) {
        for (int r = 0; r < 3; ++r)
            t.model.item(r, 1)->setText(QStringLiteral("%1m%2s").arg(i).arg(r));
        t.view.grab();
    }
    QVERIFY2(t.delegate->cachedLayouts() <= 2 * CellDelegate::kLayoutsPerGeneration,
             qPrintable(QString::number(t.delegate->cachedLayouts())));
}
