#include "sim/mediatype.h"

#include <QList>

namespace informant::sim {

Representation representationFromAccept(const QByteArray &accept)
{
    Representation chosen;
    bool haveChoice = false;
    bool plainAllowed = accept.trimmed().isEmpty();
    for (const QByteArray &range : accept.split(',')) {
        const QList<QByteArray> parts = QByteArray(range).replace(' ', "").split(';');
        const QByteArray type = parts.value(0);
        if (type != "application/json" && type != "*/*" && type != "application/*")
            continue;
        QByteArray as, group, version;
        for (qsizetype i = 1; i < parts.size(); ++i) {
            if (parts[i].startsWith("as="))
                as = parts[i].mid(3);
            else if (parts[i].startsWith("g="))
                group = parts[i].mid(2);
            else if (parts[i].startsWith("v="))
                version = parts[i].mid(2);
        }
        if (as.isEmpty()) {
            plainAllowed = true;
            continue;
        }
        if (haveChoice || group != "meta.k8s.io" || (version != "v1" && version != "v1beta1"))
            continue;
        if (as == "Table") {
            chosen.kind = Representation::Kind::Table;
        } else if (as == "PartialObjectMetadataList" || as == "PartialObjectMetadata") {
            chosen.kind = Representation::Kind::PartialMetadata;
        } else {
            continue;
        }
        chosen.metaVersion = version;
        haveChoice = true;
    }
    chosen.fallbackAllowed = plainAllowed;
    return chosen;
}

} // namespace informant::sim
