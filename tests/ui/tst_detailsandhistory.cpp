// The details pane and the History tab as the window drives them: the
// selection fills them, an object that leaves the table stays shown and
// marked, History keeps the revisions the user compares and follows the
// kind, ages agree with the table, and what a credential plugin asks of the
// user is shown above it.

#include "localclustersession.h"
#include "mainwindowfixture.h"
#include "models/history/historymodel.h"
#include "models/informerstatusmodel.h"
#include "models/secondclock.h"
#include "testsettings.h"
#include "ui/detailspane.h"
#include "ui/history/historywidget.h"
#include "ui/mainwindow.h"
#include "ui/noticebar.h"
#include "ui/resourceview.h"
#include "ui/signinbanner.h"
#include "ui/timeline/timelinewidget.h"

#include <QDateTime>
#include <QItemSelectionModel>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>
#include <QTextBrowser>

using namespace informant;
using namespace informant::test;

class TestDetailsAndHistory : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { useEmptyTestSettings(); }
    void selectionDrivesDetailsPane();
    void detailsKeepAnObjectThatLeavesTheTable();
    void detailsShowTheLaneClickedOverTheTimeline();
    void detailsSayWhyALanesObjectIsNotShown();
    void historyKeepsTheChosenRevisionsAcrossUpdates();
    void historyShowsWhatChangedBeforeTheObjectWasOpened();
    void agesAgreeAcrossViews();
    void signInBannerFollowsThePluginsRuns();
    void signInBannerNamesAPluginThatWritesNothing();
    void ownerLinkSaysWhyItFindsNoOwner();
    void historyOfAPodCreatedAgainUnderItsNameIsItsOwn();
};

namespace {

// `object` at resourceVersion `resourceVersion`: one of its revisions.
KubeObject withResourceVersion(const KubeObject &object, int resourceVersion)
{
    QJsonObject json = QJsonDocument::fromJson(object.json()).object();
    QJsonObject metadata = json.value(QLatin1String("metadata")).toObject();
    metadata.insert(QLatin1String("resourceVersion"), QString::number(resourceVersion));
    json.insert(QLatin1String("metadata"), metadata);
    return KubeObject::fromJson(QJsonDocument(json).toJson(QJsonDocument::Compact)).value();
}

} // namespace

// The credential plugin's prompt stays while it waits, says so when the run
// fails, and a new run's prompt replaces the old one.
void TestDetailsAndHistory::signInBannerFollowsThePluginsRuns()
{
    Fixture f;
    SignInBanner *banner = f.window->signInBanner();
    QVERIFY(!banner->isVisibleTo(f.window.get()));
    Q_EMIT f.session.credentialPluginOutput(QStringLiteral("Open https://a.example/x."));
    QVERIFY(banner->isVisibleTo(f.window.get()));
    QVERIFY2(banner->linesHtml().contains(QStringLiteral("<a href=\"https://a.example/x\">")),
             qPrintable(banner->linesHtml())); // the sentence's full stop is not the link's
    Q_EMIT f.session.credentialPluginFinished(QStringLiteral("exit status 1"));
    QVERIFY(banner->isVisibleTo(f.window.get()));
    QVERIFY2(banner->text().contains(QStringLiteral("failed")), qPrintable(banner->text()));

    Q_EMIT f.session.credentialPluginOutput(QStringLiteral("Code <B2>"));
    QVERIFY2(!banner->text().contains(QStringLiteral("a.example")), qPrintable(banner->text()));
    QVERIFY2(!banner->text().contains(QStringLiteral("failed")), qPrintable(banner->text()));
    QVERIFY2(banner->linesHtml().contains(QStringLiteral("Code &lt;B2&gt;")),
             qPrintable(banner->linesHtml()));
    Q_EMIT f.session.credentialPluginFinished(QString());
    QVERIFY(!banner->isVisibleTo(f.window.get()));
}

