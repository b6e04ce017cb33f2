#pragma once

// Shared fixtures of the simulator's server tests: an in-process Simulator,
// a ConfigMap to create, merge patches, and readers for list responses.

#include "simclient.h"

#include "sim/simulator.h"

#include <QJsonArray>
#include <QTest>

#include <memory>

namespace simtest {

inline const QByteArray kTable = "application/json;as=Table;v=v1;g=meta.k8s.io";

inline QByteArray configMap(const QString &name, const QString &labelValue = QStringLiteral("a"))
{
    return QJsonDocument(
               QJsonObject{{"apiVersion", "v1"},
                           {"kind", "ConfigMap"},
                           {"metadata", QJsonObject{{"name", name},
                                                    {"labels", QJsonObject{{"tier", labelValue}}}}},
                           {"data", QJsonObject{{"k", "v"}}}})
        .toJson(QJsonDocument::Compact);
}

inline QString rvOf(const QJsonObject &object)
{
    return object.value(QLatin1String("metadata"))
        .toObject()
        .value(QLatin1String("resourceVersion"))
        .toString();
}

inline QString nameOf(const QJsonObject &object)
{
    return object.value(QLatin1String("metadata"))
        .toObject()
        .value(QLatin1String("name"))
        .toString();
}

inline QStringList namesOf(const QJsonArray &items)
{
    QStringList names;
    for (const QJsonValue &item : items)
        names.append(nameOf(item.toObject()));
    return names;
}

inline std::unique_ptr<informant::sim::Simulator> startSim(informant::sim::SimOptions options = {})
{
    auto simulator = std::make_unique<informant::sim::Simulator>();
    const auto started = simulator->start(options);
    if (!started.ok())
        qWarning("start failed: %s", qPrintable(started.errorMessage()));
    return simulator;
}

// A simulator of the "empty" scenario: no objects but those the test makes.
inline std::unique_ptr<informant::sim::Simulator>
startEmptySim(informant::sim::SimOptions options = {})
{
    options.scenario = QStringLiteral("empty");
    return startSim(options);
}

// Creates ConfigMap `name` in "default" with label tier=`label`.
inline void create(quint16 port, const QString &name, const QString &label = QStringLiteral("a"))
{
    const Response response =
        request(port, "POST", "/api/v1/namespaces/default/configmaps",
                {{"Content-Type", "application/json"}}, configMap(name, label));
    QCOMPARE(response.status, 201);
}

// The resourceVersion of the list at `target`: a watch from it sees what
// changes after.
inline QString listResourceVersion(quint16 port, const QByteArray &target)
{
    return get(port, target)
        .json()
        .value(QLatin1String("metadata"))
        .toObject()
        .value(QLatin1String("resourceVersion"))
        .toString();
}

// The names of the items of the list at `target`.
inline QStringList listNames(quint16 port, const QByteArray &target)
{
    return namesOf(get(port, target).json().value(QLatin1String("items")).toArray());
}

// A JSON merge patch (RFC 7386) of the object at `target`.
inline Response mergePatch(quint16 port, const QByteArray &target, const QByteArray &patch)
{
    return request(port, "PATCH", target, {{"Content-Type", "application/merge-patch+json"}},
                   patch);
}

} // namespace simtest
