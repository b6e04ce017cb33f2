#pragma once

// FieldChange and diffJson: what changed between two revisions of an object,
// as field paths with before/after values, e.g.
// `status.containerStatuses[0].restartCount 3→4`.
//
// Paths use dots for object keys, [i] for array elements and ["key"] for keys
// that are not plain identifiers (`metadata.labels["app.kubernetes.io/name"]`).
// Noise is left out: metadata.managedFields (server-side apply bookkeeping)
// and metadata.resourceVersion (changes on every write), so a revision that
// only changed those has no changes. Arrays are compared element by element.
// Pure; thread-safe.

#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QString>

namespace informant {

struct FieldChange
{
    enum class Kind { Added, Removed, Changed };

    Kind kind = Kind::Changed;
    QString path;
    QJsonValue before; // Undefined when added
    QJsonValue after;  // Undefined when removed
    // A Secret's value: the summary names the change, not the values.
    bool valuesHidden = false;

    // "path before→after" when changed; "path added: 3", "path added
    // (2 fields)", "path removed (was 3)", "path removed (had 1 item)" when
    // one side is missing. Long values are shortened.
    // With valuesHidden: "path changed" (or added, removed).
    QString summary() const;
    friend bool operator==(const FieldChange &, const FieldChange &) = default;
};

// At most maxChanges changes (the rest are counted in *omitted if given), in
// path order.
QList<FieldChange> diffJson(const QJsonObject &before, const QJsonObject &after,
                            int maxChanges = 500, int *omitted = nullptr);

// True for paths the change summary ignores.
bool isNoiseField(const QString &path);

// A short rendering of a value for summaries: strings as they are, objects
// as {n fields}, arrays as [n items] ("{1 field}", "[1 item]"), at most
// maxChars characters; an undefined value is "∅".
QString shortValue(const QJsonValue &value, int maxChars = 60);

} // namespace informant
