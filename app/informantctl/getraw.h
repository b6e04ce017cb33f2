#pragma once

// informantctl get --raw PATH: one GET of PATH (its query too) on the API
// server, the body written to stdout as it arrives and as the server sent
// it (no newline added), as `kubectl get --raw` does; a watch URL streams
// until the server or --request-timeout ends it. Only GET: informantctl
// sends nothing that changes the cluster.
//
// kubectl's checks, in its order: no resource arguments; no -w,
// --watch-only or -l; no -o; a PATH Go's url.ParseRequestURI takes: one
// that starts with '/', or an absolute URL. Of an absolute URL, as of
// kubectl's, only the path and the query are used: the request goes to the
// cluster's server, whatever host the URL names (never elsewhere, with the
// user's credentials). A failed request is kubectl's line
// (kubectlerror.h), exit status 1.

#include <QCommandLineParser>
#include <QStringList>

namespace informantctl {

// Declares --raw (with get's other options).
void addGetRawOption(QCommandLineParser &parser);

// Whether --raw was given a path (`--raw ''` is get without it, as kubectl).
bool isRawGet(const QCommandLineParser &parser);

// Runs `get --raw`; `args` are get's positional arguments. The exit status.
int runGetRaw(const QCommandLineParser &parser, const QStringList &args);

} // namespace informantctl
