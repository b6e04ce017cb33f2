#include "ui/metadataonlychoice.h"

#include <QSettings>
#include <QUrl>

namespace informant {

namespace {

const QString kGroup = QStringLiteral("metadataOnly");

// Percent-encoded: a settings key must not nest groups.
QString keyOf(const QString &kindId)
{
    return QString::fromLatin1(QUrl::toPercentEncoding(kindId));
}

} // namespace

bool MetadataOnlyChoice::isChosenFor(const QString &kindId)
{
    QSettings settings;
    settings.beginGroup(kGroup);
    return settings.value(keyOf(kindId), false).toBool();
}

void MetadataOnlyChoice::choose(const QString &kindId, bool metadataOnly)
{
    QSettings settings;
    settings.beginGroup(kGroup);
    if (metadataOnly)
        settings.setValue(keyOf(kindId), true);
    else
        settings.remove(keyOf(kindId));
}

QSet<QString> MetadataOnlyChoice::chosenKinds()
{
    QSet<QString> kinds;
    QSettings settings;
    settings.beginGroup(kGroup);
    for (const QString &key : settings.childKeys()) {
        if (settings.value(key).toBool())
            kinds.insert(QUrl::fromPercentEncoding(key.toLatin1()));
    }
    return kinds;
}

} // namespace informant
