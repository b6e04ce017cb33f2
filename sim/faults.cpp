#include "sim/faults.h"

#include "sim/statuses.h"

#include <QRegularExpression>

namespace informant::sim {

std::optional<qint64> parseDurationMs(const QString &text)
{
    static const QRegularExpression pattern(QStringLiteral("^([0-9]+(?:\\.[0-9]+)?)(ms|s|m|h)$"));
    const QRegularExpressionMatch match = pattern.match(text.trimmed());
    if (!match.hasMatch())
        return std::nullopt;
    const double value = match.captured(1).toDouble();
    const QString unit = match.captured(2);
    const double factor = unit == QLatin1String("ms")  ? 1.0
                          : unit == QLatin1String("s") ? 1000.0
                          : unit == QLatin1String("m") ? 60000.0
                                                       : 3600000.0;
    return qint64(value * factor);
}

namespace {

Result<double> parseProbability(const QString &name, const QString &value)
{
    bool ok = false;
    const double p = value.toDouble(&ok);
    if (!ok || p < 0 || p > 1)
        return makeError(QStringLiteral("fault %1: expected a probability between 0 and 1, got "
                                        "\"%2\"")
                             .arg(name, value));
    return p;
}

Result<qint64> parseDuration(const QString &name, const QString &value)
{
    const auto ms = parseDurationMs(value);
    if (!ms || *ms <= 0)
        return makeError(
            QStringLiteral("fault %1: expected a duration like 3s or 200ms, got \"%2\"")
                .arg(name, value));
    return *ms;
}

} // namespace

Result<FaultSpec> FaultSpec::parse(const QString &spec)
{
    FaultSpec out;
    for (const QString &item : spec.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const qsizetype eq = item.indexOf(QLatin1Char('='));
        const QString name = item.left(eq).trimmed();
        const QString value = eq < 0 ? QString() : item.mid(eq + 1).trimmed();
        if (eq < 0)
            return makeError(QStringLiteral("fault \"%1\": expected name=value").arg(item));
        double *probability = name == QLatin1String("cut-frame")  ? &out.cutFrame
                              : name == QLatin1String("gone")     ? &out.gone
                              : name == QLatin1String("error429") ? &out.error429
                              : name == QLatin1String("error500") ? &out.error500
                              : name == QLatin1String("error504") ? &out.error504
                                                                  : nullptr;
        qint64 *duration = name == QLatin1String("drop-watch") ? &out.dropWatchMeanMs
                           : name == QLatin1String("delay")    ? &out.delayMs
                           : name == QLatin1String("restart")  ? &out.restartMs
                                                               : nullptr;
        if (probability) {
            const Result<double> p = parseProbability(name, value);
            if (!p.ok())
                return p.error();
            *probability = p.value();
        } else if (duration) {
            const Result<qint64> ms = parseDuration(name, value);
            if (!ms.ok())
                return ms.error();
            *duration = ms.value();
        } else if (name == QLatin1String("compact")) {
            bool ok = false;
            out.compact = value.toInt(&ok);
            if (!ok || out.compact <= 0)
                return makeError(
                    QStringLiteral("fault compact: expected a positive count, got \"%1\"")
                        .arg(value));
        } else {
            return makeError(QStringLiteral("unknown fault \"%1\" (known: drop-watch, cut-frame, "
                                            "gone, error429, error500, error504, delay, compact, "
                                            "restart)")
                                 .arg(name));
        }
    }
    return out;
}

bool FaultSpec::isEmpty() const
{
    return toString().isEmpty();
}

QString FaultSpec::toString() const
{
    QStringList parts;
    const auto ms = [](qint64 value) { return QString::number(value) + QLatin1String("ms"); };
    if (dropWatchMeanMs > 0)
        parts << QStringLiteral("drop-watch=") + ms(dropWatchMeanMs);
    if (cutFrame > 0)
        parts << QStringLiteral("cut-frame=%1").arg(cutFrame);
    if (gone > 0)
        parts << QStringLiteral("gone=%1").arg(gone);
    if (error429 > 0)
        parts << QStringLiteral("error429=%1").arg(error429);
    if (error500 > 0)
        parts << QStringLiteral("error500=%1").arg(error500);
    if (error504 > 0)
        parts << QStringLiteral("error504=%1").arg(error504);
    if (delayMs > 0)
        parts << QStringLiteral("delay=") + ms(delayMs);
    if (compact > 0)
        parts << QStringLiteral("compact=%1").arg(compact);
    if (restartMs > 0)
        parts << QStringLiteral("restart=") + ms(restartMs);
    return parts.join(QLatin1Char(','));
}

bool Faults::roll(double probability)
{
    if (probability <= 0)
        return false;
    return std::uniform_real_distribution<double>(0.0, 1.0)(m_random) < probability;
}

std::optional<ApiStatus> Faults::drawRequestError(bool isWatch)
{
    if (roll(m_spec.gone))
        return isWatch ? statuses::watchCompacted() : statuses::listTooOld();
    if (roll(m_spec.error429))
        return statuses::tooManyRequests(1);
    if (roll(m_spec.error500))
        return statuses::internalError(QStringLiteral("simulated fault (error500)"));
    if (roll(m_spec.error504))
        return statuses::gatewayTimeout();
    return std::nullopt;
}

qint64 Faults::drawDropDelayMs()
{
    if (m_spec.dropWatchMeanMs <= 0)
        return 0;
    std::exponential_distribution<double> distribution(1.0 / double(m_spec.dropWatchMeanMs));
    return std::max<qint64>(1, qint64(distribution(m_random)));
}

} // namespace informant::sim
