#pragma once

// Logging category of the informer machinery ("informant.informer").

#include <QLoggingCategory>

Q_DECLARE_LOGGING_CATEGORY(lcInformer)
