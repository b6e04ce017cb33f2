#include "models/liveclustersession.h"
#include "models/resourcetablemodel.h"
#include "sim/simulator.h"
#include "testsettings.h"
#include "ui/freshnessbanner.h"
#include "ui/mainwindow.h"
#include "ui/noticebar.h"
#include "ui/resourceview.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QDialog>
#include <QLineEdit>
#include <QPushButton>
#include <QTest>

#include <memory>

using namespace informant;

namespace {

// The widgets are found by name: the entry is a part of the banner, the
// dialog a child of the window.
QLineEdit *entryField(QWidget *banner)
{
    return banner->findChild<QLineEdit *>(QStringLiteral("namespaceEntryField"));
}

QPushButton *entryWatch(QWidget *banner)
{
    return banner->findChild<QPushButton *>(QStringLiteral("namespaceEntryWatch"));
}

// A window on the demo cluster as a user whose Role binds in namespace
// "web" only, started without a namespace (-A, or a context without one):
// pods are forbidden in every namespace and nothing says where to look.
struct OneNamespaceUserWindow
{
    sim::Simulator simulator;
    LiveClusterSession *session = nullptr;
    std::unique_ptr<MainWindow> window;
    std::unique_ptr<QAbstractItemModelTester> tester;

    bool open()
    {
        sim::SimOptions options;
        options.scenario = QStringLiteral("demo");
        options.readableNamespaces = {QStringLiteral("web")};
        if (!simulator.start(options).ok())
            return false;
        ClusterConfig config;
        config.server = QUrl(simulator.url());
        session = new LiveClusterSession(config, QStringLiteral("rbac"));
        window = std::make_unique<MainWindow>(session, QStringList{}, nullptr);
        session->setParent(window.get());
        window->resize(1400, 800);
        window->show();
        if (!window->showKindByName(QStringLiteral("pods")))
            return false;
        tester = std::make_unique<QAbstractItemModelTester>(
            window->resourceView()->feed()->model(),
            QAbstractItemModelTester::FailureReportingMode::QtTest);
        return true;
    }
    FreshnessBanner *banner() const { return window->resourceView()->banner(); }
    bool bannerShown() const { return banner()->isVisibleTo(window.get()); }
    ResourceTableModel *model() const { return window->resourceView()->feed()->model(); }
    // The table lists pods, all of namespace `namespaceName`.
    bool listsPodsOf(const QString &namespaceName) const
    {
        const int rows = model()->rowCount();
        if (rows == 0)
            return false;
        for (int row = 0; row < rows; ++row) {
            if (model()->objectAt(row).namespaceName() != namespaceName)
                return false;
        }
        return true;
    }
    // Types `namespaceName` into the banner's entry and presses Watch.
    bool watchThroughBanner(const QString &namespaceName)
    {
        QLineEdit *field = entryField(banner());
        QPushButton *watch = entryWatch(banner());
        if (!field || !watch || !field->isVisibleTo(window.get()))
            return false;
        field->clear();
        QTest::keyClicks(field, namespaceName);
        QTest::mouseClick(watch, Qt::LeftButton);
        return true;
    }
    QAction *menuAction() const
    {
        for (QAction *action : window->findChildren<QAction *>()) {
            if (action->text() == QStringLiteral("Watch one &namespace…"))
                return action;
        }
        return nullptr;
    }
};

} // namespace

// A user allowed only some namespaces, started without one, names the one
// they may read: on the forbidden banner, or from the View menu at any time.
class TestNamespaceChoice : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { test::useEmptyTestSettings(); }
    void forbiddenTableWatchesTheNamespaceTypedOnItsBanner();
    void aForbiddenNamespaceIsSaidAndAnotherCanBeTried();
    void menuChoosesANamespaceAndAllNamespacesComesBack();
};

