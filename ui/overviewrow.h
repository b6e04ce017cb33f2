#pragma once

// One row of the details pane's Overview table: a key and its value as
// HTML, made by the per-kind builders (overviewconfigmap.h,
// overviewcontainers.h, ...) for overviewhtml.cpp to lay out.

#include <QString>

namespace informant {

struct OverviewRow
{
    QString key;       // plain text
    QString valueHtml; // escaped
};

} // namespace informant
