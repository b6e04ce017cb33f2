// The resource table's columns in their window, as a user drives them: each
// fitted to the texts in view until the user sizes it (remembered per kind
// and column), and shown or hidden from the header's menu.

#include "localclustersession.h"
#include "mainwindowfixture.h"
#include "models/resourcetablemodel.h"
#include "testsettings.h"
#include "ui/mainwindow.h"
#include "ui/resourceview.h"
#include "ui/tablecolumns.h"

#include <QApplication>
#include <QDateTime>
#include <QHeaderView>
#include <QHelpEvent>
#include <QJsonArray>
#include <QMenu>
#include <QProxyStyle>
#include <QScopeGuard>
#include <QTableView>
#include <QTest>
#include <QToolTip>

using namespace informant;
using namespace informant::test;

class TestTableColumns : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { useEmptyTestSettings(); }
    void nameColumnFitsNamesUnlessTheUserSetWidths();
    void columnsFitTheirTextsUnlessTheUserSizedThem();
    void headerMenuShowsAndHidesColumnsRemembered();
    void overflowingColumnsDoNotGrowPastTheirNeighbours();
    void volumeFitsWhileTheDetailsPaneIsEmpty();
    void everyColumnFitsItsTextsWhenTheViewHasRoom();
    void narrowedHeadersEndInAnEllipsis();
    void eachColumnLayoutKeepsItsOwnHeader();
};

namespace {

// A pod whose container restarted 4 times, the last 2m14s ago, and now
// waits with a long reason: kubectl prints "CreateContainerConfigError" and
// "4 (2m14s ago)".
KubeObject restartingPod(const QString &ns, const QString &name)
{
    KubeObject base = pod(ns, name, QStringLiteral("web"), QStringLiteral("Pending"));
    QJsonObject obj = QJsonDocument::fromJson(base.json()).object();
    const QString finished = QDateTime::currentDateTimeUtc().addSecs(-134).toString(Qt::ISODate);
    const QJsonObject container{
        {"name", "app"},
        {"ready", false},
        {"restartCount", 4},
        {"state", QJsonObject{{"waiting", QJsonObject{{"reason", "CreateContainerConfigError"}}}}},
        {"lastState", QJsonObject{{"terminated", QJsonObject{{"finishedAt", finished}}}}}};
    QJsonObject status = obj.value(QStringLiteral("status")).toObject();
    status.insert(QStringLiteral("containerStatuses"), QJsonArray{container});
    obj.insert(QStringLiteral("status"), status);
    obj.insert(QStringLiteral("spec"),
               QJsonObject{{"nodeName", "node-1"},
                           {"containers", QJsonArray{QJsonObject{{"name", "app"}}}}});
    return KubeObject::fromJson(QJsonDocument(obj).toJson(QJsonDocument::Compact)).value();
}

// Whether `column` shows the text of `row` whole: the cell is as wide as the
// delegate's size hint (the text and its margins).
bool showsWhole(QTableView *table, int row, int column)
{
    const QModelIndex index = table->model()->index(row, column);
    QStyleOptionViewItem option;
    option.initFrom(table);
    option.font = table->font();
    const int needed = table->itemDelegate()->sizeHint(option, index).width();
    return table->horizontalHeader()->sectionSize(column) >= needed;
}

// The header labels the style is asked to draw, with the width it has for
// each: what the user sees of them.
class HeaderLabelRecorder final : public QProxyStyle
{
public:
    explicit HeaderLabelRecorder(const QString &baseStyle)
        : QProxyStyle(baseStyle)
    {
    }

    void drawControl(ControlElement element, const QStyleOption *option, QPainter *painter,
                     const QWidget *widget) const override
    {
        if (element == CE_HeaderLabel) {
            if (const auto *header = qstyleoption_cast<const QStyleOptionHeader *>(option))
                labels.append({header->text, header->rect.width()});
        }
        QProxyStyle::drawControl(element, option, painter, widget);
    }

