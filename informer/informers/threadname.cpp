#include "informer/informers/threadname.h"

#if defined(__linux__)
#include <pthread.h>
#endif

namespace informant {

void nameCurrentThread(const QString &name)
{
#if defined(__linux__)
    QByteArray bytes = name.toUtf8();
    bytes.truncate(15); // pthread_setname_np refuses longer names
    pthread_setname_np(pthread_self(), bytes.constData());
#else
    Q_UNUSED(name)
#endif
}

} // namespace informant
