#include "informer/kube/proxyenvironment.h"

#include <QHostAddress>
#include <QStringList>

namespace informant {

namespace {

QString firstSet(const char *upper, const char *lower)
{
    // Go's getEnvAny: an empty upper-case variable falls through to the
    // lower-case one.
    const QString value = qEnvironmentVariable(upper);
    return value.isEmpty() ? qEnvironmentVariable(lower) : value;
}

QUrl parseProxy(const QString &text)
{
    const QString trimmed = text.trimmed();
    if (trimmed.isEmpty())
        return {};
    const auto supported = [](const QUrl &url) {
        const QString scheme = url.scheme();
        return url.isValid() && !url.host().isEmpty() &&
               (scheme == QLatin1String("http") || scheme == QLatin1String("https") ||
                scheme == QLatin1String("socks5"));
    };
    const QUrl url(trimmed, QUrl::StrictMode);
    if (supported(url))
        return url;
    // As Go's parseProxy: "proxy.corp:3128" means http://proxy.corp:3128.
    const QUrl http(QStringLiteral("http://") + trimmed, QUrl::StrictMode);
    return supported(http) ? http : QUrl();
}

// Go's net.SplitHostPort for a NO_PROXY entry: "host:port", "[v6]:port";
// anything else is a bare host. `port` is -1 without one.
void splitHostPort(const QString &entry, QString &host, int &port)
{
    host = entry;
    port = -1;
    if (entry.startsWith(QLatin1Char('['))) {
        const qsizetype close = entry.indexOf(QLatin1String("]:"));
        if (close > 0) {
            host = entry.mid(1, close - 1);
            port = entry.mid(close + 2).toInt();
        } else if (entry.endsWith(QLatin1Char(']'))) {
            host = entry.mid(1, entry.size() - 2);
        }
        return;
    }
    if (entry.count(QLatin1Char(':')) == 1) {
        const qsizetype colon = entry.indexOf(QLatin1Char(':'));
        host = entry.left(colon);
        port = entry.mid(colon + 1).toInt();
    }
}

bool portMatches(int wanted, int port)
{
    return wanted <= 0 || wanted == port;
}

} // namespace

ProxyEnvironment ProxyEnvironment::fromProcess()
{
    return {firstSet("HTTPS_PROXY", "https_proxy"), firstSet("HTTP_PROXY", "http_proxy"),
            firstSet("NO_PROXY", "no_proxy")};
}

QUrl ProxyEnvironment::proxyFor(const QUrl &target) const
{
    const QString scheme = target.scheme();
    QUrl proxy;
    if (scheme == QLatin1String("https"))
        proxy = parseProxy(httpsProxy);
    else if (scheme == QLatin1String("http"))
        proxy = parseProxy(httpProxy);
    if (proxy.isEmpty())
        return {};
    const int port = target.port(scheme == QLatin1String("https") ? 443 : 80);
    return bypasses(target.host(QUrl::FullyEncoded), port) ? QUrl() : proxy;
}

bool ProxyEnvironment::bypasses(const QString &targetHost, int port) const
{
    const QString host = targetHost.trimmed().toLower();
    if (host == QLatin1String("localhost"))
        return true;
    const QHostAddress ip(host);
    if (!ip.isNull() && ip.isLoopback())
        return true;

    for (const QString &item : noProxy.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const QString entry = item.trimmed().toLower();
        if (entry.isEmpty())
            continue;
        if (entry == QLatin1String("*"))
            return true;
        if (entry.contains(QLatin1Char('/'))) {
            const auto subnet = QHostAddress::parseSubnet(entry);
            if (subnet.second >= 0 && !ip.isNull() && ip.isInSubnet(subnet))
                return true;
            continue;
        }
        QString entryHost;
        int entryPort = -1;
        splitHostPort(entry, entryHost, entryPort);
        if (entryHost.isEmpty())
            continue;
        const QHostAddress entryIp(entryHost);
        if (!entryIp.isNull()) {
            if (!ip.isNull() && ip.isEqual(entryIp) && portMatches(entryPort, port))
                return true;
            continue;
        }
        // Go's domainMatch: "corp" also matches the host itself, ".corp"
        // and "*.corp" only its subdomains.
        if (entryHost.startsWith(QLatin1String("*.")))
            entryHost.remove(0, 1);
        const bool matchesItself = !entryHost.startsWith(QLatin1Char('.'));
        const QString suffix = matchesItself ? QLatin1Char('.') + entryHost : entryHost;
        const QString ace = QString::fromLatin1(QUrl::toAce(suffix));
        const QString domain = ace.isEmpty() ? suffix : ace;
        if ((host.endsWith(domain) || (matchesItself && host == domain.mid(1))) &&
            portMatches(entryPort, port))
            return true;
    }
    return false;
}

} // namespace informant
