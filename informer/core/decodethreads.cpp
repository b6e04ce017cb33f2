#include "informer/core/decodethreads.h"

#include <QThread>
#include <QThreadPool>

namespace informant::DecodeThreads {

QThreadPool &pool()
{
    static QThreadPool *const shared = [] {
        auto *threads = new QThreadPool; // leaked: decoding may run during exit
        threads->setObjectName(QStringLiteral("informant-decode"));
        threads->setMaxThreadCount(qMax(1, QThread::idealThreadCount() - 1));
        return threads;
    }();
    return *shared;
}

int perStream()
{
    static const int threads = [] {
        bool set = false;
        const int fromEnvironment = qEnvironmentVariableIntValue("INFORMANT_DECODE_THREADS", &set);
        if (set && fromEnvironment >= 1)
            return fromEnvironment;
        return qMax(1, QThread::idealThreadCount());
    }();
    return threads;
}

} // namespace informant::DecodeThreads
