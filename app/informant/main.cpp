// informant: the desktop application.

#include "application.h"
#include "options.h"
#include "startfailure.h"
#include "terminationsignals.h"

#include "informer/informers/memorytrim.h"
#include "ui/resources.h"
#include "ui/startupprobe.h"
#include "ui/theme.h"

#include <QApplication>
#include <QIcon>

#include <cstdio>
#include <cstring>
#include <memory>

namespace {

void setIdentity()
{
    QCoreApplication::setApplicationName(QStringLiteral("Informant"));
    QCoreApplication::setOrganizationName(QStringLiteral("Informant"));
    QCoreApplication::setApplicationVersion(QStringLiteral(INFORMANT_VERSION));
}

// --help and --version only print: they must work without a display (over
// ssh, in a terminal before the desktop is up), where QApplication aborts.
bool onlyPrints(int argc, char *argv[])
{
    for (int i = 1; i < argc; ++i) {
        for (const char *flag : {"-h", "--help", "--help-all", "-?", "-v", "--version"}) {
            if (std::strcmp(argv[i], flag) == 0)
                return true;
        }
    }
    return false;
}

} // namespace

int main(int argc, char *argv[])
{
    if (onlyPrints(argc, argv)) {
        QCoreApplication app(argc, argv);
        setIdentity();
        informant::parseOptions(app); // prints and exits
        return 0;
    }
    informant::StartupProbe::markMain(); // --bench-report's start-up origin
    informant::keepFreedMemoryForReuse();
    QGuiApplication::setHighDpiScaleFactorRoundingPolicy(
        Qt::HighDpiScaleFactorRoundingPolicy::PassThrough);
    QApplication app(argc, argv);
    informant::StartupProbe::mark("qapplication");
    setIdentity();
    QApplication::setDesktopFileName(QStringLiteral("io.informant.Informant"));
    informant::initUiResources();
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/informant/informant.svg")));

    const informant::Options options = informant::parseOptions(app);
    if (!options.error.isEmpty()) {
        std::fprintf(stderr, "informant: %s\n", qPrintable(options.error));
        return 2;
    }
    informant::applyTheme(options.theme);
    std::unique_ptr<informant::Application> application;
    for (informant::Options attempt = options;;) {
        application = std::make_unique<informant::Application>(attempt);
        const QString error = application->start();
        if (error.isEmpty())
            break;
        std::fprintf(stderr, "informant: %s\n", qPrintable(error));
        application.reset();
        std::optional<informant::Options> next = informant::askAfterStartFailure(error, attempt);
        if (!next)
            return 1;
        attempt = std::move(*next);
    }
    informant::StartupProbe::mark("started");
    informant::closeWindowsOnTerminationSignals();
    return app.exec();
}
