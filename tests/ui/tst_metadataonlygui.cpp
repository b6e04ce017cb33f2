// Metadata-only informers in the GUI (product spec §6), against the
// in-process demo simulator: Secrets watched metadata-only hold no values,
// their table says what it does not know instead of "0", the details pane
// says so and reads the whole object once on request, the View menu's
// choice turns it off and on at once, and the choice is kept.

#include "models/clusterrowkey.h"
#include "models/liveclustersession.h"
#include "models/multiclustersession.h"
#include "models/resourcetablemodel.h"
#include "models/tablefeed.h"
#include "sim/simulator.h"
#include "ui/detailspane.h"
#include "ui/mainwindow.h"
#include "ui/metadataonlyaction.h"
#include "ui/metadataonlybar.h"
#include "ui/metadataonlychoice.h"
#include "ui/resourceview.h"

#include "testsettings.h"

#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QPushButton>
#include <QTest>

#include <memory>

using namespace informant;

namespace {

const QString kSecretKey = QStringLiteral("payments/ledger-db-credentials");
const QString kPassword = QStringLiteral("demo-not-a-real-password");

// A window on the demo cluster showing Secrets, watched metadata-only when
// `metadataOnly`.
struct SecretsWindow
{
    sim::Simulator simulator;
    LiveClusterSession *session = nullptr;
    std::unique_ptr<MainWindow> window;

    bool open(bool metadataOnly)
    {
        sim::SimOptions options;
        options.scenario = QStringLiteral("demo");
        if (!simulator.start(options).ok())
            return false;
        ClusterConfig config;
        config.server = QUrl(simulator.url());
        LiveSessionOptions sessionOptions;
        if (metadataOnly)
            sessionOptions.metadataOnlyKinds = {QStringLiteral("secrets")};
        session = new LiveClusterSession(config, QStringLiteral("demo"), sessionOptions);
        window = std::make_unique<MainWindow>(session, QStringList{}, nullptr);
        session->setParent(window.get());
        window->show();
        return window->showKindByName(QStringLiteral("secrets"));
    }
    ResourceTableModel *model() const { return window->resourceView()->feed()->model(); }
    KubeObject row(const QString &key) const
    {
        for (int r = 0; r < model()->rowCount(); ++r) {
            if (model()->objectAt(r).key() == key)
                return model()->objectAt(r);
        }
        return {};
    }
    QString cell(const QString &key, const QString &column) const
    {
        for (int r = 0; r < model()->rowCount(); ++r) {
            if (model()->objectAt(r).key() == key) {
                for (int c = 0; c < model()->columnCount(); ++c) {
                    if (model()->headerData(c, Qt::Horizontal).toString() == column)
                        return model()->index(r, c).data().toString();
                }
            }
        }
        return QStringLiteral("(no cell)");
    }
    int column(const QString &name) const
    {
        for (int c = 0; c < model()->columnCount(); ++c) {
            if (model()->headerData(c, Qt::Horizontal).toString() == name)
                return c;
        }
        return -1;
    }
    MetadataOnlyAction *action() const
    {
        return window->findChild<MetadataOnlyAction *>(QStringLiteral("metadataOnlyAction"));
    }
};

// informant --context east --context west, two demo clusters (the same
// objects by name, their uids their own), showing Secrets.
struct TwoClustersWindow
{
    sim::Simulator eastSim;
    sim::Simulator westSim;
    QList<LiveClusterSession *> members;
    MultiClusterSession *session = nullptr;
    std::unique_ptr<MainWindow> window;

