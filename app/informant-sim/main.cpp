// informant-sim: a simulated Kubernetes API server.

#include <QCommandLineParser>
#include <QCoreApplication>

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("informant-sim"));
    QCoreApplication::setApplicationVersion(QStringLiteral(INFORMANT_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("A simulated Kubernetes API server."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.process(app);
    return 0;
}
