#include "notfound.h"

#include "informerrunner.h"

#include "informer/kube/restclient.h"

#include <optional>

using namespace informant;

namespace informantctl {

namespace {

// The server's NotFound message for `namespaceName`, if it has no such
// namespace.
std::optional<QString> missingNamespaceMessage(const ClusterSession &session,
                                               const QString &namespaceName)
{
    RestClient client(session.connection());
    const auto response =
        client.getBlocking(QStringLiteral("/api/v1/namespaces/") + namespaceName, {});
    if (response.ok() || !response.error().isStatus() || response.error().status.code != 404)
        return std::nullopt;
    return response.error().status.message;
}

} // namespace

QString notFoundMessage(const InformerRunner &runner, const QString &name)
{
    const QString prefix = QStringLiteral("Error from server (NotFound): ");
    const QString &namespaceName = runner.namespaceName();
    if (runner.resource().namespaced && !namespaceName.isEmpty() &&
        namespaceName != QLatin1String("default")) {
        if (const auto missing = missingNamespaceMessage(runner.session(), namespaceName))
            return prefix + *missing;
    }
    return prefix +
           QStringLiteral("%1 \"%2\" not found").arg(runner.resource().qualifiedName(), name);
}

} // namespace informantctl
