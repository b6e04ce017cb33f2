// FieldSelector: apimachinery's field selector parsing, escaping, matching
// and error messages, and fieldValue() on real objects.

#include "informer/printers/fieldselector.h"

#include <QHash>
#include <QTest>

using namespace informant;

namespace {

const QByteArray kPod =
    R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":"web-0","namespace":"shop"},
  "spec":{"nodeName":"n1","restartPolicy":"Always","hostNetwork":false},
  "status":{"phase":"Running","podIP":"10.0.0.5"}})";

const QByteArray kEvent =
    R"({"apiVersion":"v1","kind":"Event","metadata":{"name":"e","namespace":"shop"},
  "involvedObject":{"kind":"Pod","name":"web-0","namespace":"shop","uid":"u1"},
  "reason":"BackOff","type":"Warning","source":{"component":"kubelet","host":"n1"},"count":3})";

} // namespace

class TestFieldSelector : public QObject
{
    Q_OBJECT

private slots:
    void parsesToCanonicalForm_data();
    void parsesToCanonicalForm();
    void invalidSelectorsFailWithApimachineryMessages_data();
    void invalidSelectorsFailWithApimachineryMessages();
    void matchesObjectFields_data();
    void matchesObjectFields();
    void missingFieldsReadAsEmpty();
    void exactMatchIsReported();
};

void TestFieldSelector::parsesToCanonicalForm_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("canonical");
    QTest::newRow("empty") << ""
                           << "";
    QTest::newRow("equals") << "metadata.name=web"
                            << "metadata.name=web";
    QTest::newRow("double equals") << "metadata.name==web"
                                   << "metadata.name=web";
    QTest::newRow("not equals") << "status.phase!=Running"
                                << "status.phase!=Running";
    QTest::newRow("sorted terms") << "status.phase=Running,metadata.name=a"
                                  << "metadata.name=a,status.phase=Running";
    QTest::newRow("empty value") << "spec.nodeName="
                                 << "spec.nodeName=";
    QTest::newRow("escaped comma") << R"(metadata.name=a\,b)"
                                   << R"(metadata.name=a\,b)";
    QTest::newRow("escaped equals and backslash") << R"(x=a\=b\\c)"
                                                  << R"(x=a\=b\\c)";
    QTest::newRow("empty terms skipped") << "a=1,,b=2"
                                         << "a=1,b=2";
}

void TestFieldSelector::parsesToCanonicalForm()
{
    QFETCH(QString, text);
    QFETCH(QString, canonical);
    const auto selector = FieldSelector::parse(text);
    QVERIFY2(selector.ok(), qPrintable(selector.errorMessage()));
    QCOMPARE(selector->toString(), canonical);
    QCOMPARE(selector->isEmpty(), canonical.isEmpty());
}

void TestFieldSelector::invalidSelectorsFailWithApimachineryMessages_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("message");
    QTest::newRow("no operator") << "metadata.name"
                                 << "invalid selector: 'metadata.name'; can't understand "
                                    "'metadata.name'";
    QTest::newRow("bad term among good") << "a=1,b"
                                         << "invalid selector: 'a=1,b'; can't understand 'b'";
    QTest::newRow("unescaped equals in value")
        << "a=b=c"
        << "invalid field selector: unescaped character in value: 61";
    QTest::newRow("bad escape") << R"(a=b\c)"
                                << R"(invalid field selector: invalid escape sequence: \c)";
    QTest::newRow("trailing backslash") << R"(a=b\)"
                                        << R"(invalid field selector: invalid escape sequence: \)";
}

void TestFieldSelector::invalidSelectorsFailWithApimachineryMessages()
{
    QFETCH(QString, text);
    QFETCH(QString, message);
    const auto selector = FieldSelector::parse(text);
    QVERIFY(!selector.ok());
    QCOMPARE(selector.errorMessage(), message);
}

void TestFieldSelector::matchesObjectFields_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("expected");
    QTest::newRow("name") << kPod << "metadata.name=web-0" << true;
    QTest::newRow("namespace") << kPod << "metadata.namespace=shop" << true;
    QTest::newRow("node") << kPod << "spec.nodeName=n1" << true;
    QTest::newRow("other node") << kPod << "spec.nodeName=n2" << false;
    QTest::newRow("phase not") << kPod << "status.phase!=Running" << false;
    QTest::newRow("phase and node") << kPod << "status.phase=Running,spec.nodeName=n1" << true;
    QTest::newRow("boolean field") << kPod << "spec.hostNetwork=false" << true;
    QTest::newRow("unscheduled pods") << kPod << "spec.nodeName=" << false;
    QTest::newRow("event involved object") << kEvent << "involvedObject.name=web-0" << true;
    QTest::newRow("event kind and reason")
        << kEvent << "involvedObject.kind=Pod,reason=BackOff,type=Warning" << true;
    QTest::newRow("event source") << kEvent << "source=kubelet" << true;
    QTest::newRow("event uid") << kEvent << "involvedObject.uid=u2" << false;
}

void TestFieldSelector::matchesObjectFields()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, text);
    QFETCH(bool, expected);
    const auto object = KubeObject::fromJson(json);
    QVERIFY2(object.ok(), qPrintable(object.errorMessage()));
    const auto selector = FieldSelector::parse(text);
    QVERIFY2(selector.ok(), qPrintable(selector.errorMessage()));
    QCOMPARE(selector->matches(*object), expected);
}

void TestFieldSelector::missingFieldsReadAsEmpty()
{
    const auto object = KubeObject::fromJson(kPod);
    QVERIFY(object.ok());
    QCOMPARE(fieldValue(*object, QStringLiteral("spec.schedulerName")), std::nullopt);
    QCOMPARE(fieldValue(*object, QStringLiteral("status.podIP")),
             std::optional<QString>("10.0.0.5"));
    QCOMPARE(fieldValue(*object, QStringLiteral("spec")), std::nullopt); // not a scalar
    QVERIFY(FieldSelector::parse(QStringLiteral("spec.schedulerName="))->matches(*object));
    QVERIFY(FieldSelector::parse(QStringLiteral("spec.schedulerName!=x"))->matches(*object));
    QHash<QString, QString> fields{{QStringLiteral("a"), QStringLiteral("1")}};
    const auto lookup = [&](const QString &field) -> std::optional<QString> {
        if (!fields.contains(field))
            return std::nullopt;
        return fields.value(field);
    };
    QVERIFY(FieldSelector::parse(QStringLiteral("a=1,b="))->matches(lookup));
    QVERIFY(!FieldSelector::parse(QStringLiteral("a=1,b=2"))->matches(lookup));
    QVERIFY(FieldSelector().matches(lookup));
}

void TestFieldSelector::exactMatchIsReported()
{
    const auto selector =
        FieldSelector::parse(QStringLiteral("spec.nodeName==n1,status.phase!=Failed"));
    QVERIFY(selector.ok());
    QCOMPARE(selector->requiresExactMatch(QStringLiteral("spec.nodeName")),
             std::optional<QString>(QStringLiteral("n1")));
    QCOMPARE(selector->requiresExactMatch(QStringLiteral("status.phase")), std::nullopt);
    QCOMPARE(selector->requirements().size(), 2);
}

QTEST_GUILESS_MAIN(TestFieldSelector)
#include "tst_fieldselector.moc"
