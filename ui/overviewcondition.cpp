#include "ui/overviewcondition.h"

#include <algorithm>
#include <array>

namespace informant {

namespace {

bool trueIsBad(const QString &type)
{
    static const std::array<QLatin1String, 6> types{
        QLatin1String("MemoryPressure"), QLatin1String("DiskPressure"),
        QLatin1String("PIDPressure"),    QLatin1String("NetworkUnavailable"),
        QLatin1String("ReplicaFailure"), QLatin1String("Failed")};
    return std::find(types.begin(), types.end(), type) != types.end();
}

} // namespace

bool conditionHealthy(const QString &type, const QString &status)
{
    return status == (trueIsBad(type) ? QLatin1String("False") : QLatin1String("True"));
}

} // namespace informant
