#include "informer/kube/interrupter.h"

#include <QEventLoop>
#include <QNetworkReply>

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

Interrupter::Scope::Scope(Interrupter &owner, QEventLoop *loop, QNetworkReply *reply)
    : m_owner(owner)
{
    QMutexLocker lock(&m_owner.m_mutex);
    m_owner.m_loop = loop;
    m_owner.m_reply = reply;
}

Interrupter::Scope::~Scope()
{
    QMutexLocker lock(&m_owner.m_mutex);
    m_owner.m_loop = nullptr;
    m_owner.m_reply = nullptr;
}

} // namespace informant
