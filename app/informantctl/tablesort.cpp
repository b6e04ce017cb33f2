#include "tablesort.h"

#include "listdocument.h"

#include <QJsonDocument>
#include <QJsonObject>

using namespace informant;

namespace informantctl {

namespace {

// One Table as kubectl reads it: a kind's list, or one object named.
struct Table
{
    KindObjects kind; // the Table's rows (one object when named)
    QString resourceVersion;
};

// kubectl lists the kinds one after another, so each list's
// resourceVersion is at least the one before it; the informers here list
// at once and may have moved on with watch events since. The later of
// their own and the last one's keeps kubectl's order.
QString listedAfter(const QString &previous, const QString &own)
{
    bool previousIsNumber = false, ownIsNumber = false;
    const qulonglong before = previous.toULongLong(&previousIsNumber);
    const qulonglong mine = own.toULongLong(&ownIsNumber);
    return previousIsNumber && ownIsNumber && before > mine ? previous : own;
}

QList<Table> tablesRead(const QList<KindObjects> &kinds)
{
    QList<Table> tables;
    QString lastList;
    for (const KindObjects &kind : kinds) {
        if (kind.listed) {
            lastList = listedAfter(lastList, kind.listResourceVersion);
            tables.append({kind, lastList});
            continue;
        }
        for (const KubeObject &object : kind.objects)
            tables.append({{kind.runner, {object}, false, {}}, object.resourceVersion()});
    }
    return tables;
}

// The Table as an object, without its columns and rows (see tablesort.h).
QByteArray tableObject(const Table &table)
{
    const QJsonObject object{
        {QStringLiteral("apiVersion"), QStringLiteral("meta.k8s.io/v1")},
        {QStringLiteral("kind"), QStringLiteral("Table")},
        {QStringLiteral("metadata"),
         QJsonObject{{QStringLiteral("resourceVersion"), table.resourceVersion}}}};
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
}

// Step 2: the rows of a Table of two or more sorted; none when none has the
// path (kubectl's printer fails, and kubectl prints nothing of it). Values
// that cannot be compared (a map, a list) end kubectl: an error.
Result<QList<KubeObject>> sortedRows(const KindObjects &kind, const SortBy &sortBy)
{
    if (kind.objects.size() < 2)
        return kind.objects;
    QList<QByteArray> jsons;
    jsons.reserve(kind.objects.size());
    for (const KubeObject &object : kind.objects)
        jsons.append(QJsonDocument(typedObject(object, kind.runner->resource()))
                         .toJson(QJsonDocument::Compact));
    const auto order = sortBy.order(jsons);
    if (!order && sortBy.foundIn(jsons))
        return order.error();
    if (!order)
        return QList<KubeObject>();
    QList<KubeObject> sorted;
    sorted.reserve(order->size());
    for (const qsizetype i : *order)
        sorted.append(kind.objects.at(i));
    return sorted;
}

} // namespace

Result<QList<KindObjects>> sortedTables(const QList<KindObjects> &kinds, const SortBy &sortBy)
{
    const QList<Table> tables = tablesRead(kinds);
    QList<qsizetype> order(tables.size());
    for (qsizetype i = 0; i < tables.size(); ++i)
        order[i] = i;
    if (tables.size() >= 2) {
        QList<QByteArray> objects;
        for (const Table &table : tables)
            objects.append(tableObject(table));
        auto sorted = sortBy.order(objects);
        if (!sorted)
            return sorted.error();
        order = std::move(sorted).value();
    }
    QList<KindObjects> printed;
    for (const qsizetype i : std::as_const(order)) {
        const KindObjects &kind = tables.at(i).kind;
        auto rows = sortedRows(kind, sortBy);
        if (!rows)
            return rows.error();
        // Objects named one after another share a table, as unsorted.
        if (!kind.listed && !printed.isEmpty() && !printed.last().listed &&
            printed.last().runner == kind.runner) {
            printed.last().objects += *rows;
            continue;
        }
        printed.append(
            {kind.runner, std::move(rows).value(), kind.listed, kind.listResourceVersion});
    }
    return printed;
}

} // namespace informantctl
