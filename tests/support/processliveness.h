#pragma once

// Whether a process the test made (a fake credential plugin, or what it
// started) still runs. A process that ended may stay a zombie until its
// parent reaps it, and an orphan's new parent (a container's init) may never
// do so: a zombie counts as ended.

#include <QFile>
#include <QString>

namespace informant::test {

inline bool processRuns(qint64 pid)
{
    QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
    if (pid <= 0 || !stat.open(QIODevice::ReadOnly))
        return false;
    const QByteArray line = stat.readAll();
    const qsizetype end = line.lastIndexOf(')'); // the command may hold spaces
    const char state = end >= 0 && end + 2 < line.size() ? line.at(end + 2) : 'X';
    return state != 'Z' && state != 'X';
}

// The pid a fake plugin wrote to `path` (0 until it did).
inline qint64 pidIn(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll().trimmed().toLongLong() : 0;
}

} // namespace informant::test
