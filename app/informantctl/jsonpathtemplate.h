#pragma once

// JsonPathTemplate: kubectl's `-o jsonpath=TEMPLATE` (client-go's JSONPath
// templates): text printed as it is, and actions in braces —
//   {.a.b}  {@.a}  {$}     a path (jsonpath.h); several results are joined
//                          by spaces
//   {"\n"}                 a string literal (Go escapes \n \t \\ \")
//   {range PATH}...{end}   the part between, run once per result of PATH
//                          with that result as the current node
// run on one document (for `get`, the List of the objects, or the object
// named). Missing keys print nothing (kubectl's
// --allow-missing-template-keys=true default).
//
// Immutable value type; thread-safe.

#include "informer/core/result.h"
#include "informer/printers/jsonpath.h"

#include <QByteArray>
#include <QList>
#include <QString>

namespace informantctl {

class JsonPathTemplate
{
public:
    // kubectl's errors: "error parsing jsonpath TEMPLATE, REASON", and the
    // one for an {end} outside a range.
    static informant::Result<JsonPathTemplate> parse(const QString &text);

    // The text kubectl -o jsonpath prints for `json`.
    QString execute(const QByteArray &json) const;

    // kubectl -o jsonpath-as-json: each node's results (a text's is its
    // text) as an indented JSON array, each followed by a newline.
    QByteArray executeAsJson(const QByteArray &json) const;

private:
    struct Node
    {
        enum class Kind { Text, Path, Range, End };
        Kind kind = Kind::Text;
        QString text;             // Text
        informant::JsonPath path; // Path, Range
        qsizetype end = 0;        // Range: the index of its End (or of the last node + 1)
    };

    template<typename Visit>
    void run(qsizetype begin, qsizetype end, const QByteArray &json, const Visit &visit) const;

    QList<Node> m_nodes;
};

} // namespace informantctl
