#include "informer/kube/tokenfile.h"

#include <QFile>
#include <QFileInfo>

namespace informant {

namespace {
constexpr qint64 kMaxTokenBytes = 1024 * 1024;
}

TokenFile::TokenFile(QString path)
    : m_path(std::move(path))
{
}

Result<QString> TokenFile::token()
{
    QMutexLocker lock(&m_mutex);
    const QFileInfo info(m_path);
    const QDateTime modified = info.lastModified();
    if (m_valid && modified == m_modified && info.size() == m_size)
        return m_token;

    QFile file(m_path);
    if (!file.open(QIODevice::ReadOnly))
        return makeError(QStringLiteral("tokenFile %1: %2").arg(m_path, file.errorString()));
    const QByteArray bytes = file.read(kMaxTokenBytes);
    const QString token = QString::fromUtf8(bytes).trimmed();
    if (token.isEmpty())
        return makeError(QStringLiteral("tokenFile %1 is empty").arg(m_path));
    m_token = token;
    m_modified = modified;
    m_size = info.size();
    m_valid = true;
    return m_token;
}

void TokenFile::invalidate()
{
    QMutexLocker lock(&m_mutex);
    m_valid = false;
}

} // namespace informant
