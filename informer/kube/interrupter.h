#pragma once

// Interrupter: lets any thread end a blocking wait that runs a local
// QEventLoop in another thread (RestListerWatcher's list/watch, a watch
// stream's next()). interrupt() is permanent, as client-go's context
// cancellation is: every later wait returns at once.
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

    // Registers `loop` (and the reply to abort) for the duration of one wait.
    class Scope
    {
    public:
        Scope(Interrupter &owner, QEventLoop *loop, QNetworkReply *reply);
        ~Scope();
        Q_DISABLE_COPY_MOVE(Scope)

    private:
        Interrupter &m_owner;
    };

private:
    std::atomic<bool> m_interrupted{false};
    QMutex m_mutex;
    QEventLoop *m_loop = nullptr;
    QPointer<QNetworkReply> m_reply;
};

} // namespace informant
