#include "informer/informers/logging.h"

Q_LOGGING_CATEGORY(lcInformer, "informant.informer", QtWarningMsg)
