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

QTEST_MAIN(TestKindSwitcher)
#include "tst_kindswitcher.moc"
