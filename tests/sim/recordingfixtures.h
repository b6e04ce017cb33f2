#pragma once

// Shared by the tests of the simulator serving a recording (informant-sim
// --replay FILE, docs/RECORDING.md): the lines a recording is made of, and
// simulators replaying recordings written to a temporary directory.

#include "simfixtures.h"

#include <QFile>
#include <QTemporaryDir>

namespace simtest {

// Resources a recording's header declares.
inline const QByteArray kConfigMaps =
    R"({"group":"","version":"v1","resource":"configmaps","kind":"ConfigMap","namespaced":true})";
inline const QByteArray kNamespaces =
    R"({"group":"","version":"v1","resource":"namespaces","kind":"Namespace","namespaced":false})";
inline const QByteArray kCrds =
    R"({"group":"apiextensions.k8s.io","version":"v1","resource":"customresourcedefinitions","kind":"CustomResourceDefinition","namespaced":false})";
inline const QByteArray kWidgets =
    R"({"group":"example.com","version":"v1","resource":"widgets","kind":"Widget","namespaced":true})";

// Recorded objects of the custom kind widgets.example.com: its
// CustomResourceDefinition, and widget w in "default".
inline const QByteArray kRecordedWidgetsCrd =
    R"({"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition",)"
    R"("metadata":{"name":"widgets.example.com"},"spec":{"group":"example.com",)"
    R"("names":{"plural":"widgets","singular":"widget","kind":"Widget","listKind":"WidgetList"},)"
    R"("scope":"Namespaced","versions":[{"name":"v1","served":true,"storage":true}]}})";
inline const QByteArray kRecordedWidget =
    R"({"apiVersion":"example.com/v1","kind":"Widget","metadata":{"name":"w","namespace":"default"}})";

// A recording's first line, declaring `resources`.
inline QByteArray header(const QList<QByteArray> &resources, int version = 1)
{
    return "{\"informantRecording\":" + QByteArray::number(version) +
           ",\"recordedAt\":\"2026-01-01T00:00:00Z\",\"server\":\"https://cluster.example\","
           "\"resources\":[" +
           resources.join(',') + "]}\n";
}

// ConfigMap `name` in "default" with data k=`value`, with the uid and the
// resourceVersion the recorded cluster gave it (the simulator serves its own
// resourceVersions).
inline QByteArray recordedConfigMap(const QByteArray &name, const QByteArray &value)
{
    return R"({"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":")" + name +
           R"(","namespace":"default","uid":"uid-)" + name +
           R"(","resourceVersion":"917"},"data":{"k":")" + value + R"("}})";
}

// A record line: `type` of `object` at `t` ms since the recording began (0:
// the initial state).
inline QByteArray record(qint64 t, const QByteArray &type, const QByteArray &object,
                         const QByteArray &resource = "configmaps", const QByteArray &group = "")
{
    return "{\"t\":" + QByteArray::number(t) + ",\"resource\":\"" + resource + "\",\"group\":\"" +
           group + "\",\"type\":\"" + type + "\",\"object\":" + object + "}\n";
}

// Recordings written to files in a temporary directory, and simulators
// replaying them.
class Recordings
{
public:
    // The file `contents` was written to; empty if it could not be written.
    QString write(const QByteArray &contents)
    {
        const QString path = m_dir.filePath(QStringLiteral("recording-%1.ndjson").arg(++m_files));
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly) || file.write(contents) != contents.size())
            return {};
        return path;
    }
    QString filePath(const QString &name) const { return m_dir.filePath(name); }
    // A simulator of the "replay" scenario serving `contents`, played `speed`
    // times as fast.
    std::unique_ptr<informant::sim::Simulator> replay(const QByteArray &contents, double speed = 1)
    {
        informant::sim::SimOptions options;
        options.scenario = QStringLiteral("replay");
        options.replayFile = write(contents);
        options.replaySpeed = speed;
        return startSim(options);
    }

private:
    QTemporaryDir m_dir;
    int m_files = 0;
};

} // namespace simtest
