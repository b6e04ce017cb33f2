// The timeline's form of the filter pane's label choice: which involved
// objects (in any watched kind) carry the chosen labels.

#include "informer/cache/indexfuncs.h"
#include "models/timeline/timelinescope.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace informant;

namespace {

using Labels = QMap<QString, QSet<QString>>;

KubeObject object(const QString &kind, const QString &name, const QJsonObject &labels)
{
    const QJsonObject o{{"apiVersion", kind == QLatin1String("Pod") ? "v1" : "apps/v1"},
                        {"kind", kind},
                        {"metadata", QJsonObject{{"name", name},
                                                 {"namespace", "shop"},
                                                 {"uid", kind + u'-' + name},
                                                 {"labels", labels}}}};
    return KubeObject::fromJson(QJsonDocument(o).toJson(QJsonDocument::Compact)).value();
}

} // namespace

class TestTimelineScope : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void labelChoiceSelectsObjectsOfEveryKind_data();
    void labelChoiceSelectsObjectsOfEveryKind();
    void nodesAreAlsoNamedByTheirNameKey();
};

void TestTimelineScope::labelChoiceSelectsObjectsOfEveryKind_data()
{
    QTest::addColumn<Labels>("labels");
    QTest::addColumn<QStringList>("uids");
    QTest::newRow("no labels: no uids") << Labels{} << QStringList{};
    QTest::newRow("one value, two kinds")
        << Labels{{"app", {"web"}}} << QStringList{"Deployment-web", "Pod-web-1", "Pod-web-2"};
    QTest::newRow("OR within a key")
        << Labels{{"app", {"web", "db"}}}
        << QStringList{"Deployment-web", "Pod-db-0", "Pod-web-1", "Pod-web-2"};
    QTest::newRow("AND across keys")
        << Labels{{"app", {"web"}}, {"tier", {"front"}}} << QStringList{"Pod-web-1"};
    QTest::newRow("has the key") << Labels{{"tier", {}}} << QStringList{"Pod-db-0", "Pod-web-1"};
    QTest::newRow("no match") << Labels{{"app", {"cache"}}} << QStringList{};
}

void TestTimelineScope::labelChoiceSelectsObjectsOfEveryKind()
{
    QFETCH(Labels, labels);
    QFETCH(QStringList, uids);
    Indexer pods(defaultIndexers(QStringLiteral("Pod")));
    Indexer deployments(defaultIndexers(QStringLiteral("Deployment")));
    QVERIFY(pods.add(object("Pod", "web-1", {{"app", "web"}, {"tier", "front"}})).ok());
    QVERIFY(pods.add(object("Pod", "web-2", {{"app", "web"}})).ok());
    QVERIFY(pods.add(object("Pod", "db-0", {{"app", "db"}, {"tier", "back"}})).ok());
    QVERIFY(deployments.add(object("Deployment", "web", {{"app", "web"}})).ok());
    QVERIFY(deployments.add(object("Deployment", "other", {{"team", "x"}})).ok());

    const QSet<QString> found = labelledObjectUids({&pods, &deployments}, labels);
    QStringList sorted(found.cbegin(), found.cend());
    sorted.sort();
    QCOMPARE(sorted, uids);
}

void TestTimelineScope::nodesAreAlsoNamedByTheirNameKey()
{
    // The kubelet's Node events name the node's name, not its uid: the
    // filter finds them by the Node's name key.
    auto node = [](const QString &name, const QJsonObject &labels) {
        const QJsonObject o{{"apiVersion", "v1"},
                            {"kind", "Node"},
                            {"metadata", QJsonObject{{"name", name},
                                                     {"uid", QStringLiteral("uid-") + name},
                                                     {"labels", labels}}}};
        return KubeObject::fromJson(QJsonDocument(o).toJson(QJsonDocument::Compact)).value();
    };
    Indexer nodes(defaultIndexers(QStringLiteral("Node")));
    QVERIFY(nodes.add(node("worker-1", {{"pool", "gpu"}})).ok());
    QVERIFY(nodes.add(node("worker-2", {{"pool", "cpu"}})).ok());
    const QSet<QString> found = labelledObjectUids({&nodes}, Labels{{"pool", {"gpu"}}});
    QCOMPARE(found, (QSet<QString>{"uid-worker-1", "Node//worker-1"}));
}

QTEST_GUILESS_MAIN(TestTimelineScope)
#include "tst_timelinescope.moc"
