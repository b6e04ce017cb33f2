#include "models/history/historymodel.h"
#include "models/localkindsource.h"
#include "models/relatedeventsmodel.h"
#include "models/yamlrenderer.h"
#include "ui/detailspane.h"
#include "ui/freshnessbanner.h"
#include "ui/history/diffview.h"
#include "ui/history/historywidget.h"
#include "ui/overviewhtml.h"

#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QDateTime>
#include <QLabel>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTest>
#include <QTextBrowser>

using namespace informant;

namespace {

KubeObject decode(const QByteArray &json)
{
    auto r = KubeObject::fromJson(json);
    return r.ok() ? r.value() : KubeObject();
}

const QByteArray kPod = R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":"web-1",
  "namespace":"shop","uid":"pod-uid-1","resourceVersion":"7","creationTimestamp":"2024-05-01T10:00:00Z",
  "labels":{"app":"web"},
  "ownerReferences":[{"apiVersion":"apps/v1","kind":"ReplicaSet","name":"web-abc","uid":"rs-1","controller":true}]},
  "spec":{"nodeName":"node-1","containers":[{"name":"app","image":"nginx:1.25"}]},
  "status":{"phase":"Running","podIP":"10.0.0.7",
    "conditions":[{"type":"Ready","status":"True","lastTransitionTime":"2024-05-01T10:01:00Z"}],
    "containerStatuses":[{"name":"app","ready":true,"restartCount":2,"state":{"running":{}}}]}})";

const QByteArray kSecret = R"({"apiVersion":"v1","kind":"Secret","metadata":{"name":"db",
  "namespace":"shop","uid":"s-1"},"data":{"password":"aHVudGVyMg=="}})";

KubeObject makeEvent(const QString &name, const QString &uid, const QString &reason,
                     const QString &type, const QString &time)
{
    return decode(QStringLiteral(R"({"apiVersion":"v1","kind":"Event","metadata":{"name":"%1",
      "namespace":"shop"},"involvedObject":{"kind":"Pod","name":"web-1","uid":"%2"},
      "reason":"%3","type":"%4","message":"msg %3","count":2,"lastTimestamp":"%5",
      "source":{"component":"kubelet"}})")
                      .arg(name, uid, reason, type, time)
                      .toUtf8());
}

} // namespace

class TestDetailsPane : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void tabsShowOnlyWithAnObject();
    void podOverviewShowsKeyFieldsConditionsAndOwner();
    void secretValuesAreMaskedUntilRevealed();
    void secretHistoryShowsWhichMaskedValueChanged();
    void relatedEventsComeFromTheInvolvedObjectIndex();
    void nodeEventsIncludeTheKubeletsByName();
    void eventsTabSaysWhenEventsCannotBeWatched();
    void ownerLinkIsActivatable();
    void youngObjectsAgeTicksEverySecond();
    void agesWaitWhileTheUserSelects();
    void overviewSaysTerminatingDuringTheGracePeriod();
    void overviewSaysFinalizersPendingOnlyWhenThereAreFinalizers();
    void secretMetadataRowsComeBeforeItsData();
    void historyCaptionGoesWithTheObject();
    void saysTheObjectIsAsOfTheLastEventWhileNotWatched();
};

void TestDetailsPane::podOverviewShowsKeyFieldsConditionsAndOwner()
{
    DetailsPane pane;
    pane.setObject(decode(kPod));
    const QString overview = pane.overviewText();
    for (const char *expected : {"web-1", "shop", "node-1", "10.0.0.7", "nginx:1.25", "Ready",
                                 "ReplicaSet shop/web-abc", "app=web", "Running"})
        QVERIFY2(overview.contains(QLatin1String(expected)), expected);
    const QString yaml = pane.yamlText();
    QVERIFY(yaml.contains(QStringLiteral("kind: Pod")));
    QVERIFY(yaml.contains(QStringLiteral("  nodeName: node-1")));
    QVERIFY(pane.revealSecrets()->isHidden());
}

