#pragma once

// Recordings (docs/RECORDING.md) of pods in namespace "default" for the GUI's
// replay tests: the recording's start (a header declaring pods and
// namespaces, then the namespace) and its lines.

#include <QByteArray>

namespace informant::test {

// Pod `name` in "default", running on node-1.
inline QByteArray recordedPod(const QByteArray &name)
{
    return R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":")" + name +
           R"(","namespace":"default","uid":"uid-)" + name +
           R"(","creationTimestamp":"2026-01-01T00:00:00Z"},"spec":{"nodeName":"node-1"},)"
           R"("status":{"phase":"Running"}})";
}

// A record line: `type` of `object` at `t` ms since the recording began.
inline QByteArray record(qint64 t, const QByteArray &type, const QByteArray &object,
                         const QByteArray &resource = "pods")
{
    return "{\"t\":" + QByteArray::number(t) + ",\"resource\":\"" + resource + "\",\"type\":\"" +
           type + "\",\"object\":" + object + "}\n";
}

// The header declaring pods and namespaces, and namespace "default" at t = 0.
inline QByteArray podsAndNamespacesStart()
{
    return R"({"informantRecording":1,"recordedAt":"2026-01-01T12:00:00Z","resources":[)"
           R"({"version":"v1","resource":"pods","kind":"Pod","namespaced":true},)"
           R"({"version":"v1","resource":"namespaces","kind":"Namespace"}]})"
           "\n" +
           record(0, "ADDED",
                  R"({"apiVersion":"v1","kind":"Namespace","metadata":{"name":"default"}})",
                  "namespaces");
}

} // namespace informant::test
