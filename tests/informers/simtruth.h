#pragma once

// What the informer tests that run informant-sim share: its control
// endpoint's requests, and the cache in the shape of its truth snapshot
// (/sim/v1/truth: [{"key","resourceVersion","uid"}] sorted by key), so that
// a cache is compared with the truth byte for byte.

#include "informer/cache/indexer.h"

#include <QEventLoop>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>

#include <algorithm>

namespace informant::test {

// GET, or POST with an empty JSON body, of `url`; the reply's body.
inline QByteArray request(QNetworkAccessManager &manager, const QString &url, bool post = false)
{
    QNetworkRequest req{QUrl(url)};
    req.setHeader(QNetworkRequest::ContentTypeHeader, QStringLiteral("application/json"));
    QNetworkReply *reply = post ? manager.post(req, QByteArray()) : manager.get(req);
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    loop.exec();
    const QByteArray body = reply->readAll();
    reply->deleteLater();
    return body;
}

inline QByteArray cacheSnapshot(const Indexer &indexer)
{
    QList<KubeObject> objects = indexer.list();
    std::sort(objects.begin(), objects.end(),
              [](const KubeObject &a, const KubeObject &b) { return a.key() < b.key(); });
    QByteArray out = "[";
    for (qsizetype i = 0; i < objects.size(); ++i) {
        if (i > 0)
            out += ',';
        out += "{\"key\":\"" + objects[i].key().toUtf8() + "\",\"resourceVersion\":\"" +
               objects[i].resourceVersion().toUtf8() + "\",\"uid\":\"" + objects[i].uid().toUtf8() +
               "\"}";
    }
    return out + ']';
}

} // namespace informant::test
