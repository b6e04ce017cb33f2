#include "informer/cache/logging.h"

Q_LOGGING_CATEGORY(lcCache, "informant.cache", QtWarningMsg)