    struct Label
    {
        QString text;
        int width = 0;
    };
    mutable QList<Label> labels;
};

} // namespace

// The header's state is saved at every kind switch. A kind first shown empty
// kept NAME at its sample width from then on, and long names were cut short
// while the other columns had room; widths the user set stay as they are.
void TestTableColumns::nameColumnFitsNamesUnlessTheUserSetWidths()
{
    Fixture f;
    QVERIFY(f.window->showKindByName(QStringLiteral("deployments")));
    QVERIFY(f.window->showKindByName(QStringLiteral("pods"))); // saves the empty kind's header
    const QString longName = QStringLiteral("checkout-payments-gateway-canary-v2");
    LocalKindSource *deployments = f.session.local(QStringLiteral("deployments"));
    deployments->upsert(deployment(QStringLiteral("shop"), longName, QStringLiteral("web")));
    deployments->flush();
    QVERIFY(f.window->showKindByName(QStringLiteral("deployments")));
    QTRY_COMPARE(f.model()->rowCount(), 1);
    QTableView *table = f.window->resourceView()->table();
    QHeaderView *header = table->horizontalHeader();
    const int name = f.model()->formatter().nameColumn();
    const int needed = table->fontMetrics().horizontalAdvance(longName);
    QTRY_VERIFY2(header->sectionSize(name) >= needed,
                 qPrintable(QStringLiteral("NAME is %1 px wide, the name needs %2 px")
                                .arg(header->sectionSize(name))
                                .arg(needed)));

    header->resizeSection(name, 90); // as a drag of the header's handle does
    QVERIFY(f.window->showKindByName(QStringLiteral("pods")));
    QVERIFY(f.window->showKindByName(QStringLiteral("deployments")));
    QTRY_COMPARE(f.model()->rowCount(), 1);
    QCOMPARE(header->sectionSize(name), 90);

    // Remembered (QSettings) for the next window.
    f.window = std::make_unique<MainWindow>(&f.session, QStringList{}, nullptr);
    f.window->show();
    QVERIFY(f.window->showKindByName(QStringLiteral("deployments")));
    QTRY_COMPARE(f.model()->rowCount(), 1);
    QTRY_VERIFY(f.window->resourceView()->source()->status().synced);
    QCOMPARE(f.window->resourceView()->table()->horizontalHeader()->sectionSize(name), 90);
}

// RESTARTS showed "4 (2m14s a…" and STATUS "CreateContainerConfi…" while
// there was room: only NAME was fitted to its texts. A column the user sized
// keeps its width (remembered); the others still fit.
void TestTableColumns::columnsFitTheirTextsUnlessTheUserSizedThem()
{
    Fixture f;
    LocalKindSource *pods = f.session.local(QStringLiteral("pods"));
    pods->upsert(restartingPod(QStringLiteral("shop"), QStringLiteral("api-0")));
    pods->flush();
    QTRY_COMPARE(f.model()->rowCount(), 4);
    QTableView *table = f.window->resourceView()->table();
    QHeaderView *header = table->horizontalHeader();
    const RowFormatter &formatter = f.model()->formatter();
    const int status = formatter.columnOf(QStringLiteral("STATUS"));
    const int restarts = formatter.columnOf(QStringLiteral("RESTARTS"));
    const int row = f.model()->rowOfKey(QStringLiteral("shop/api-0"));
    QCOMPARE(f.model()->index(row, status).data().toString(),
             QStringLiteral("CreateContainerConfigError"));
    QVERIFY2(f.model()->index(row, restarts).data().toString().startsWith(u"4 (2m1"),
             qPrintable(f.model()->index(row, restarts).data().toString()));
    QTRY_VERIFY2(showsWhole(table, row, status),
                 qPrintable(QString::number(header->sectionSize(status))));
    QTRY_VERIFY2(showsWhole(table, row, restarts),
                 qPrintable(QString::number(header->sectionSize(restarts))));

    header->resizeSection(status, 60); // as a drag of the header's handle does
    QVERIFY(f.window->showKindByName(QStringLiteral("deployments")));
    QVERIFY(f.window->showKindByName(QStringLiteral("pods")));
    QTRY_COMPARE(f.model()->rowCount(), 4);
    QCOMPARE(header->sectionSize(status), 60);
    QTRY_VERIFY(showsWhole(table, row, restarts));

    // Remembered for the next window, column by column.
    f.window = std::make_unique<MainWindow>(&f.session, QStringList{}, nullptr);
    f.window->show();
    QVERIFY(f.window->showKindByName(QStringLiteral("pods")));
    QTRY_COMPARE(f.model()->rowCount(), 4);
    table = f.window->resourceView()->table();
    QTRY_VERIFY(showsWhole(table, row, restarts));
    QCOMPARE(table->horizontalHeader()->sectionSize(status), 60);
}