void TestDetailsPane::secretValuesAreMaskedUntilRevealed()
{
    DetailsPane pane;
    pane.setObject(decode(kSecret));
    QVERIFY(!pane.revealSecrets()->isHidden());
    QVERIFY(!pane.yamlText().contains(QStringLiteral("aHVudGVyMg==")));
    QVERIFY(pane.yamlText().contains(QStringLiteral("password: ") + QString(8, QChar(0x2022))));
    QVERIFY(!pane.overviewText().contains(QStringLiteral("hunter2")));
    QVERIFY(pane.overviewText().contains(QStringLiteral("7 bytes")));
    pane.revealSecrets()->setChecked(true);
    QVERIFY(pane.yamlText().contains(QStringLiteral("password: aHVudGVyMg==")));
    // The Overview shows what users look for: the value, decoded.
    QVERIFY2(pane.overviewText().contains(QStringLiteral("hunter2")),
             qPrintable(pane.overviewText()));
    // A newer version of the same Secret stays revealed; another object masks again.
    pane.setObject(decode(kSecret));
    QVERIFY(pane.yamlText().contains(QStringLiteral("aHVudGVyMg==")));
    pane.setObject(decode(kPod));
    pane.setObject(decode(kSecret));
    QVERIFY(!pane.yamlText().contains(QStringLiteral("aHVudGVyMg==")));
    // Two Secrets without a uid (local, replayed) are still two objects.
    const auto withoutUid = [](const char *name) {
        QByteArray json = kSecret;
        json.replace("\"name\":\"db\"", QByteArray("\"name\":\"") + name + '"');
        json.replace(",\"uid\":\"s-1\"", "");
        return decode(json);
    };
    pane.setObject(withoutUid("a"));
    QCOMPARE(pane.object().uid(), QString());
    pane.revealSecrets()->setChecked(true);
    pane.setObject(withoutUid("b"));
    QVERIFY(!pane.revealSecrets()->isChecked());
    QVERIFY(!pane.yamlText().contains(QStringLiteral("aHVudGVyMg==")));
    // In a window of several clusters, the same Secret (kind, key and uid:
    // two simulators replaying one recording) in another cluster is another
    // object: revealed in west, masked in east.
    pane.setCluster(QStringLiteral("west"));
    pane.setObject(decode(kSecret));
    pane.revealSecrets()->setChecked(true);
    QVERIFY(pane.yamlText().contains(QStringLiteral("aHVudGVyMg==")));
    pane.setCluster(QStringLiteral("east"));
    pane.setObject(decode(kSecret));
    QVERIFY(!pane.revealSecrets()->isChecked());
    QVERIFY(!pane.yamlText().contains(QStringLiteral("aHVudGVyMg==")));
    QVERIFY(!pane.overviewText().contains(QStringLiteral("hunter2")));
}

// History's diff of two masked revisions must still show which value
// changed, without showing the values.
void TestDetailsPane::secretHistoryShowsWhichMaskedValueChanged()
{
    const KubeObject before = decode(kSecret);
    QByteArray json = kSecret;
    json.replace("\"uid\":\"s-1\"", "\"uid\":\"s-1\",\"resourceVersion\":\"8\"");
    json.replace("aHVudGVyMg==", "c3dvcmRmaXNo");
    const KubeObject after = decode(json.replace("}}", ",\"user\":\"YWRtaW4=\"}}"));
    QVERIFY(!after.isNull());
    HistoryStore store;
    HistoryWidget history(&store);
    history.setObject(QStringLiteral("secrets"), before.key(), before);
    ChangeBatch batch;
    batch.changes.append({ObjectChange::Type::Upsert, after.key(), after, 0, before});
    store.applyBatch(QStringLiteral("secrets"), batch);
    QTRY_COMPARE(history.model()->rowCount(), 2);
    history.compareRows(1, 0);
    const QString diff = history.diffView()->unifiedText();
    QVERIFY2(diff.contains(QStringLiteral("-   password: ") + kMaskedValue + u'\n'),
             qPrintable(diff));
    QVERIFY2(diff.contains(QStringLiteral("+   password: ") + kMaskedChangedValue),
             qPrintable(diff));
    QVERIFY2(diff.contains(QStringLiteral("+   user: ") + kMaskedValue + u'\n'), qPrintable(diff));
    for (const char *value : {"aHVudGVyMg==", "c3dvcmRmaXNo", "YWRtaW4=", "hunter2", "swordfish"})
        QVERIFY2(!diff.contains(QLatin1String(value)), value);
}