// kubelogin waiting for a browser it could not open writes nothing: the
// window names it all the same, by its command alone, and counts the wait;
// what it writes later shows under the same heading, and a failure says how
// the wait ended. A plugin that hands over a token at once shows nothing.
void TestDetailsAndHistory::signInBannerNamesAPluginThatWritesNothing()
{
    Fixture f;
    SignInBanner *banner = f.window->signInBanner();
    const QString context = f.session.name();
    Q_EMIT f.session.credentialPluginStarted(QStringLiteral("gke-gcloud-auth-plugin"));
    QVERIFY(!banner->isVisibleTo(f.window.get()));
    Q_EMIT f.session.credentialPluginFinished(QString());
    // The run has ended: the banner has nothing left to show, however long
    // one waits.
    QTest::qWait(SignInBanner::kQuietRunMs + 500);
    QVERIFY(!banner->isVisibleTo(f.window.get()));

    Q_EMIT f.session.credentialPluginStarted(QStringLiteral("kubelogin"));
    QTRY_VERIFY(banner->isVisibleTo(f.window.get()));
    const QString waiting =
        QStringLiteral("Waiting for the credential plugin kubelogin to sign in to %1… (")
            .arg(context);
    QVERIFY2(banner->text().startsWith(waiting), qPrintable(banner->text()));
    QVERIFY2(banner->text().contains(QStringLiteral("written nothing")),
             qPrintable(banner->text()));
    // The count moves on with the clock everything on screen counts from.
    const qint64 startedMs = SecondClock::nowMs();
    QTRY_VERIFY_WITH_TIMEOUT(SecondClock::nowMs() >= startedMs + 2000, 5000);
    QVERIFY2(!banner->text().startsWith(waiting + QStringLiteral("0 s)")),
             qPrintable(banner->text()));

    Q_EMIT f.session.credentialPluginOutput(QStringLiteral("Open https://login.example/device"));
    QVERIFY2(banner->text().startsWith(waiting), qPrintable(banner->text()));
    QVERIFY2(
        banner->linesHtml().contains(QStringLiteral("<a href=\"https://login.example/device\">")),
        qPrintable(banner->linesHtml()));
    QVERIFY2(!banner->text().contains(QStringLiteral("written nothing")),
             qPrintable(banner->text()));
    Q_EMIT f.session.credentialPluginFinished(QString());
    QVERIFY(!banner->isVisibleTo(f.window.get()));

    // A silent run the user saw waiting says how it ended.
    Q_EMIT f.session.credentialPluginStarted(QStringLiteral("aws"));
    QTRY_VERIFY(banner->isVisibleTo(f.window.get()));
    Q_EMIT f.session.credentialPluginFinished(
        QStringLiteral("exec plugin aws did not finish within 120 s"));
    QVERIFY(banner->isVisibleTo(f.window.get()));
    QVERIFY2(banner->text().startsWith(
                 QStringLiteral("Signing in to %1 with the credential plugin aws failed:\n"
                                "exec plugin aws did not finish within 120 s")
                     .arg(context)),
             qPrintable(banner->text()));
}

// An owner link whose owner is not in the cache did nothing when clicked.
// The table it opens says why: the owner is gone, its kind's list failed, or
// the filters hide it; and the owner is selected once it can be.
void TestDetailsAndHistory::ownerLinkSaysWhyItFindsNoOwner()
{
    Fixture f;
    LocalKindSource *pods = f.session.local(QStringLiteral("pods"));
    pods->upsert(ownedPod(QStringLiteral("shop"), QStringLiteral("web-7"), QStringLiteral("web")));
    pods->flush();
    QTRY_COMPARE(f.model()->rowCount(), 4);
    NoticeBar *notice = f.window->noticeBar();
    auto *overview = f.window->detailsPane()->findChild<QTextBrowser *>();
    QVERIFY(overview);
    const auto clickOwner = [&] {
        QVERIFY(f.window->showKindByName(QStringLiteral("pods")));
        QTRY_VERIFY(f.window->resourceView()->selectKey(QStringLiteral("shop/web-7")));
        QVERIFY2(f.window->detailsPane()->overviewText().contains(QStringLiteral("Deployment")),
                 qPrintable(f.window->detailsPane()->overviewText()));
        Q_EMIT overview->anchorClicked(QUrl(QStringLiteral("object:apps/v1|Deployment|shop|web")));
        QCOMPARE(f.window->currentKind().plural, QStringLiteral("deployments"));
    };

    clickOwner();
    QTRY_VERIFY(notice->isVisibleTo(f.window.get()));
    QCOMPARE(notice->text(), QStringLiteral("Deployment shop/web is not in the cluster any more."));

    LocalKindSource *deployments = f.session.local(QStringLiteral("deployments"));
    InformerStatus forbidden;
    forbidden.state = InformerStatus::State::Forbidden;
    deployments->setStatus(forbidden);
    clickOwner();
    QVERIFY2(notice->text().startsWith(QStringLiteral("Deployment shop/web is not loaded: the list "
                                                      "of deployments failed (forbidden)")),
             qPrintable(notice->text()));
    // The informer retries; when its list comes, the owner is selected.
    deployments->upsert(
        deployment(QStringLiteral("shop"), QStringLiteral("web"), QStringLiteral("web")));
    deployments->flush();
    InformerStatus watching;
    watching.state = InformerStatus::State::Watching;
    watching.synced = true;
    deployments->setStatus(watching);
    QTRY_COMPARE(f.window->resourceView()->currentObject().key(), QStringLiteral("shop/web"));
    QVERIFY(!notice->isVisibleTo(f.window.get()));

    // The quick filter stays across kinds: "web-" shows the pod, hides its owner.
    f.window->resourceView()->quickFilter()->setText(QStringLiteral("web-"));
    clickOwner();
    QTRY_VERIFY(notice->isVisibleTo(f.window.get()));
    QCOMPARE(notice->text(), QStringLiteral("Deployment shop/web is hidden by the filters."));
    f.window->resourceView()->quickFilter()->clear();
    QTRY_COMPARE(f.window->resourceView()->currentObject().key(), QStringLiteral("shop/web"));
    QVERIFY(!notice->isVisibleTo(f.window.get()));
}

