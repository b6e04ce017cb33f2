// The Ctrl+K palette: kubectl's names, prefixes and substrings first, then near misses (a few
// edits from a kind's name, KindInfo::nameDistance), as docs/USER-GUIDE.md promises.

#include "models/builtinkinds.h"
#include "ui/kindswitcher.h"

#include <QLineEdit>
#include <QListWidget>
#include <QSignalSpy>
#include <QTest>

using namespace informant;

class TestKindSwitcher : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void ranksNearMissesBelowNameMatches_data();
    void ranksNearMissesBelowNameMatches();
    void enterOnANearMissSwitchesToIt();
    void isAsTallAsItsMatches();
    void saysWhenNothingMatches();
};

namespace {

QStringList pluralsOf(const QList<KindInfo> &kinds)
{
    QStringList plurals;
    for (const KindInfo &kind : kinds)
        plurals.append(kind.plural);
    return plurals;
}

} // namespace

void TestKindSwitcher::ranksNearMissesBelowNameMatches_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("ranked");
    QTest::newRow("transposed letters") << "deploymnet" << QStringList{"deployments"};
    QTest::newRow("short name mistyped") << "pdo" << QStringList{"pods"};
    QTest::newRow("kind mistyped") << "Sevrice" << QStringList{"services"};
    // The short name, then "pods" (contains it), then the kinds one edit away (core first).
    QTest::newRow("exact, substring, near misses")
        << "ds" << QStringList{"daemonsets", "pods", "namespaces", "replicasets"};
    QTest::newRow("prefix before near misses") << "dep" << QStringList{"deployments", "endpoints"};
    QTest::newRow("substring before near misses")
        << "po" << QStringList{"pods", "endpoints", "nodes", "persistentvolumes"};
    QTest::newRow("nothing close") << "xyzzy" << QStringList{};
}

void TestKindSwitcher::ranksNearMissesBelowNameMatches()
{
    QFETCH(QString, text);
    QFETCH(QStringList, ranked);
    // Joined, so that a failure shows the order.
    QCOMPARE(pluralsOf(KindSwitcher::rank(builtinKinds(), text)).join(u' '), ranked.join(u' '));
}

void TestKindSwitcher::enterOnANearMissSwitchesToIt()
{
    KindSwitcher switcher;
    switcher.setKinds(builtinKinds());
    QSignalSpy chosen(&switcher, &KindSwitcher::kindChosen);
    switcher.popup();
    QTest::keyClicks(switcher.input(), QStringLiteral("deploymnet"));
    QCOMPARE(switcher.list()->count(), 1);
    QVERIFY(switcher.list()->item(0)->text().startsWith(QStringLiteral("deployments.apps")));
    QTest::keyClick(switcher.input(), Qt::Key_Return);
    QCOMPARE(chosen.count(), 1);
    QCOMPARE(chosen.first().first().value<KindInfo>().plural, QStringLiteral("deployments"));
    QVERIFY(!switcher.isVisible());
}

void TestKindSwitcher::isAsTallAsItsMatches()
{
    KindSwitcher switcher;
    switcher.setKinds(builtinKinds());
    switcher.popup(QStringLiteral("deploy"));
    QCOMPARE(switcher.list()->count(), 1);
    const int oneMatch = switcher.height();
    // The one row is whole, with no room for a second.
    const QRect row = switcher.list()->visualItemRect(switcher.list()->item(0));
    QVERIFY(switcher.list()->viewport()->rect().contains(row));
    QVERIFY(switcher.list()->viewport()->height() < 2 * row.height());

    switcher.input()->clear(); // every kind: as many rows as fit, then a scroll
    QVERIFY(switcher.list()->count() > 12);
    QVERIFY(switcher.height() >= oneMatch + 10 * row.height());
    QVERIFY(switcher.list()->viewport()->height() < switcher.list()->count() * row.height());
}

void TestKindSwitcher::saysWhenNothingMatches()
{
    KindSwitcher switcher;
    switcher.setKinds(builtinKinds());
    QSignalSpy chosen(&switcher, &KindSwitcher::kindChosen);
    switcher.popup(QStringLiteral("xyzzy"));
    QCOMPARE(switcher.list()->count(), 1);
    QCOMPARE(switcher.list()->item(0)->text(), QStringLiteral("No kind matches \u201cxyzzy\u201d"));
    QTest::keyClick(switcher.input(), Qt::Key_Return); // nothing to choose
    QCOMPARE(chosen.count(), 0);
    QVERIFY(switcher.isVisible());
}

QTEST_MAIN(TestKindSwitcher)
#include "tst_kindswitcher.moc"