void TestNamespaceChoice::forbiddenTableWatchesTheNamespaceTypedOnItsBanner()
{
    OneNamespaceUserWindow f;
    QVERIFY(f.open());
    QTRY_VERIFY_WITH_TIMEOUT(f.bannerShown(), 20000);
    QVERIFY2(f.banner()->text().contains(QStringLiteral("Not allowed")),
             qPrintable(f.banner()->text()));
    QVERIFY2(entryField(f.banner()) && entryField(f.banner())->isVisibleTo(f.window.get()),
             "the forbidden banner offers no namespace entry");

    QVERIFY(f.watchThroughBanner(QStringLiteral("web")));
    QTRY_VERIFY_WITH_TIMEOUT(f.listsPodsOf(QStringLiteral("web")), 20000);
    QTRY_VERIFY_WITH_TIMEOUT(!f.bannerShown(), 5000);
    QVERIFY2(f.window->noticeBar()->text().contains(QStringLiteral("watching namespace web only")),
             qPrintable(f.window->noticeBar()->text()));
    // As -n at start: the other kinds are watched there too.
    QVERIFY(f.window->showKindByName(QStringLiteral("services")));
    QTRY_VERIFY_WITH_TIMEOUT(f.window->resourceView()->feed()->model()->rowCount() > 0, 20000);
    QVERIFY(!f.bannerShown());
    // A namespace cannot help a cluster-scoped kind: nodes are forbidden, and
    // their banner offers no entry.
    QVERIFY(f.window->showKindByName(QStringLiteral("nodes")));
    QTRY_VERIFY_WITH_TIMEOUT(f.bannerShown(), 20000);
    QVERIFY(!entryField(f.banner())->isVisibleTo(f.window.get()));
}

void TestNamespaceChoice::aForbiddenNamespaceIsSaidAndAnotherCanBeTried()
{
    OneNamespaceUserWindow f;
    QVERIFY(f.open());
    QTRY_VERIFY_WITH_TIMEOUT(f.bannerShown(), 20000);
    QVERIFY2(f.watchThroughBanner(QStringLiteral("payments")),
             "the forbidden banner offers no namespace entry");
    // Forbidden again, this time in the namespace chosen: said, and the
    // entry stays for another try, showing what was tried.
    QTRY_VERIFY_WITH_TIMEOUT(
        f.bannerShown() && f.banner()->text().contains(QStringLiteral("namespaces/payments/pods")),
        20000);
    QVERIFY(entryField(f.banner())->isVisibleTo(f.window.get()));
    QCOMPARE(entryField(f.banner())->text(), QStringLiteral("payments"));
    QCOMPARE(f.model()->rowCount(), 0);

    QVERIFY(f.watchThroughBanner(QStringLiteral("web")));
    QTRY_VERIFY_WITH_TIMEOUT(f.listsPodsOf(QStringLiteral("web")), 20000);
    QTRY_VERIFY_WITH_TIMEOUT(!f.bannerShown(), 5000);
}

void TestNamespaceChoice::menuChoosesANamespaceAndAllNamespacesComesBack()
{
    OneNamespaceUserWindow f;
    QVERIFY(f.open());
    QTRY_VERIFY_WITH_TIMEOUT(f.bannerShown(), 20000);
    QAction *action = f.menuAction();
    QVERIFY2(action, "no View ▸ Watch one namespace…");
    QVERIFY(action->isEnabled());

    action->trigger();
    auto *dialog = f.window->findChild<QDialog *>(QStringLiteral("namespaceDialog"));
    QVERIFY(dialog);
    QVERIFY(dialog->isVisible());
    QVERIFY(!dialog->findChild<QPushButton *>(QStringLiteral("namespaceDialogAll"))->isEnabled());
    QTest::keyClicks(entryField(dialog), QStringLiteral("web"));
    QTest::keyClick(entryField(dialog), Qt::Key_Return);
    QTRY_VERIFY_WITH_TIMEOUT(f.listsPodsOf(QStringLiteral("web")), 20000);
    QTRY_VERIFY_WITH_TIMEOUT(!f.bannerShown(), 5000);
    QTRY_VERIFY(!f.window->findChild<QDialog *>(QStringLiteral("namespaceDialog")));

    // All namespaces again, from the same menu: forbidden again, the entry
    // offered again, and the notice of one namespace taken back.
    action->trigger();
    dialog = f.window->findChild<QDialog *>(QStringLiteral("namespaceDialog"));
    QVERIFY(dialog);
    QCOMPARE(entryField(dialog)->text(), QStringLiteral("web"));
    auto *all = dialog->findChild<QPushButton *>(QStringLiteral("namespaceDialogAll"));
    QVERIFY(all->isEnabled());
    QTest::mouseClick(all, Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(
        f.bannerShown() && f.banner()->text().contains(QStringLiteral("at the cluster scope")),
        20000);
    QCOMPARE(f.model()->rowCount(), 0);
    QVERIFY(entryField(f.banner())->isVisibleTo(f.window.get()));
    QVERIFY2(!f.window->noticeBar()->text().contains(QStringLiteral("web only")),
             qPrintable(f.window->noticeBar()->text()));
}

QTEST_MAIN(TestNamespaceChoice)
#include "tst_namespacechoice.moc"