// The pod the user reads is deleted (a rollout replaces it), or a filter
// hides it: the details keep it, saying which, rather than showing the row
// Qt moved the selection to as if the user had chosen it.
void TestDetailsAndHistory::detailsKeepAnObjectThatLeavesTheTable()
{
    Fixture f;
    QTRY_COMPARE(f.model()->rowCount(), 3);
    QTableView *table = f.window->resourceView()->table();
    DetailsPane *details = f.window->detailsPane();
    const auto select = [&](const QString &key) {
        table->setCurrentIndex(f.model()->index(f.model()->rowOfKey(key), 0));
        QCOMPARE(details->object().key(), key);
    };
    select(QStringLiteral("shop/web-1"));
    LocalKindSource *pods = f.session.local(QStringLiteral("pods"));
    pods->remove(pods->indexer().getByKey(QStringLiteral("shop/web-1")).value());
    pods->flush();
    QTRY_COMPARE(f.model()->rowCount(), 2);
    QCOMPARE(details->object().key(), QStringLiteral("shop/web-1"));
    QVERIFY2(details->headerText().endsWith(QStringLiteral("deleted; its last known state")),
             qPrintable(details->headerText()));
    QVERIFY(!table->currentIndex().isValid());

    select(QStringLiteral("shop/web-2"));
    f.window->resourceView()->quickFilter()->setText(QStringLiteral("pg-0"));
    QTRY_COMPARE(f.model()->rowCount(), 1);
    QCOMPARE(details->object().key(), QStringLiteral("shop/web-2"));
    QVERIFY2(details->headerText().endsWith(QStringLiteral("hidden by the filters")),
             qPrintable(details->headerText()));

    // A filter that hides every row at once says the same.
    f.window->resourceView()->quickFilter()->clear();
    QTRY_COMPARE(f.model()->rowCount(), 2); // web-1 was deleted above
    select(QStringLiteral("shop/web-2"));
    f.window->resourceView()->quickFilter()->setText(QStringLiteral("matches-nothing"));
    QTRY_COMPARE(f.model()->rowCount(), 0);
    QCOMPARE(details->object().key(), QStringLiteral("shop/web-2"));
    QVERIFY2(details->headerText().endsWith(QStringLiteral("hidden by the filters")),
             qPrintable(details->headerText()));
}

