#pragma once

// LabelSelector: a parsed Kubernetes label selector (apimachinery's
// labels.Parse), shared by the GUI selector box, `informantctl -l` and the
// simulator's server-side filtering.
//
// Syntax (kubectl's): requirements separated by ',' (AND), each one of
//   key=value  key==value  key!=value  key in (a,b)  key notin (a,b)
//   key (exists)  !key (does not exist)  key>N  key<N (integer compare)
// Whitespace between tokens is ignored. Values may be empty (`a=`, `a in ()`).
// Keys and values are validated like the API server does; error messages are
// apimachinery's, word for word, so they read the same as kubectl's.
//
// Immutable value type; safe to share and use from any thread.

#include "informer/core/kubeobject.h"
#include "informer/core/result.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace informant {

class LabelSelector
{
public:
    struct Requirement
    {
        // GreaterThan/LessThan are apimachinery's `gt`/`lt` (`key>5`): the label
        // must exist and parse as a 64-bit integer that compares as given.
        enum class Op { Equals, NotEquals, In, NotIn, Exists, DoesNotExist, GreaterThan, LessThan };
        QString key;
        Op op = Op::Exists;
        QStringList values; // sorted, unique; empty for Exists/DoesNotExist

        bool matches(const QList<Label> &sortedLabels) const;
        QString toString() const;
        friend bool operator==(const Requirement &, const Requirement &) = default;
    };

    LabelSelector(); // empty: matches everything

    // Parses kubectl's full syntax. An empty or all-blank text is the empty
    // selector. Errors carry apimachinery's messages, e.g.
    //   "found ',', expected: !, identifier, or 'end of string'".
    static Result<LabelSelector> parse(const QString &text);

    bool isEmpty() const { return m_requirements.isEmpty(); }
    // True when every requirement holds. `sortedLabels` must be sorted by key
    // (KubeObject::labels() is).
    bool matches(const QList<Label> &sortedLabels) const;
    bool matches(const KubeObject &object) const { return matches(object.labels()); }
    // Canonical form: requirements sorted by key, values sorted, joined by ','
    // (apimachinery's Selector.String()); parse(toString()) gives the same selector.
    QString toString() const;
    // Sorted by key (stable for equal keys).
    const QList<Requirement> &requirements() const { return m_requirements; }

    friend bool operator==(const LabelSelector &, const LabelSelector &) = default;

private:
    QList<Requirement> m_requirements;
};

// Validation shared with the field selector and tests: apimachinery's
// IsQualifiedName / IsValidLabelValue. Each returns the list of problems
// (empty when valid), in apimachinery's wording.
QStringList labelKeyErrors(const QString &key);
QStringList labelValueErrors(const QString &value);

// Go's %q for the ASCII-printable subset, with \" \\ and \n \t \r escapes and
// \u escapes for other control characters; used in error messages.
QString goQuote(const QString &text);

} // namespace informant
