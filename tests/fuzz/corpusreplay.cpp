// Replays fuzz inputs without libFuzzer: every file named on the command line,
// or every file in a named directory, goes through LLVMFuzzerTestOneInput once.
// Used by ctest so the checked-in corpus (including past crashes) stays green.

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTextStream>

#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int main(int argc, char **argv)
{
    int inputs = 0;
    for (int i = 1; i < argc; ++i) {
        QFileInfo info(QString::fromLocal8Bit(argv[i]));
        QStringList files;
        if (info.isDir()) {
            for (const QString &name : QDir(info.filePath()).entryList(QDir::Files, QDir::Name))
                files << info.filePath() + QLatin1Char('/') + name;
        } else {
            files << info.filePath();
        }
        for (const QString &path : files) {
            QFile file(path);
            if (!file.open(QIODevice::ReadOnly)) {
                QTextStream(stderr) << "cannot read " << path << "\n";
                return 1;
            }
            const QByteArray data = file.readAll();
            LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t *>(data.constData()),
                                   size_t(data.size()));
            ++inputs;
        }
    }
    QTextStream(stdout) << "replayed " << inputs << " inputs without a crash\n";
    return inputs > 0 ? 0 : 1;
}
