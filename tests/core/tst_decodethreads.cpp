// DecodeThreads::runParts: every part runs once, the first on the calling
// thread, and the call returns only when all have finished, also when a
// part run on the calling thread throws.

#include "informer/core/decodethreads.h"

#include <QMutex>
#include <QSet>
#include <QTest>
#include <QThread>

#include <atomic>
#include <stdexcept>

using namespace informant;

class TstDecodeThreads : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void runsEveryPartOnceAndTheFirstOnTheCaller();
    void throwingPartIsRethrownAfterTheOthersFinished();
};

void TstDecodeThreads::runsEveryPartOnceAndTheFirstOnTheCaller()
{
    constexpr int kParts = 5;
    QMutex mutex;
    QList<int> ran;
    QThread *firstRanOn = nullptr;
    DecodeThreads::runParts(kParts, [&](int part) {
        QMutexLocker locker(&mutex);
        ran.append(part);
        if (part == 0)
            firstRanOn = QThread::currentThread();
    });
    std::sort(ran.begin(), ran.end());
    QCOMPARE(ran, (QList<int>{0, 1, 2, 3, 4}));
    QCOMPARE(firstRanOn, QThread::currentThread());
}

void TstDecodeThreads::throwingPartIsRethrownAfterTheOthersFinished()
{
    // The other part reads the caller's state when it ends: had runParts
    // returned (thrown) before it, that state would be gone.
    std::atomic<bool> otherFinished{false};
    bool otherFinishedWhenCaught = false;
    QString message;
    try {
        DecodeThreads::runParts(2, [&](int part) {
            if (part == 0)
                throw std::runtime_error("part 0 failed");
            QThread::msleep(50); // so that the throw comes first
            otherFinished.store(true);
        });
    } catch (const std::runtime_error &error) {
        otherFinishedWhenCaught = otherFinished.load();
        message = QString::fromLatin1(error.what());
    }
    QCOMPARE(message, QStringLiteral("part 0 failed"));
    QVERIFY(otherFinishedWhenCaught);
}

QTEST_GUILESS_MAIN(TstDecodeThreads)
#include "tst_decodethreads.moc"
