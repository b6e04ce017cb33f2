#include "sim/listplan.h"

#include "sim/continuetoken.h"
#include "sim/statuses.h"

namespace informant::sim {

ListRequestOptions ListRequestOptions::fromRequest(const HttpRequest &request)
{
    ListRequestOptions options;
    options.resourceVersion = request.param(QStringLiteral("resourceVersion"));
    options.resourceVersionMatch = request.param(QStringLiteral("resourceVersionMatch"));
    options.limit = request.param(QStringLiteral("limit")).toLongLong();
    options.continueToken = request.param(QStringLiteral("continue"));
    options.hasSendInitialEvents = request.hasParam(QStringLiteral("sendInitialEvents"));
    return options;
}

std::optional<quint64> parseResourceVersion(const QString &text)
{
    bool ok = false;
    const quint64 value = text.toULongLong(&ok);
    return ok ? std::optional<quint64>(value) : std::nullopt;
}

ApiStatus invalidListOptions(const QString &field, const QString &causeType, const QString &detail)
{
    return statuses::invalid(QStringLiteral("ListOptions.meta.k8s.io"), QString(), field, causeType,
                             detail);
}

namespace {

const QString kForbidden = QStringLiteral("FieldValueForbidden");

Result<ListPlan, ApiStatus> validate(const ListRequestOptions &o)
{
    const QString rvm = QStringLiteral("resourceVersionMatch");
    if (o.hasSendInitialEvents)
        return invalidListOptions(
            QStringLiteral("sendInitialEvents"), kForbidden,
            QStringLiteral("Forbidden: sendInitialEvents is forbidden for list"));
    if (!o.resourceVersionMatch.isEmpty()) {
        if (o.resourceVersion.isEmpty())
            return invalidListOptions(rvm, kForbidden,
                                      QStringLiteral("Forbidden: resourceVersionMatch is forbidden "
                                                     "unless resourceVersion is provided"));
        if (!o.continueToken.isEmpty())
            return invalidListOptions(rvm, kForbidden,
                                      QStringLiteral("Forbidden: resourceVersionMatch is forbidden "
                                                     "when continue is provided"));
        if (o.resourceVersionMatch != QLatin1String("Exact") &&
            o.resourceVersionMatch != QLatin1String("NotOlderThan"))
            return invalidListOptions(
                rvm, QStringLiteral("FieldValueNotSupported"),
                QStringLiteral("Unsupported value: \"%1\": supported values: \"Exact\", "
                               "\"NotOlderThan\"")
                    .arg(o.resourceVersionMatch));
        if (o.resourceVersionMatch == QLatin1String("Exact") &&
            o.resourceVersion == QLatin1String("0"))
            return invalidListOptions(rvm, kForbidden,
                                      QStringLiteral("Forbidden: resourceVersionMatch \"exact\" is "
                                                     "forbidden for resourceVersion \"0\""));
    }
    if (!o.continueToken.isEmpty() && !o.resourceVersion.isEmpty() &&
        o.resourceVersion != QLatin1String("0"))
        return statuses::badRequest(
            QStringLiteral("specifying resource version is not allowed when using continue"));
    return ListPlan{};
}

Result<ListPlan, ApiStatus> planContinuation(const ListRequestOptions &o, const StoreVersions &v)
{
    const Result<ContinueToken> token = ContinueToken::decode(o.continueToken);
    if (!token.ok())
        return statuses::badRequest(token.errorMessage());
    ListPlan plan;
    plan.startKey = token->startKey;
    plan.limit = o.limit;
    if (token->resourceVersion < 0) { // inconsistent continuation
        plan.snapshotRv = v.currentRv;
        return plan;
    }
    const quint64 rv = quint64(token->resourceVersion);
    const bool tooOld =
        rv < v.compactedRv || (v.continueTtlMs > 0 && v.nowMs - token->issuedMs > v.continueTtlMs);
    if (tooOld) {
        ContinueToken inconsistent = token.value();
        inconsistent.resourceVersion = -1;
        return statuses::continueExpired(inconsistent.encode());
    }
    plan.snapshotRv = rv;
    plan.currentState = rv >= v.currentRv;
    return plan;
}

} // namespace

Result<ListPlan, ApiStatus> planList(const ListRequestOptions &o, const StoreVersions &v)
{
    const Result<ListPlan, ApiStatus> valid = validate(o);
    if (!valid.ok())
        return valid;
    if (!o.continueToken.isEmpty())
        return planContinuation(o, v);

    ListPlan plan;
    plan.snapshotRv = v.currentRv;
    plan.limit = o.limit;
    if (o.resourceVersion.isEmpty())
        return plan; // Most recent
    const std::optional<quint64> rv = parseResourceVersion(o.resourceVersion);
    if (!rv)
        return statuses::badRequest(
            QStringLiteral("invalid resource version \"%1\"").arg(o.resourceVersion));
    if (*rv == 0) {
        // Any: served from the watch cache, which ignores limit (reference §1.3).
        plan.limit = 0;
        return plan;
    }
    if (*rv > v.currentRv)
        return statuses::tooLargeResourceVersion(*rv, v.currentRv);
    const bool exact = o.resourceVersionMatch == QLatin1String("Exact") ||
                       (o.resourceVersionMatch.isEmpty() && o.limit > 0);
    if (!exact)
        return plan; // Not older than: the current state is
    if (*rv < v.compactedRv)
        return statuses::listTooOld();
    plan.snapshotRv = *rv;
    plan.currentState = *rv >= v.currentRv;
    return plan;
}

} // namespace informant::sim
