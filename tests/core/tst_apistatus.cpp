// ApiStatus, the API server's Status object: how an error names itself.

#include "informer/core/apistatus.h"

#include <QTest>

using namespace informant;

class TestApiStatus : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void describeNamesCodeReasonAndMessage_data()
    {
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("reason");
        QTest::addColumn<QString>("message");
        QTest::addColumn<QString>("described");
        QTest::newRow("reason and message") << 403 << "Forbidden"
                                            << "pods is forbidden"
                                            << "403 Forbidden: pods is forbidden";
        QTest::newRow("no reason") << 500 << ""
                                   << "boom"
                                   << "500: boom";
        // The API server words a timeout's message after its reason.
        QTest::newRow("message starting with the reason")
            << 504 << "Timeout"
            << "Timeout: Too large resource version: 9, current: 7"
            << "504: Timeout: Too large resource version: 9, current: 7";
    }
    void describeNamesCodeReasonAndMessage()
    {
        QFETCH(int, code);
        QFETCH(QString, reason);
        QFETCH(QString, message);
        QFETCH(QString, described);
        QCOMPARE(ApiStatus::failure(code, reason, message).describe(), described);
    }

    // An aborted reply has no body (a null QByteArray): an error, and no
    // read through its null pointer (UBSan failed on it).
    void noBodyIsNoStatus()
    {
        QVERIFY(!ApiStatus::fromJson(QByteArray()).ok());
        QVERIFY(!ApiStatus::fromJson(QByteArrayView()).ok());
        QVERIFY(ApiStatus::fromJson(R"({"kind":"Status","code":403})").ok());
    }
};

QTEST_GUILESS_MAIN(TestApiStatus)
#include "tst_apistatus.moc"
