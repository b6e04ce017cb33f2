#include "customcolumns.h"

using namespace informant;

namespace informantctl {

namespace {

// kubectl's RelaxedJSONPathExpression: braces and the leading dot optional.
QString relaxedPath(QString path)
{
    path = path.trimmed();
    if (path.startsWith(u'{') && path.endsWith(u'}'))
        path = path.mid(1, path.size() - 2);
    if (!path.startsWith(u'.') && !path.startsWith(u'$') && !path.startsWith(u'@'))
        path.prepend(u'.');
    return path;
}

} // namespace

Result<CustomColumns> CustomColumns::parse(const QString &spec)
{
    if (spec.isEmpty())
        return makeError(
            QStringLiteral("custom-columns format specified but no custom columns given"));
    CustomColumns columns;
    for (const QString &part : spec.split(u',')) {
        const qsizetype colon = part.indexOf(u':');
        if (colon < 0)
            return makeError(QStringLiteral("unexpected custom-columns spec: %1, expected "
                                            "<header>:<json-path-expr>")
                                 .arg(part));
        auto path = JsonPath::parse(relaxedPath(part.mid(colon + 1)));
        if (!path)
            return path.error();
        columns.m_columns.append({part.left(colon), std::move(path).value()});
    }
    return columns;
}

QStringList CustomColumns::header() const
{
    QStringList header;
    for (const Column &column : m_columns)
        header.append(column.header);
    return header;
}

QStringList CustomColumns::row(const QByteArray &objectJson) const
{
    QStringList row;
    for (const Column &column : m_columns) {
        const QStringList values = column.path.evaluateGoValues(objectJson);
        row.append(values.isEmpty() ? QStringLiteral("<none>") : values.join(u','));
    }
    return row;
}

} // namespace informantctl
