#include "tabwriter.h"

#include <algorithm>

namespace informantctl {

QString formatTable(const QList<QStringList> &rows)
{
    constexpr qsizetype kMinWidth = 6;
    constexpr qsizetype kPadding = 3;
    QList<qsizetype> widths;
    for (const QStringList &row : rows) {
        for (qsizetype i = 0; i + 1 < row.size(); ++i) {
            if (widths.size() <= i)
                widths.append(kMinWidth);
            widths[i] = std::max(widths[i], row[i].size() + kPadding);
        }
    }
    QString out;
    for (const QStringList &row : rows) {
        for (qsizetype i = 0; i < row.size(); ++i)
            out += i + 1 < row.size() ? row[i].leftJustified(widths[i]) : row[i];
        out += QLatin1Char('\n');
    }
    return out;
}

} // namespace informantctl
