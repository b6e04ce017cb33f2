#pragma once

// How informantctl get prints what it found (cmd_get.cpp finds it): a table
// per kind, names, one List as JSON or YAML, a JSONPath template or custom
// columns over all of it, sorted by --sort-by; and kubectl's "No resources
// found" when there is nothing.

#include "getoutput.h"
#include "informerrunner.h"
#include "resourcetable.h"
#include "sortby.h"

#include "informer/core/kubeobject.h"
#include "informer/core/result.h"

#include <QList>

namespace informantctl {

// One table's worth of what was found: a kind's whole list (sorted by
// key), or the objects of one kind found by name one after another.
struct KindObjects
{
    InformerRunner *runner = nullptr;
    QList<informant::KubeObject> objects;
    bool listed = false;         // the whole kind was asked for, not names
    QString listResourceVersion; // when listed: the list's (tablesort.h)
};

// Prints what was found in the format asked for (the kinds in argument
// order). `singleObject`: one object was named, printed alone in JSON/YAML
// and given alone to a JSONPath template.
void printKinds(const QList<KindObjects> &kinds, const GetOutput &output, TableOptions options,
                bool allNamespaces, bool singleObject);

// kubectl says in which namespace it found nothing when every kind it read
// lives in namespaces.
void printNoResourcesFound(const QList<KindObjects> &kinds);

// --sort-by for every output but tables (tablesort.h): all the objects as
// one sequence (kubectl sorts what it prints as one List, kinds mixed),
// regrouped into runs of one kind.
informant::Result<QList<KindObjects>> sortedKinds(const QList<KindObjects> &kinds,
                                                  const SortBy &sortBy);

} // namespace informantctl
