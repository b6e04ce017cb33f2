// kubectl's short-name ambiguity rule (shortnameambiguity.h) on discovery
// results built here: which typed KINDs warn, naming which resources, in
// which order. What kubectl itself prints against informant-sim is compared
// in tst_informantctlstderr.

#include "shortnameambiguity.h"

#include <QTest>

using namespace informant;

namespace {

ApiResource resource(const QString &group, const QString &version, const QString &name,
                     const QStringList &shortNames)
{
    ApiResource r;
    r.group = group;
    r.version = version;
    r.name = name;
    r.singularName = name.chopped(1);
    r.kind = name.at(0).toUpper() + name.mid(1).chopped(1);
    r.namespaced = true;
    r.verbs = {QStringLiteral("list"), QStringLiteral("watch")};
    r.shortNames = shortNames;
    return r;
}

// Core, then groups in the server's (not alphabetical) order; example.com
// serves its widgets in two versions, zzz.io a resource named like a short
// name of another group.
DiscoveryResult discovery()
{
    DiscoveryResult d;
    d.groups = {{QString(), {QStringLiteral("v1")}, QStringLiteral("v1")},
                {QStringLiteral("events.k8s.io"), {QStringLiteral("v1")}, QStringLiteral("v1")},
                {QStringLiteral("example.com"),
                 {QStringLiteral("v2"), QStringLiteral("v1")},
                 QStringLiteral("v2")},
                {QStringLiteral("aaa.io"), {QStringLiteral("v1")}, QStringLiteral("v1")},
                {QStringLiteral("zzz.io"), {QStringLiteral("v1")}, QStringLiteral("v1")}};
    d.resources = {
        resource({}, QStringLiteral("v1"), QStringLiteral("events"), {QStringLiteral("ev")}),
        resource({}, QStringLiteral("v1"), QStringLiteral("pods"), {QStringLiteral("po")}),
        resource(QStringLiteral("events.k8s.io"), QStringLiteral("v1"), QStringLiteral("events"),
                 {QStringLiteral("ev")}),
        resource(QStringLiteral("example.com"), QStringLiteral("v2"), QStringLiteral("widgets"),
                 {QStringLiteral("wd"), QStringLiteral("ev")}),
        resource(QStringLiteral("example.com"), QStringLiteral("v1"), QStringLiteral("widgets"),
                 {QStringLiteral("wd")}),
        resource(QStringLiteral("example.com"), QStringLiteral("v2"), QStringLiteral("gadgets"),
                 {QStringLiteral("wd")}),
        resource(QStringLiteral("aaa.io"), QStringLiteral("v1"), QStringLiteral("pumas"),
                 {QStringLiteral("po"), QStringLiteral("wd")}),
        resource(QStringLiteral("zzz.io"), QStringLiteral("v1"), QStringLiteral("gizmos"),
                 {QStringLiteral("g\"z")}),
        resource(QStringLiteral("zzz.io"), QStringLiteral("v1"), QStringLiteral("cats"),
                 {QStringLiteral("g\"z")}),
    };
    return d;
}

QString warning(const QString &quoted, const QString &other)
{
    return QStringLiteral("short name %1 could also match lower priority resource %2")
        .arg(quoted, other);
}

} // namespace

class tst_ShortNameAmbiguity : public QObject
{
    Q_OBJECT

private slots:
    void warnsAboutEveryLowerPriorityResourceOnce_data()
    {
        QTest::addColumn<QString>("typed");
        QTest::addColumn<QStringList>("warnings");
        QTest::newRow("core first, then the server's group order")
            << "ev"
            << QStringList{warning("\"ev\"", "events.events.k8s.io"),
                           warning("\"ev\"", "widgets.example.com")};
        QTest::newRow("server order, not the alphabet's")
            << "po" << QStringList{warning("\"po\"", "pumas.aaa.io")};
        QTest::newRow("another version of the winner is no rival")
            << "wd"
            << QStringList{warning("\"wd\"", "gadgets.example.com"),
                           warning("\"wd\"", "pumas.aaa.io")};
        QTest::newRow("a group leaving one resource") << "ev.events.k8s.io" << QStringList{};
        QTest::newRow("a group leaving several")
            << "wd.example.com" << QStringList{warning("\"wd\"", "gadgets.example.com")};
        QTest::newRow("resource.version.group reads the group")
            << "wd.v1.example.com" << QStringList{warning("\"wd\"", "gadgets.example.com")};
        QTest::newRow("resource.version. reads every group")
            << "ev.v1."
            << QStringList{warning("\"ev\"", "events.events.k8s.io"),
                           warning("\"ev\"", "widgets.example.com")};
        QTest::newRow("a plural is no short name") << "events" << QStringList{};
        QTest::newRow("a singular is no short name") << "event" << QStringList{};
        QTest::newRow("unambiguous") << "pumas" << QStringList{};
        QTest::newRow("unknown") << "nosuch" << QStringList{};
        QTest::newRow("case matters, as in kubectl") << "EV" << QStringList{};
        QTest::newRow("quoted as Go's %q")
            << "g\"z" << QStringList{warning("\"g\\\"z\"", "cats.zzz.io")};
    }
    void warnsAboutEveryLowerPriorityResourceOnce()
    {
        QFETCH(QString, typed);
        QFETCH(QStringList, warnings);
        QCOMPARE(informantctl::shortNameAmbiguities(discovery(), typed), warnings);
    }
};

QTEST_GUILESS_MAIN(tst_ShortNameAmbiguity)
#include "tst_shortnameambiguity.moc"
