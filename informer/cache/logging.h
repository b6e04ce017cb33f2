#pragma once

// The logging category of informer-cache ("informant.cache").

#include <QLoggingCategory>

Q_DECLARE_LOGGING_CATEGORY(lcCache)