void TestDetailsPane::relatedEventsComeFromTheInvolvedObjectIndex()
{
    LocalKindSource events(KindInfo{
        {}, QStringLiteral("v1"), QStringLiteral("Event"), QStringLiteral("events"), true, {}});
    events.upsert(makeEvent(QStringLiteral("e1"), QStringLiteral("pod-uid-1"),
                            QStringLiteral("Pulled"), QStringLiteral("Normal"),
                            QStringLiteral("2024-05-01T10:00:05Z")));
    events.upsert(makeEvent(QStringLiteral("e2"), QStringLiteral("pod-uid-1"),
                            QStringLiteral("BackOff"), QStringLiteral("Warning"),
                            QStringLiteral("2024-05-01T10:09:00Z")));
    events.upsert(makeEvent(QStringLiteral("e3"), QStringLiteral("other"),
                            QStringLiteral("Killing"), QStringLiteral("Normal"),
                            QStringLiteral("2024-05-01T10:10:00Z")));
    events.flush();
    DetailsPane pane;
    pane.setEventsSource(&events);
    pane.setObject(decode(kPod));
    RelatedEventsModel *model = pane.eventsModel();
    QCOMPARE(model->rowCount(), 2);
    QCOMPARE(model->index(0, RelatedEventsModel::ReasonColumn).data().toString(),
             QStringLiteral("BackOff"));
    QCOMPARE(model->index(0, RelatedEventsModel::TypeColumn).data().toString(),
             QStringLiteral("Warning"));
    QCOMPARE(model->index(1, RelatedEventsModel::ReasonColumn).data().toString(),
             QStringLiteral("Pulled"));
    QCOMPARE(model->index(1, RelatedEventsModel::CountColumn).data().toInt(), 2);
    QCOMPARE(pane.tabs()->tabText(2), QStringLiteral("Events (2)"));
}

// The kubelet names its Node by the node's name where the uid belongs
// (NodeReady, Rebooted, ...); the node controller by the real uid. The
// Events tab of a Node shows both.
void TestDetailsPane::nodeEventsIncludeTheKubeletsByName()
{
    LocalKindSource events(KindInfo{
        {}, QStringLiteral("v1"), QStringLiteral("Event"), QStringLiteral("events"), true, {}});
    events.upsert(makeEvent(QStringLiteral("e1"), QStringLiteral("worker-1"),
                            QStringLiteral("NodeReady"), QStringLiteral("Normal"),
                            QStringLiteral("2024-05-01T10:00:05Z")));
    events.upsert(makeEvent(QStringLiteral("e2"), QStringLiteral("node-uid-1"),
                            QStringLiteral("RegisteredNode"), QStringLiteral("Normal"),
                            QStringLiteral("2024-05-01T10:00:00Z")));
    events.flush();
    DetailsPane pane;
    pane.setEventsSource(&events);
    pane.setObject(decode(QByteArrayLiteral(
        "{\"apiVersion\":\"v1\",\"kind\":\"Node\",\"metadata\":{\"name\":\"worker-1\","
        "\"uid\":\"node-uid-1\"}}")));
    RelatedEventsModel *model = pane.eventsModel();
    QCOMPARE(model->rowCount(), 2);
    QCOMPARE(model->index(0, RelatedEventsModel::ReasonColumn).data().toString(),
             QStringLiteral("NodeReady"));
    QCOMPARE(model->index(1, RelatedEventsModel::ReasonColumn).data().toString(),
             QStringLiteral("RegisteredNode"));
}

