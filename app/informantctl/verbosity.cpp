#include "verbosity.h"

#include "flagerrors.h"
#include "requestlog.h"

namespace informantctl {

namespace {

const QString kVerbosity = QStringLiteral("v");
const QString kVersion = QStringLiteral("version");

} // namespace

void addVerbosityOptions(QCommandLineParser &parser)
{
    parser.addOptions({
        {kVerbosity,
         QStringLiteral("Log level, like kubectl's -v: from %1, every request (method, URL, "
                        "status and time, never a credential) on stderr.")
             .arg(kRequestLogLevel),
         QStringLiteral("level")},
        {kVersion, QStringLiteral("Displays version information.")},
    });
}

std::optional<QString> verbosityError(const QCommandLineParser &parser)
{
    for (const QString &level : parser.values(kVerbosity)) {
        if (auto error = int32DecimalValueError(QStringLiteral("-v, --v"), level))
            return error;
    }
    return std::nullopt;
}

int verbosity(const QCommandLineParser &parser)
{
    return parser.value(kVerbosity).toInt();
}

bool versionAsked(const QCommandLineParser &parser)
{
    return parser.isSet(kVersion);
}

} // namespace informantctl
