#include "informer/cache/delta.h"

namespace informant {

QString deltaTypeName(DeltaType type)
{
    switch (type) {
    case DeltaType::Added:
        return QStringLiteral("Added");
    case DeltaType::Updated:
        return QStringLiteral("Updated");
    case DeltaType::Deleted:
        return QStringLiteral("Deleted");
    case DeltaType::Replaced:
        return QStringLiteral("Replaced");
    case DeltaType::Sync:
        return QStringLiteral("Sync");
    }
    return QStringLiteral("Unknown");
}

} // namespace informant