    bool open(const LiveSessionOptions &options)
    {
        sim::SimOptions demo;
        demo.scenario = QStringLiteral("demo");
        if (!eastSim.start(demo).ok() || !westSim.start(demo).ok())
            return false;
        for (const auto &[name, simulator] : {std::pair{QStringLiteral("east"), &eastSim},
                                              std::pair{QStringLiteral("west"), &westSim}}) {
            ClusterConfig config;
            config.server = QUrl(simulator->url());
            members.append(new LiveClusterSession(config, name, options));
        }
        session = new MultiClusterSession({members.at(0), members.at(1)});
        window = std::make_unique<MainWindow>(session, QStringList{}, nullptr);
        session->setParent(window.get());
        window->show();
        for (LiveClusterSession *member : members)
            member->discover();
        return window->showKindByName(QStringLiteral("secrets"));
    }
    ResourceTableModel *model() const { return window->resourceView()->feed()->model(); }
    KubeObject secretIn(const QString &cluster) const
    {
        const int row = model()->rowOfKey(clusterRowKey(cluster, kSecretKey));
        return row < 0 ? KubeObject() : model()->objectAt(row);
    }
};

} // namespace

class TestMetadataOnly : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init() { test::useEmptyTestSettings(); }
    void everyKindIsWatchedWholeByDefault();
    void choiceIsKept();
    void tableShowsOnlyWhatMetadataGives();
    void detailsPaneReadsTheWholeObjectOnce();
    void viewMenuTurnsItOffAndOnAtOnce();
    void choiceReachesEveryClusterOfAWindow();
    void wholeObjectIsReadFromTheRowsCluster();
};

void TestMetadataOnly::everyKindIsWatchedWholeByDefault()
{
    QVERIFY(!MetadataOnlyChoice::isChosenFor(QStringLiteral("secrets")));
    QVERIFY(!MetadataOnlyChoice::isChosenFor(QStringLiteral("configmaps")));
    QVERIFY(!MetadataOnlyChoice::isChosenFor(QStringLiteral("pods")));
    QVERIFY(MetadataOnlyChoice::chosenKinds().isEmpty());
}

void TestMetadataOnly::choiceIsKept()
{
    MetadataOnlyChoice::choose(QStringLiteral("secrets"), true);
    MetadataOnlyChoice::choose(QStringLiteral("widgets.example.com"), true);
    QVERIFY(MetadataOnlyChoice::isChosenFor(QStringLiteral("secrets")));
    QVERIFY(MetadataOnlyChoice::isChosenFor(QStringLiteral("widgets.example.com")));
    QCOMPARE(MetadataOnlyChoice::chosenKinds(),
             (QSet<QString>{QStringLiteral("secrets"), QStringLiteral("widgets.example.com")}));
    // Turned off again: nothing written down, as before any choice.
    MetadataOnlyChoice::choose(QStringLiteral("secrets"), false);
    QVERIFY(!MetadataOnlyChoice::isChosenFor(QStringLiteral("secrets")));
    QCOMPARE(MetadataOnlyChoice::chosenKinds(),
             (QSet<QString>{QStringLiteral("widgets.example.com")}));
    QSettings settings;
    QVERIFY(!settings.contains(QStringLiteral("metadataOnly/secrets")));
    QVERIFY(settings.contains(QStringLiteral("metadataOnly/widgets.example.com")));
}