// Over the timeline, a lane clicked shows its object in the details pane,
// as it is now: it changes with it, says when it is deleted, and the table's
// row changing behind the timeline does not take its place. The table shown
// again, its row is shown again.
void TestDetailsAndHistory::detailsShowTheLaneClickedOverTheTimeline()
{
    Fixture f;
    QTRY_COMPARE(f.model()->rowCount(), 3);
    QTableView *table = f.window->resourceView()->table();
    DetailsPane *details = f.window->detailsPane();
    table->setCurrentIndex(f.model()->index(f.model()->rowOfKey(QStringLiteral("db/pg-0")), 0));
    QCOMPARE(details->object().key(), QStringLiteral("db/pg-0"));

    f.window->setTimelineVisible(true);
    const InvolvedObject web1{QStringLiteral("Pod"),
                              QStringLiteral("shop"),
                              QStringLiteral("web-1"),
                              QStringLiteral("shopweb-1"),
                              {},
                              QStringLiteral("v1"),
                              {}};
    Q_EMIT f.window->timeline()->objectSelected(web1);
    QCOMPARE(details->object().key(), QStringLiteral("shop/web-1"));
    QCOMPARE(details->headerText(), QStringLiteral("Pod  shop/web-1"));
    QVERIFY(f.window->timelineVisible()); // a click only selects

    // Its changes reach the pane; the table's row changing does not.
    LocalKindSource *pods = f.session.local(QStringLiteral("pods"));
    pods->upsert(pod(QStringLiteral("shop"), QStringLiteral("web-1"), QStringLiteral("web"),
                     QStringLiteral("Failed")));
    pods->upsert(pod(QStringLiteral("db"), QStringLiteral("pg-0"), QStringLiteral("pg"),
                     QStringLiteral("Succeeded")));
    pods->flush();
    QTRY_VERIFY2(details->yamlText().contains(QStringLiteral("phase: Failed")),
                 qPrintable(details->yamlText()));
    QCOMPARE(details->object().key(), QStringLiteral("shop/web-1"));

    // Deleted: its last state, marked so.
    pods->remove(pods->indexer().getByKey(QStringLiteral("shop/web-1")).value());
    pods->flush();
    QTRY_VERIFY2(details->headerText().endsWith(QStringLiteral("deleted; its last known state")),
                 qPrintable(details->headerText()));
    QCOMPARE(details->object().key(), QStringLiteral("shop/web-1"));

    // The lane of an object the cache never held while the window was open
    // (a pod gone before): History has no state of it either; nothing is
    // shown rather than another object, and why.
    Q_EMIT f.window->timeline()->objectSelected({QStringLiteral("Pod"),
                                                 QStringLiteral("shop"),
                                                 QStringLiteral("web-9"),
                                                 QStringLiteral("shopweb-9"),
                                                 {},
                                                 QStringLiteral("v1"),
                                                 {}});
    QVERIFY(details->object().isNull());
    QCOMPARE(details->headerText(),
             QStringLiteral("Pod shop/web-9 is not in the cluster any more"));

    // The table again: its current row, as it is now.
    Q_EMIT f.window->timeline()->objectSelected({QStringLiteral("Pod"),
                                                 QStringLiteral("shop"),
                                                 QStringLiteral("web-2"),
                                                 QStringLiteral("shopweb-2"),
                                                 {},
                                                 QStringLiteral("v1"),
                                                 {}});
    QCOMPARE(details->object().key(), QStringLiteral("shop/web-2"));
    f.window->setTimelineVisible(false);
    QCOMPARE(details->object().key(), QStringLiteral("db/pg-0"));
    QTRY_VERIFY2(details->yamlText().contains(QStringLiteral("phase: Succeeded")),
                 qPrintable(details->yamlText()));
}