namespace {

// The claim overflowingColumnsDoNotGrowPastTheirNeighbours shows, whose
// VOLUME (pvc-<uid>) is 40 characters.
KubeObject boundClaim()
{
    const QByteArray claim =
        R"({"apiVersion":"v1","kind":"PersistentVolumeClaim","metadata":{"name":"data-db-0",)"
        R"("namespace":"shop","uid":"c1","resourceVersion":"5",)"
        R"("creationTimestamp":"2026-01-01T00:00:00Z"},"spec":{"accessModes":["ReadWriteOnce"],)"
        R"("storageClassName":"standard",)"
        R"("volumeName":"pvc-193dbc8c-f008-4165-af6c-7999a8be98d4"},)"
        R"("status":{"phase":"Bound","accessModes":["ReadWriteOnce"],)"
        R"("capacity":{"storage":"10Gi"}}})";
    return KubeObject::fromJson(claim).value();
}

// A volume bound to a StatefulSet's claim, as the demo's:
// kubectl shows its CLAIM as namespace/name.
KubeObject boundVolume(int i)
{
    const QString json =
        QStringLiteral(R"({"apiVersion":"v1","kind":"PersistentVolume","metadata":{)"
                       R"("name":"pvc-193dbc8c-f008-4165-af6c-7999a8be98d%1","uid":"v%1",)"
                       R"("resourceVersion":"5","creationTimestamp":"2026-01-01T00:00:00Z"},)"
                       R"("spec":{"accessModes":["ReadWriteOnce"],"capacity":{"storage":"10Gi"},)"
                       R"("persistentVolumeReclaimPolicy":"Delete","storageClassName":"standard",)"
                       R"("claimRef":{"kind":"PersistentVolumeClaim","namespace":"payments",)"
                       R"("name":"data-ledger-db-%1"}},"status":{"phase":"Bound"}})")
            .arg(i);
    return KubeObject::fromJson(json.toUtf8()).value();
}

QList<KindInfo> kindsWithVolumes()
{
    QList<KindInfo> kinds = standardKinds();
    kinds.append(KindInfo{{},
                          QStringLiteral("v1"),
                          QStringLiteral("PersistentVolume"),
                          QStringLiteral("persistentvolumes"),
                          false,
                          {QStringLiteral("pv")}});
    return kinds;
}

QList<KindInfo> kindsWithClaims()
{
    QList<KindInfo> kinds = standardKinds();
    kinds.append(KindInfo{{},
                          QStringLiteral("v1"),
                          QStringLiteral("PersistentVolumeClaim"),
                          QStringLiteral("persistentvolumeclaims"),
                          true,
                          {QStringLiteral("pvc")}});
    return kinds;
}

} // namespace