// An empty Events tab under RBAC that forbids events is not "no events".
void TestDetailsPane::eventsTabSaysWhenEventsCannotBeWatched()
{
    LocalKindSource events(KindInfo{
        {}, QStringLiteral("v1"), QStringLiteral("Event"), QStringLiteral("events"), true, {}});
    DetailsPane pane;
    pane.setEventsSource(&events);
    pane.setObject(decode(kPod));
    QVERIFY(pane.eventsBanner()->isHidden());

    InformerStatus forbidden;
    forbidden.state = InformerStatus::State::Forbidden;
    forbidden.lastError = QStringLiteral("events is forbidden");
    events.setStatus(forbidden);
    QVERIFY(!pane.eventsBanner()->isHidden());
    QCOMPARE(pane.eventsBanner()->text(),
             QStringLiteral("Not allowed to watch events (events is forbidden)."));
    QCOMPARE(pane.eventsModel()->rowCount(), 0);

    InformerStatus watching;
    watching.state = InformerStatus::State::Watching;
    watching.synced = true;
    events.setStatus(watching);
    QVERIFY(pane.eventsBanner()->isHidden());
}

void TestDetailsPane::ownerLinkIsActivatable()
{
    DetailsPane pane;
    pane.setObject(decode(kPod));
    QSignalSpy links(&pane, &DetailsPane::linkActivated);
    auto *browser = pane.findChild<QTextBrowser *>();
    QVERIFY(browser);
    const QString target = QStringLiteral("object:apps/v1|ReplicaSet|shop|web-abc");
    QVERIFY(browser->toHtml().contains(target));
    Q_EMIT browser->anchorClicked(QUrl(target));
    QCOMPARE(links.count(), 1);
    QCOMPARE(links.at(0).at(0).toString(), QStringLiteral("apps/v1"));
    QCOMPARE(links.at(0).at(1).toString(), QStringLiteral("ReplicaSet"));
    QCOMPARE(links.at(0).at(2).toString(), QStringLiteral("shop"));
    QCOMPARE(links.at(0).at(3).toString(), QStringLiteral("web-abc"));
}

namespace {

// The seconds of the overview's "Age" row; -1 if it shows no age in seconds.
int ageSeconds(const DetailsPane &pane)
{
    static const QRegularExpression age(QStringLiteral("Age\\s+(\\d+)s\\b"));
    const QRegularExpressionMatch match = age.match(pane.overviewText());
    return match.hasMatch() ? match.captured(1).toInt() : -1;
}

// kPod, created `seconds` ago.
KubeObject podCreatedSecondsAgo(int seconds)
{
    const QString created = QDateTime::currentDateTimeUtc().addSecs(-seconds).toString(Qt::ISODate);
    QByteArray pod = kPod;
    pod.replace("2024-05-01T10:00:00Z", created.toUtf8());
    return decode(pod);
}

} // namespace

// The table's AGE column says "4s" a second after "3s"; the details pane
// beside it must not say "0s" meanwhile.
void TestDetailsPane::youngObjectsAgeTicksEverySecond()
{
    DetailsPane pane;
    pane.show();
    QVERIFY(QTest::qWaitForWindowExposed(&pane));
    pane.setObject(podCreatedSecondsAgo(5));
    const int first = ageSeconds(pane);
    QVERIFY2(first >= 5 && first < 60, qPrintable(pane.overviewText()));
    QTRY_VERIFY_WITH_TIMEOUT(ageSeconds(pane) > first, 2500);
}

// Setting the overview again would drop what the user selected to copy: the
// ages wait while there is a selection, and tick on once it is gone.
void TestDetailsPane::agesWaitWhileTheUserSelects()
{
    DetailsPane pane;
    pane.show();
    QVERIFY(QTest::qWaitForWindowExposed(&pane));
    pane.setObject(podCreatedSecondsAgo(5));
    auto *browser = pane.findChild<QTextBrowser *>();
    QVERIFY(browser);
    QTextCursor cursor = browser->textCursor();
    cursor.select(QTextCursor::Document);
    browser->setTextCursor(cursor);
    const int selectedAt = ageSeconds(pane);
    QTest::qWait(2200); // two ticks at least
    QVERIFY(browser->textCursor().hasSelection());
    QCOMPARE(ageSeconds(pane), selectedAt);
    cursor.clearSelection();
    browser->setTextCursor(cursor);
    QTRY_VERIFY_WITH_TIMEOUT(ageSeconds(pane) > selectedAt, 2500);
}

