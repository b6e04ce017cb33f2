#pragma once

// A CustomResourceDefinition created in a running informant-sim, for the
// informantctl acceptance tests that need a resource clashing with a
// built-in one (the same plural, or a built-in's short name).

#include <QElapsedTimer>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QStringList>
#include <QTest>

#include <memory>

// Creates the namespaced CRD `plural`.`group` (version v1, kind `kind`) with
// `shortNames` in the simulator at `server`; true once the server took it.
inline bool createCrd(const QString &server, const QString &group, const QString &plural,
                      const QString &kind, const QStringList &shortNames = {})
{
    const QString singular = kind.toLower();
    const QString names = shortNames.isEmpty() ? QString()
                                               : QStringLiteral(",\"shortNames\":[\"%1\"]")
                                                     .arg(shortNames.join(QStringLiteral("\",\"")));
    const QByteArray body =
        QStringLiteral(
            "{\"apiVersion\":\"apiextensions.k8s.io/v1\",\"kind\":\"CustomResourceDefinition\","
            "\"metadata\":{\"name\":\"%1.%2\"},\"spec\":{\"group\":\"%2\",\"scope\":"
            "\"Namespaced\",\"names\":{\"plural\":\"%1\",\"singular\":\"%3\",\"kind\":\"%4\"%5},"
            "\"versions\":[{\"name\":\"v1\",\"served\":true,\"storage\":true,\"schema\":"
            "{\"openAPIV3Schema\":{\"type\":\"object\","
            "\"x-kubernetes-preserve-unknown-fields\":true}}}]}}")
            .arg(plural, group, singular, kind, names)
            .toUtf8();
    QNetworkAccessManager network;
    QNetworkRequest request(
        QUrl(server + QStringLiteral("/apis/apiextensions.k8s.io/v1/customresourcedefinitions")));
    request.setHeader(QNetworkRequest::ContentTypeHeader, QStringLiteral("application/json"));
    std::unique_ptr<QNetworkReply> reply(network.post(request, body));
    QElapsedTimer clock;
    clock.start();
    while (!reply->isFinished() && clock.elapsed() < 10000)
        QTest::qWait(10);
    return reply->isFinished() && reply->error() == QNetworkReply::NoError;
}
