#pragma once

// Interrupter: lets any thread end a blocking wait that runs a local
// QEventLoop in another thread (RestListerWatcher's list/watch, a watch
// stream's next()). interrupt() is permanent, as client-go's context
// cancellation is: every later wait returns at once. wakeRetryWait() is not:
// it ends the wait before a request is sent again (a server's Retry-After),
// and only that one.
//
// Threading: interrupt() and isInterrupted() from any thread; Scope only in
// the thread that runs the loop. interrupt() never touches the loop or reply
// directly: it queues the quit/abort to the loop's thread under a mutex that
// Scope's destructor also takes, so nothing is used after it is gone.

#include <QMutex>
#include <QPointer>

#include <atomic>

class QEventLoop;
class QNetworkReply;

namespace informant {

class Interrupter
{
public:
    void interrupt();
    bool isInterrupted() const { return m_interrupted.load(std::memory_order_acquire); }
    // Ends the retry wait under way now (the user asked to reconnect); with
    // none under way, the next one is skipped, unless discardRetryWake()
    // comes first. A request answered "come back in a minute" just as the
    // user asked is sent again at once.
    void wakeRetryWait();
    // Forgets a wake that found no retry wait: a new call starts afresh.
    void discardRetryWake();

    enum class Wait {
        Request,  // a request, or anything else only interrupt() ends
        RetryWait // the pause before a request is sent again
    };

    // Registers `loop` (and the reply to abort) for the duration of one wait.
    class Scope
    {
    public:
        Scope(Interrupter &owner, QEventLoop *loop, QNetworkReply *reply,
              Wait wait = Wait::Request);
        ~Scope();
        Q_DISABLE_COPY_MOVE(Scope)

        // A retry wait woken before it began: skip it.
        bool wokenBeforeStart() const { return m_wokenBeforeStart; }

    private:
        Interrupter &m_owner;
        bool m_wokenBeforeStart = false;
    };

private:
    std::atomic<bool> m_interrupted{false};
    QMutex m_mutex;
    QEventLoop *m_loop = nullptr;
    QPointer<QNetworkReply> m_reply;
    bool m_retryWait = false;   // m_loop is a retry wait
    bool m_wakePending = false; // woken while no retry wait was under way
};

} // namespace informant
