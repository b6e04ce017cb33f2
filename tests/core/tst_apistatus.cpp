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

    // apimachinery's predicates: a reason decides when apimachinery knows it;
    // the HTTP code only when the reason is unknown (empty, "Unknown", or a
    // string it has never heard of). IsTooManyRequests reads the code always,
    // IsResourceExpired never. Each row is a Status as it comes off the wire.
    void predicatesMatchApimachinery_data()
    {
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<QStringList>("expected"); // the predicates that hold
        const auto status = [](int code, const char *reason, const QByteArray &rest = {}) {
            QByteArray body =
                "{'kind':'Status','apiVersion':'v1','code':" + QByteArray::number(code);
            if (*reason)
                body += ",'reason':'" + QByteArray(reason) + "'";
            QByteArray json = body + rest + "}";
            return json.replace('\'', '"');
        };
        const QStringList expired{"resourceExpired", "expired"};
        const QStringList gone{"gone", "expired"};
        QTest::newRow("410 Expired") << status(410, "Expired") << expired;
        QTest::newRow("410 Gone") << status(410, "Gone") << gone;
        QTest::newRow("410 without a reason") << status(410, "") << gone;
        QTest::newRow("410 Unknown") << status(410, "Unknown") << gone;
        QTest::newRow("410 with a reason apimachinery does not know")
            << status(410, "SomethingNew") << gone;
        QTest::newRow("410 Conflict: the known reason decides")
            << status(410, "Conflict") << QStringList{};
        QTest::newRow("Expired on another code") << status(500, "Expired") << expired;
        QTest::newRow("500 InternalError")
            << status(500, "InternalError") << QStringList{"internal"};
        QTest::newRow("500 without a reason") << status(500, "") << QStringList{"internal"};
        QTest::newRow("500 Unknown") << status(500, "Unknown") << QStringList{"internal"};
        QTest::newRow("500 with a reason apimachinery does not know")
            << status(500, "Boom") << QStringList{"internal"};
        QTest::newRow("500 StorageReadError") << status(500, "StorageReadError") << QStringList{};
        QTest::newRow("500 ServerTimeout") << status(500, "ServerTimeout") << QStringList{};
        QTest::newRow("503 InternalError")
            << status(503, "InternalError") << QStringList{"internal"};
        QTest::newRow("429 without a reason") << status(429, "") << QStringList{"tooMany"};
        QTest::newRow("429 ServiceUnavailable: the code counts anyway")
            << status(429, "ServiceUnavailable") << QStringList{"tooMany"};
        QTest::newRow("503 TooManyRequests")
            << status(503, "TooManyRequests") << QStringList{"tooMany"};
        QTest::newRow("403 Forbidden") << status(403, "Forbidden") << QStringList{"forbidden"};
        QTest::newRow("403 with an unknown reason")
            << status(403, "Custom") << QStringList{"forbidden"};
        QTest::newRow("403 NotFound") << status(403, "NotFound") << QStringList{};
        QTest::newRow("401 without a reason") << status(401, "") << QStringList{"unauthorized"};
        QTest::newRow("401 Forbidden") << status(401, "Forbidden") << QStringList{"forbidden"};
        QTest::newRow("404 without a reason") << status(404, "") << QStringList{};
        QTest::newRow("no code, no reason") << status(0, "") << QStringList{};
        const char *tooLargeText =
            ",'message':'Timeout: Too large resource version: 9, current: 7'";
        QTest::newRow("too large: cause type")
            << status(504, "Timeout",
                      ",'details':{'causes':[{'reason':'ResourceVersionTooLarge'}]}")
            << QStringList{"timeout", "tooLarge"};
        QTest::newRow("too large: cause type, any code")
            << status(0, "", ",'details':{'causes':[{'reason':'ResourceVersionTooLarge'}]}")
            << QStringList{"tooLarge"};
        QTest::newRow("too large: cause message (1.17-1.18.5)")
            << status(504, "Timeout",
                      ",'details':{'causes':[{'message':'Too large resource version'}]}")
            << QStringList{"timeout", "tooLarge"};
        QTest::newRow("too large: the message, with details (before 1.17)")
            << status(504, "Timeout", QByteArray(tooLargeText) + ",'details':{}")
            << QStringList{"timeout", "tooLarge"};
        QTest::newRow("too large: the message without details is not read")
            << status(504, "Timeout", tooLargeText) << QStringList{"timeout"};
        QTest::newRow("too large: 504 without a reason")
            << status(504, "", QByteArray(tooLargeText) + ",'details':{'retryAfterSeconds':1}")
            << QStringList{"timeout", "tooLarge"};
        QTest::newRow("too large: the words in a 504 ServiceUnavailable are no timeout")
            << status(504, "ServiceUnavailable", QByteArray(tooLargeText) + ",'details':{}")
            << QStringList{};
        QTest::newRow("too large: Timeout reason on a 500")
            << status(500, "Timeout", QByteArray(tooLargeText) + ",'details':{}")
            << QStringList{"timeout", "tooLarge"};
    }
    void predicatesMatchApimachinery()
    {
        QFETCH(QByteArray, body);
        QFETCH(QStringList, expected);
        const Result<ApiStatus> parsed = ApiStatus::fromJson(body);
        QVERIFY2(parsed.ok(), qPrintable(parsed.errorMessage()));
        const ApiStatus &s = *parsed;
        const std::pair<const char *, bool> predicates[] = {
            {"resourceExpired", s.isResourceExpired()},
            {"gone", s.isGone()},
            {"expired", s.isExpired()},
            {"internal", s.isInternalError()},
            {"timeout", s.isTimeout()},
            {"tooLarge", s.isTooLargeResourceVersion()},
            {"tooMany", s.isTooManyRequests()},
            {"forbidden", s.isForbidden()},
            {"unauthorized", s.isUnauthorized()},
        };
        QStringList holding;
        for (const auto &[name, holds] : predicates) {
            if (holds)
                holding.append(QLatin1String(name));
        }
        QStringList sortedExpected = expected;
        sortedExpected.sort();
        holding.sort();
        QCOMPARE(holding, sortedExpected);
    }

    // A Status's details survive a round trip, even empty ones: the legacy
    // too-large check depends on whether there were any.
    void emptyDetailsSurviveARoundTrip()
    {
        ApiStatus status = ApiStatus::failure(504, "Timeout", "Too large resource version");
        QVERIFY(!status.detailsPresent());
        QVERIFY(!ApiStatus::fromJson(status.toJson())->hasDetails);
        status.hasDetails = true;
        const Result<ApiStatus> parsed = ApiStatus::fromJson(status.toJson());
        QVERIFY(parsed->hasDetails);
        QVERIFY(parsed->isTooLargeResourceVersion());
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
