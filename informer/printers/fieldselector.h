#pragma once

// FieldSelector: a parsed Kubernetes field selector (apimachinery's
// fields.ParseSelector), for `informantctl --field-selector` and the
// simulator's server-side filtering.
//
// Syntax: terms separated by ',' (AND), each `field=value`, `field==value` or
// `field!=value`. In values, '\', ',' and '=' are escaped with '\'. A field
// the object does not have reads as the empty string (so `x!=y` matches).
// Error messages are apimachinery's.
//
// Immutable value type; thread-safe.

#include "informer/core/kubeobject.h"
#include "informer/core/result.h"

#include <QList>
#include <QString>

#include <functional>
#include <optional>

namespace informant {

class FieldSelector
{
public:
    struct Requirement
    {
        enum class Op { Equals, NotEquals };
        QString field;
        Op op = Op::Equals;
        QString value; // unescaped

        friend bool operator==(const Requirement &, const Requirement &) = default;
    };
    using Lookup = std::function<std::optional<QString>(const QString &field)>;

    FieldSelector(); // empty: matches everything

    static Result<FieldSelector> parse(const QString &text);

    bool isEmpty() const { return m_requirements.isEmpty(); }
    bool matches(const Lookup &lookup) const;
    // Matches using fieldValue() on the object.
    bool matches(const KubeObject &object) const;
    // Canonical form: terms sorted, values escaped ("metadata.name=a\,b").
    QString toString() const;
    const QList<Requirement> &requirements() const { return m_requirements; }
    // The value an `=`/`==` term requires for `field`, if there is one
    // (apimachinery's RequiresExactMatch), for index lookups.
    std::optional<QString> requiresExactMatch(const QString &field) const;

private:
    QList<Requirement> m_requirements;
};

// The value of a selectable field of an object, as the API server's field
// label conversion exposes it: metadata.name and metadata.namespace for every
// kind, and any dotted path to a scalar in the object (spec.nodeName,
// status.phase, involvedObject.kind, regarding.name, type, reason, ...);
// booleans and numbers as text ("true", "3"). For core Events "source" is
// source.component. nullopt when absent.
std::optional<QString> fieldValue(const KubeObject &object, const QString &field);

} // namespace informant
