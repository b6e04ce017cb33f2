// Key functions (reference §4.1; Appendix B "Key function").

#include "testobjects.h"

#include "informer/cache/keys.h"

#include <QTest>

using namespace informant;
using namespace informant::test;

class TestKeys : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void metaNamespaceKeyIsNamespaceSlashNameOrName_data();
    void metaNamespaceKeyIsNamespaceSlashNameOrName();
    void deletionHandlingKeyPrefersTombstoneKey_data();
    void deletionHandlingKeyPrefersTombstoneKey();
    void splitMetaNamespaceKeyAcceptsOneOrTwoSegments_data();
    void splitMetaNamespaceKeyAcceptsOneOrTwoSegments();
    void keyErrorNamesObjectAndCause_data();
    void keyErrorNamesObjectAndCause();
    void deltaTypeNamesMatchClientGo();
};

void TestKeys::metaNamespaceKeyIsNamespaceSlashNameOrName_data()
{
    QTest::addColumn<QString>("token");
    QTest::addColumn<QString>("expected");
    QTest::newRow("namespaced") << "ns/foo1"
                                << "ns/foo";
    QTest::newRow("clusterScoped") << "node1"
                                   << "node";
    QTest::newRow("dottedNamespace") << "kube-system/coredns"
                                     << "kube-system/coredns";
    QTest::newRow("nullObjectHasNoMeta") << "nil"
                                         << "error: object has no meta";
}

void TestKeys::metaNamespaceKeyIsNamespaceSlashNameOrName()
{
    QFETCH(QString, token);
    QFETCH(QString, expected);
    const Result<QString> key = metaNamespaceKey(objectFromToken(token));
    QCOMPARE(key.ok() ? key.value() : QStringLiteral("error: ") + key.errorMessage(), expected);
}

void TestKeys::deletionHandlingKeyPrefersTombstoneKey_data()
{
    QTest::addColumn<QString>("token");
    QTest::addColumn<QString>("tombstoneKey");
    QTest::addColumn<QString>("expected");
    QTest::newRow("plainDelta") << "ns/foo1" << QString() << "ns/foo";
    QTest::newRow("tombstoneWithObject") << "ns/foo1"
                                         << "ns/foo"
                                         << "ns/foo";
    QTest::newRow("tombstoneKeyWinsOverObject") << "ns/foo1"
                                                << "other/bar"
                                                << "other/bar";
    QTest::newRow("tombstoneWithoutObject") << "nil"
                                            << "ns/gone"
                                            << "ns/gone";
    QTest::newRow("nullObjectWithoutTombstone")
        << "nil" << QString() << "error: object has no meta";
}

void TestKeys::deletionHandlingKeyPrefersTombstoneKey()
{
    QFETCH(QString, token);
    QFETCH(QString, tombstoneKey);
    QFETCH(QString, expected);
    const Delta delta{DeltaType::Deleted, objectFromToken(token), tombstoneKey};
    QCOMPARE(delta.isTombstone(), !tombstoneKey.isEmpty());
    const Result<QString> key = deletionHandlingKey(delta);
    QCOMPARE(key.ok() ? key.value() : QStringLiteral("error: ") + key.errorMessage(), expected);
}

void TestKeys::splitMetaNamespaceKeyAcceptsOneOrTwoSegments_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("expected"); // "ns|name" or "error: ..."
    QTest::newRow("nameOnly") << "foo"
                              << "|foo";
    QTest::newRow("namespaceAndName") << "ns/foo"
                                      << "ns|foo";
    QTest::newRow("empty") << ""
                           << "|";
    QTest::newRow("emptyNamespace") << "/foo"
                                    << "|foo";
    QTest::newRow("threeSegments") << "a/b/c"
                                   << "error: unexpected key format: \"a/b/c\"";
    QTest::newRow("trailingSlashes") << "a//"
                                     << "error: unexpected key format: \"a//\"";
}

void TestKeys::splitMetaNamespaceKeyAcceptsOneOrTwoSegments()
{
    QFETCH(QString, key);
    QFETCH(QString, expected);
    const auto split = splitMetaNamespaceKey(key);
    QCOMPARE(split.ok() ? split->first + QLatin1Char('|') + split->second
                        : QStringLiteral("error: ") + split.errorMessage(),
             expected);
}

void TestKeys::keyErrorNamesObjectAndCause_data()
{
    QTest::addColumn<QString>("token");
    QTest::addColumn<QString>("expected");
    QTest::newRow("nullObject") << "nil"
                                << "couldn't create key for object <nil>: boom";
    QTest::newRow("namespacedPod") << "ns/foo1"
                                   << "couldn't create key for object Pod ns/foo: boom";
    QTest::newRow("clusterScoped") << "foo1"
                                   << "couldn't create key for object Pod foo: boom";
}

void TestKeys::keyErrorNamesObjectAndCause()
{
    QFETCH(QString, token);
    QFETCH(QString, expected);
    QCOMPARE(keyError(objectFromToken(token), makeError(QStringLiteral("boom"))).message, expected);
}

void TestKeys::deltaTypeNamesMatchClientGo()
{
    QCOMPARE(deltaTypeName(DeltaType::Added), QStringLiteral("Added"));
    QCOMPARE(deltaTypeName(DeltaType::Updated), QStringLiteral("Updated"));
    QCOMPARE(deltaTypeName(DeltaType::Deleted), QStringLiteral("Deleted"));
    QCOMPARE(deltaTypeName(DeltaType::Replaced), QStringLiteral("Replaced"));
    QCOMPARE(deltaTypeName(DeltaType::Sync), QStringLiteral("Sync"));
}

QTEST_GUILESS_MAIN(TestKeys)
#include "tst_keys.moc"