// A click does not start an informer the user did not choose, and a lane
// whose kind the cluster does not serve says so; a row deleted behind the
// timeline is shown as deleted once the table is back.
void TestDetailsAndHistory::detailsSayWhyALanesObjectIsNotShown()
{
    Fixture f(standardKinds(), QStringLiteral("shown"));
    QTRY_COMPARE(f.model()->rowCount(), 3);
    QTableView *table = f.window->resourceView()->table();
    DetailsPane *details = f.window->detailsPane();
    table->setCurrentIndex(f.model()->index(f.model()->rowOfKey(QStringLiteral("shop/web-1")), 0));
    f.window->setTimelineVisible(true);
    const qsizetype sources = f.session.sources().size();
    Q_EMIT f.window->timeline()->objectSelected({QStringLiteral("Deployment"),
                                                 QStringLiteral("shop"),
                                                 QStringLiteral("web"),
                                                 QStringLiteral("shopweb"),
                                                 {},
                                                 QStringLiteral("apps/v1"),
                                                 {}});
    QCOMPARE(details->headerText(),
             QStringLiteral("Deployment shop/web: deployments are not watched; double-click the "
                            "lane to open it"));
    QCOMPARE(f.session.sources().size(), sources);
    Q_EMIT f.window->timeline()->objectSelected({QStringLiteral("Widget"),
                                                 QStringLiteral("shop"),
                                                 QStringLiteral("w"),
                                                 QStringLiteral("w1"),
                                                 {},
                                                 QStringLiteral("example.com/v1"),
                                                 {}});
    QCOMPARE(details->headerText(),
             QStringLiteral("Widget shop/w: this cluster does not serve its kind"));

    // The table's row deleted while the timeline is shown.
    LocalKindSource *pods = f.session.local(QStringLiteral("pods"));
    pods->remove(pods->indexer().getByKey(QStringLiteral("shop/web-1")).value());
    pods->flush();
    QTRY_COMPARE(f.model()->rowCount(), 2);
    QCOMPARE(details->headerText(),
             QStringLiteral("Widget shop/w: this cluster does not serve its kind"));
    f.window->setTimelineVisible(false);
    QCOMPARE(details->object().key(), QStringLiteral("shop/web-1"));
    QVERIFY2(details->headerText().endsWith(QStringLiteral("deleted; its last known state")),
             qPrintable(details->headerText()));
}

void TestDetailsAndHistory::selectionDrivesDetailsPane()
{
    Fixture f;
    QTRY_COMPARE(f.model()->rowCount(), 3);
    QTableView *table = f.window->resourceView()->table();
    table->setCurrentIndex(f.model()->index(1, 0));
    QCOMPARE(f.window->detailsPane()->object().name(), QStringLiteral("web-1"));
    QVERIFY(f.window->detailsPane()->yamlText().contains(QStringLiteral("name: web-1")));
    // A newer version of the selected object reaches the details pane.
    LocalKindSource *pods = f.session.local(QStringLiteral("pods"));
    pods->upsert(pod(QStringLiteral("shop"), QStringLiteral("web-1"), QStringLiteral("web"),
                     QStringLiteral("Failed")));
    pods->flush();
    QTRY_VERIFY(f.window->detailsPane()->yamlText().contains(QStringLiteral("phase: Failed")));
    QCOMPARE(table->currentIndex().row(), 1);
}