// A PVC's nine columns overflow a narrow table already: its VOLUME
// (pvc-<uid>) grew to the view's edge and pushed CAPACITY, STORAGECLASS and
// AGE off screen. It stays cut (its tooltip shows it whole), the others stay
// where they were.
void TestTableColumns::overflowingColumnsDoNotGrowPastTheirNeighbours()
{
    Fixture f(kindsWithClaims());
    f.window->resize(1000, 700);
    QVERIFY(f.window->showKindByName(QStringLiteral("persistentvolumeclaims")));
    QTableView *table = f.window->resourceView()->table();
    QHeaderView *header = table->horizontalHeader();
    QTRY_VERIFY(header->length() > table->viewport()->width());
    const RowFormatter &formatter = f.model()->formatter();
    const int volume = formatter.columnOf(QStringLiteral("VOLUME"));
    const int capacity = formatter.columnOf(QStringLiteral("CAPACITY"));
    QVERIFY(volume >= 0 && capacity >= 0);
    const int volumeWidth = header->sectionSize(volume);
    const int capacityAt = header->sectionPosition(capacity);
    QVERIFY2(capacityAt < table->viewport()->width(),
             "CAPACITY starts on screen before any row arrives");

    LocalKindSource *claims = f.session.local(QStringLiteral("persistentvolumeclaims"));
    claims->upsert(boundClaim());
    claims->flush();
    QTRY_COMPARE(f.model()->rowCount(), 1);
    QTest::qWait(100); // columns are fitted after the batch is shown
    QCOMPARE(header->sectionSize(volume), volumeWidth);
    // The columns before it may have narrowed to their texts, not moved it on.
    QVERIFY(header->sectionPosition(capacity) <= capacityAt);
}

// Wide-only columns (a pod's IP, NODE...) were hidden for good. The header's
// menu lists every column, checked when shown; NAME stays; the choice is kept
// for the kind across windows (QSettings).
void TestTableColumns::headerMenuShowsAndHidesColumnsRemembered()
{
    Fixture f;
    QTRY_COMPARE(f.model()->rowCount(), 3);
    const RowFormatter &formatter = f.model()->formatter();
    const int ip = formatter.columnOf(QStringLiteral("IP"));
    const int status = formatter.columnOf(QStringLiteral("STATUS"));
    QVERIFY(ip >= 0 && status >= 0);
    QHeaderView *header = f.window->resourceView()->table()->horizontalHeader();
    QVERIFY(header->isSectionHidden(ip));
    const auto actionFor = [](QMenu *menu, const QString &name) -> QAction * {
        for (QAction *action : menu->actions()) {
            if (action->text() == name)
                return action;
        }
        return nullptr;
    };
    std::unique_ptr<QMenu> menu(f.window->resourceView()->columnsMenu());
    QCOMPARE(menu->actions().size(), formatter.columnCount());
    QAction *ipAction = actionFor(menu.get(), QStringLiteral("IP"));
    QVERIFY(ipAction && ipAction->isCheckable() && !ipAction->isChecked());
    QVERIFY(!actionFor(menu.get(), QStringLiteral("NAME"))->isEnabled());
    QVERIFY(actionFor(menu.get(), QStringLiteral("NAME"))->isChecked());
    ipAction->trigger();
    QVERIFY(!header->isSectionHidden(ip));
    QVERIFY(header->sectionSize(ip) > 40);
    actionFor(menu.get(), QStringLiteral("STATUS"))->trigger();
    QVERIFY(header->isSectionHidden(status));
    menu.reset(f.window->resourceView()->columnsMenu());
    QVERIFY(actionFor(menu.get(), QStringLiteral("IP"))->isChecked());
    QVERIFY(!actionFor(menu.get(), QStringLiteral("STATUS"))->isChecked());

    // Per kind: deployments keep their own columns.
    QVERIFY(f.window->showKindByName(QStringLiteral("deployments")));
    QVERIFY(f.window->showKindByName(QStringLiteral("pods")));
    QVERIFY(!header->isSectionHidden(ip));
    QVERIFY(header->isSectionHidden(status));

    menu.reset(); // the window's child
    f.window = std::make_unique<MainWindow>(&f.session, QStringList{}, nullptr);
    f.window->show();
    QVERIFY(f.window->showKindByName(QStringLiteral("pods")));
    QTRY_COMPARE(f.model()->rowCount(), 3);
    header = f.window->resourceView()->table()->horizontalHeader();
    QVERIFY(!header->isSectionHidden(ip));
    QVERIFY(header->isSectionHidden(status));
}

