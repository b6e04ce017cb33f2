#pragma once

// Internal to informer-printers: the table of built-in printers. Each
// printers file contributes the kinds of one API area.

#include "informer/printers/resourceprinter.h"

namespace informant::printers_detail {

struct BuiltinPrinter
{
    const char *group;
    const char *kind;
    const ResourcePrinter *printer;
};

QList<BuiltinPrinter> builtinPrinters();

void addPodPrinters(QList<BuiltinPrinter> &out);      // podprinter.cpp
void addWorkloadPrinters(QList<BuiltinPrinter> &out); // workloadprinters.cpp
void addCorePrinters(QList<BuiltinPrinter> &out);     // coreprinters.cpp
void addNetworkPrinters(QList<BuiltinPrinter> &out);  // networkprinters.cpp
void addClusterPrinters(QList<BuiltinPrinter> &out);  // clusterprinters.cpp
void addPlatformPrinters(QList<BuiltinPrinter> &out); // platformprinters.cpp

// The apiserver's default table (NAME, CREATED AT), which kinds without a
// kubectl printer (Role, ClusterRole, LimitRange, CRDs) are served with.
const ResourcePrinter &createdAtPrinter();

} // namespace informant::printers_detail
