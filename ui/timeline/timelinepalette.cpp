#include "ui/timeline/timelinepalette.h"

namespace informant {

namespace {

QColor mix(const QColor &a, const QColor &b, double t)
{
    return QColor::fromRgbF(float(a.redF() * (1 - t) + b.redF() * t),
                            float(a.greenF() * (1 - t) + b.greenF() * t),
                            float(a.blueF() * (1 - t) + b.blueF() * t));
}

} // namespace

TimelinePalette TimelinePalette::fromPalette(const QPalette &palette)
{
    TimelinePalette p;
    p.base = palette.color(QPalette::Base);
    p.text = palette.color(QPalette::Text);
    p.dark = p.base.lightness() < 128;
    p.alternate = mix(p.base, p.text, p.dark ? 0.035 : 0.025);
    p.gutter = mix(palette.color(QPalette::Window), p.base, 0.35);
    p.header = mix(palette.color(QPalette::Window), p.text, p.dark ? 0.06 : 0.04);
    // Set off from the header row it sits on, as quiet as its label.
    p.badge = mix(p.header, p.text, p.dark ? 0.2 : 0.13);
    p.mutedText = mix(p.text, p.base, 0.45);
    p.grid = mix(p.base, p.text, p.dark ? 0.12 : 0.08);
    p.majorGrid = mix(p.base, p.text, p.dark ? 0.28 : 0.22);
    p.selection = palette.color(QPalette::Highlight);
    p.selection.setAlpha(p.dark ? 70 : 50);
    // Saturated enough to read at 2 px, distinct for red-green colour blindness
    // (blue vs orange), and shapes differ too (circle vs diamond).
    p.normal = p.dark ? QColor(0x5c, 0xa4, 0xff) : QColor(0x1f, 0x6f, 0xd6);
    p.warning = p.dark ? QColor(0xff, 0x94, 0x3a) : QColor(0xd9, 0x48, 0x0f);
    p.other = mix(p.text, p.base, 0.4);
    p.now = p.dark ? QColor(0x4c, 0xd1, 0x7a) : QColor(0x1a, 0x9a, 0x4a);
    p.watchGap = p.dark ? QColor(0xe8, 0xa8, 0x3a) : QColor(0xc8, 0x7a, 0x0e);
    return p;
}

} // namespace informant
