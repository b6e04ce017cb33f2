#pragma once

// Shared by the printer tests: a fixed clock and compact object builders.
// Objects are created at 10:00:00 and printed at 12:00:00, so AGE is "120m".

#include "informer/printers/resourceprinter.h"

#include <QByteArray>
#include <QTest>

#include <algorithm>
#include <initializer_list>

namespace printertest {

inline const qint64 kNowMs = informant::parseKubeTimestampMs("2024-05-01T12:00:00Z");

// {"apiVersion":..,"kind":..,"metadata":{name, namespace, creationTimestamp
// + metaExtra} + body}. `body` holds further top-level members, starting
// with a comma (",\"spec\":{...}"); it may carry the object's closing brace
// itself (braces are counted).
inline QByteArray object(const char *apiVersion, const char *kind, const char *name,
                         const QByteArray &body, const QByteArray &metaExtra = {},
                         const char *ns = "default")
{
    QByteArray out = QByteArray(R"({"apiVersion":")") + apiVersion + R"(","kind":")" + kind +
                     R"(","metadata":{"name":")" + name + "\"";
    if (ns[0])
        out += QByteArray(R"(,"namespace":")") + ns + "\"";
    out += R"(,"creationTimestamp":"2024-05-01T10:00:00Z")" + metaExtra + "}" + body;
    if (body.count('{') == body.count('}'))
        out += "}";
    return out;
}

inline const QByteArray kDeleting = R"(,"deletionTimestamp":"2024-05-01T11:59:00Z")";

struct Row
{
    const char *group;
    const char *kind;
};

// Declares the columns every printer test table uses.
inline void addPrinterColumns()
{
    QTest::addColumn<QString>("group");
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<bool>("wide");
    QTest::addColumn<QStringList>("expected");
}

inline void addRow(const Row &row, const char *name, const QByteArray &json,
                   const QStringList &expected, bool wide = false)
{
    QTest::addRow("%s: %s", row.kind, name)
        << QString::fromLatin1(row.group) << QString::fromLatin1(row.kind) << json << wide
        << expected;
}

// Runs one row added by addRow().
inline void checkRow()
{
    QFETCH(QString, group);
    QFETCH(QString, kind);
    QFETCH(QByteArray, json);
    QFETCH(bool, wide);
    QFETCH(QStringList, expected);
    const auto parsed = informant::KubeObject::fromJson(json);
    QVERIFY2(parsed.ok(), qPrintable(parsed.errorMessage()));
    const informant::ResourcePrinter &printer = informant::printerFor(group, kind);
    QVERIFY(informant::hasBuiltinPrinter(group, kind));
    QCOMPARE(printer.cells(*parsed, kNowMs, wide), expected);
}

// "NAME,READY,IP*": headers, '*' marking wide (priority 1) columns.
inline QString headerLine(const QList<informant::PrintColumn> &columns)
{
    QStringList names;
    for (const informant::PrintColumn &column : columns)
        names.append(column.name + (column.priority > 0 ? QStringLiteral("*") : QString()));
    return names.join(u',');
}

// A kind and the headers kubectl prints for it, as headerLine() writes them.
struct KindHeaders
{
    const char *group;
    const char *kind;
    const char *headers;
};

// Declares the columns of a header table and adds a row per kind.
inline void addHeaderRows(std::initializer_list<KindHeaders> kinds)
{
    QTest::addColumn<QString>("group");
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("headers");
    for (const KindHeaders &k : kinds)
        QTest::addRow("%s.%s", k.kind, k.group)
            << QString::fromLatin1(k.group) << QString::fromLatin1(k.kind)
            << QString::fromLatin1(k.headers);
}

// Runs one row added by addHeaderRows(): the kind's built-in printer has
// kubectl's headers, its NAME column (first, or last for events) carries the
// "name" format, and every header is the upper-cased Table column name.
inline void checkHeaderRow()
{
    QFETCH(QString, group);
    QFETCH(QString, kind);
    QFETCH(QString, headers);
    QVERIFY(informant::hasBuiltinPrinter(group, kind));
    const QList<informant::PrintColumn> columns = informant::printerFor(group, kind).columns();
    QCOMPARE(headerLine(columns), headers);
    const auto name =
        std::find_if(columns.begin(), columns.end(), [](const informant::PrintColumn &c) {
            return c.name == QLatin1String("NAME");
        });
    QVERIFY(name != columns.end());
    QCOMPARE(name->format, QStringLiteral("name"));
    QCOMPARE(name->tableName, QStringLiteral("Name"));
    for (const informant::PrintColumn &column : columns)
        QCOMPARE(column.name, column.tableName.toUpper());
}

} // namespace printertest
