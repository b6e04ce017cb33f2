// Fuzz target: the JSONPath parser and evaluator. The first line of the
// input is the expression, the rest the JSON document it runs on (and it
// runs on a fixed pod as well). A parsed expression must parse again from
// its own text.

#include "informer/printers/jsonpath.h"

#include <cstdint>

namespace {

const QByteArray kPod = R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":"web-1",
"namespace":"default","labels":{"app":"web","a.b/c":"x"},"ownerReferences":[{"kind":"ReplicaSet",
"name":"web","controller":true}]},"spec":{"containers":[{"name":"app","image":"nginx",
"ports":[{"containerPort":80},{"containerPort":443}]}],"nodeName":"node-1"},"status":{
"phase":"Running","conditions":[{"type":"Ready","status":"True"},{"type":"Scheduled",
"status":"False"}],"containerStatuses":[{"restartCount":3,"ready":true}],"qty":1.5e3,"n":null}})";

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray input(reinterpret_cast<const char *>(data), qsizetype(size));
    const qsizetype newline = input.indexOf('\n');
    const QString expression = QString::fromUtf8(newline < 0 ? input : input.left(newline));
    const QByteArray document = newline < 0 ? QByteArray() : input.mid(newline + 1);
    auto path = informant::JsonPath::parse(expression);
    if (!path.ok())
        return 0;
    if (!informant::JsonPath::parse(path->expression()).ok())
        __builtin_trap();
    (void)path->evaluate(kPod);
    if (!document.isEmpty())
        (void)path->evaluate(document);
    return 0;
}
