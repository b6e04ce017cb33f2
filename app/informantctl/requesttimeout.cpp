#include "requesttimeout.h"

#include "informer/kube/restclient.h"

#include <cmath>
#include <limits>

using namespace informant;

namespace informantctl {

const char kInvalidRequestTimeoutMessage[] =
    "Invalid timeout value. Timeout must be a single integer in seconds, or an integer followed by "
    "a corresponding time unit (e.g. 1s | 2m | 3h)";

namespace {

constexpr quint64 kNsPerSecond = 1000000000;
constexpr quint64 kNsPerMs = 1000000;
constexpr quint64 kMaxDurationNs = quint64(1) << 63; // beyond int64 once positive

// Go's unitMap, in nanoseconds; 0 for a unit Go does not know.
quint64 goUnitNs(const QString &unit)
{
    if (unit == QLatin1String("ns"))
        return 1;
    // Go spells microseconds "us", "µs" (U+00B5) or "μs" (U+03BC).
    if (unit == QLatin1String("us") || unit == QStringLiteral("\u00b5s") ||
        unit == QStringLiteral("\u03bcs"))
        return 1000;
    if (unit == QLatin1String("ms"))
        return kNsPerMs;
    if (unit == QLatin1String("s"))
        return kNsPerSecond;
    if (unit == QLatin1String("m"))
        return 60 * kNsPerSecond;
    if (unit == QLatin1String("h"))
        return 3600 * kNsPerSecond;
    return 0;
}

bool isDigit(QChar c)
{
    return c >= u'0' && c <= u'9';
}

} // namespace

std::optional<qint64> parseGoDurationNs(const QString &text)
{
    qsizetype i = 0;
    bool negative = false;
    if (i < text.size() && (text[i] == u'-' || text[i] == u'+')) {
        negative = text[i] == u'-';
        ++i;
    }
    if (text.mid(i) == QLatin1String("0"))
        return 0;
    if (i == text.size())
        return std::nullopt;
    quint64 total = 0;
    while (i < text.size()) {
        if (!isDigit(text[i]) && text[i] != u'.')
            return std::nullopt;
        // The integer part, refused once it passes 2^63 as Go's leadingInt.
        quint64 whole = 0;
        const qsizetype wholeStart = i;
        for (; i < text.size() && isDigit(text[i]); ++i) {
            if (whole > kMaxDurationNs / 10)
                return std::nullopt;
            whole = whole * 10 + quint64(text[i].unicode() - u'0');
            if (whole > kMaxDurationNs)
                return std::nullopt;
        }
        const bool hadWhole = i > wholeStart;
        // The fraction, as Go's leadingFraction: digits past what 2^63 holds
        // are dropped.
        quint64 fraction = 0;
        double scale = 1;
        bool hadFraction = false;
        if (i < text.size() && text[i] == u'.') {
            ++i;
            const qsizetype fractionStart = i;
            bool overflowed = false;
            for (; i < text.size() && isDigit(text[i]); ++i) {
                if (overflowed)
                    continue;
                if (fraction > (kMaxDurationNs - 1) / 10) {
                    overflowed = true;
                    continue;
                }
                const quint64 next = fraction * 10 + quint64(text[i].unicode() - u'0');
                if (next > kMaxDurationNs) {
                    overflowed = true;
                    continue;
                }
                fraction = next;
                scale *= 10;
            }
            hadFraction = i > fractionStart;
        }
        if (!hadWhole && !hadFraction)
            return std::nullopt;
        const qsizetype unitStart = i;
        while (i < text.size() && text[i] != u'.' && !isDigit(text[i]))
            ++i;
        const quint64 unit = goUnitNs(text.mid(unitStart, i - unitStart));
        if (unit == 0)
            return std::nullopt;
        if (whole > kMaxDurationNs / unit)
            return std::nullopt;
        quint64 value = whole * unit;
        if (fraction > 0) {
            value += quint64(double(fraction) * (double(unit) / scale));
            if (value > kMaxDurationNs)
                return std::nullopt;
        }
        total += value;
        if (total > kMaxDurationNs)
            return std::nullopt;
    }
    if (negative)
        return qint64(0 - total);
    if (total > kMaxDurationNs - 1)
        return std::nullopt;
    return qint64(total);
}

std::optional<qint64> parseRequestTimeoutMs(const QString &value)
{
    // clientcmd only parses a value that was given: "" keeps the default.
    if (value.isEmpty())
        return 0;
    qint64 ns = 0;
    bool isInteger = false;
    const qint64 seconds = value.toLongLong(&isInteger);
    // Go's strconv.ParseInt takes an optional sign and digits only; Qt's
    // toLongLong also skips surrounding spaces, which Go refuses.
    const bool goInteger = isInteger && value.trimmed() == value;
    if (goInteger && seconds >= 0) {
        // time.Duration(i) * time.Second wraps around in Go, as here.
        ns = qint64(quint64(seconds) * kNsPerSecond);
    } else if (const auto parsed = parseGoDurationNs(value)) {
        ns = *parsed;
    } else {
        return std::nullopt;
    }
    if (ns <= 0)
        return 0;
    return qint64((quint64(ns) + kNsPerMs - 1) / kNsPerMs);
}

QString requestTimeoutMessage(const ApiError &error)
{
    if (error.message.endsWith(QLatin1String(kRequestTimeoutWhileReadingBody)))
        return QStringLiteral("unexpected error when reading response body. Please retry. "
                              "Original error: net/http: request canceled (Client.Timeout or "
                              "context cancellation while reading body)");
    return QStringLiteral("Unable to connect to the server: net/http: request canceled "
                          "(Client.Timeout exceeded while awaiting headers)");
}

} // namespace informantctl
