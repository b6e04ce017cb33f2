// informant: the desktop application.

#include "application.h"
#include "options.h"

#include "informer/informers/memorytrim.h"
#include "ui/resources.h"
#include "ui/startupprobe.h"
#include "ui/theme.h"

#include <QApplication>
#include <QIcon>

#include <cstdio>

int main(int argc, char *argv[])
{
    informant::StartupProbe::markMain(); // --bench-report's start-up origin
    informant::keepFreedMemoryForReuse();
    QGuiApplication::setHighDpiScaleFactorRoundingPolicy(
        Qt::HighDpiScaleFactorRoundingPolicy::PassThrough);
    QApplication app(argc, argv);
    informant::StartupProbe::mark("qapplication");
    QApplication::setApplicationName(QStringLiteral("Informant"));
    QApplication::setOrganizationName(QStringLiteral("Informant"));
    QApplication::setApplicationVersion(QStringLiteral(INFORMANT_VERSION));
    QApplication::setDesktopFileName(QStringLiteral("io.informant.Informant"));
    informant::initUiResources();
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/informant/informant.svg")));

    const informant::Options options = informant::parseOptions(app);
    if (!options.error.isEmpty()) {
        std::fprintf(stderr, "informant: %s\n", qPrintable(options.error));
        return 2;
    }
    informant::applyTheme(app, options.theme);
    informant::Application application(options);
    if (const QString error = application.start(); !error.isEmpty()) {
        std::fprintf(stderr, "informant: %s\n", qPrintable(error));
        return 1;
    }
    informant::StartupProbe::mark("started");
    return app.exec();
}
