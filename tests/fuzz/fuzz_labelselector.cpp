// Fuzz target: the label selector parser and matcher. A selector that parses
// must print in a canonical form that parses back to the same selector.

#include "informer/printers/labelselector.h"

#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString text = QString::fromUtf8(reinterpret_cast<const char *>(data), qsizetype(size));
    auto selector = informant::LabelSelector::parse(text);
    if (!selector.ok())
        return 0;
    auto again = informant::LabelSelector::parse(selector->toString());
    if (!again.ok() || !(again.value() == selector.value()))
        __builtin_trap();
    const QList<informant::Label> labels{{QStringLiteral("app"), QStringLiteral("web")},
                                         {QStringLiteral("tier"), QStringLiteral("5")}};
    (void)selector->matches(labels);
    return 0;
}