// At 1600 px a PVC's VOLUME was cut ("pvc-193…") while the details pane
// took 430 px to say "No object selected". With nothing selected the table
// has that room and VOLUME shows whole. With an object selected the pane
// is back and the table narrower: the widths chosen for the wider table are
// chosen again, not left to push the columns off screen.
void TestTableColumns::volumeFitsWhileTheDetailsPaneIsEmpty()
{
    Fixture f(kindsWithClaims());
    f.window->resize(1600, 1000);
    QVERIFY(f.window->showKindByName(QStringLiteral("persistentvolumeclaims")));
    QTableView *table = f.window->resourceView()->table();
    QHeaderView *header = table->horizontalHeader();
    const int volume = f.model()->formatter().columnOf(QStringLiteral("VOLUME"));
    QVERIFY(volume >= 0);
    QTRY_VERIFY(table->viewport()->width() > 1000); // laid out, the details pane empty
    const int volumeSample = header->sectionSize(volume);

    LocalKindSource *claims = f.session.local(QStringLiteral("persistentvolumeclaims"));
    claims->upsert(boundClaim());
    claims->flush();
    QTRY_COMPARE(f.model()->rowCount(), 1);
    const auto widths = [&] {
        QStringList out;
        for (int c = 0; c < header->count(); ++c)
            out.append(QString::number(header->isSectionHidden(c) ? -1 : header->sectionSize(c)));
        return out.join(u' ');
    };
    QTRY_VERIFY2(showsWhole(table, 0, volume),
                 qPrintable(QStringLiteral("VOLUME is %1 px wide in a %2 px table (%3)")
                                .arg(header->sectionSize(volume))
                                .arg(table->viewport()->width())
                                .arg(widths())));

    const int wide = table->viewport()->width();
    QVERIFY(f.window->resourceView()->selectKey(QStringLiteral("shop/data-db-0")));
    QTRY_VERIFY(table->viewport()->width() < wide - 200); // the pane has its width back
    // Either all fit still, or VOLUME is cut again (whole in its tooltip)
    // and the others are where they were before it grew: the columns
    // overflow the narrower table at their sample widths already
    // (overflowingColumnsDoNotGrowPastTheirNeighbours).
    QVERIFY2(header->length() <= table->viewport()->width() ||
                 header->sectionSize(volume) == volumeSample,
             qPrintable(QStringLiteral("the columns are %1 px wide in a %2 px table, VOLUME %3 px")
                            .arg(header->length())
                            .arg(table->viewport()->width())
                            .arg(header->sectionSize(volume))));
}

