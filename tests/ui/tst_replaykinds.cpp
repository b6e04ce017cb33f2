// `informant --replay FILE` with a recording of a few kinds: the others were
// never recorded, and must not read as "none in the cluster" (the embedded
// simulator serves every built-in kind, empty). The tree counts them "—"
// saying they are not in the recording, their table and the status bar say
// so, no informer watches them, and the window opens on a recorded kind
// even when the last kind shown was another. The Application of
// app/informant, against its own embedded simulator.

#include "app/informant/application.h"
#include "app/informant/options.h"
#include "onlymainwindow.h"
#include "replayrecording.h"

#include "models/clustersession.h"
#include "models/resourcetablemodel.h"
#include "models/resourcetreemodel.h"
#include "testsettings.h"
#include "ui/mainwindow.h"
#include "ui/resourceview.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QFile>
#include <QLabel>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

using namespace informant;
using namespace informant::test;

namespace {

// Pods and namespaces only: two pods, then a third after an hour (no test
// waits that long).
QByteArray podsAndNamespaces()
{
    return podsAndNamespacesStart() + record(0, "ADDED", recordedPod("a")) +
           record(0, "ADDED", recordedPod("b")) + record(3'600'000, "ADDED", recordedPod("c"));
}

QModelIndex countCell(MainWindow *window, const QString &kindId)
{
    return window->treeModel()->indexOfKind(kindId).siblingAtColumn(1);
}

QString emptyTableText(MainWindow *window)
{
    auto *hint = window->resourceView()->findChild<QLabel *>(QStringLiteral("emptyHint"));
    return hint && hint->isVisible() ? hint->text() : QString();
}

} // namespace

class TestReplayKinds : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init()
    {
        test::useEmptyTestSettings();
        QVERIFY(m_dir.isValid());
        m_file = m_dir.filePath(QStringLiteral("pods.ndjson"));
        QFile file(m_file);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(podsAndNamespaces());
    }
    void kindsNotRecordedAreNotShownAsNone();
    void opensOnARecordedKindWhateverWasShownLast();

private:
    QTemporaryDir m_dir;
    QString m_file;
};

void TestReplayKinds::kindsNotRecordedAreNotShownAsNone()
{
    Application application(
        parseOptions({QStringLiteral("informant"), QStringLiteral("--replay"), m_file}));
    QCOMPARE(application.start(), QString());
    MainWindow *window = test::onlyMainWindow();
    QVERIFY(window);
    QAbstractItemModelTester tester(window->treeModel(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);

    // The recorded kinds are watched and counted as in any cluster.
    QTRY_COMPARE_WITH_TIMEOUT(countCell(window, QStringLiteral("pods")).data().toString(),
                              QStringLiteral("2"), 20000);
    QTRY_COMPARE_WITH_TIMEOUT(countCell(window, QStringLiteral("namespaces")).data().toString(),
                              QStringLiteral("1"), 20000);
    // Only they: an informer of another kind would list nothing and say
    // "watching".
    QTRY_COMPARE_WITH_TIMEOUT(window->informersSummaryText(),
                              QStringLiteral("2 informers watching"), 20000);

    const KindInfo services = window->session()->findKind(QStringLiteral("services"));
    QVERIFY(services.isValid());
    QVERIFY(window->showKind(services));
    QTRY_COMPARE_WITH_TIMEOUT(emptyTableText(window),
                              QStringLiteral("Services were not recorded in this replay."), 20000);
    QVERIFY2(window->statusText().contains(QStringLiteral("not in this recording")) &&
                 !window->statusText().contains(QStringLiteral("watching")),
             qPrintable(window->statusText()));
    auto *header = window->resourceView()->findChild<QLabel *>(QStringLiteral("counts"));
    QVERIFY(header);
    QCOMPARE(header->text(), QStringLiteral("—"));
    const QModelIndex count = countCell(window, QStringLiteral("services"));
    QCOMPARE(count.data().toString(), QStringLiteral("—"));
    QVERIFY2(
        count.data(Qt::ToolTipRole).toString().contains(QStringLiteral("not in this recording")),
        qPrintable(count.data(Qt::ToolTipRole).toString()));
    QCOMPARE(window->informersSummaryText(), QStringLiteral("2 informers watching"));
}

void TestReplayKinds::opensOnARecordedKindWhateverWasShownLast()
{
    {
        // Services shown last in this replay, where they were not recorded.
        Application first(
            parseOptions({QStringLiteral("informant"), QStringLiteral("--replay"), m_file}));
        QCOMPARE(first.start(), QString());
        MainWindow *window = test::onlyMainWindow();
        QVERIFY(window);
        QVERIFY(window->showKindByName(QStringLiteral("services")));
        QCOMPARE(MainWindow::lastKindShownIn(window->session()->name()),
                 QStringLiteral("services"));
        window->close();
    }
    Application application(
        parseOptions({QStringLiteral("informant"), QStringLiteral("--replay"), m_file}));
    QCOMPARE(application.start(), QString());
    MainWindow *window = test::onlyMainWindow();
    QVERIFY(window);
    QTRY_COMPARE_WITH_TIMEOUT(window->currentKind().id(), QStringLiteral("pods"), 20000);
    QTRY_COMPARE_WITH_TIMEOUT(window->resourceView()->feed()->model()->rowCount(), 2, 20000);
}

QTEST_MAIN(TestReplayKinds)
#include "tst_replaykinds.moc"
