#include "getprint.h"

#include "jsontext.h"
#include "listdocument.h"
#include "objectname.h"
#include "standardoutput.h"
#include "tabwriter.h"

#include "informer/printers/yamlwriter.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QSet>
#include <QTextStream>

#include <algorithm>

using namespace informant;

namespace informantctl {

namespace {

// A table per kind, as kubectl prints several: each aligned on its own, a
// blank line before every table but the first (none with --no-headers).
QString tables(const QList<KindObjects> &kinds, TableOptions options, bool allNamespaces)
{
    QString text;
    const qint64 nowMs = QDateTime::currentMSecsSinceEpoch();
    for (const KindObjects &kind : kinds) {
        const ApiResource &resource = kind.runner->resource();
        // As kubectl's: under -A, once a namespaced kind has printed, the
        // tables after it keep the NAMESPACE column, cluster-scoped or not.
        options.withNamespace = options.withNamespace || (allNamespaces && resource.namespaced);
        if (kind.objects.isEmpty())
            continue;
        if (!text.isEmpty() && !options.noHeaders)
            text += QLatin1Char('\n');
        const ResourceTable table(kind.runner->printer(), resource, options);
        text += formatTable(table.rows(kind.objects, nowMs));
    }
    return text;
}

QString nameLines(const QList<KindObjects> &kinds)
{
    QString text;
    for (const KindObjects &kind : kinds) {
        const QString prefix = objectNamePrefix(kind.runner->resource());
        for (const KubeObject &object : kind.objects)
            text += prefix + object.name() + QLatin1Char('\n');
    }
    return text;
}

// kubectl -o custom-columns: one table for all the objects, whatever
// their kinds (a header even when there are none).
QString customColumnsTable(const QList<KindObjects> &kinds, const CustomColumns &columns,
                           bool noHeaders)
{
    QList<QStringList> rows;
    if (!noHeaders)
        rows.append(columns.header());
    for (const KindObjects &kind : kinds) {
        for (const KubeObject &object : kind.objects)
            rows.append(columns.row(QJsonDocument(typedObject(object, kind.runner->resource()))
                                        .toJson(QJsonDocument::Compact)));
    }
    return formatTable(rows);
}

} // namespace

// Prints what was found in the format asked for (the kinds in argument
// order). `singleObject`: one object was named, printed alone in JSON/YAML
// and given alone to a JSONPath template.
void printKinds(const QList<KindObjects> &kinds, const GetOutput &output, TableOptions options,
                bool allNamespaces, bool singleObject)
{
    switch (output.format) {
    case OutputFormat::Table:
    case OutputFormat::Wide: {
        // "kind.group/name" with --show-kind, or once the output holds
        // several kinds (a kind listed counts even when empty, as it does
        // for kubectl).
        QSet<QString> printedKinds;
        for (const KindObjects &kind : kinds)
            if (kind.listed || !kind.objects.isEmpty())
                printedKinds.insert(kind.runner->resource().qualifiedName());
        options.wide = output.format == OutputFormat::Wide;
        options.withKind = options.withKind || printedKinds.size() > 1;
        options.withNamespace = false;
        writeStandardOutput(tables(kinds, options, allNamespaces));
        return;
    }
    case OutputFormat::Name:
        writeStandardOutput(nameLines(kinds));
        return;
    case OutputFormat::CustomColumns:
        writeStandardOutput(customColumnsTable(kinds, *output.columns, options.noHeaders));
        return;
    case OutputFormat::Json:
    case OutputFormat::Yaml:
    case OutputFormat::JsonPath:
    case OutputFormat::JsonPathAsJson:
        break;
    }
    QList<ResourceObjects> items;
    for (const KindObjects &kind : kinds)
        items.append({kind.runner->resource(), kind.objects});
    QJsonObject document;
    if (singleObject) {
        if (kinds.isEmpty())
            return; // the NotFound error says it all
        document = typedObject(kinds.first().objects.first(), kinds.first().runner->resource());
    } else {
        document = listDocument(items);
    }
    if (output.format == OutputFormat::Json) {
        writeStandardOutput(toIndentedJson(document));
    } else if (output.format == OutputFormat::Yaml) {
        writeStandardOutput(toYaml(document, YamlFolding::AsKubectl).toUtf8());
    } else {
        // kubectl runs the template on the List (or the object) as a whole.
        const QByteArray json = QJsonDocument(document).toJson(QJsonDocument::Compact);
        writeStandardOutput(output.format == OutputFormat::JsonPath
                                ? output.jsonPath->execute(json).toUtf8()
                                : output.jsonPath->executeAsJson(json));
    }
}

// kubectl says in which namespace it found nothing when every kind it read
// lives in namespaces.
void printNoResourcesFound(const QList<KindObjects> &kinds)
{
    const InformerRunner &first = *kinds.first().runner;
    const bool namespaced = std::all_of(kinds.cbegin(), kinds.cend(), [](const KindObjects &k) {
        return k.runner->resource().namespaced;
    });
    QTextStream err(stderr);
    if (namespaced && !first.namespaceName().isEmpty())
        err << "No resources found in " << first.namespaceName() << " namespace.\n";
    else
        err << "No resources found\n";
}

// --sort-by for every output but tables (tablesort.h): all the objects as
// one sequence (kubectl sorts what it prints as one List, kinds mixed),
// regrouped into runs of one kind.
Result<QList<KindObjects>> sortedKinds(const QList<KindObjects> &kinds, const SortBy &sortBy)
{
    QList<std::pair<qsizetype, KubeObject>> flat; // (kind index, object)
    QList<QByteArray> jsons;
    for (qsizetype k = 0; k < kinds.size(); ++k) {
        for (const KubeObject &object : kinds.at(k).objects) {
            flat.append({k, object});
            jsons.append(QJsonDocument(typedObject(object, kinds.at(k).runner->resource()))
                             .toJson(QJsonDocument::Compact));
        }
    }
    auto order = sortBy.order(jsons);
    if (!order)
        return order.error();
    QList<KindObjects> sorted;
    for (const qsizetype i : std::as_const(*order)) {
        const KindObjects &from = kinds.at(flat.at(i).first);
        if (sorted.isEmpty() || sorted.last().runner != from.runner)
            sorted.append({from.runner, {}, from.listed, from.listResourceVersion});
        sorted.last().objects.append(flat.at(i).second);
    }
    // Kinds with nothing to sort keep their place (an empty list still
    // counts as a kind read).
    for (const KindObjects &kind : kinds)
        if (kind.objects.isEmpty())
            sorted.append(kind);
    return sorted;
}

} // namespace informantctl
