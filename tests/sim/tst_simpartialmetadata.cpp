// The simulated API server's metadata-only representation: a list or watch
// whose Accept asks for PartialObjectMetadata(List) in meta.k8s.io (client-go's
// metadata client and metadatainformer) gets only each object's metadata.

#include "simfixtures.h"

using namespace informant;
using namespace informant::sim;
using namespace simtest;

namespace {

const QByteArray kListAccept =
    "application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1,application/json";
const QByteArray kWatchAccept =
    "application/json;as=PartialObjectMetadata;g=meta.k8s.io;v=v1,application/json";

void verifyPartial(const QJsonObject &object, const QString &name, const QString &apiVersion)
{
    QCOMPARE(object.value("kind").toString(), QStringLiteral("PartialObjectMetadata"));
    QCOMPARE(object.value("apiVersion").toString(), apiVersion);
    QCOMPARE(object.value("metadata").toObject().value("name").toString(), name);
    QCOMPARE(object.value("metadata").toObject().value("labels").toObject().value("tier"),
             QJsonValue("web"));
    QVERIFY(!object.value("metadata").toObject().value("resourceVersion").toString().isEmpty());
    QCOMPARE(object.keys(), (QStringList{"apiVersion", "kind", "metadata"}));
}

} // namespace

class TestSimPartialMetadata : public QObject
{
    Q_OBJECT

private slots:
    void listCarriesOnlyMetadata_data();
    void listCarriesOnlyMetadata();
    void watchCarriesOnlyMetadataBesideAPlainWatch();
    void streamingListAndBookmarksArePartial();
    void getOfOneObjectIsPartial();
};

void TestSimPartialMetadata::listCarriesOnlyMetadata_data()
{
    QTest::addColumn<QByteArray>("accept");
    QTest::addColumn<QString>("apiVersion");
    QTest::addColumn<QByteArray>("query");
    QTest::newRow("v1") << kListAccept << "meta.k8s.io/v1" << QByteArray();
    QTest::newRow("v1beta1") << QByteArray("application/json;as=PartialObjectMetadataList;"
                                           "g=meta.k8s.io;v=v1beta1,application/json")
                             << "meta.k8s.io/v1beta1" << QByteArray();
    QTest::newRow("page") << kListAccept << "meta.k8s.io/v1" << QByteArray("?limit=1");
}

void TestSimPartialMetadata::listCarriesOnlyMetadata()
{
    QFETCH(QByteArray, accept);
    QFETCH(QString, apiVersion);
    QFETCH(QByteArray, query);
    const auto sim = startEmptySim();
    const quint16 port = sim->port();
    create(port, QStringLiteral("a"), QStringLiteral("web"));
    const Response response =
        get(port, "/api/v1/namespaces/default/configmaps" + query, {{"Accept", accept}});
    QCOMPARE(response.status, 200);
    const QJsonObject list = response.json();
    QCOMPARE(list.value("kind").toString(), QStringLiteral("PartialObjectMetadataList"));
    QCOMPARE(list.value("apiVersion").toString(), apiVersion);
    QVERIFY(!list.value("metadata").toObject().value("resourceVersion").toString().isEmpty());
    const QJsonArray items = list.value("items").toArray();
    QCOMPARE(items.size(), 1);
    verifyPartial(items.at(0).toObject(), QStringLiteral("a"), apiVersion);
}

void TestSimPartialMetadata::watchCarriesOnlyMetadataBesideAPlainWatch()
{
    const auto sim = startEmptySim();
    const quint16 port = sim->port();
    create(port, QStringLiteral("a"), QStringLiteral("web"));
    const QByteArray target = "/api/v1/configmaps?watch=1&resourceVersion=" +
                              listResourceVersion(port, "/api/v1/configmaps").toUtf8();
    Watch partial(port, target, {{"Accept", kWatchAccept}});
    Watch plain(port, target, {{"Accept", "application/json"}});
    QVERIFY(partial.ok());
    QVERIFY(plain.ok());
    create(port, QStringLiteral("b"), QStringLiteral("web"));
    QCOMPARE(
        mergePatch(port, "/api/v1/namespaces/default/configmaps/b", R"({"data":{"k":"changed"}})")
            .status,
        200);
    QCOMPARE(request(port, "DELETE", "/api/v1/namespaces/default/configmaps/b").status, 200);
    const QList<QJsonObject> events = partial.next(3);
    QCOMPARE(events.size(), 3);
    QCOMPARE(events[0].value("type").toString(), QStringLiteral("ADDED"));
    QCOMPARE(events[1].value("type").toString(), QStringLiteral("MODIFIED"));
    QCOMPARE(events[2].value("type").toString(), QStringLiteral("DELETED"));
    for (const QJsonObject &event : events)
        verifyPartial(event.value("object").toObject(), QStringLiteral("b"), "meta.k8s.io/v1");

    const QList<QJsonObject> plainEvents = plain.next(3);
    QCOMPARE(plainEvents.size(), 3);
    const QJsonObject modified = plainEvents[1].value("object").toObject();
    QCOMPARE(modified.value("kind").toString(), QStringLiteral("ConfigMap"));
    QCOMPARE(modified.value("data").toObject().value("k"), QJsonValue("changed"));
}

void TestSimPartialMetadata::streamingListAndBookmarksArePartial()
{
    const auto sim = startEmptySim();
    const quint16 port = sim->port();
    create(port, QStringLiteral("a"), QStringLiteral("web"));
    Watch watch(port,
                "/api/v1/configmaps?watch=1&sendInitialEvents=true&allowWatchBookmarks=true"
                "&resourceVersionMatch=NotOlderThan",
                {{"Accept", kWatchAccept}});
    QVERIFY(watch.ok());
    const QList<QJsonObject> events = watch.next(2);
    QCOMPARE(events.size(), 2);
    QCOMPARE(events[0].value("type").toString(), QStringLiteral("ADDED"));
    verifyPartial(events[0].value("object").toObject(), QStringLiteral("a"), "meta.k8s.io/v1");
    QCOMPARE(events[1].value("type").toString(), QStringLiteral("BOOKMARK"));
    const QJsonObject bookmark = events[1].value("object").toObject();
    QCOMPARE(bookmark.value("kind").toString(), QStringLiteral("PartialObjectMetadata"));
    QCOMPARE(bookmark.value("metadata")
                 .toObject()
                 .value("annotations")
                 .toObject()
                 .value("k8s.io/initial-events-end"),
             QJsonValue("true"));
}

void TestSimPartialMetadata::getOfOneObjectIsPartial()
{
    const auto sim = startEmptySim();
    const quint16 port = sim->port();
    create(port, QStringLiteral("a"), QStringLiteral("web"));
    const Response response =
        get(port, "/api/v1/namespaces/default/configmaps/a", {{"Accept", kWatchAccept}});
    QCOMPARE(response.status, 200);
    verifyPartial(response.json(), QStringLiteral("a"), "meta.k8s.io/v1");
}

QTEST_GUILESS_MAIN(TestSimPartialMetadata)
#include "tst_simpartialmetadata.moc"
