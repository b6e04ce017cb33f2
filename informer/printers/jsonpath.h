#pragma once

// JsonPath: the subset of client-go's JSONPath that kubectl accepts in a CRD's
// additionalPrinterColumns (and in -o jsonpath for single values):
//   .a.b            fields ("{.a.b}" braces optional; "$" optional)
//   ['a.b/c']       quoted field names (for keys with dots or slashes)
//   [0]  [-1]       array indices (negative counts from the end)
//   [1:3]  [*]  .*  slices and wildcards
//   ..name          recursive descent
//   [?(@.type=="Ready")]  filters: ==, !=, <, <=, >, >= against a string,
//                   number or boolean literal, or [?(@.x)] for existence
//   @  @.a          the current node (as "$"), for templates' {@}
// Missing keys yield no result (client-go's AllowMissingKeys(true)).
//
// Immutable value type; thread-safe.

#include "informer/core/kubeobject.h"
#include "informer/core/result.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <memory>

namespace informant {

class JsonPath
{
public:
    struct Step; // parsed program, defined in jsonpath.cpp

    JsonPath();
    ~JsonPath();
    JsonPath(const JsonPath &);
    JsonPath &operator=(const JsonPath &);

    static Result<JsonPath> parse(const QString &expression);

    QString expression() const { return m_expression; }

    // Every result as kubectl's JSONPath printer writes it: strings as they
    // are, numbers and booleans in Go's formatting, null as "null", objects
    // and arrays as compact JSON. Invalid JSON input gives no results.
    QStringList evaluate(const QByteArray &json) const;
    QStringList evaluate(const KubeObject &object) const { return evaluate(object.json()); }

    // Every result as compact JSON text, for evaluating more paths over one
    // result (a template's {range}), for -o jsonpath-as-json and for typed
    // comparisons (--sort-by).
    QList<QByteArray> evaluateJson(const QByteArray &json) const;

    // Every result as Go's fmt "%v" prints the decoded value, which is how
    // kubectl -o custom-columns shows a cell: strings verbatim, numbers and
    // booleans as above, null as "<nil>", arrays as "[a b]", objects as
    // "map[k:v k2:v2]" (sorted keys).
    QStringList evaluateGoValues(const QByteArray &json) const;

    // For informer-printers internals.
    const QList<Step> &steps() const;

private:
    QString m_expression;
    std::shared_ptr<const QList<Step>> m_steps;
};

} // namespace informant
