#include "informer/kube/interrupter.h"

#include <QEventLoop>
#include <QNetworkReply>

#include <utility>

namespace informant {

void Interrupter::interrupt()
{
    QMutexLocker lock(&m_mutex);
    m_interrupted.store(true, std::memory_order_release);
    if (!m_loop)
        return;
    // Runs in the loop's thread; dropped by Qt if the loop is destroyed first.
    QMetaObject::invokeMethod(
        m_loop,
        [loop = m_loop, reply = m_reply] {
            if (reply)
                reply->abort();
            loop->quit();
        },
        Qt::QueuedConnection);
}

void Interrupter::wakeRetryWait()
{
    QMutexLocker lock(&m_mutex);
    if (!m_loop || !m_retryWait) {
        m_wakePending = true;
        return;
    }
    QMetaObject::invokeMethod(
        m_loop, [loop = m_loop] { loop->quit(); }, Qt::QueuedConnection);
}

void Interrupter::discardRetryWake()
{
    QMutexLocker lock(&m_mutex);
    m_wakePending = false;
}

Interrupter::Scope::Scope(Interrupter &owner, QEventLoop *loop, QNetworkReply *reply, Wait wait)
    : m_owner(owner)
{
    QMutexLocker lock(&m_owner.m_mutex);
    m_owner.m_loop = loop;
    m_owner.m_reply = reply;
    m_owner.m_retryWait = wait == Wait::RetryWait;
    if (m_owner.m_retryWait)
        m_wokenBeforeStart = std::exchange(m_owner.m_wakePending, false);
}

Interrupter::Scope::~Scope()
{
    QMutexLocker lock(&m_owner.m_mutex);
    m_owner.m_loop = nullptr;
    m_owner.m_reply = nullptr;
    m_owner.m_retryWait = false;
}

} // namespace informant
