#include "informer/kube/boundedread.h"

#include <QFile>

#include <algorithm>

namespace informant {

QByteArray readUpTo(QFile &file, qint64 maxBytes)
{
    constexpr qint64 kChunkBytes = 64 * 1024;
    QByteArray bytes;
    while (bytes.size() <= maxBytes) {
        const QByteArray chunk = file.read(std::min(kChunkBytes, maxBytes + 1 - bytes.size()));
        if (chunk.isEmpty())
            break;
        bytes += chunk;
    }
    return bytes;
}

} // namespace informant
