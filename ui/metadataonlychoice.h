#pragma once

// The user's choice, per kind, to watch it metadata-only (product spec §6),
// kept in the settings for every cluster and window. Worth it for kinds whose
// data is most of their bytes (a Helm release Secret holds its whole chart,
// hundreds of KB; large ConfigMaps), and a Secret's values are then never held
// unless the user reads the one object. Without a choice every kind is
// watched whole, as kubectl and every other client shows it: a table with
// TYPE and DATA empty is not what anyone expects until they asked for it.

#include <QSet>
#include <QString>

namespace informant {

class MetadataOnlyChoice
{
public:
    // `kindId`: KindInfo::id(), "secrets" or "widgets.example.com".
    static bool isChosenFor(const QString &kindId);
    static void choose(const QString &kindId, bool metadataOnly);
    // Every kind watched metadata-only (LiveSessionOptions::metadataOnlyKinds).
    static QSet<QString> chosenKinds();
};

} // namespace informant
