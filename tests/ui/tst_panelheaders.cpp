// The details pane's Events table and the informers panel, as the main
// table: a column narrowed below its header's text shows the text cut with
// "…" (ElidingHeaderView), not clipped mid-letter, and the last column still
// takes the room the others leave. In a narrow details pane the Events
// table's MESSAGE keeps a share of the width (LastColumnShare).

#include "informer/core/kubeobject.h"
#include "models/informerstatusmodel.h"
#include "models/relatedeventsmodel.h"
#include "ui/detailspane.h"
#include "ui/elidingheaderview.h"
#include "ui/informerspanel.h"

#include <QAbstractItemModelTester>
#include <QHeaderView>
#include <QTabWidget>
#include <QTableView>
#include <QTest>

using namespace informant;

namespace {

constexpr QChar kEllipsis(0x2026);

// The pane shows its tabs for an object only.
void showAPod(DetailsPane &pane)
{
    pane.setObject(
        KubeObject::fromJson(
            R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":"p","namespace":"ns"}})")
            .value());
}

QTableView *eventsView(const DetailsPane &pane)
{
    for (QTableView *view : pane.findChildren<QTableView *>()) {
        if (view->model() == pane.eventsModel())
            return view;
    }
    return nullptr;
}

// Empty when `view`'s header elides column `column` narrowed to its minimum
// and its last column stretches to the viewport's edge; else what it shows.
QString narrowedHeaderProblem(QTableView *view, int column)
{
    auto *header = qobject_cast<ElidingHeaderView *>(view->horizontalHeader());
    if (!header)
        return QStringLiteral("the header is a plain %1")
            .arg(QString::fromLatin1(view->horizontalHeader()->metaObject()->className()));
    const QString whole = view->model()->headerData(column, Qt::Horizontal).toString();
    if (header->shownText(column) != whole)
        return QStringLiteral("\"%1\" elided before narrowing").arg(whole);
    header->resizeSection(column, header->minimumSectionSize());
    const QString shown = header->shownText(column);
    if (!shown.endsWith(kEllipsis) || !whole.startsWith(shown.chopped(1)))
        return QStringLiteral("\"%1\" narrowed to %2 px shows \"%3\"")
            .arg(whole)
            .arg(header->sectionSize(column))
            .arg(shown);
    const int last = header->logicalIndex(header->count() - 1);
    const int lastEnd = header->sectionViewportPosition(last) + header->sectionSize(last);
    if (!header->stretchLastSection() || lastEnd != header->viewport()->width())
        return QStringLiteral("the last column ends at %1 of %2 px")
            .arg(lastEnd)
            .arg(header->viewport()->width());
    return {};
}

} // namespace

class TestPanelHeaders : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void detailsEventsHeaderElides();
    void informersHeaderElides();
    void eventMessageStaysInViewInANarrowPane_data();
    void eventMessageStaysInViewInANarrowPane();
};

void TestPanelHeaders::detailsEventsHeaderElides()
{
    DetailsPane pane;
    QAbstractItemModelTester tester(pane.eventsModel(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    showAPod(pane);
    pane.resize(900, 500);
    pane.tabs()->setCurrentIndex(2);
    pane.show();
    QVERIFY(QTest::qWaitForWindowExposed(&pane));
    QTableView *view = eventsView(pane);
    QVERIFY(view);
    const QString problem = narrowedHeaderProblem(view, RelatedEventsModel::LastSeenColumn);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
}

void TestPanelHeaders::informersHeaderElides()
{
    InformerStatusModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    InformersPanel panel(&model);
    panel.resize(1400, 300);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    const QString problem =
        narrowedHeaderProblem(panel.table(), InformerStatusModel::RestartsColumn);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
}

void TestPanelHeaders::eventMessageStaysInViewInANarrowPane_data()
{
    QTest::addColumn<int>("width");
    QTest::newRow("narrow") << 300;
    QTest::newRow("a first start's width") << 420;
    QTest::newRow("wide") << 1000;
}

// The fixed columns add up to about 400 px: in a pane about that wide,
// MESSAGE sat beyond the right edge, with no scroll bar to reach it.
void TestPanelHeaders::eventMessageStaysInViewInANarrowPane()
{
    QFETCH(int, width);
    DetailsPane pane;
    showAPod(pane);
    pane.tabs()->setCurrentIndex(2);
    QTableView *view = eventsView(pane);
    QVERIFY(view);
    const int reasonWidth = view->columnWidth(RelatedEventsModel::ReasonColumn);
    pane.resize(width, 500);
    pane.show();
    QVERIFY(QTest::qWaitForWindowExposed(&pane));
    const QHeaderView *header = view->horizontalHeader();
    const int viewport = view->viewport()->width();
    const int message = RelatedEventsModel::MessageColumn;
    const int start = header->sectionViewportPosition(message);
    QVERIFY2(start + header->sectionSize(message) == viewport,
             qPrintable(QStringLiteral("MESSAGE at %1..%2 of %3 px")
                            .arg(start)
                            .arg(start + header->sectionSize(message))
                            .arg(viewport)));
    QVERIFY2(header->sectionSize(message) >= viewport * 4 / 10 - 1,
             qPrintable(QStringLiteral("MESSAGE is %1 of %2 px")
                            .arg(header->sectionSize(message))
                            .arg(viewport)));
    // Where there is room, the other columns keep their widths.
    if (width >= 1000)
        QCOMPARE(view->columnWidth(RelatedEventsModel::ReasonColumn), reasonWidth);
}

QTEST_MAIN(TestPanelHeaders)
#include "tst_panelheaders.moc"
