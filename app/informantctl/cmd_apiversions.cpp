// informantctl api-versions: every group version the server serves, one a
// line, sorted as kubectl api-versions sorts them (Go's sort.Strings: byte
// order, so "v1" after the groups). Only the group lists are read (/api and
// /apis, client-go's ServerGroups), not every group's resources.

#include "command.h"
#include "connection.h"
#include "standardoutput.h"

#include "informer/kube/discovery.h"
#include "informer/kube/restclient.h"

#include <QTextStream>

using namespace informant;

namespace informantctl {

namespace {

// What kubectl's api-versions says of a failed discovery request: a
// refused user in its discovery client's words, else the request and why.
QString failureText(const ApiError &error)
{
    return isRefusedUser(error) ? statusErrorText(error, RequestKind::Discovery) : error.message;
}

// "GROUP/VERSION" for each version of each group, "VERSION" for the core
// group's; or the failed request's message.
Result<QStringList> groupVersions(RestClient &client)
{
    auto api = client.getBlocking(QStringLiteral("/api"), {});
    if (!api)
        return Error{failureText(api.error())};
    auto core = Discovery::parseApiVersions(api->body);
    if (!core)
        return core.error();
    auto apis = client.getBlocking(QStringLiteral("/apis"), {});
    if (!apis)
        return Error{failureText(apis.error())};
    auto groups = Discovery::parseGroupList(apis->body);
    if (!groups)
        return groups.error();
    QStringList versions = core->versions;
    for (const ApiGroup &group : std::as_const(*groups))
        for (const QString &version : group.versions)
            versions.append(group.name + u'/' + version);
    return versions;
}

int runApiVersions(const QCommandLineParser &parser, const QStringList &args)
{
    QTextStream err(stderr);
    if (!args.isEmpty()) {
        // kubectl's usage error: the arguments as Go prints a []string.
        err << "error: unexpected arguments: [" << args.join(u' ') << "]\n"
            << "See 'kubectl api-versions -h' for help and examples\n";
        return 1;
    }
    auto connection = connectCluster(GlobalOptions::fromParser(parser));
    if (!connection) {
        err << connection.errorMessage() << '\n';
        return 1;
    }
    RestClient client(*connection);
    auto versions = groupVersions(client);
    if (!versions) {
        err << "error: couldn't get available api versions from server: " << versions.errorMessage()
            << '\n';
        return 1;
    }
    // Byte order, as Go sorts strings (QString's case-sensitive order
    // compares UTF-16 code units, the same for the ASCII names groups and
    // versions have).
    QStringList sorted = *versions;
    sorted.sort();
    if (!sorted.isEmpty())
        writeStandardOutput(sorted.join(u'\n') + u'\n');
    return 0;
}

const CommandRegistration registration(Command{
    QStringLiteral("api-versions"),
    QStringLiteral("api-versions                        the server's group versions, like kubectl "
                   "api-versions"),
    {},
    runApiVersions,
});

} // namespace

} // namespace informantctl