// Each new version of the selected object used to reset the History tab and
// select its newest row, so two older revisions could not stay compared.
void TestDetailsAndHistory::historyKeepsTheChosenRevisionsAcrossUpdates()
{
    Fixture f;
    LocalKindSource *pods = f.session.local(QStringLiteral("pods"));
    const auto revision = [](const QString &phase, int resourceVersion) {
        return withResourceVersion(
            pod(QStringLiteral("shop"), QStringLiteral("web-1"), QStringLiteral("web"), phase),
            resourceVersion);
    };
    const auto update = [&](const QString &phase, int resourceVersion) {
        pods->upsert(revision(phase, resourceVersion));
        pods->flush();
        // The selection follows the new version once the table has it.
        QTRY_COMPARE(f.window->detailsPane()->object().resourceVersion(),
                     QString::number(resourceVersion));
    };
    pods->upsert(revision(QStringLiteral("Pending"), 1));
    pods->flush();
    QTRY_COMPARE(f.model()->rowCount(), 3);
    f.window->resourceView()->table()->setCurrentIndex(
        f.model()->index(f.model()->rowOfKey(QStringLiteral("shop/web-1")), 0));
    auto *history = f.window->findChild<HistoryWidget *>();
    QVERIFY(history);
    // The listed state (Running) and the change before the user opened it.
    QCOMPARE(history->model()->rowCount(), 2);
    update(QStringLiteral("Running"), 2);
    update(QStringLiteral("Failed"), 3);
    QCOMPARE(history->model()->rowCount(), 4);
    // Left alone, the tab follows the newest revision.
    QCOMPARE(history->table()->selectionModel()->selectedRows().size(), 1);
    QCOMPARE(history->table()->selectionModel()->selectedRows().first().row(), 0);

    // The user compares the two oldest revisions; the pod changes again.
    const int lastColumn = history->model()->columnCount() - 1;
    history->table()->selectionModel()->select(
        QItemSelection(history->model()->index(2, 0), history->model()->index(3, lastColumn)),
        QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    update(QStringLiteral("Succeeded"), 4);
    QCOMPARE(history->model()->rowCount(), 5);
    QList<int> selected;
    for (const QModelIndex &index : history->table()->selectionModel()->selectedRows())
        selected.append(index.row());
    std::sort(selected.begin(), selected.end());
    QCOMPARE(selected, (QList<int>{3, 4}));

    // Another kind, no object selected: the pod's revisions go too.
    QVERIFY(f.window->showKindByName(QStringLiteral("deploy")));
    QVERIFY(f.window->detailsPane()->object().isNull());
    QCOMPARE(history->model()->rowCount(), 0);
}

// History starts when the watch starts (spec §3), not when the user first
// opens the object: a pod that failed while nobody looked shows how.
void TestDetailsAndHistory::historyShowsWhatChangedBeforeTheObjectWasOpened()
{
    Fixture f;
    QTRY_COMPARE(f.model()->rowCount(), 3);
    LocalKindSource *pods = f.session.local(QStringLiteral("pods"));
    const auto version = [](const QString &phase, int resourceVersion) {
        return withResourceVersion(
            pod(QStringLiteral("db"), QStringLiteral("pg-0"), QStringLiteral("pg"), phase),
            resourceVersion);
    };
    pods->upsert(version(QStringLiteral("Failed"), 7));
    pods->flush();
    pods->upsert(version(QStringLiteral("Running"), 8));
    pods->flush();
    QTRY_COMPARE(f.model()
                     ->index(f.model()->rowOfKey(QStringLiteral("db/pg-0")), 0)
                     .data(ResourceTableModel::ObjectRole)
                     .value<KubeObject>()
                     .resourceVersion(),
                 QStringLiteral("8"));

    QVERIFY(f.window->resourceView()->selectKey(QStringLiteral("db/pg-0")));
    auto *history = f.window->findChild<HistoryWidget *>();
    QVERIFY(history);
    QCOMPARE(history->model()->rowCount(), 3); // newest first
    const auto changes = [history](int row) {
        return history->model()->index(row, HistoryModel::ChangesColumn).data().toString();
    };
    QCOMPARE(changes(2), QStringLiteral("first seen"));
    QCOMPARE(changes(1), QStringLiteral("status.phase Running\u2192Failed"));
    QCOMPARE(changes(0), QStringLiteral("status.phase Failed\u2192Running"));
}

// Every view that counts seconds ticks on one clock: a pod's age in the table
// and in the details pane beside it never differ by a second (each refreshed
// on a 1 s timer of its own, at its own moment of the second, and "3s" stood
// beside "Age 2s").
void TestDetailsAndHistory::agesAgreeAcrossViews()
{
    Fixture f;
    const QString created = QDateTime::currentDateTimeUtc().addSecs(-5).toString(Qt::ISODate);
    LocalKindSource *pods = f.session.local(QStringLiteral("pods"));
    pods->upsert(pod(QStringLiteral("shop"), QStringLiteral("young"), QStringLiteral("web"),
                     QStringLiteral("Running"), created));
    pods->flush();
    QTRY_COMPARE(f.model()->rowCount(), 4);
    const auto rowOfYoung = [&] {
        for (int row = 0; row < f.model()->rowCount(); ++row) {
            if (f.model()->index(row, 1).data().toString() == QLatin1String("young"))
                return row;
        }
        return -1;
    };
    f.window->resourceView()->table()->setCurrentIndex(f.model()->index(rowOfYoung(), 0));
    QCOMPARE(f.window->detailsPane()->object().name(), QStringLiteral("young"));
    static const QRegularExpression detailsAge(QStringLiteral("Age\\s+(\\d+s)\\b"));
    constexpr int ageColumn = 5;
    QCOMPARE(f.model()->headerData(ageColumn, Qt::Horizontal).toString(), QStringLiteral("AGE"));
    QSignalSpy ticks(SecondClock::instance(), &SecondClock::ticked);
    for (int i = 0; i < 3; ++i) {
        QVERIFY(ticks.wait(1500));
        const QString shown = f.model()->index(rowOfYoung(), ageColumn).data().toString();
        const QRegularExpressionMatch match =
            detailsAge.match(f.window->detailsPane()->overviewText());
        QVERIFY2(match.hasMatch(), qPrintable(f.window->detailsPane()->overviewText()));
        QCOMPARE(match.captured(1), shown);
    }

    // The status bar's "last event N s ago" and the informers panel's column.
    InformerStatus watching;
    watching.state = InformerStatus::State::Watching;
    watching.synced = true;
    // 0.2 s into a second after the tick: a wall-clock read 0.4 s after the
    // tick would count one more second than the tick did.
    watching.lastEventMs = SecondClock::nowMs() - 1800;
    pods->setStatus(watching);
    InformerStatusModel *panel = f.window->informerModel();
    int podsRow = -1;
    for (int row = 0; row < panel->rowCount(); ++row) {
        if (panel->sourceAt(row) == pods)
            podsRow = row;
    }
    QVERIFY(podsRow >= 0);
    static const QRegularExpression statusAge(QStringLiteral("last event (\\d+ s ago|just now)"));
    for (int i = 0; i < 3; ++i) {
        QVERIFY(ticks.wait(1500));
        const QRegularExpressionMatch match = statusAge.match(f.window->statusText());
        QVERIFY2(match.hasMatch(), qPrintable(f.window->statusText()));
        QCOMPARE(panel->index(podsRow, InformerStatusModel::LastEventColumn).data().toString(),
                 match.captured(1));
        QTest::qWait(400); // a repaint later in the second shows the same
        QCOMPARE(panel->index(podsRow, InformerStatusModel::LastEventColumn).data().toString(),
                 match.captured(1));
    }
}

// A StatefulSet's pod deleted while shown and created again under its name: once the new one is
// selected, History is the new one's revisions, under a line naming the deleted one, not the old
// one's list continued.
void TestDetailsAndHistory::historyOfAPodCreatedAgainUnderItsNameIsItsOwn()
{
    Fixture f;
    QTRY_COMPARE(f.model()->rowCount(), 3);
    LocalKindSource *pods = f.session.local(QStringLiteral("pods"));
    // pg-0 as the object `uid`.
    const auto version = [](const QString &uid, const QString &phase, int resourceVersion) {
        const KubeObject base =
            pod(QStringLiteral("db"), QStringLiteral("pg-0"), QStringLiteral("pg"), phase);
        QJsonObject json = QJsonDocument::fromJson(base.json()).object();
        QJsonObject metadata = json.value(QStringLiteral("metadata")).toObject();
        metadata.insert(QStringLiteral("uid"), uid);
        metadata.insert(QStringLiteral("resourceVersion"), QString::number(resourceVersion));
        json.insert(QStringLiteral("metadata"), metadata);
        return KubeObject::fromJson(QJsonDocument(json).toJson(QJsonDocument::Compact)).value();
    };
    const KubeObject old = version(QStringLiteral("dbpg-0"), QStringLiteral("Failed"), 7);
    pods->upsert(old);
    pods->flush();
    QVERIFY(f.window->resourceView()->selectKey(QStringLiteral("db/pg-0")));
    auto *history = f.window->findChild<HistoryWidget *>();
    QVERIFY(history);
    QTRY_COMPARE(history->model()->rowCount(), 2);

    pods->remove(old);
    pods->flush();
    QTRY_COMPARE(f.model()->rowOfKey(QStringLiteral("db/pg-0")), -1);
    QVERIFY(f.window->detailsPane()->headerText().endsWith(
        QStringLiteral("deleted; its last known state")));
    QCOMPARE(history->model()->rowCount(), 3); // the old one's end, shown as gone
    pods->upsert(version(QStringLiteral("pg-0-new"), QStringLiteral("Pending"), 20));
    pods->flush();
    // The user clicks the new row (no other object shown in between).
    QTRY_VERIFY(f.model()->rowOfKey(QStringLiteral("db/pg-0")) >= 0);
    f.window->resourceView()->table()->selectionModel()->clearCurrentIndex();
    QVERIFY(f.window->resourceView()->selectKey(QStringLiteral("db/pg-0")));
    QTRY_COMPARE(f.window->detailsPane()->object().uid(), QStringLiteral("pg-0-new"));
    QCOMPARE(history->model()->rowCount(), 1);
    QCOMPARE(history->model()->index(0, HistoryModel::ResourceVersionColumn).data().toString(),
             QStringLiteral("20"));
    QVERIFY2(history->earlierObjectNote().contains(QStringLiteral("(uid dbpg-0) was deleted")),
             qPrintable(history->earlierObjectNote()));
}

QTEST_MAIN(TestDetailsAndHistory)
#include "tst_detailsandhistory.moc"
