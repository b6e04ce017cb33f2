#pragma once

// ChangePrinter: the text `kubectl get -w` prints for each change of the
// watched kind, in the format asked for (WatchFormat): table rows, names,
// the object as JSON or YAML, a JSONPath template's output or custom
// columns run on the object. With --output-watch-events each change is the
// watch event ({"type","object"}) instead: an EVENT column first in a
// table, one compact JSON line, a YAML document, and the templates and
// columns run on the event (its .type, its .object.metadata.name), as
// kubectl's printers do with a metav1.WatchEvent.
//
// Stateful as kubectl's printer and tab writer are across a watch: a
// table's (and custom columns') header goes out with the first row, and
// column widths are remembered (TabWriter); YAML documents after the first
// start with "---". Not thread-safe: one caller at a time.

#include "customcolumns.h"
#include "jsonpathtemplate.h"
#include "resourcetable.h"
#include "sortby.h"
#include "tabwriter.h"

#include "informer/core/kubeobject.h"
#include "informer/kube/apiresource.h"

#include <optional>

namespace informantctl {

class InformerRunner;

enum class WatchOutput {
    Table,          // kubectl's rows (TableOptions: wide, headers, labels)
    Name,           // "kind.group/name" per change
    Json,           // the object as indented JSON per change (kubectl get -w -o json)
    Yaml,           // the object as YAML per change, "---" between them
    JsonPath,       // the template's output per change, nothing added
    JsonPathAsJson, // the template's results as a JSON array per change
    CustomColumns,  // a row per change under one header
    JsonEvents,     // one {"type","object"} line per change (informantctl watch -o json)
};

struct WatchFormat
{
    WatchOutput output = WatchOutput::Table;
    TableOptions table;                       // Table; withKind is never set (one kind)
    std::optional<JsonPathTemplate> jsonPath; // JsonPath, JsonPathAsJson
    std::optional<CustomColumns> columns;     // CustomColumns
    bool watchOnly = false;                   // --watch-only: the first list is not printed
    bool events = false;                      // --output-watch-events
    // -w --sort-by: kubectl sorts the first table (the server's Table, one
    // object holding every row), unless it prints watch events; the other
    // formats and the changes print as they come.
    std::optional<SortBy> tableSort;
};

struct WatchChange
{
    const char *type; // ADDED, MODIFIED, DELETED
    informant::KubeObject object;
};

class ChangePrinter
{
public:
    // `runner` (its printer and resource) must outlive this.
    ChangePrinter(const InformerRunner &runner, const WatchFormat &format);

    // The text of `changes`, written together (a table block is aligned as
    // a whole, within the widths remembered so far).
    QByteArray render(const QList<WatchChange> &changes);

private:
    QByteArray renderTable(const QList<WatchChange> &changes);
    QByteArray renderCustomColumns(const QList<WatchChange> &changes);
    QByteArray renderOne(const WatchChange &change);
    // What a template or custom columns run on: the object with its type
    // meta, or the watch event holding it.
    QJsonObject document(const WatchChange &change) const;

    const WatchFormat m_format;
    const informant::ApiResource m_resource;
    const ResourceTable m_table;
    TabWriter m_tabWriter;
    bool m_headerWritten = false;
    qint64 m_documentsWritten = 0;
};

} // namespace informantctl
