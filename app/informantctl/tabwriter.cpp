#include "tabwriter.h"

#include <algorithm>

namespace informantctl {

QString escapeTerminal(QString cell)
{
    return cell.replace(QChar(0x1b), QLatin1String("^[")).replace(u'\r', QLatin1String("\\r"));
}

QString TabWriter::format(const QList<QStringList> &input)
{
    constexpr qsizetype kMinWidth = 6;
    constexpr qsizetype kPadding = 3;
    QList<QStringList> rows = input;
    for (QStringList &row : rows) {
        for (QString &cell : row)
            cell = escapeTerminal(std::move(cell));
    }
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
