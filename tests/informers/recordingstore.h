#pragma once

// RecordingStore: a ReflectorStore that logs every call as a line
// ("add ns/p1@11", "replace ns/p1@10,ns/p2@10 rv=10", "resync"), so reflector
// tests compare what reached the store. Thread-safe.

#include "informer/cache/reflectorstore.h"

#include <QStringList>

#include <algorithm>
#include <condition_variable>
#include <mutex>

namespace informant::test {

class RecordingStore final : public ReflectorStore
{
public:
    Result<void> add(const KubeObject &object) override { return log("add " + id(object)); }
    Result<void> update(const KubeObject &object) override { return log("update " + id(object)); }
    Result<void> remove(const KubeObject &object) override { return log("delete " + id(object)); }
    Result<void> replace(const QList<KubeObject> &objects, const QString &rv) override
    {
        QStringList ids;
        for (const KubeObject &object : objects)
            ids.append(id(object));
        {
            std::lock_guard lock(m_mutex);
            m_lastReplaceOrder = ids;
        }
        std::sort(ids.begin(), ids.end());
        return log("replace " + ids.join(',') + " rv=" + rv);
    }
    Result<void> resync() override
    {
        int calls = 0;
        {
            std::lock_guard lock(m_mutex);
            calls = ++m_resyncs;
        }
        (void)log(QStringLiteral("resync"));
        if (calls == m_failResyncOnCall)
            return Error{QStringLiteral("resync failed")};
        return {};
    }

    void failResyncOnCall(int call) { m_failResyncOnCall = call; }
    // The last replace's objects as they were handed over (calls() sorts them).
    QStringList lastReplaceOrder() const
    {
        std::lock_guard lock(m_mutex);
        return m_lastReplaceOrder;
    }
    QStringList calls() const
    {
        std::lock_guard lock(m_mutex);
        return m_calls;
    }
    bool waitForCalls(qsizetype n, int timeoutMs = 5000) const
    {
        std::unique_lock lock(m_mutex);
        return m_cv.wait_for(lock, std::chrono::milliseconds(timeoutMs),
                             [&] { return m_calls.size() >= n; });
    }

private:
    static QString id(const KubeObject &object)
    {
        return object.key() + QLatin1Char('@') + object.resourceVersion();
    }
    Result<void> log(const QString &line)
    {
        {
            std::lock_guard lock(m_mutex);
            m_calls.append(line);
        }
        m_cv.notify_all();
        return {};
    }

    mutable std::mutex m_mutex;
    mutable std::condition_variable m_cv;
    QStringList m_calls;
    QStringList m_lastReplaceOrder;
    int m_resyncs = 0;
    int m_failResyncOnCall = -1;
};

} // namespace informant::test
