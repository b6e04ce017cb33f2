// Fuzz target: the simulator's incremental HTTP/1.1 request parser. The
// input is fed twice, at once and in slices whose size comes from its first
// byte; both ways must yield the same requests and the same error (the
// parser may not depend on how TCP splits the bytes).

#include "sim/httpparser.h"

#include <cstdint>

namespace {

struct Outcome
{
    QList<QByteArray> requests; // method, target, body of each
    int errorCode = 0;

    bool operator==(const Outcome &other) const
    {
        return requests == other.requests && errorCode == other.errorCode;
    }
};

void drain(informant::sim::HttpParser &parser, Outcome &outcome)
{
    while (!parser.hasError()) {
        auto request = parser.next();
        if (!request)
            break;
        outcome.requests.append(request->method + ' ' + request->target + ' ' +
                                QByteArray::number(request->headers.size()) + ' ' + request->body);
    }
    outcome.errorCode = parser.errorCode();
}

Outcome parse(QByteArrayView bytes, qsizetype slice)
{
    informant::sim::HttpParser parser;
    Outcome outcome;
    for (qsizetype at = 0; at < bytes.size() && !parser.hasError(); at += slice) {
        parser.feed(bytes.sliced(at, std::min(slice, bytes.size() - at)));
        drain(parser, outcome);
    }
    drain(parser, outcome);
    return outcome;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    const qsizetype slice = 1 + data[0] % 16;
    const QByteArrayView bytes(reinterpret_cast<const char *>(data) + 1, qsizetype(size) - 1);
    if (!(parse(bytes, std::max<qsizetype>(bytes.size(), 1)) == parse(bytes, slice)))
        __builtin_trap();
    return 0;
}
