// ElidedLabel (ui/elidedlabel.h): a toolbar's text that does not set its
// toolbar's minimum width. As a QLabel, the timeline's summary ("Filter:
// namespace: batch, kube-system, … · 135 of 163 events") made the window's
// central widget as wide as its text, and squeezed the docks.

#include "ui/elidedlabel.h"

#include <QHBoxLayout>
#include <QTest>

using namespace informant;

class TestElidedLabel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void asksForItsWholeTextButNeedsLittle();
    void narrowedItEndsInAnEllipsisAndTellsItAllInItsTooltip();
    void aLongTextDoesNotWidenItsToolbar();
};

namespace {

const QString kLong = QStringLiteral(
    "Filter: namespace: batch, kube-system, monitoring, payments, web · 135 of 163 events");

} // namespace

void TestElidedLabel::asksForItsWholeTextButNeedsLittle()
{
    ElidedLabel label;
    label.setText(kLong);
    QCOMPARE(label.text(), kLong);
    QVERIFY(label.sizeHint().width() >= label.fontMetrics().horizontalAdvance(kLong));
    QVERIFY2(label.minimumSizeHint().width() <=
                 label.fontMetrics().horizontalAdvance(QStringLiteral("……")),
             qPrintable(QString::number(label.minimumSizeHint().width())));
}

void TestElidedLabel::narrowedItEndsInAnEllipsisAndTellsItAllInItsTooltip()
{
    ElidedLabel label;
    label.setText(kLong);
    label.resize(label.sizeHint());
    label.show(); // a hidden widget is told of its size when shown
    QVERIFY(QTest::qWaitForWindowExposed(&label));
    QCOMPARE(label.shownText(), kLong);
    QVERIFY(!label.isElided());
    QVERIFY(label.toolTip().isEmpty());

    label.resize(label.sizeHint().width() / 3, label.sizeHint().height());
    QVERIFY(label.isElided());
    QVERIFY2(label.shownText().endsWith(QChar(0x2026)), qPrintable(label.shownText()));
    QVERIFY(kLong.startsWith(label.shownText().chopped(1)));
    QCOMPARE(label.toolTip(), kLong);

    // A shorter text that fits: no tooltip left over.
    label.setText(QStringLiteral("3 events"));
    QVERIFY(!label.isElided());
    QVERIFY(label.toolTip().isEmpty());
}

void TestElidedLabel::aLongTextDoesNotWidenItsToolbar()
{
    QWidget bar;
    auto *layout = new QHBoxLayout(&bar);
    auto *label = new ElidedLabel(&bar);
    layout->addWidget(label);
    label->setText(QStringLiteral("3 events"));
    layout->activate();
    const int minimum = bar.minimumSizeHint().width();
    label->setText(kLong);
    layout->activate();
    QVERIFY2(bar.minimumSizeHint().width() <= minimum,
             qPrintable(QStringLiteral("%1 > %2").arg(bar.minimumSizeHint().width()).arg(minimum)));
}

QTEST_MAIN(TestElidedLabel)
#include "tst_elidedlabel.moc"
