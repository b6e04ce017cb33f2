// The Overview of storage objects: what `kubectl describe` shows first of a
// PersistentVolumeClaim, a PersistentVolume and a StorageClass (objects as
// informant-sim's demo serves them, StatefulSet ledger-db's claims), with the
// volume, claim and class as links.

#include "ui/overviewhtml.h"

#include <QTest>
#include <QTextDocument>

using namespace informant;

namespace {

constexpr qint64 kNowMs = 1714600000000; // 2024-05-01T21:46:40Z

KubeObject decode(const char *json)
{
    return KubeObject::fromJson(QByteArray(json)).value();
}

const char kClaim[] =
    R"({"apiVersion":"v1","kind":"PersistentVolumeClaim","metadata":{"name":"data-ledger-db-0",)"
    R"("namespace":"payments","uid":"afa3e1d9","resourceVersion":"91",)"
    R"("creationTimestamp":"2024-05-01T10:00:00Z","labels":{"app":"ledger-db"}},)"
    R"("spec":{"accessModes":["ReadWriteOnce"],"resources":{"requests":{"storage":"10Gi"}},)"
    R"("storageClassName":"standard","volumeMode":"Filesystem",)"
    R"("volumeName":"pvc-afa3e1d9-7987-4d61-b2ef-2ad7d2b4ade8"},)"
    R"("status":{"accessModes":["ReadWriteMany","ReadWriteOnce"],"capacity":{"storage":"10Gi"},)"
    R"("phase":"Bound"}})";

const char kPendingClaim[] =
    R"({"apiVersion":"v1","kind":"PersistentVolumeClaim","metadata":{"name":"scratch",)"
    R"("namespace":"batch","uid":"u2","resourceVersion":"7",)"
    R"("annotations":{"volume.beta.kubernetes.io/storage-class":"slow"}},)"
    R"("spec":{"accessModes":["ReadWriteOnce"],"resources":{"requests":{"storage":"1Gi"}}},)"
    R"("status":{"phase":"Pending"}})";

const char kVolume[] =
    R"({"apiVersion":"v1","kind":"PersistentVolume","metadata":{)"
    R"("name":"pvc-afa3e1d9-7987-4d61-b2ef-2ad7d2b4ade8","uid":"14e9c4a0","resourceVersion":"90",)"
    R"("creationTimestamp":"2024-05-01T10:00:00Z"},)"
    R"("spec":{"accessModes":["ReadWriteOnce"],"capacity":{"storage":"10Gi"},)"
    R"("claimRef":{"apiVersion":"v1","kind":"PersistentVolumeClaim","name":"data-ledger-db-0",)"
    R"("namespace":"payments"},"persistentVolumeReclaimPolicy":"Delete",)"
    R"("storageClassName":"standard","volumeMode":"Filesystem"},"status":{"phase":"Bound"}})";

const char kClass[] =
    R"({"allowVolumeExpansion":true,"apiVersion":"storage.k8s.io/v1","kind":"StorageClass",)"
    R"("metadata":{"annotations":{"storageclass.kubernetes.io/is-default-class":"true"},)"
    R"("name":"standard","uid":"60d11541","resourceVersion":"36"},)"
    R"("provisioner":"hostpath.csi.k8s.io","reclaimPolicy":"Delete",)"
    R"("volumeBindingMode":"WaitForFirstConsumer"})";

const char kOtherClass[] =
    R"({"apiVersion":"storage.k8s.io/v1","kind":"StorageClass",)"
    R"("metadata":{"name":"slow","uid":"u3","resourceVersion":"3"},)"
    R"("provisioner":"example.com/nfs","reclaimPolicy":"Retain","volumeBindingMode":"Immediate"})";

// "Key: value" lines of the Overview's first table, as a user reads them.
QStringList fieldLines(const QString &html)
{
    QTextDocument document;
    document.setHtml(html);
    // Each table cell is a block: a key's block is followed by its value's.
    const QStringList blocks = document.toPlainText().split(u'\n', Qt::SkipEmptyParts);
    QStringList lines;
    for (qsizetype i = 0; i + 1 < blocks.size(); i += 2)
        lines.append(blocks.at(i) + QStringLiteral(": ") + blocks.at(i + 1));
    return lines;
}

} // namespace

