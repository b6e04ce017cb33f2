#pragma once

// A Node's own rows in the details pane's Overview, what an SRE reads first
// in kubectl describe node: its taints and whether it is cordoned, its
// addresses, its capacity and allocatable cpu, memory (in GiB: the API's
// "32863392Ki" is hard to read) and pods, and its kubelet, container
// runtime, OS image and kernel versions. Its conditions are the Overview's
// Conditions table (overviewcondition.h says which are bad).

#include "ui/overviewrow.h"

#include <QJsonObject>
#include <QList>

namespace informant {

QList<OverviewRow> nodeRows(const QJsonObject &node);

// A memory quantity ("32863392Ki", "512Mi", "1G") as "31.3 GiB" or
// "512 MiB"; the quantity itself when it is not one this reads.
QString memoryQuantityText(const QString &quantity);

} // namespace informant
