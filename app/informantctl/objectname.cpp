#include "objectname.h"

namespace informantctl {

QString objectNamePrefix(const informant::ApiResource &resource)
{
    QString prefix = resource.kind.toLower();
    if (!resource.group.isEmpty())
        prefix += QLatin1Char('.') + resource.group;
    return prefix + QLatin1Char('/');
}

} // namespace informantctl
