#pragma once

// Which objects a list or watch request selects: a namespace, a label
// selector (the shared LabelSelector) and a field selector (=, ==, != on the
// resource's selectable fields, as kube-apiserver's fields.Selector).

#include "sim/httprequest.h"
#include "sim/resourcetype.h"
#include "sim/storedobject.h"

#include "informer/printers/labelselector.h"

namespace informant::sim {

struct FieldRequirement
{
    QString path;
    QString value;
    bool negated = false;
};

struct ObjectFilter
{
    QString namespaceName; // empty: all namespaces
    LabelSelector labels;
    QList<FieldRequirement> fields;

    // Errors carry the 400 message kube-apiserver gives.
    static Result<ObjectFilter> fromRequest(const HttpRequest &request, const ResourceType &type,
                                            const QString &namespaceName);
    bool matches(const StoredObject &object) const;
    bool hasSelectors() const { return !labels.isEmpty() || !fields.isEmpty(); }
};

Result<QList<FieldRequirement>> parseFieldSelector(const QString &text);

} // namespace informant::sim
