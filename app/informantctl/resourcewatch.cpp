#include "resourcewatch.h"

#include "informerrunner.h"
#include "jsontext.h"
#include "listdocument.h"
#include "standardoutput.h"
#include "unchangedupdate.h"

#include <QTextStream>

#include <algorithm>
#include <limits>
#include <mutex>

using namespace informant;

namespace informantctl {

namespace {

// Writes the changes, rendered by a ChangePrinter, to stdout, flushed at
// once (pipes included). Until endInitialList(), the first list is
// collected and later changes queued behind it. Called from the handler
// thread and (endInitialList) the main thread.
class WatchPrinter
{
public:
    WatchPrinter(const InformerRunner &runner, const WatchFormat &format)
        : m_format(format)
        , m_resource(runner.resource())
        , m_printer(runner, format)
    {
    }

    void change(const char *type, const KubeObject &object, bool inInitialList)
    {
        std::lock_guard lock(m_mutex);
        if (m_listDone)
            write(m_printer.render({WatchChange{type, object}}));
        else if (inInitialList)
            m_initial.append(object);
        else
            m_queued.append(WatchChange{type, object});
    }

    // Prints the first list (unless --watch-only) and what came after it.
    // False, with kubectl's error on stderr, when the first table cannot
    // be sorted as --sort-by asks.
    bool endInitialList()
    {
        std::lock_guard lock(m_mutex);
        auto list = initialChanges();
        if (!list) {
            QTextStream(stderr) << "error: unable to output the provided object: "
                                << list.errorMessage() << '\n';
            return false;
        }
        // A table (custom columns too) is aligned over the whole list, as
        // kubectl's tab writer flushes once after it; the other formats go
        // out object by object, never as one text of the list.
        if (m_format.output == WatchOutput::Table ||
            m_format.output == WatchOutput::CustomColumns) {
            write(m_printer.render(*list));
        } else {
            for (const WatchChange &change : std::as_const(*list))
                write(m_printer.render({change}));
        }
        for (const WatchChange &queued : std::as_const(m_queued))
            write(m_printer.render({queued}));
        m_initial.clear();
        m_queued.clear();
        m_listDone = true;
        return true;
    }

private:
    // The first list as ADDED changes, by key (or --sort-by for a table
    // of objects; kubectl sorts no watch events); nothing with --watch-only.
    Result<QList<WatchChange>> initialChanges()
    {
        QList<WatchChange> list;
        if (m_format.watchOnly)
            return list;
        std::sort(m_initial.begin(), m_initial.end(),
                  [](const KubeObject &a, const KubeObject &b) { return a.key() < b.key(); });
        if (m_format.tableSort && m_format.output == WatchOutput::Table && !m_format.events &&
            !m_initial.isEmpty()) {
            QList<QByteArray> jsons;
            for (const KubeObject &object : std::as_const(m_initial))
                jsons.append(toCompactJson(typedObject(object, m_resource)));
            auto order = m_format.tableSort->order(jsons);
            if (!order)
                return order.error();
            for (const qsizetype i : std::as_const(*order))
                list.append(WatchChange{"ADDED", m_initial.at(i)});
            return list;
        }
        for (const KubeObject &object : std::as_const(m_initial))
            list.append(WatchChange{"ADDED", object});
        return list;
    }

    static void write(const QByteArray &text)
    {
        if (text.isEmpty())
            return;
        writeStandardOutput(text, "unable to output the provided object: ");
    }

    std::mutex m_mutex;
    const WatchFormat m_format;
    const ApiResource m_resource;
    ChangePrinter m_printer;
    bool m_listDone = false;
    QList<KubeObject> m_initial;
    QList<WatchChange> m_queued;
};

} // namespace

int watchResource(InformerRunner &runner, const WatchFormat &format, const FirstListCheck &check)
{
    auto printer = std::make_shared<WatchPrinter>(runner, format);
    ResourceEventHandler handler;
    handler.onAdd = [printer](const KubeObject &object, bool inInitialList) {
        printer->change("ADDED", object, inInitialList);
    };
    handler.onUpdate = [printer](const KubeObject &oldObject, const KubeObject &object) {
        if (!isUnchangedUpdate(oldObject, object))
            printer->change("MODIFIED", object, false);
    };
    handler.onDelete = [printer](const Delta &deleted) {
        if (!deleted.object.isNull()) // a tombstone without its last state: nothing to print
            printer->change("DELETED", deleted.object, false);
    };
    auto registration = runner.informer().addEventHandler(handler);
    if (!registration) {
        QTextStream(stderr) << runner.session().errorPrefix() << registration.errorMessage()
                            << '\n';
        return 1;
    }
    runner.start();
    if (!runner.waitForSync(true, kFirstListTimeoutMs) || (check && !check()))
        return 1;
    runner.setReportsWatchHealth(true);
    constexpr qint64 kPollMs = 10;
    while (!(*registration)->hasSynced())
        runner.runFor(kPollMs);
    if (!printer->endInitialList())
        return 1;
    // As kubectl get -w, whose watch request ends, and the command with it
    // (status 0), once --request-timeout has passed; the watch starts as
    // the list has synced.
    const qint64 requestTimeoutMs = runner.session().connection()->config.requestTimeoutMs;
    runner.runFor(requestTimeoutMs > 0 ? requestTimeoutMs : std::numeric_limits<qint64>::max() / 2);
    return 0;
}

} // namespace informantctl
