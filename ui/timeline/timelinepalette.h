#pragma once

// TimelinePalette: the timeline's colours, derived from the widget palette so
// they follow the desktop theme (light or dark): Normal events in blue,
// Warnings in amber-red, unknown types in grey, chosen per theme for contrast
// against the base colour. A group's object count is in a neutral pill:
// the Warning colour there read as an alert about the group. Plain value type.

#include "models/timeline/timelineevent.h"

#include <QColor>
#include <QPalette>

namespace informant {

struct TimelinePalette
{
    QColor base;      // plot background
    QColor alternate; // every other lane
    QColor gutter;    // lane label column
    QColor header;    // group header rows and the axis
    QColor badge;     // a group's object count pill: a number, not an alert
    QColor text;
    QColor mutedText;
    QColor grid;
    QColor majorGrid;
    QColor selection;
    QColor now;
    QColor watchGap; // a time the events watch was down
    QColor normal;
    QColor warning;
    QColor other;
    bool dark = false;

    static TimelinePalette fromPalette(const QPalette &palette);
    QColor colorFor(EventType type) const
    {
        return type == EventType::Warning ? warning : type == EventType::Normal ? normal : other;
    }
};

} // namespace informant
