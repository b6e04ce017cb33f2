#pragma once

// What representation an Accept header asks for: plain objects, a
// meta.k8s.io Table, or PartialObjectMetadata(List). Parameter order is
// irrelevant; the first acceptable media range wins (reference §8.3).

#include <QByteArray>

namespace informant::sim {

struct Representation
{
    enum class Kind { Object, Table, PartialMetadata };
    Kind kind = Kind::Object;
    QByteArray metaVersion = "v1"; // of the Table / PartialObjectMetadata
    bool fallbackAllowed = true;   // plain JSON also acceptable
};

Representation representationFromAccept(const QByteArray &accept);

} // namespace informant::sim
