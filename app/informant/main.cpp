// informant: the desktop application.

#include <QApplication>
#include <QCommandLineParser>

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("Informant"));
    QApplication::setOrganizationName(QStringLiteral("Informant"));
    QApplication::setApplicationVersion(QStringLiteral(INFORMANT_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Watch Kubernetes clusters live."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.process(app);
    return 0;
}
