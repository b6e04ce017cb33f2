// informantctl's tables (app/informantctl/tabwriter.cpp): columns padded as
// kubectl's tabwriter pads them, and cells from the server escaped so that
// they cannot drive the terminal.

#include "app/informantctl/tabwriter.h"

#include <QTest>

using namespace informantctl;

class tst_TabWriter : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void columnsArePaddedAsKubectlPadsThem()
    {
        QCOMPARE(formatTable({{"NAME", "READY"}, {"web-1", "1/1"}}),
                 QStringLiteral("NAME    READY\nweb-1   1/1\n"));
    }

    // A hostile name or status must not clear the screen or overwrite the
    // rows above it (kubectl's EscapeTerminal).
    void escapeAndCarriageReturnArePrintedHarmlessly()
    {
        const QString hostile = QStringLiteral("a\x1b[2Jb\rc");
        QCOMPARE(formatTable({{"NAME"}, {hostile}}), QStringLiteral("NAME\na^[[2Jb\\rc\n"));
    }
};

QTEST_GUILESS_MAIN(tst_TabWriter)
#include "tst_tabwriter.moc"
