#pragma once

// ProxyEnvironment: the proxy a request takes when the kubeconfig cluster
// has no proxy-url, chosen as Go's http.ProxyFromEnvironment chooses it for
// kubectl (client-go's default transport). HTTPS_PROXY serves https servers
// and HTTP_PROXY http ones (upper case first, then lower case; a value
// without a scheme is an http proxy). NO_PROXY is a comma-separated list of
// host names ("corp" matches corp and sub.corp, ".corp" and "*.corp" only
// sub.corp), IP addresses, CIDR ranges, each optionally with ":port", or "*"
// for every host. localhost and loopback addresses are never proxied. Plain
// value type.

#include <QString>
#include <QUrl>

namespace informant {

struct ProxyEnvironment
{
    QString httpsProxy; // HTTPS_PROXY / https_proxy
    QString httpProxy;  // HTTP_PROXY / http_proxy
    QString noProxy;    // NO_PROXY / no_proxy

    // The current process environment's values.
    static ProxyEnvironment fromProcess();

    // The proxy for a request to `target`; empty for a direct connection
    // (also when the variable holds no usable http, https or socks5 URL, which
    // Go ignores the same way).
    QUrl proxyFor(const QUrl &target) const;
    // Whether NO_PROXY (or the loopback rule) exempts `host` on `port`.
    bool bypasses(const QString &host, int port) const;
};

} // namespace informant
