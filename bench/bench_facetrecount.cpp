// Query-change micro-benchmark (not a test): the worker-thread cost of a
// resource table's answer to a new query (RowPreparer::setQuery: which rows
// show, their sort keys and the facet counts) over N pods with the real Pod
// printer, for the steps of a user filtering: a namespace ticked, a quick
// filter typed a character at a time ("node-7": no pod's name or namespace
// has it, so the pods are asked by their cells, and every pod has "node-"),
// a character deleted, a second namespace ticked, a sort, the filter
// cleared; then a text only a few pods have ("pend"), typed, deleted back,
// and another namespace ticked alone.
//
//   build/bench/bench_facetrecount [pods] [rounds]
//
// Prints the median CPU time of each step over the rounds (each round plays
// the steps from an empty query), and the rows and a namespace count of each
// step, which must not change with an optimisation.

#include "models/rowpreparer.h"

#include <QDateTime>
#include <QTextStream>

#include <algorithm>
#include <ctime>

using namespace informant;

namespace {

// CPU time of this thread: the machine is shared, and wall time under load
// measures the neighbours more than the preparer.
qint64 threadCpuNs()
{
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return qint64(t.tv_sec) * 1000000000 + t.tv_nsec;
}

// A pod as the API server sends it, without managedFields (the informer
// drops them): running, with what the printer parses for READY, STATUS,
// RESTARTS, IP and NODE, or (one in 40) pending, not yet scheduled.
QByteArray pod(int i)
{
    const QByteArray n = QByteArray::number(i);
    const QByteArray ns = "team-" + QByteArray::number(i % 20);
    const QByteArray app = "svc-" + QByteArray::number(i % 97);
    const QByteArray metadata =
        R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":")" + app + "-7d9f8c6b5-" + n +
        R"(","namespace":")" + ns + R"(","uid":"3f2a1b4c-5d6e-4f70-8a9b-)" +
        n.rightJustified(12, '0') + R"(","resourceVersion":")" + QByteArray::number(100000 + i) +
        R"(","creationTimestamp":"2026-11-20T10:15:30Z","labels":{"app":")" + app +
        R"(","pod-template-hash":"7d9f8c6b5","tier":"backend"}},)"
        R"("spec":{"containers":[{"name":"app","image":"registry.example.com/)" +
        app + R"(:1.24.3","ports":[{"containerPort":8080,"protocol":"TCP"}]}])";
    if (i % 40 == 1)
        return metadata + R"(},"status":{"phase":"Pending"}})";
    const QByteArray node = "node-" + QByteArray::number(i % 50);
    const QByteArray restarts = QByteArray::number(i % 7 == 0 ? 3 : 0);
    return metadata + R"(,"nodeName":")" + node +
           R"("},"status":{"phase":"Running","conditions":[{"type":"Ready","status":"True"}],)"
           R"("podIP":"10.244.)" +
           QByteArray::number(i % 250) + "." + QByteArray::number(i % 199) +
           R"(","startTime":"2026-11-20T10:15:30Z","containerStatuses":[{"name":"app","state":{"running":{"startedAt":"2026-11-20T10:15:40Z"}},"lastState":{"terminated":{"exitCode":1,"finishedAt":"2026-11-20T10:15:39Z"}},"ready":true,"restartCount":)" +
           restarts + R"(,"started":true}]}})";
}

struct Step
{
    QString name;
    TableQuery query;
};

QList<Step> filteringSteps(int restartsColumn)
{
    QList<Step> steps;
    TableQuery query;
    query.facets.namespaces = {QStringLiteral("team-3")};
    steps.append({QStringLiteral("tick team-3"), query});
    const QString typed = QStringLiteral("node-7");
    for (qsizetype length = 1; length <= typed.size(); ++length) {
        query.quickText = typed.left(length);
        steps.append({QStringLiteral("type \"%1\"").arg(query.quickText), query});
    }
    query.quickText.chop(1);
    steps.append({QStringLiteral("delete to \"%1\"").arg(query.quickText), query});
    query.facets.namespaces.insert(QStringLiteral("team-4"));
    steps.append({QStringLiteral("tick team-4"), query});
    query.sortColumn = restartsColumn;
    steps.append({QStringLiteral("sort by RESTARTS"), query});
    query.quickText.clear();
    steps.append({QStringLiteral("clear the filter"), query});
    // A text only the pending pods' STATUS has.
    const QString pending = QStringLiteral("pend");
    for (qsizetype length = 1; length <= pending.size(); ++length) {
        query.quickText = pending.left(length);
        steps.append({QStringLiteral("type \"%1\"").arg(query.quickText), query});
    }
    query.quickText.chop(1);
    steps.append({QStringLiteral("delete to \"%1\"").arg(query.quickText), query});
    query.facets.namespaces = {QStringLiteral("team-1")};
    steps.append({QStringLiteral("tick team-1 only"), query});
    return steps;
}

} // namespace

int main(int argc, char **argv)
{
    const int pods = argc > 1 ? atoi(argv[1]) : 100000;
    const int rounds = argc > 2 ? atoi(argv[2]) : 5;
    QTextStream out(stdout);

    const auto formatter = RowFormatter::forKind(QString(), QStringLiteral("Pod"), true);
    ChangeBatch snapshot{true, {}};
    snapshot.changes.reserve(pods);
    for (int i = 0; i < pods; ++i) {
        auto object = KubeObject::fromJson(pod(i));
        if (!object.ok())
            qFatal("pod %d: %s", i, qPrintable(object.errorMessage()));
        snapshot.changes.append(
            ObjectChange{ObjectChange::Type::Upsert, object->key(), object.value(), 0});
    }
    // One moment for every step: the figures must not depend on the clock.
    const qint64 nowMs = QDateTime::fromString(QStringLiteral("2026-11-20T12:00:00Z"), Qt::ISODate)
                             .toMSecsSinceEpoch();
    const QList<Step> steps = filteringSteps(formatter->columnOf(QStringLiteral("RESTARTS")));

    QList<QList<qint64>> nanos(steps.size());
    QList<QString> results(steps.size());
    for (int round = 0; round < rounds; ++round) {
        RowPreparer preparer(formatter);
        preparer.applyChanges(snapshot, nowMs);
        int generation = 0;
        for (qsizetype s = 0; s < steps.size(); ++s) {
            const qint64 start = threadCpuNs();
            const PreparedBatch batch = preparer.setQuery(steps[s].query, ++generation, nowMs);
            nanos[s].append(threadCpuNs() - start);
            const auto namespaces = batch.facets.namespaceCounts();
            const auto team5 = std::find_if(namespaces.cbegin(), namespaces.cend(), [](auto &c) {
                return c.first == QLatin1String("team-5");
            });
            results[s] = QStringLiteral("%1 rows, team-5 %2")
                             .arg(batch.rows.size())
                             .arg(team5 == namespaces.cend() ? -1 : team5->second);
        }
    }
    out << pods << " pods, median of " << rounds << " rounds (thread CPU)\n";
    qint64 total = 0;
    for (qsizetype s = 0; s < steps.size(); ++s) {
        std::sort(nanos[s].begin(), nanos[s].end());
        const qint64 median = nanos[s][nanos[s].size() / 2];
        total += median;
        out << QStringLiteral("  %1 %2 ms   %3\n")
                   .arg(steps[s].name, -20)
                   .arg(median / 1e6, 8, 'f', 1)
                   .arg(results[s]);
    }
    out << QStringLiteral("  %1 %2 ms\n")
               .arg(QStringLiteral("all steps"), -20)
               .arg(total / 1e6, 8, 'f', 1);
    return 0;
}
