#include "ui/resources.h"

#include <QtGlobal>

// Q_INIT_RESOURCE must be used outside a namespace.
static void initInformantQrc()
{
    Q_INIT_RESOURCE(informant);
}

namespace informant {

void initUiResources()
{
    static const bool done = [] {
        initInformantQrc();
        return true;
    }();
    Q_UNUSED(done);
}

} // namespace informant
