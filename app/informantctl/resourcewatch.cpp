#include "resourcewatch.h"

#include "informerrunner.h"
#include "jsontext.h"
#include "listdocument.h"
#include "objectname.h"
#include "tabwriter.h"

#include "informer/printers/yamlwriter.h"

#include <QDateTime>
#include <QTextStream>

#include <algorithm>
#include <cstdio>
#include <limits>
#include <mutex>

using namespace informant;

namespace informantctl {

namespace {

struct Change
{
    const char *type; // ADDED, MODIFIED, DELETED
    KubeObject object;
};

// Renders changes in the chosen format and writes them to stdout, flushed
// at once (pipes included). Until endInitialList(), the first list is
// collected and later changes queued behind it. Called from the handler
// thread and (endInitialList) the main thread.
class WatchPrinter
{
public:
    WatchPrinter(const InformerRunner &runner, const WatchFormat &format)
        : m_format(format)
        , m_resource(runner.resource())
        , m_table(runner.printer(), runner.resource(), format.table)
    {
    }

    void change(const char *type, const KubeObject &object, bool inInitialList)
    {
        std::lock_guard lock(m_mutex);
        if (m_listDone)
            write(render({Change{type, object}}));
        else if (inInitialList)
            m_initial.append(object);
        else
            m_queued.append(Change{type, object});
    }

    void endInitialList()
    {
        std::lock_guard lock(m_mutex);
        std::sort(m_initial.begin(), m_initial.end(),
                  [](const KubeObject &a, const KubeObject &b) { return a.key() < b.key(); });
        QList<Change> list;
        list.reserve(m_initial.size());
        for (const KubeObject &object : std::as_const(m_initial))
            list.append(Change{"ADDED", object});
        // A table is aligned over the whole list, as kubectl's; the other
        // formats go out object by object, never as one text of the list.
        if (m_format.output == WatchOutput::Table) {
            write(render(list));
        } else {
            for (const Change &change : std::as_const(list))
                write(render({change}));
        }
        for (const Change &queued : std::as_const(m_queued))
            write(render({queued}));
        m_initial.clear();
        m_queued.clear();
        m_listDone = true;
    }

private:
    // One block of output: a table block is aligned as a whole.
    QByteArray render(const QList<Change> &changes)
    {
        if (changes.isEmpty())
            return {};
        QByteArray text;
        switch (m_format.output) {
        case WatchOutput::Table: {
            const qint64 nowMs = QDateTime::currentMSecsSinceEpoch();
            QList<QStringList> rows;
            if (!m_headerWritten && !m_format.table.noHeaders)
                rows.append(m_table.header());
            m_headerWritten = true;
            for (const Change &change : changes)
                rows.append(m_table.row(change.object, nowMs));
            return m_tabWriter.format(rows).toUtf8();
        }
        case WatchOutput::Name:
            for (const Change &change : changes)
                text += (objectNamePrefix(m_resource) + change.object.name()).toUtf8() + '\n';
            return text;
        case WatchOutput::Json:
        case WatchOutput::Yaml:
            for (const Change &change : changes) {
                const QJsonObject object = typedObject(change.object, m_resource);
                if (m_format.output == WatchOutput::Json) {
                    text += toIndentedJson(object);
                } else {
                    if (m_documentsWritten++ > 0)
                        text += "---\n";
                    text += toYaml(object).toUtf8();
                }
            }
            return text;
        case WatchOutput::JsonEvents:
            for (const Change &change : changes)
                text += QByteArray("{\"type\":\"") + change.type +
                        "\",\"object\":" + change.object.json() + "}\n";
            return text;
        }
        return text;
    }

    static void write(const QByteArray &text)
    {
        if (text.isEmpty())
            return;
        std::fwrite(text.constData(), 1, size_t(text.size()), stdout);
        std::fflush(stdout);
    }

    std::mutex m_mutex;
    const WatchFormat m_format;
    const ApiResource m_resource;
    const ResourceTable m_table;
    TabWriter m_tabWriter;
    bool m_headerWritten = false;
    qint64 m_documentsWritten = 0;
    bool m_listDone = false;
    QList<KubeObject> m_initial;
    QList<Change> m_queued;
};

} // namespace

int watchResource(InformerRunner &runner, const WatchFormat &format, const FirstListCheck &check)
{
    auto printer = std::make_shared<WatchPrinter>(runner, format);
    ResourceEventHandler handler;
    handler.onAdd = [printer](const KubeObject &object, bool inInitialList) {
        printer->change("ADDED", object, inInitialList);
    };
    handler.onUpdate = [printer](const KubeObject &, const KubeObject &object) {
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
    printer->endInitialList();
    runner.runFor(std::numeric_limits<qint64>::max() / 2);
    return 0;
}

} // namespace informantctl
