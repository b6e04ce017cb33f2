#include "ui/tableorder.h"

#include "models/rowformatter.h"

#include <QSettings>

namespace informant {

namespace {

QString columnKey(const KindInfo &kind)
{
    return QStringLiteral("tables/%1/sortColumn").arg(kind.id());
}

QString orderKey(const KindInfo &kind)
{
    return QStringLiteral("tables/%1/sortOrder").arg(kind.id());
}

TableOrder kindsOwnOrder(const KindInfo &kind, const RowFormatter &formatter)
{
    const KindInfo::Sort sort = kind.defaultSort();
    const int column = formatter.columnOf(sort.column);
    return column < 0 ? TableOrder{} : TableOrder{column, sort.order};
}

} // namespace

TableOrder rememberedTableOrder(const KindInfo &kind, const RowFormatter &formatter)
{
    const QSettings settings;
    const int column = formatter.columnOf(settings.value(columnKey(kind)).toString());
    if (column < 0)
        return kindsOwnOrder(kind, formatter);
    const bool descending =
        settings.value(orderKey(kind)).toString() == QLatin1String("descending");
    return TableOrder{column, descending ? Qt::DescendingOrder : Qt::AscendingOrder};
}

void rememberTableOrder(const KindInfo &kind, const RowFormatter &formatter, TableOrder order)
{
    QSettings settings;
    const TableOrder own = kindsOwnOrder(kind, formatter);
    const QString name = formatter.columns().value(order.column).name;
    // The kind's own order is not kept as a choice: it follows the kind's
    // default, should that change.
    if (name.isEmpty() || (order.column == own.column && order.order == own.order)) {
        settings.remove(columnKey(kind));
        settings.remove(orderKey(kind));
        return;
    }
    settings.setValue(columnKey(kind), name);
    settings.setValue(orderKey(kind), order.order == Qt::DescendingOrder
                                          ? QStringLiteral("descending")
                                          : QStringLiteral("ascending"));
}

} // namespace informant
