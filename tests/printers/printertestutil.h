#pragma once

// Shared by the printer tests: a fixed clock and compact object builders.
// Objects are created at 10:00:00 and printed at 12:00:00, so AGE is "120m".

#include "informer/printers/resourceprinter.h"

#include <QByteArray>
#include <QTest>

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

} // namespace printertest
