#include "informer/kube/processtree.h"

#include <QDir>
#include <QFile>
#include <QList>
#include <QMultiHash>
#include <QSet>

#include <signal.h>

namespace informant {

namespace {

// A bound on the rounds of reading the tree: each round stops the processes
// the last one found, which then start no more.
constexpr int kMaxRounds = 8;

// Each process's parent, from /proc/<pid>/stat ("pid (comm) state ppid ...";
// comm may hold spaces and parentheses, so the fields are read after its
// last ')').
QMultiHash<qint64, qint64> childrenByParent()
{
    QMultiHash<qint64, qint64> children;
    const QStringList entries = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs);
    for (const QString &entry : entries) {
        bool numeric = false;
        const qint64 pid = entry.toLongLong(&numeric);
        if (!numeric)
            continue;
        QFile stat(QStringLiteral("/proc/%1/stat").arg(entry));
        if (!stat.open(QIODevice::ReadOnly))
            continue; // it has just ended
        const QByteArray line = stat.readAll();
        const qsizetype end = line.lastIndexOf(')');
        if (end < 0)
            continue;
        const QList<QByteArray> fields = line.mid(end + 1).simplified().split(' ');
        bool ok = false;
        const qint64 parent = fields.value(1).toLongLong(&ok);
        if (ok)
            children.insert(parent, pid);
    }
    return children;
}

QList<qint64> descendantsOf(qint64 root)
{
    const QMultiHash<qint64, qint64> children = childrenByParent();
    QList<qint64> found;
    QList<qint64> pending{root};
    while (!pending.isEmpty()) {
        const qint64 parent = pending.takeLast();
        for (auto it = children.constFind(parent); it != children.cend() && it.key() == parent;
             ++it) {
            found.append(it.value());
            pending.append(it.value());
        }
    }
    return found;
}

} // namespace

void killProcessTree(qint64 pid)
{
    if (pid <= 0)
        return;
    ::kill(pid_t(pid), SIGSTOP);
    QSet<qint64> stopped{pid};
    for (int round = 0; round < kMaxRounds; ++round) {
        bool more = false;
        for (const qint64 descendant : descendantsOf(pid)) {
            if (stopped.contains(descendant))
                continue;
            ::kill(pid_t(descendant), SIGSTOP);
            stopped.insert(descendant);
            more = true;
        }
        if (!more)
            break;
    }
    for (const qint64 process : std::as_const(stopped))
        ::kill(pid_t(process), SIGKILL);
}

} // namespace informant
