#pragma once

// KindInfo: one resource kind as the GUI names it — discovery's group,
// version, kind, plural, scope and short names. Plain value type.

#include <QMetaType>
#include <QString>
#include <QStringList>

namespace informant {

struct KindInfo
{
    QString group; // "" for core
    QString version;
    QString kind;   // "Deployment"
    QString plural; // "deployments"
    bool namespaced = true;
    QStringList shortNames; // "deploy"

    // "deployments.apps" or "pods": a stable id for settings and lookups.
    QString id() const { return group.isEmpty() ? plural : plural + QLatin1Char('.') + group; }
    bool isValid() const { return !plural.isEmpty(); }
    // The kind's name for a list of it, as titles show it: "NetworkPolicies",
    // "Ingresses", "Endpoints" (the tree's leaves and the table's title).
    QString pluralTitle() const;
    // "apps/v1" or "v1", as discovery names a group version.
    QString groupVersion() const
    {
        return group.isEmpty() ? version : group + QLatin1Char('/') + version;
    }
    // Listed and watched at the same path: an informer for one serves the
    // other (short names and the like may differ).
    bool sameEndpoint(const KindInfo &other) const
    {
        return group == other.group && version == other.version && plural == other.plural &&
               namespaced == other.namespaced;
    }
    // The order the kind's table opens in until the user sorts it: by the
    // column named `column`, or kubectl's (namespace, then name) when it is
    // empty or the table has no such column.
    struct Sort
    {
        QString column; // "LAST SEEN"
        Qt::SortOrder order = Qt::AscendingOrder;
    };
    Sort defaultSort() const;
    // True when `text` names this kind the way kubectl accepts it: plural,
    // singular kind, short name, or plural.group (case-insensitive).
    bool matchesName(const QString &text) const;
    // The fewest single-letter edits (insert, delete, replace, swap two
    // neighbours) that turn `text` into one of this kind's names (plural,
    // singular, short names; case-insensitive): 1 for "podz".
    int nameDistance(const QString &text) const;

    friend bool operator==(const KindInfo &, const KindInfo &) = default;
};

} // namespace informant

Q_DECLARE_METATYPE(informant::KindInfo)
