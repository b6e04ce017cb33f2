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
    void givenTheWidthItAsksForItShowsItAll_data();
    void givenTheWidthItAsksForItShowsItAll();
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

void TestElidedLabel::givenTheWidthItAsksForItShowsItAll_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<qreal>("pointSizeScale");
    QTest::addColumn<bool>("bold");
    // The resource view's titles (bold, 1.25 times the size), whose advance
    // in pixels is rarely a whole number: rounded down, "Deployments" and
    // "Services" were cut to "Deploymen…" and "Servic…" in a bar with room.
    for (const char *title :
         {"Deployments", "DaemonSets", "Services", "Ingresses", "Namespaces",
          "PersistentVolumeClaims", "PersistentVolumes", "ServiceAccounts", "Widgets", "Pods"}) {
        QTest::addRow("%s, title font", title) << QString::fromLatin1(title) << 1.25 << true;
        QTest::addRow("%s, plain", title) << QString::fromLatin1(title) << 1.0 << false;
    }
}

void TestElidedLabel::givenTheWidthItAsksForItShowsItAll()
{
    QFETCH(QString, text);
    QFETCH(qreal, pointSizeScale);
    QFETCH(bool, bold);
    ElidedLabel label;
    QFont font = label.font();
    font.setPointSizeF(font.pointSizeF() * pointSizeScale);
    font.setBold(bold);
    label.setFont(font);
    label.setText(text);
    label.resize(label.sizeHint());
    QCOMPARE(label.shownText(), text);
    QVERIFY(!label.isElided());
}

QTEST_MAIN(TestElidedLabel)
#include "tst_elidedlabel.moc"