namespace {

// kPod with `metadata` fields added (each `"key":value`, comma-joined).
KubeObject podWithMetadata(const QByteArray &fields)
{
    QByteArray json = kPod;
    json.replace("\"resourceVersion\":\"7\"", "\"resourceVersion\":\"7\"," + fields);
    return decode(json);
}

const qint64 kNowMs =
    QDateTime::fromString(QStringLiteral("2024-05-01T10:10:00Z"), Qt::ISODate).toMSecsSinceEpoch();

} // namespace

void TestDetailsPane::overviewSaysTerminatingDuringTheGracePeriod()
{
    // A pod deleted with a 30 s grace period 5 s ago: the API server set
    // deletionTimestamp to the end of the grace period, 25 s from now.
    const KubeObject pod = podWithMetadata(
        R"("deletionTimestamp":"2024-05-01T10:10:25Z","deletionGracePeriodSeconds":30)");
    QVERIFY(pod.isBeingDeleted());
    const QString html = overviewHtml(pod, {}, kNowMs, false, false);
    QVERIFY2(html.contains(QStringLiteral("Terminating (grace period ends in 25s)")),
             qPrintable(html));
    QVERIFY2(!html.contains(QStringLiteral("finalizers")), qPrintable(html));
    QVERIFY2(!html.contains(QStringLiteral("since")), qPrintable(html));
}

void TestDetailsPane::overviewSaysFinalizersPendingOnlyWhenThereAreFinalizers()
{
    const KubeObject held = podWithMetadata(
        R"("deletionTimestamp":"2024-05-01T10:08:20Z","finalizers":["example.com/hold"])");
    QString html = overviewHtml(held, {}, kNowMs, false, false);
    QVERIFY2(html.contains(QStringLiteral("since 100s ago (finalizers pending: example.com/hold)")),
             qPrintable(html));
    QVERIFY2(!html.contains(QStringLiteral("Terminating")), qPrintable(html));

    // Past its deletionTimestamp with nothing holding it: the kubelet has
    // not confirmed yet, no finalizer to blame.
    const KubeObject late = podWithMetadata(R"("deletionTimestamp":"2024-05-01T10:08:20Z")");
    html = overviewHtml(late, {}, kNowMs, false, false);
    QVERIFY2(html.contains(QStringLiteral("since 100s ago")), qPrintable(html));
    QVERIFY2(!html.contains(QStringLiteral("finalizers")), qPrintable(html));

    // Not being deleted: no row at all.
    html = overviewHtml(decode(kPod), {}, kNowMs, false, false);
    QVERIFY2(!html.contains(QStringLiteral("Deleting")), qPrintable(html));
}

void TestDetailsPane::secretMetadataRowsComeBeforeItsData()
{
    QByteArray json = kSecret;
    json.replace("\"uid\":\"s-1\"", R"("uid":"s-1","labels":{"app":"shop"},
      "annotations":{"team":"payments"},
      "ownerReferences":[{"apiVersion":"v1","kind":"ServiceAccount","name":"deployer","uid":"sa-1"}])");
    json.replace("\"data\":", "\"type\":\"Opaque\",\"data\":");
    const KubeObject secret = decode(json);
    QVERIFY(!secret.isNull());
    const QString html = overviewHtml(secret, {}, kNowMs, false, false);
    const qsizetype data = html.indexOf(QStringLiteral(">Data</h4>"));
    QVERIFY2(data > 0, qPrintable(html));
    for (const QString &row : {QStringLiteral(">Labels</td>"), QStringLiteral(">Annotations</td>"),
                               QStringLiteral(">Owned by</td>"), QStringLiteral(">Type</td>")}) {
        const qsizetype at = html.indexOf(row);
        QVERIFY2(at > 0 && at < data, qPrintable(row + u'\n' + html));
    }
    const qsizetype password = html.indexOf(QStringLiteral(">password</td>"));
    QVERIFY2(password > data, qPrintable(html));
    QVERIFY2(!html.contains(QStringLiteral("aHVudGVyMg==")), qPrintable(html));
}