void TestMetadataOnly::tableShowsOnlyWhatMetadataGives()
{
    SecretsWindow f;
    QVERIFY(f.open(true));
    QAbstractItemModelTester tester(f.model(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    QTRY_VERIFY_WITH_TIMEOUT(!f.row(kSecretKey).isNull(), 20000);
    const KubeObject secret = f.row(kSecretKey);
    QVERIFY(secret.isMetadataOnly());
    QCOMPARE(secret.kind(), QStringLiteral("Secret"));
    QCOMPARE(secret.apiVersion(), QStringLiteral("v1"));
    QVERIFY(!secret.json().contains("\"data\""));
    QCOMPARE(f.cell(kSecretKey, QStringLiteral("NAME")), QStringLiteral("ledger-db-credentials"));
    QCOMPARE(f.cell(kSecretKey, QStringLiteral("NAMESPACE")), QStringLiteral("payments"));
    QVERIFY(!f.cell(kSecretKey, QStringLiteral("AGE")).isEmpty());
    // Not "Opaque" and never "0": not known.
    QCOMPARE(f.cell(kSecretKey, QStringLiteral("TYPE")), QString());
    QCOMPARE(f.cell(kSecretKey, QStringLiteral("DATA")), QString());
    const QString tip =
        f.model()
            ->headerData(f.column(QStringLiteral("DATA")), Qt::Horizontal, Qt::ToolTipRole)
            .toString();
    QVERIFY2(tip.contains(QStringLiteral("metadata-only")), qPrintable(tip));
    QVERIFY(f.model()
                ->headerData(f.column(QStringLiteral("NAME")), Qt::Horizontal, Qt::ToolTipRole)
                .toString()
                .isEmpty());
}

void TestMetadataOnly::detailsPaneReadsTheWholeObjectOnce()
{
    SecretsWindow f;
    QVERIFY(f.open(true));
    QTRY_VERIFY_WITH_TIMEOUT(!f.row(kSecretKey).isNull(), 20000);
    QVERIFY(f.window->resourceView()->selectKey(kSecretKey));
    DetailsPane *details = f.window->detailsPane();
    MetadataOnlyBar *bar = details->metadataOnlyBar();
    QTRY_VERIFY(details->object().key() == kSecretKey);
    QVERIFY(!bar->isHidden());
    QVERIFY2(bar->text().contains(QStringLiteral("Read metadata-only")), qPrintable(bar->text()));
    QVERIFY(!details->yamlText().contains(QStringLiteral("password")));
    QVERIFY(details->revealSecrets()->isHidden()); // no values to reveal

    bar->readButton()->click();
    QTRY_VERIFY_WITH_TIMEOUT(bar->text().contains(QStringLiteral("as read at")), 10000);
    QVERIFY(!details->object().isMetadataOnly());
    QVERIFY(!details->revealSecrets()->isHidden());
    // The values are there, masked until revealed, as any Secret's.
    const QString masked = details->yamlText();
    QVERIFY2(masked.contains(QStringLiteral("password: ") + QString(8, QChar(0x2022))),
             qPrintable(masked));
    details->revealSecrets()->setChecked(true);
    QVERIFY(details->overviewText().contains(kPassword));
    // The informer still holds metadata only: nothing was cached.
    QVERIFY(f.row(kSecretKey).isMetadataOnly());

    // Another object forgets what was read.
    QVERIFY(f.window->resourceView()->selectKey(QStringLiteral("web/api-token")));
    QTRY_VERIFY(details->object().key() == QStringLiteral("web/api-token"));
    QVERIFY(details->object().isMetadataOnly());
    QVERIFY2(bar->text().contains(QStringLiteral("Read metadata-only")), qPrintable(bar->text()));
}

void TestMetadataOnly::viewMenuTurnsItOffAndOnAtOnce()
{
    SecretsWindow f;
    QVERIFY(f.open(true));
    QAbstractItemModelTester tester(f.model(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    QTRY_VERIFY_WITH_TIMEOUT(!f.row(kSecretKey).isNull(), 20000);
    MetadataOnlyAction *action = f.action();
    QVERIFY(action);
    QVERIFY(action->isEnabled());
    QVERIFY(action->isChecked());
    QVERIFY2(action->text().contains(QStringLiteral("secrets")), qPrintable(action->text()));

    action->trigger(); // off: whole objects
    QVERIFY(!action->isChecked());
    QVERIFY(!f.session->readsMetadataOnly(f.window->currentKind()));
    QVERIFY(!MetadataOnlyChoice::isChosenFor(QStringLiteral("secrets")));
    QTRY_VERIFY_WITH_TIMEOUT(!f.row(kSecretKey).isNull() && !f.row(kSecretKey).isMetadataOnly(),
                             20000);
    QCOMPARE(f.cell(kSecretKey, QStringLiteral("TYPE")), QStringLiteral("Opaque"));
    QCOMPARE(f.cell(kSecretKey, QStringLiteral("DATA")), QStringLiteral("2"));
    QVERIFY(f.window->detailsPane()->metadataOnlyBar()->isHidden());

    action->trigger(); // on again
    QVERIFY(MetadataOnlyChoice::isChosenFor(QStringLiteral("secrets")));
    QTRY_VERIFY_WITH_TIMEOUT(!f.row(kSecretKey).isNull() && f.row(kSecretKey).isMetadataOnly(),
                             20000);
    QCOMPARE(f.cell(kSecretKey, QStringLiteral("DATA")), QString());
}

// informant --context east --context west: the View menu's choice is each
// cluster's informer's, not the first's or none.
void TestMetadataOnly::choiceReachesEveryClusterOfAWindow()
{
    TwoClustersWindow f;
    QVERIFY(f.open(LiveSessionOptions()));
    QAbstractItemModelTester tester(f.model(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    const auto bothAre = [&f](bool metadataOnly) {
        for (const QString &cluster : {QStringLiteral("east"), QStringLiteral("west")}) {
            const KubeObject secret = f.secretIn(cluster);
            if (secret.isNull() || secret.isMetadataOnly() != metadataOnly)
                return false;
        }
        return true;
    };
    QTRY_VERIFY_WITH_TIMEOUT(bothAre(false), 20000);
    auto *action = f.window->findChild<MetadataOnlyAction *>(QStringLiteral("metadataOnlyAction"));
    QVERIFY(action);
    QVERIFY(action->isEnabled());
    QVERIFY(!action->isChecked());

    action->trigger();
    const KindInfo secrets = f.window->currentKind();
    QVERIFY(f.session->readsMetadataOnly(secrets));
    for (LiveClusterSession *member : f.members)
        QVERIFY(member->readsMetadataOnly(member->findKind(QStringLiteral("secrets"))));
    QTRY_VERIFY_WITH_TIMEOUT(bothAre(true), 20000);

    action->trigger();
    QVERIFY(!f.session->readsMetadataOnly(secrets));
    QTRY_VERIFY_WITH_TIMEOUT(bothAre(false), 20000);
}

// "Read whole object" in a window of two clusters reads the row's own
// cluster's object: the bar takes only an object of the row's uid, and the
// two clusters' Secrets of one name have their own.
void TestMetadataOnly::wholeObjectIsReadFromTheRowsCluster()
{
    TwoClustersWindow f;
    LiveSessionOptions options;
    options.metadataOnlyKinds = {QStringLiteral("secrets")};
    QVERIFY(f.open(options));
    QAbstractItemModelTester tester(f.model(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    QTRY_VERIFY_WITH_TIMEOUT(!f.secretIn(QStringLiteral("east")).isNull() &&
                                 !f.secretIn(QStringLiteral("west")).isNull(),
                             20000);
    QVERIFY(f.secretIn(QStringLiteral("east")).uid() != f.secretIn(QStringLiteral("west")).uid());
    DetailsPane *details = f.window->detailsPane();
    MetadataOnlyBar *bar = details->metadataOnlyBar();
    // West first: a read of the first member's would be east's object.
    for (const QString &cluster : {QStringLiteral("west"), QStringLiteral("east")}) {
        QVERIFY(f.window->resourceView()->selectKey(clusterRowKey(cluster, kSecretKey)));
        const KubeObject row = f.secretIn(cluster);
        QTRY_COMPARE(details->object().uid(), row.uid());
        QVERIFY(details->object().isMetadataOnly());
        bar->readButton()->click();
        QTRY_VERIFY2_WITH_TIMEOUT(bar->text().contains(QStringLiteral("as read at")),
                                  qPrintable(bar->text()), 10000);
        QCOMPARE(details->object().uid(), row.uid());
        QVERIFY(!details->object().isMetadataOnly());
        QVERIFY(details->yamlText().contains(QStringLiteral("password: ")));
    }
}

QTEST_MAIN(TestMetadataOnly)
#include "tst_metadataonlygui.moc"
