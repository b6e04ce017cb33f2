// FollowedObject: the object of the timeline's selected lane, followed in
// its kind's cache: its state now, each change, its deletion, and another
// object under its name, which is not it (unless it is followed by name).

#include "models/followedobject.h"
#include "models/localkindsource.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTest>

using namespace informant;

namespace {

KubeObject podWithUid(const QString &name, const QString &uid, const QString &phase)
{
    const QJsonObject obj{
        {"apiVersion", "v1"},
        {"kind", "Pod"},
        {"metadata", QJsonObject{{"name", name}, {"namespace", "shop"}, {"uid", uid}}},
        {"status", QJsonObject{{"phase", phase}}}};
    return KubeObject::fromJson(QJsonDocument(obj).toJson(QJsonDocument::Compact)).value();
}

KindInfo podsKind()
{
    KindInfo kind;
    kind.version = QStringLiteral("v1");
    kind.kind = QStringLiteral("Pod");
    kind.plural = QStringLiteral("pods");
    kind.namespaced = true;
    return kind;
}

// The pod `name` (uid `uid`) in `pods`, delivered.
void put(LocalKindSource &pods, const char *name, const char *uid, const char *phase)
{
    pods.upsert(podWithUid(QLatin1String(name), QLatin1String(uid), QLatin1String(phase)));
    pods.flush();
}

QString phaseOf(const KubeObject &object)
{
    return QJsonDocument::fromJson(object.json())
        .object()
        .value(QLatin1String("status"))
        .toObject()
        .value(QLatin1String("phase"))
        .toString();
}

} // namespace

class TestFollowedObject : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void followsChangesUntilDeleted();
    void anotherObjectUnderTheNameIsNotIt();
    void byNameAnyObjectUnderItIs();
    void waitsForAKindNotListedYet();
    void stopsFollowing();
};

void TestFollowedObject::followsChangesUntilDeleted()
{
    LocalKindSource pods(podsKind());
    put(pods, "web-1", "u1", "Pending");
    FollowedObject followed;
    QSignalSpy changed(&followed, &FollowedObject::changed);
    QSignalSpy gone(&followed, &FollowedObject::gone);
    followed.follow(&pods, QStringLiteral("shop/web-1"), QStringLiteral("u1"));
    QCOMPARE(changed.count(), 1);
    QCOMPARE(phaseOf(followed.current()), QStringLiteral("Pending"));

    // Another object's change is not its.
    put(pods, "web-2", "u2", "Running");
    QCOMPARE(changed.count(), 1);

    put(pods, "web-1", "u1", "Running");
    QCOMPARE(changed.count(), 2);
    QCOMPARE(phaseOf(changed.last().at(0).value<KubeObject>()), QStringLiteral("Running"));

    pods.remove(pods.indexer().getByKey(QStringLiteral("shop/web-1")).value());
    pods.flush();
    QCOMPARE(gone.count(), 1);
    QVERIFY(followed.isGone());
    // Its last state, as the cache had it.
    QCOMPARE(phaseOf(gone.last().at(0).value<KubeObject>()), QStringLiteral("Running"));
}

void TestFollowedObject::anotherObjectUnderTheNameIsNotIt()
{
    LocalKindSource pods(podsKind());
    put(pods, "web-1", "u1", "Running");
    FollowedObject followed;
    QSignalSpy changed(&followed, &FollowedObject::changed);
    QSignalSpy gone(&followed, &FollowedObject::gone);
    followed.follow(&pods, QStringLiteral("shop/web-1"), QStringLiteral("u1"));
    QCOMPARE(changed.count(), 1);

    // Deleted and created again under its name (a StatefulSet's pod): the
    // new one is another object.
    put(pods, "web-1", "u9", "Pending");
    QCOMPARE(changed.count(), 1);
    QCOMPARE(gone.count(), 1);
    QCOMPARE(followed.current().uid(), QStringLiteral("u1"));

    // Following an earlier object's lane: the name holds another now.
    FollowedObject earlier;
    QSignalSpy earlierGone(&earlier, &FollowedObject::gone);
    earlier.follow(&pods, QStringLiteral("shop/web-1"), QStringLiteral("u0"));
    QCOMPARE(earlierGone.count(), 1);
    QVERIFY(earlierGone.last().at(0).value<KubeObject>().isNull()); // never held it
}

void TestFollowedObject::byNameAnyObjectUnderItIs()
{
    // A Node's lane is its name's: the kubelet's events name no real uid.
    LocalKindSource pods(podsKind());
    put(pods, "web-1", "u1", "Running");
    FollowedObject followed;
    QSignalSpy changed(&followed, &FollowedObject::changed);
    followed.follow(&pods, QStringLiteral("shop/web-1"), QString());
    put(pods, "web-1", "u9", "Pending");
    QCOMPARE(changed.count(), 2);
    QCOMPARE(followed.current().uid(), QStringLiteral("u9"));
    QVERIFY(!followed.isGone());
}

void TestFollowedObject::waitsForAKindNotListedYet()
{
    LocalKindSource pods(podsKind());
    InformerStatus listing;
    listing.state = InformerStatus::State::Listing;
    listing.synced = false;
    pods.setStatus(listing);
    FollowedObject followed;
    QSignalSpy changed(&followed, &FollowedObject::changed);
    QSignalSpy gone(&followed, &FollowedObject::gone);
    followed.follow(&pods, QStringLiteral("shop/web-1"), QStringLiteral("u1"));
    // Not listed yet: not known to be gone.
    QCOMPARE(changed.count(), 1);
    QVERIFY(followed.current().isNull());
    QCOMPARE(gone.count(), 0);

    put(pods, "web-1", "u1", "Running");
    InformerStatus watching;
    watching.state = InformerStatus::State::Watching;
    watching.synced = true;
    pods.setStatus(watching);
    QCOMPARE(followed.current().uid(), QStringLiteral("u1"));
    QCOMPARE(gone.count(), 0);
}

void TestFollowedObject::stopsFollowing()
{
    LocalKindSource pods(podsKind());
    put(pods, "web-1", "u1", "Running");
    FollowedObject followed;
    followed.follow(&pods, QStringLiteral("shop/web-1"), QStringLiteral("u1"));
    QVERIFY(followed.isFollowing());
    followed.stop();
    QVERIFY(!followed.isFollowing());
    QSignalSpy changed(&followed, &FollowedObject::changed);
    QSignalSpy gone(&followed, &FollowedObject::gone);
    pods.remove(pods.indexer().getByKey(QStringLiteral("shop/web-1")).value());
    pods.flush();
    QCOMPARE(changed.count() + gone.count(), 0);
}

QTEST_GUILESS_MAIN(TestFollowedObject)
#include "tst_followedobject.moc"
