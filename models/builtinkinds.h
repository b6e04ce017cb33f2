#pragma once

// The well-known built-in kinds (group, version, plural, scope, kubectl short
// names), shown before discovery answers and used when it fails.

#include "models/kindinfo.h"

#include <QList>

namespace informant {

QList<KindInfo> builtinKinds();

} // namespace informant