void TestDetailsPane::historyCaptionGoesWithTheObject()
{
    const KubeObject before = decode(kPod);
    QByteArray json = kPod;
    const KubeObject after =
        decode(json.replace("\"resourceVersion\":\"7\"", "\"resourceVersion\":\"9\""));
    HistoryStore store;
    HistoryWidget history(&store);
    QAbstractItemModelTester tester(history.model());
    const auto showBoth = [&] {
        history.setObject(QStringLiteral("pods"), before.key(), before);
        ChangeBatch batch;
        batch.changes.append({ObjectChange::Type::Upsert, after.key(), after, 0, before});
        store.applyBatch(QStringLiteral("pods"), batch);
        QTRY_COMPARE(history.model()->rowCount(), 2);
        history.compareRows(1, 0);
        QCOMPARE(history.caption(), QStringLiteral("resourceVersion 7 \u2192 9"));
    };
    showBoth();
    if (QTest::currentTestFailed())
        return;
    history.clear();
    QCOMPARE(history.caption(), QString());

    // Another object (another kind), with no revision yet: nothing of the pod's.
    showBoth();
    if (QTest::currentTestFailed())
        return;
    history.setObject(QStringLiteral("secrets"), QStringLiteral("shop/db"));
    QCOMPARE(history.model()->rowCount(), 0);
    QCOMPARE(history.caption(), QString());
}

// The table fades the rows of a kind not watched; the object picked from
// them looked live in the details pane.
void TestDetailsPane::saysTheObjectIsAsOfTheLastEventWhileNotWatched()
{
    DetailsPane pane;
    InformerStatus status;
    status.state = InformerStatus::State::BackingOff;
    status.synced = true;
    status.lastError = QStringLiteral("connection refused");
    const QDateTime lastEvent = QDateTime::currentDateTime().addSecs(-90);
    status.lastEventMs = lastEvent.toMSecsSinceEpoch();
    const QDateTime lost = lastEvent.addSecs(30);
    pane.setFreshness(status, lost.toMSecsSinceEpoch());
    QCOMPARE(pane.freshnessNote(), QString()); // no object, nothing to say
    pane.setObject(decode(kPod));
    // One line in view; the error (it names the request's URL) in its tooltip.
    QCOMPARE(pane.freshnessNote(),
             QStringLiteral("As of the last event (%1); not watched since %2 (watch lost, "
                            "reconnecting).")
                 .arg(lastEvent.toString(QStringLiteral("HH:mm:ss")),
                      lost.toString(QStringLiteral("HH:mm:ss"))));
    const auto *note = pane.findChild<QLabel *>(QStringLiteral("freshnessNote"));
    QVERIFY(note);
    QVERIFY2(note->toolTip().endsWith(QStringLiteral("(watch lost, reconnecting: connection "
                                                     "refused)")),
             qPrintable(note->toolTip()));
    // Relisting after the lapse: still the last known state.
    status.state = InformerStatus::State::Listing;
    status.lastError.clear();
    pane.setFreshness(status, lost.toMSecsSinceEpoch());
    QVERIFY2(pane.freshnessNote().contains(QStringLiteral("(relisting)")),
             qPrintable(pane.freshnessNote()));

    status.state = InformerStatus::State::Watching;
    pane.setFreshness(status, -1);
    QCOMPARE(pane.freshnessNote(), QString());
}

// With nothing selected the pane is narrow (its room is the table's): its
// tabs, cut to "Overview | YAM" with scroll arrows, were its whole look.
void TestDetailsPane::tabsShowOnlyWithAnObject()
{
    DetailsPane pane;
    pane.resize(200, 400);
    pane.show();
    QVERIFY(QTest::qWaitForWindowExposed(&pane));
    QVERIFY(!pane.tabs()->isVisible());
    QCOMPARE(pane.headerText(), QStringLiteral("No object selected"));
    pane.setObject(decode(kPod));
    QVERIFY(pane.tabs()->isVisible());
    pane.setObject(KubeObject());
    QVERIFY(!pane.tabs()->isVisible());
}

QTEST_MAIN(TestDetailsPane)
#include "tst_detailspane.moc"