// A PersistentVolume's CLAIM (namespace/name) was cut at 1600 px while
// columns beside it kept room they did not need: NAME, fitted first, took
// all the room the others left at their sample widths. When every column's
// texts fit the view, every column shows them whole.
void TestTableColumns::everyColumnFitsItsTextsWhenTheViewHasRoom()
{
    Fixture f(kindsWithVolumes());
    f.window->resize(1600, 1000);
    QVERIFY(f.window->showKindByName(QStringLiteral("persistentvolumes")));
    QTableView *table = f.window->resourceView()->table();
    QHeaderView *header = table->horizontalHeader();
    QTRY_VERIFY(table->viewport()->width() > 1000); // laid out, the details pane empty
    LocalKindSource *volumes = f.session.local(QStringLiteral("persistentvolumes"));
    for (int i = 0; i < 3; ++i)
        volumes->upsert(boundVolume(i));
    volumes->flush();
    QTRY_COMPARE(f.model()->rowCount(), 3);
    const RowFormatter &formatter = f.model()->formatter();
    const auto widths = [&] {
        QStringList out;
        for (int c = 0; c < header->count(); ++c) {
            if (!header->isSectionHidden(c))
                out.append(QStringLiteral("%1 %2")
                               .arg(formatter.columns().at(c).name)
                               .arg(header->sectionSize(c)));
        }
        return out.join(QStringLiteral(", "));
    };
    // What the cells' texts need in all, each header as wide as its texts or
    // 8 characters: they fit the view (the whole headers do not).
    const QFontMetrics headerFont = header->fontMetrics();
    int needed = 0;
    for (int c = 0; c < header->count(); ++c) {
        if (header->isSectionHidden(c))
            continue;
        int column = headerFont.horizontalAdvance(formatter.columns().at(c).name.left(8) + u'…');
        for (int row = 0; row < f.model()->rowCount(); ++row) {
            QStyleOptionViewItem option;
            option.initFrom(table);
            option.font = table->font();
            column = qMax(
                column, table->itemDelegate()->sizeHint(option, f.model()->index(row, c)).width());
        }
        needed += column;
    }
    QVERIFY2(needed < table->viewport()->width(),
             qPrintable(
                 QStringLiteral("%1 px needed in %2").arg(needed).arg(table->viewport()->width())));
    const int claim = formatter.columnOf(QStringLiteral("CLAIM"));
    QVERIFY(claim >= 0);
    for (int c = 0; c < header->count(); ++c) {
        if (header->isSectionHidden(c))
            continue;
        QTRY_VERIFY2(showsWhole(table, 0, c),
                     qPrintable(QStringLiteral("%1 is cut in a %2 px table: %3")
                                    .arg(formatter.columns().at(c).name)
                                    .arg(table->viewport()->width())
                                    .arg(widths())));
    }
    QVERIFY(header->length() <= table->viewport()->width());
}

// A header narrowed for its column's texts (a PersistentVolume's "RECLAIM
// POLICY" over "Delete") was cut ("RECLAIM POLI") with no sign that more
// was left: Qt 6.4's header does not elide, whatever its textElideMode. It
// ends in "…" now, fits its label's room, and its tooltip names it whole.
void TestTableColumns::narrowedHeadersEndInAnEllipsis()
{
    Fixture f(kindsWithVolumes());
    f.window->resize(1600, 1000);
    QVERIFY(f.window->showKindByName(QStringLiteral("persistentvolumes")));
    LocalKindSource *volumes = f.session.local(QStringLiteral("persistentvolumes"));
    volumes->upsert(boundVolume(0));
    volumes->flush();
    QTRY_COMPARE(f.model()->rowCount(), 1);
    QHeaderView *header = f.window->resourceView()->table()->horizontalHeader();
    const int reclaim = f.model()->formatter().columnOf(QStringLiteral("RECLAIM POLICY"));
    const int name = f.model()->formatter().nameColumn();
    QVERIFY(reclaim >= 0 && name >= 0);
    // As narrow as TableColumns makes it when other columns need the room:
    // its first characters and an ellipsis.
    const QFontMetrics metrics = header->fontMetrics();
    const int cut = metrics.horizontalAdvance(QStringLiteral("RECLAIM POLICY")) -
                    metrics.horizontalAdvance(QStringLiteral("RECLAIM …"));
    header->resizeSection(reclaim, header->sectionSizeHint(reclaim) - cut);

    HeaderLabelRecorder recorder(QApplication::style()->name());
    header->setStyle(&recorder);
    const auto restoreStyle = qScopeGuard([header] { header->setStyle(nullptr); });
    (void)header->grab(); // paints every section in view
    const auto labelOf = [&](const QString &start) {
        for (const HeaderLabelRecorder::Label &label : std::as_const(recorder.labels)) {
            if (label.text.startsWith(start))
                return label;
        }
        return HeaderLabelRecorder::Label{};
    };
    const HeaderLabelRecorder::Label reclaimLabel = labelOf(QStringLiteral("RECLAIM"));
    QVERIFY2(reclaimLabel.text.endsWith(QChar(0x2026)), qPrintable(reclaimLabel.text));
    QVERIFY2(reclaimLabel.text.size() > 3, qPrintable(reclaimLabel.text));
    QVERIFY2(metrics.horizontalAdvance(reclaimLabel.text) <= reclaimLabel.width,
             qPrintable(QStringLiteral("\"%1\" is %2 px in %3")
                            .arg(reclaimLabel.text)
                            .arg(metrics.horizontalAdvance(reclaimLabel.text))
                            .arg(reclaimLabel.width)));
    QCOMPARE(labelOf(QStringLiteral("NAME")).text, QStringLiteral("NAME")); // room enough

    const QPoint inReclaim(header->sectionViewportPosition(reclaim) + 4, header->height() / 2);
    QHelpEvent help(QEvent::ToolTip, inReclaim, header->viewport()->mapToGlobal(inReclaim));
    QApplication::sendEvent(header->viewport(), &help);
    QTRY_COMPARE(QToolTip::text(), QStringLiteral("RECLAIM POLICY"));
    QToolTip::hideText();
}

