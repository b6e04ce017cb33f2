// informantctl --metadata-only: the informers read PartialObjectMetadata, as
// client-go's metadata client. kubectl has no such flag: get prints what
// kubectl prints for objects without columns of their own (NAME, AGE), and
// -o json/yaml the PartialObjectMetadata objects the server sends (without
// managedFields, which kubectl's printers hide). The demo simulator's
// Secrets: web/api-token and payments/ledger-db-credentials.

#include "informantctlfixture.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

namespace {

// The items of the server's PartialObjectMetadataList for `path`, by
// "namespace/name", as kubectl's printers show them.
QHash<QString, QJsonObject> partialItems(const QString &server, const QString &path)
{
    QNetworkAccessManager network;
    network.setProxy(QNetworkProxy::NoProxy);
    QNetworkRequest request(QUrl(server + path));
    request.setRawHeader("Accept",
                         "application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1");
    QNetworkReply *reply = network.get(request);
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    loop.exec();
    reply->deleteLater();
    const QJsonObject list = QJsonDocument::fromJson(reply->readAll()).object();
    if (list.value(QStringLiteral("kind")).toString() != QLatin1String("PartialObjectMetadataList"))
        return {};
    QHash<QString, QJsonObject> items;
    for (const QJsonValue &value : list.value(QStringLiteral("items")).toArray()) {
        QJsonObject item = value.toObject();
        QJsonObject metadata = item.value(QStringLiteral("metadata")).toObject();
        metadata.remove(QStringLiteral("managedFields"));
        item.insert(QStringLiteral("metadata"), metadata);
        items.insert(metadata.value(QStringLiteral("namespace")).toString() + QLatin1Char('/') +
                         metadata.value(QStringLiteral("name")).toString(),
                     item);
    }
    return items;
}

QHash<QString, QJsonObject> byKey(const QJsonArray &objects)
{
    QHash<QString, QJsonObject> keyed;
    for (const QJsonValue &value : objects) {
        const QJsonObject metadata = value.toObject().value(QStringLiteral("metadata")).toObject();
        keyed.insert(metadata.value(QStringLiteral("namespace")).toString() + QLatin1Char('/') +
                         metadata.value(QStringLiteral("name")).toString(),
                     value.toObject());
    }
    return keyed;
}

// The cells of each line of a table, split at runs of spaces.
QList<QStringList> tableCells(const QByteArray &out)
{
    QList<QStringList> rows;
    for (const QByteArray &line : out.split('\n')) {
        if (!line.isEmpty())
            rows.append(QString::fromUtf8(line).split(QLatin1Char(' '), Qt::SkipEmptyParts));
    }
    return rows;
}

} // namespace

class tst_InformantctlMetadataOnly : public QObject, protected InformantctlFixture
{
    Q_OBJECT

private slots:
    void cleanup() { stopSim(); }

    void tablePrintsNameAndAge()
    {
        const QString server = startDemoSim();
        QVERIFY(!server.isEmpty());
        const Run whole = get(server, {"secrets", "-A"});
        QCOMPARE(whole.exitCode, 0);
        QCOMPARE(tableCells(whole.out).value(0),
                 (QStringList{"NAMESPACE", "NAME", "TYPE", "DATA", "AGE"}));

        const Run ours =
            run(ctl(), {"--server", server, "--metadata-only", "get", "secrets", "-A"}, home());
        QCOMPARE(ours.err, QByteArray());
        QCOMPARE(ours.exitCode, 0);
        const QList<QStringList> rows = tableCells(ours.out);
        QCOMPARE(rows.value(0), (QStringList{"NAMESPACE", "NAME", "AGE"}));
        QStringList keys; // the server's, sorted as get sorts them
        for (const QString &key : partialItems(server, QStringLiteral("/api/v1/secrets")).keys())
            keys.append(key);
        keys.sort();
        QVERIFY(keys.contains(QStringLiteral("web/api-token")));
        QCOMPARE(rows.size(), keys.size() + 1);
        for (qsizetype i = 0; i < keys.size(); ++i) {
            QCOMPARE(rows[i + 1].size(), 3);
            QCOMPARE(rows[i + 1].mid(0, 2).join(QLatin1Char('/')), keys[i]);
        }
    }

