#pragma once

// nameCurrentThread: names a std::thread as QThread::setObjectName names a
// QThread, so debuggers, `top -H` and perf tell the informer's threads apart.

#include <QString>

namespace informant {

// Linux keeps the first 15 bytes of the name.
void nameCurrentThread(const QString &name);

} // namespace informant