void TestTableColumns::eachColumnLayoutKeepsItsOwnHeader()
{
    // One kind in two layouts: a cluster's table, and a table of several
    // clusters with CLUSTER first. The header is restored by position, so
    // each layout must get its own saved state, never the other's shifted
    // by a column (a wide-only column shown, AGE hidden).
    const QList<RowFormatter::Column> columns{{QStringLiteral("NAME"), 0},
                                              {QStringLiteral("STATUS"), 0},
                                              {QStringLiteral("IP"), 1},
                                              {QStringLiteral("AGE"), 0}};
    const auto one = std::make_shared<const RowFormatter>(
        true, columns, [](const KubeObject &, qint64) { return QList<PrintCell>(4); });
    const auto several = RowFormatter::withClusterColumn(*one);
    const QString kind = QStringLiteral("layouts.example.com");
    QTableView table;
    table.resize(900, 300);
    TableColumns layout(&table);
    QHeaderView *header = table.horizontalHeader();

    ResourceTableModel oneModel(one);
    table.setModel(&oneModel);
    layout.restore(&oneModel, kind);
    header->setSectionHidden(one->columnOf(QStringLiteral("IP")), false); // as from its menu
    header->resizeSection(one->nameColumn(), 333);
    layout.save();

    ResourceTableModel severalModel(several);
    table.setModel(&severalModel);
    layout.restore(&severalModel, kind);
    QVERIFY(header->isSectionHidden(several->columnOf(QStringLiteral("IP"))));
    QVERIFY(!header->isSectionHidden(several->columnOf(QStringLiteral("AGE"))));
    QVERIFY(!header->isSectionHidden(several->columnOf(QStringLiteral("STATUS"))));
    header->resizeSection(several->clusterColumn(), 111);
    layout.save();

    table.setModel(&oneModel);
    layout.restore(&oneModel, kind);
    QVERIFY(!header->isSectionHidden(one->columnOf(QStringLiteral("IP"))));
    QCOMPARE(header->sectionSize(one->nameColumn()), 333);
    table.setModel(&severalModel);
    layout.restore(&severalModel, kind);
    QCOMPARE(header->sectionSize(several->clusterColumn()), 111);
    QVERIFY(header->isSectionHidden(several->columnOf(QStringLiteral("IP"))));
    table.setModel(nullptr);
}

QTEST_MAIN(TestTableColumns)
#include "tst_tablecolumns.moc"