    void jsonIsWhatTheServerSends()
    {
        const QString server = startDemoSim();
        QVERIFY(!server.isEmpty());
        const QHash<QString, QJsonObject> expected =
            partialItems(server, QStringLiteral("/api/v1/secrets"));
        QVERIFY(expected.contains(QStringLiteral("web/api-token")));

        const Run list = run(
            ctl(), {"--server", server, "--metadata-only", "get", "secrets", "-A", "-o", "json"},
            home());
        QCOMPARE(list.exitCode, 0);
        const QJsonObject document = QJsonDocument::fromJson(list.out).object();
        QCOMPARE(document.value(QStringLiteral("kind")).toString(), QStringLiteral("List"));
        QCOMPARE(byKey(document.value(QStringLiteral("items")).toArray()), expected);

        const Run one = run(ctl(),
                            {"--server", server, "--metadata-only", "get", "secret", "api-token",
                             "-n", "web", "-o", "json"},
                            home());
        QCOMPARE(one.exitCode, 0);
        QCOMPARE(QJsonDocument::fromJson(one.out).object(), expected.value("web/api-token"));

        const Run yaml = run(
            ctl(),
            {"--server", server, "--metadata-only", "get", "secrets", "-n", "web", "-o", "yaml"},
            home());
        QCOMPARE(yaml.exitCode, 0);
        QVERIFY2(yaml.out.contains("- apiVersion: meta.k8s.io/v1\n  kind: PartialObjectMetadata\n"),
                 yaml.out.constData());
        QVERIFY(yaml.out.contains("name: api-token"));
        QVERIFY(!yaml.out.contains(" data:")); // " metadata:" is no match
    }

    // get -w prints the changes' objects the same way.
    void watchPrintsPartialObjectMetadata()
    {
        const QString server = startDemoSim();
        QVERIFY(!server.isEmpty());
        const Run watched =
            run(ctl(),
                {"--server", server, "--metadata-only", "get", "secret", "api-token", "-n", "web",
                 "-w", "--request-timeout=1s", "-o", "json"},
                home());
        const QJsonObject object = QJsonDocument::fromJson(watched.out).object();
        QCOMPARE(object,
                 partialItems(server, QStringLiteral("/api/v1/secrets")).value("web/api-token"));
    }

    // So does the watch command's one event per line.
    void watchCommandPrintsPartialObjectMetadata()
    {
        const QString server = startDemoSim();
        QVERIFY(!server.isEmpty());
        QProcess watch;
        startCtl(watch, {"--server", server, "--metadata-only", "-n", "web", "watch", "secrets",
                         "-o", "json"});
        QVERIFY(watch.waitForStarted());
        QTRY_VERIFY_WITH_TIMEOUT(watch.canReadLine(), 30000);
        const QJsonObject event = QJsonDocument::fromJson(watch.readLine()).object();
        watch.kill();
        watch.waitForFinished();
        QCOMPARE(event.value(QStringLiteral("type")).toString(), QStringLiteral("ADDED"));
        const QJsonObject object = event.value(QStringLiteral("object")).toObject();
        const QString key = byKey({object}).keys().value(0);
        QVERIFY2(key.startsWith(QStringLiteral("web/")), qPrintable(key));
        QCOMPARE(object, partialItems(server, QStringLiteral("/api/v1/secrets")).value(key));
    }

    // The cache holds the same objects, keys, uids and versions, as whole ones.
    void dumpHoldsTheSameObjects()
    {
        const QString server = startDemoSim();
        QVERIFY(!server.isEmpty());
        const Run whole =
            run(ctl(), {"--server", server, "-A", "dump", "configmaps", "--until-synced"}, home());
        const Run metadata = run(
            ctl(),
            {"--server", server, "-A", "--metadata-only", "dump", "configmaps", "--until-synced"},
            home());
        QCOMPARE(metadata.exitCode, 0);
        QCOMPARE(metadata.err, QByteArray());
        QVERIFY(metadata.out.contains("kube-system/coredns-config"));
        QCOMPARE(metadata.out, whole.out);
    }

    // A replay serves what was recorded as whole objects.
    void recordRefusesIt()
    {
        const QString server = startDemoSim();
        QVERIFY(!server.isEmpty());
        const QString out = m_dir.filePath(QStringLiteral("recording.ndjson"));
        const Run recorded = run(ctl(),
                                 {"--server", server, "--metadata-only", "record", "secrets",
                                  "--out", out, "--for", "1"},
                                 home());
        QCOMPARE(recorded.exitCode, 2);
        QCOMPARE(recorded.err, QByteArray("error: record keeps whole objects for a replay: "
                                          "--metadata-only does not apply\n"));
        QVERIFY(!QFile::exists(out));
    }
};

QTEST_GUILESS_MAIN(tst_InformantctlMetadataOnly)
#include "tst_informantctlmetadataonly.moc"
