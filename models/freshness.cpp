#include "models/freshness.h"

#include "models/recordingoffset.h"
#include "models/secondclock.h"

#include <QDateTime>
#include <QFont>
#include <QGuiApplication>
#include <QLocale>
#include <QPalette>

namespace informant {

using State = InformerStatus::State;

FreshnessLevel freshnessLevel(const InformerStatus &status)
{
    switch (status.state) {
    case State::Watching:
        return FreshnessLevel::Fresh;
    case State::Pending:
    case State::Listing:
    case State::WaitingForSignIn:
    case State::Connecting:
        return status.synced ? FreshnessLevel::Stale : FreshnessLevel::Working;
    case State::BackingOff:
    case State::Stopped:
    case State::Gone:
    case State::NotRecorded: // nothing live: no rows, no count
        return FreshnessLevel::Stale;
    case State::Unauthorized:
    case State::Forbidden:
    case State::Error:
        return FreshnessLevel::Failed;
    }
    return FreshnessLevel::Stale;
}

namespace {

QString retryText(const InformerStatus &status, qint64 nowMs)
{
    if (status.retryAtMs < 0)
        return QStringLiteral("retrying");
    const qint64 seconds = qMax<qint64>(0, (status.retryAtMs - nowMs + 999) / 1000);
    return seconds == 0 ? QStringLiteral("reconnecting now")
                        : QStringLiteral("reconnecting in %1 s").arg(seconds);
}

} // namespace

QString freshnessText(const InformerStatus &status, qint64 nowMs)
{
    switch (status.state) {
    case State::Pending:
        return QStringLiteral("starting");
    case State::Listing:
        // A relist's count is its progress, not the objects: beside the
        // cached ones ("220 objects") a bare "listing 57" read as a cache
        // that had lost most of them.
        if (status.synced)
            return status.itemsListed > 0 ? QStringLiteral("relisting · %1 received")
                                                .arg(QLocale().toString(status.itemsListed))
                                          : QStringLiteral("relisting");
        return status.itemsListed > 0
                   ? QStringLiteral("listing %1").arg(QLocale().toString(status.itemsListed))
                   : QStringLiteral("listing");
    case State::Watching:
        return QStringLiteral("watching");
    case State::BackingOff:
        return retryText(status, nowMs);
    case State::Unauthorized:
        return QStringLiteral("not signed in");
    case State::Forbidden:
        return QStringLiteral("forbidden");
    case State::Error:
        return QStringLiteral("error");
    case State::Stopped:
        return QStringLiteral("stopped");
    case State::WaitingForSignIn:
        return QStringLiteral("waiting for sign-in");
    case State::Gone:
        return QStringLiteral("no longer served");
    case State::Connecting:
        return status.synced ? QStringLiteral("reopening the watch")
                             : QStringLiteral("opening the watch");
    case State::NotRecorded:
        return QStringLiteral("not in this recording");
    }
    return {};
}

QString freshnessSentence(const InformerStatus &status, const QString &what, qint64 nowMs)
{
    const QString error =
        status.lastError.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(status.lastError);
    const QString shown =
        status.synced ? QStringLiteral(" Showing the last known state.") : QString();
    // While trying again, only an error of this outage says why.
    const QString currentError = status.lastErrorCurrent ? error : QString();
    switch (status.state) {
    case State::Watching:
        return QStringLiteral("Watching %1.").arg(what);
    case State::Pending:
        return QStringLiteral("Starting the watch of %1…").arg(what);
    case State::Listing:
        return (status.synced ? QStringLiteral("Relisting %1%2… %3 received so far.%4")
                              : QStringLiteral("Listing %1%2… %3 so far.%4"))
            .arg(what, currentError, QLocale().toString(status.itemsListed), shown);
    case State::BackingOff:
        // Never listed: nothing was lost, the cluster could not be read yet.
        return (status.synced ? QStringLiteral("Watch of %1 lost%2 — %3.%4")
                              : QStringLiteral("Could not list %1 yet%2 — %3.%4"))
            .arg(what, error, retryText(status, nowMs), shown);
    case State::Unauthorized:
        // Over http:// nothing was sent, so nothing was refused: the error's
        // "Unauthorized" would only repeat it.
        if (status.credentialsWithheld)
            return QStringLiteral("Not signed in: the server requires credentials for %1; none "
                                  "are sent over http:// (use https).%2")
                .arg(what, shown);
        return QStringLiteral(
                   "Not signed in: the server did not accept the credentials for %1%2.%3")
            .arg(what, error, shown);
    case State::Forbidden:
        return QStringLiteral("Not allowed to watch %1%2.%3").arg(what, error, shown);
    case State::Error:
        return (status.synced ? QStringLiteral("Watch of %1 failed%2.%3")
                              : QStringLiteral("Listing %1 failed%2.%3"))
            .arg(what, error, shown);
    case State::Stopped:
        return QStringLiteral("Watch of %1 stopped.%2").arg(what, shown);
    case State::WaitingForSignIn:
        return QStringLiteral("Waiting for you to sign in before listing %1.%2").arg(what, shown);
    case State::Gone:
        return QStringLiteral("The cluster no longer serves %1 (its definition was removed).%2")
            .arg(what, shown);
    case State::Connecting:
        return (status.synced ? QStringLiteral("Reopening the watch of %1%2…%3")
                              : QStringLiteral("Opening the watch of %1%2…%3"))
            .arg(what, currentError, shown);
    case State::NotRecorded:
        return QStringLiteral("Not in this recording: %1 were not recorded.").arg(what);
    }
    return {};
}

namespace {

// The recording of a replay whose end the cluster's time has reached at the
// wall clock's `nowMs`.
std::optional<SecondClock::Recording> endedRecording(qint64 nowMs)
{
    const std::optional<SecondClock::Recording> recording = SecondClock::recording();
    if (recording && SecondClock::clusterTimeAt(nowMs) >= recording->endMs)
        return recording;
    return std::nullopt;
}

} // namespace

QString lastEventText(const InformerStatus &status, qint64 nowMs)
{
    if (status.lastEventMs < 0)
        return QStringLiteral("—");
    if (endedRecording(nowMs))
        return QStringLiteral("at ") + lastEventMoment(status);
    const qint64 eventMs = SecondClock::clusterTimeWhen(status.lastEventMs);
    const qint64 ms = qMax<qint64>(0, SecondClock::clusterTimeAt(nowMs) - eventMs);
    if (ms < 1000)
        return QStringLiteral("just now");
    if (ms < 120'000)
        return QStringLiteral("%1 s ago").arg(ms / 1000);
    return QStringLiteral("%1 min ago").arg(ms / 60'000);
}

QString lastEventMoment(const InformerStatus &status)
{
    if (status.lastEventMs < 0)
        return {};
    const qint64 eventMs = SecondClock::clusterTimeWhen(status.lastEventMs);
    if (const std::optional<SecondClock::Recording> recording = SecondClock::recording())
        return recordingOffsetText(eventMs - recording->startMs);
    return QDateTime::fromMSecsSinceEpoch(eventMs).toString(QStringLiteral("HH:mm:ss"));
}

QString lastEventPhrase(const InformerStatus &status, qint64 nowMs)
{
    if (endedRecording(nowMs)) {
        return status.lastEventMs < 0
                   ? QStringLiteral("replay ended")
                   : QStringLiteral("replay ended — last event ") + lastEventText(status, nowMs);
    }
    if (status.state == State::Watching && status.lastEventMs > 0)
        return QStringLiteral("last event ") + lastEventText(status, nowMs);
    return {};
}

namespace {

// Why the informer is not watching, without a countdown: freshnessText's
// words but in three states. That text is live (the status bar, the
// informers panel, redrawn as the clock ticks), so it counts ("listing
// 1,200", "reconnecting in 4 s") and stays short ("error"); this reason is
// read in a tooltip or a line long after it was set, so it never counts and
// says what was lost or failed ("relisting", "watch lost, reconnecting",
// "listing failed").
QString notWatchedReason(const InformerStatus &status)
{
    switch (status.state) {
    case State::Listing:
        return status.synced ? QStringLiteral("relisting") : QStringLiteral("listing");
    case State::BackingOff:
        return status.synced ? QStringLiteral("watch lost, reconnecting")
                             : QStringLiteral("could not list yet, retrying");
    case State::Error:
        return status.synced ? QStringLiteral("watch failed") : QStringLiteral("listing failed");
    case State::Watching:
    case State::Pending:
    case State::Unauthorized:
    case State::Forbidden:
    case State::Stopped:
    case State::WaitingForSignIn:
    case State::Gone:
    case State::Connecting:
    case State::NotRecorded:
        // Their words count nothing: the time is not read.
        return freshnessText(status, 0);
    }
    return {};
}

} // namespace

QString notWatchedText(const InformerStatus &status, qint64 sinceMs)
{
    QString reason = notWatchedReason(status);
    if (!status.lastError.isEmpty())
        reason += QStringLiteral(": ") + status.lastError;
    return notWatchedSince(reason, sinceMs);
}

QString notWatchedSummary(const InformerStatus &status, qint64 sinceMs)
{
    return notWatchedSince(notWatchedReason(status), sinceMs);
}

QString notWatchedSince(const QString &reason, qint64 sinceMs)
{
    if (sinceMs < 0)
        return QStringLiteral("not watched (%1)").arg(reason);
    const QString since =
        QDateTime::fromMSecsSinceEpoch(sinceMs).toString(QStringLiteral("HH:mm:ss"));
    return QStringLiteral("not watched since %1 (%2)").arg(since, reason);
}

QString notWatchedFor(qint64 ms)
{
    const qint64 seconds = qMax<qint64>(ms, 0) / 1000;
    if (seconds < 120)
        return QStringLiteral("not watched for %1 s").arg(seconds);
    if (seconds < 2 * 3600)
        return QStringLiteral("not watched for %1 min").arg(seconds / 60);
    return QStringLiteral("not watched for %1 h").arg(seconds / 3600);
}

QColor staleTextColor()
{
    // Models also run without a GUI application (their tests): no palette.
    if (!qobject_cast<QGuiApplication *>(QCoreApplication::instance()))
        return QColor(Qt::gray);
    return QGuiApplication::palette().color(QPalette::Disabled, QPalette::Text);
}

QVariant staleCountData(int role, const QString &why)
{
    if (why.isEmpty())
        return {};
    switch (role) {
    case Qt::ForegroundRole:
        return staleTextColor();
    case Qt::FontRole: {
        QFont font;
        font.setItalic(true);
        return font;
    }
    case Qt::ToolTipRole:
        return QStringLiteral("The counts are the last known: %1.").arg(why);
    default:
        return {};
    }
}

QColor freshnessColor(FreshnessLevel level)
{
    switch (level) {
    case FreshnessLevel::Fresh:
        return QColor(0x2e, 0xa0, 0x43);
    case FreshnessLevel::Working:
        return QColor(0x3b, 0x82, 0xd6);
    case FreshnessLevel::Stale:
        return QColor(0xd0, 0x8c, 0x12);
    case FreshnessLevel::Failed:
        return QColor(0xd9, 0x3f, 0x3f);
    }
    return {};
}

} // namespace informant
