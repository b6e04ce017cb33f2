#include <QTest>
class TstReflector : public QObject
{
    Q_OBJECT
};
QTEST_GUILESS_MAIN(TstReflector)
#include "tst_reflector.moc"
