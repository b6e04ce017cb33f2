#include "informer/informers/informerstatus.h"

namespace informant {

QString InformerStatus::stateName(State state)
{
    switch (state) {
    case State::Pending:
        return QStringLiteral("pending");
    case State::Listing:
        return QStringLiteral("listing");
    case State::Watching:
        return QStringLiteral("watching");
    case State::BackingOff:
        return QStringLiteral("backing off");
    case State::Unauthorized:
        return QStringLiteral("unauthorized");
    case State::Forbidden:
        return QStringLiteral("forbidden");
    case State::Error:
        return QStringLiteral("error");
    case State::Stopped:
        return QStringLiteral("stopped");
    case State::WaitingForSignIn:
        return QStringLiteral("waiting for sign-in");
    case State::Gone:
        return QStringLiteral("gone");
    case State::Connecting:
        return QStringLiteral("connecting");
    case State::NotRecorded:
        return QStringLiteral("not recorded");
    }
    return QStringLiteral("unknown");
}

} // namespace informant
