#pragma once

// TokenFile: a bearer token read from users[].user.tokenFile and re-read
// whenever the file changes (size or modification time), so rotated
// projected service-account tokens are picked up without a restart, as
// client-go's cachingTokenSource does. Thread-safe.

#include "informer/core/result.h"

#include <QDateTime>
#include <QMutex>

namespace informant {

class TokenFile
{
public:
    explicit TokenFile(QString path);

    // The current token (trimmed). The error names the file, never the token.
    Result<QString> token();
    // Forces a re-read on the next token() call (after a 401).
    void invalidate();

    QString path() const { return m_path; }

private:
    const QString m_path;
    QMutex m_mutex;
    QString m_token;
    QDateTime m_modified;
    qint64 m_size = -1;
    bool m_valid = false;
};

} // namespace informant
