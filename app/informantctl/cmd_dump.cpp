// informantctl dump KIND (--until-synced | --for SECONDS | --until-events N)
// [--out FILE]: write the informer's cache as [{"key","resourceVersion","uid"}]
// sorted by key, byte for byte the shape of the simulator's /sim/v1/snapshot.
// With --for the informer keeps watching (and recovering from faults) for the
// whole period, so the dump is the state at its end; --until-events ends the
// period once N changes arrived after the sync (the benchmark's watch
// throughput, with --stats, without printing each change).

#include "command.h"
#include "informerrunner.h"
#include "standardoutput.h"

#include <QFile>
#include <QTextStream>

#include <algorithm>
#include <limits>

using namespace informant;

namespace informantctl {

namespace {

constexpr qint64 kSyncTimeoutMs = 600000;
// How long a dump may overrun --for to recover from a backoff.
constexpr qint64 kCatchUpMs = 30000;
constexpr qint64 kMinDiscoveryMs = 10000;

// Appends `text` as a JSON string: quotes and backslashes escaped, control
// characters as \u00XX, everything else as its UTF-8 bytes. Converted once
// per string: a dump writes three of them for each of 100k objects.
void appendJsonString(QByteArray &out, const QString &text)
{
    static constexpr char kHex[] = "0123456789abcdef";
    out += '"';
    for (const char c : text.toUtf8()) {
        const auto byte = uchar(c);
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (byte < 0x20) {
            out += "\\u00";
            out += kHex[byte >> 4];
            out += kHex[byte & 0xf];
        } else {
            out += c;
        }
    }
    out += '"';
}

QByteArray dumpJson(QList<KubeObject> objects)
{
    QList<std::pair<QString, KubeObject>> keyed;
    keyed.reserve(objects.size());
    for (const KubeObject &object : std::as_const(objects))
        keyed.append({object.key(), object});
    std::sort(keyed.begin(), keyed.end(),
              [](const auto &a, const auto &b) { return a.first < b.first; });
    QByteArray out = "[";
    out.reserve(keyed.size() * 100);
    for (qsizetype i = 0; i < keyed.size(); ++i) {
        if (i > 0)
            out += ',';
        out += "{\"key\":";
        appendJsonString(out, keyed[i].first);
        out += ",\"resourceVersion\":";
        appendJsonString(out, keyed[i].second.resourceVersion());
        out += ",\"uid\":";
        appendJsonString(out, keyed[i].second.uid());
        out += '}';
    }
    return out + ']';
}

int runDump(const QCommandLineParser &parser, const QStringList &args)
{
    QTextStream err(stderr);
    if (args.size() != 1) {
        err << "error: dump needs exactly one KIND\n";
        return 2;
    }
    const bool untilSynced = parser.isSet(QStringLiteral("until-synced"));
    const bool forSet = parser.isSet(QStringLiteral("for"));
    const bool eventsSet = parser.isSet(QStringLiteral("until-events"));
    bool secondsOk = false;
    const double seconds = parser.value(QStringLiteral("for")).toDouble(&secondsOk);
    bool eventsOk = false;
    const qint64 untilEvents = parser.value(QStringLiteral("until-events")).toLongLong(&eventsOk);
    if (untilSynced == (forSet || eventsSet) || (forSet && (!secondsOk || seconds < 0)) ||
        (eventsSet && (!eventsOk || untilEvents < 1))) {
        err << "error: dump needs either --until-synced, or --for SECONDS and/or "
               "--until-events N (N >= 1)\n";
        return 2;
    }
    // --for also bounds discovery (an exec plugin may wait minutes for a
    // sign-in), with at least kMinDiscoveryMs for it: a cluster serving only
    // legacy discovery answers one request per group version.
    const qint64 discoveryMs = forSet ? qMax(qint64(seconds * 1000), kMinDiscoveryMs) : -1;
    auto runner = InformerRunner::create(parser, args.first(), discoveryMs);
    if (!runner)
        return 1;
    runner->start();
    if (untilSynced) {
        if (!runner->waitForSync(true, kSyncTimeoutMs))
            return 1;
    } else {
        const qint64 periodMs =
            forSet ? qint64(seconds * 1000) : std::numeric_limits<qint64>::max();
        runner->runFor(periodMs, eventsSet ? untilEvents : 0);
        if (!runner->catchUp(kCatchUpMs))
            err << "warning: " << runner->resource().qualifiedName()
                << " was not watching at the end of the period; the dump may be stale\n";
        if (!runner->informer().hasSynced()) {
            err << runner->session().errorPrefix() << runner->resource().qualifiedName()
                << " did not sync within " << seconds << " s";
            const QString lastError = runner->informer().status().lastError;
            if (!lastError.isEmpty())
                err << " (last error: " << lastError << ")";
            err << '\n';
            return 1;
        }
    }
    // Stop first: the cache is then the state at the end of the period.
    runner->stop();
    const QByteArray json = dumpJson(runner->informer().indexer().list());
    const QString outPath = parser.value(QStringLiteral("out"));
    if (outPath.isEmpty() || outPath == QLatin1String("-")) {
        writeStandardOutput(json + '\n');
    } else {
        QFile file(outPath);
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) ||
            file.write(json) != json.size() || !file.flush()) {
            err << "error: cannot write " << outPath << ": " << file.errorString() << '\n';
            return 1;
        }
    }
    runner->printStatsIfAsked();
    return 0;
}

const CommandRegistration registration(Command{
    QStringLiteral("dump"),
    QStringLiteral("dump KIND (--until-synced | --for SECONDS | --until-events N) [--out FILE]\n"
                   "                                      write the cache as JSON: "
                   "[{\"key\",\"uid\",\"resourceVersion\"}] sorted by key"),
    addInformerCommandOptions,
    runDump,
});

} // namespace

} // namespace informantctl
