#include "tabwriter.h"

#include <algorithm>

namespace informantctl {

QString TabWriter::format(const QList<QStringList> &rows)
{
    constexpr qsizetype kMinWidth = 6;
    constexpr qsizetype kPadding = 3;
    for (const QStringList &row : rows) {
        for (qsizetype i = 0; i + 1 < row.size(); ++i) {
            if (m_widths.size() <= i)
                m_widths.append(kMinWidth);
            m_widths[i] = std::max(m_widths[i], row[i].size() + kPadding);
        }
    }
    QString out;
    for (const QStringList &row : rows) {
        for (qsizetype i = 0; i < row.size(); ++i)
            out += i + 1 < row.size() ? row[i].leftJustified(m_widths[i]) : row[i];
        out += QLatin1Char('\n');
    }
    return out;
}

QString formatTable(const QList<QStringList> &rows)
{
    return TabWriter().format(rows);
}

} // namespace informantctl