class TestOverviewHtml : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void storageObjectsShowWhatKubectlDescribeShowsFirst_data();
    void storageObjectsShowWhatKubectlDescribeShowsFirst();
    void boundClaimLinksItsVolumeAndClassAndTheVolumeItsClaim();
};

void TestOverviewHtml::storageObjectsShowWhatKubectlDescribeShowsFirst_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QStringList>("expected"); // in this order, among the other lines
    QTest::newRow("bound claim") << QByteArray(kClaim)
                                 << QStringList{"Status: Bound",
                                                "Volume: pvc-afa3e1d9-7987-4d61-b2ef-2ad7d2b4ade8",
                                                "Capacity: 10Gi", "Access modes: RWO,RWX",
                                                "Storage class: standard"};
    // Not bound: no volume, capacity or access modes yet (kubectl prints
    // them empty); the class from the beta annotation.
    QTest::newRow("pending claim")
        << QByteArray(kPendingClaim) << QStringList{"Status: Pending", "Storage class: slow"};
    QTest::newRow("volume") << QByteArray(kVolume)
                            << QStringList{
                                   "Status: Bound",          "Claim: payments/data-ledger-db-0",
                                   "Reclaim policy: Delete", "Capacity: 10Gi",
                                   "Access modes: RWO",      "Storage class: standard"};
    QTest::newRow("default class")
        << QByteArray(kClass)
        << QStringList{"Provisioner: hostpath.csi.k8s.io", "Reclaim policy: Delete",
                       "Volume binding mode: WaitForFirstConsumer", "Default class: Yes"};
    QTest::newRow("other class") << QByteArray(kOtherClass)
                                 << QStringList{
                                        "Provisioner: example.com/nfs", "Reclaim policy: Retain",
                                        "Volume binding mode: Immediate", "Default class: No"};
}

void TestOverviewHtml::storageObjectsShowWhatKubectlDescribeShowsFirst()
{
    QFETCH(QByteArray, json);
    QFETCH(QStringList, expected);
    const QStringList lines = fieldLines(overviewHtml(decode(json.constData()), {}, kNowMs, false));
    qsizetype at = 0;
    for (const QString &line : expected) {
        const qsizetype found = lines.indexOf(line, at);
        QVERIFY2(found >= 0, qPrintable(QStringLiteral("no \"%1\" (after line %2) in:\n%3")
                                            .arg(line)
                                            .arg(at)
                                            .arg(lines.join(u'\n'))));
        at = found + 1;
    }
    if (json == kPendingClaim) {
        for (const QString &line : lines) {
            QVERIFY2(!line.startsWith(QLatin1String("Volume:")) &&
                         !line.startsWith(QLatin1String("Capacity:")),
                     qPrintable(line));
        }
    }
}

void TestOverviewHtml::boundClaimLinksItsVolumeAndClassAndTheVolumeItsClaim()
{
    const QString claim = overviewHtml(decode(kClaim), {}, kNowMs, false);
    QVERIFY2(claim.contains(ObjectLink{QStringLiteral("v1"), QStringLiteral("PersistentVolume"),
                                       QString(),
                                       QStringLiteral("pvc-afa3e1d9-7987-4d61-b2ef-2ad7d2b4ade8")}
                                .toUrl()),
             qPrintable(claim));
    QVERIFY(claim.contains(ObjectLink{QStringLiteral("storage.k8s.io/v1"),
                                      QStringLiteral("StorageClass"), QString(),
                                      QStringLiteral("standard")}
                               .toUrl()));
    const QString volume = overviewHtml(decode(kVolume), {}, kNowMs, false);
    QVERIFY(
        volume.contains(ObjectLink{QStringLiteral("v1"), QStringLiteral("PersistentVolumeClaim"),
                                   QStringLiteral("payments"), QStringLiteral("data-ledger-db-0")}
                            .toUrl()));
}

QTEST_MAIN(TestOverviewHtml)
#include "tst_overviewhtml.moc"
