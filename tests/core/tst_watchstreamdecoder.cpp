#include "informer/core/watchstreamdecoder.h"

#include "informer/core/frameprefix.h"
#include "informer/core/valueends.h"

#include <QFile>
#include <QTest>

using namespace informant;

namespace {

const QByteArray kStream =
    R"({"type":"ADDED","object":{"kind":"Pod","metadata":{"name":"a","resourceVersion":"1"}}})"
    "\n"
    R"({"type":"MODIFIED","object":{"kind":"Pod","metadata":{"name":"a","resourceVersion":"2","labels":{"x":"}{"}}}})"
    "\n  \r\n"
    R"({"type":"BOOKMARK","object":{"kind":"Pod","metadata":{"resourceVersion":"3","annotations":{"k8s.io/initial-events-end":"true"}}}})"
    R"({"type":"DELETED","object":{"kind":"Pod","metadata":{"name":"a","resourceVersion":"4"}}})"
    "\n"
    R"J({"type":"ERROR","object":{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"too old resource version: 1 (5)","reason":"Expired","code":410}})J"
    "\n";

QString summarize(const QList<WatchEvent> &events)
{
    QStringList parts;
    for (const auto &event : events) {
        parts << WatchEvent::typeName(event.type) + QLatin1Char(':') +
                     (event.type == WatchEvent::Type::Error ? event.status.reason
                                                            : event.object.resourceVersion());
    }
    return parts.join(QLatin1Char(' '));
}

} // namespace

class TestWatchStreamDecoder : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void decodesAnyChunking_data();
    void decodesAnyChunking();
    void escapesInStringsSurviveAnyChunking_data();
    void escapesInStringsSurviveAnyChunking();
    void marksInitialEventsEnd();
    void failsOnBadFrames_data();
    void failsOnBadFrames();
    void keepsIncompleteFramePending();
    void decodesTheSameWhateverFollowsTheFieldsRead_data();
    void decodesTheSameWhateverFollowsTheFieldsRead();
    void decodesFuzzFindingsTheSameEveryWay_data();
    void decodesFuzzFindingsTheSameEveryWay();
    void findsTheSameFramesWhereverSplit_data();
    void findsTheSameFramesWhereverSplit();
    void decodesLargeChunksOnSeveralThreads_data();
    void decodesLargeChunksOnSeveralThreads();
};

void TestWatchStreamDecoder::decodesAnyChunking_data()
{
    QTest::addColumn<int>("chunkSize");
    for (int size : {1, 2, 3, 7, 16, 64, 100, 4096})
        QTest::addRow("chunk %d", size) << size;
}

void TestWatchStreamDecoder::decodesAnyChunking()
{
    QFETCH(int, chunkSize);
    WatchStreamDecoder decoder;
    QList<WatchEvent> events;
    for (qsizetype i = 0; i < kStream.size(); i += chunkSize)
        decoder.feed(
            QByteArrayView(kStream).sliced(i, qMin<qsizetype>(chunkSize, kStream.size() - i)),
            events);
    QVERIFY(!decoder.failed());
    QCOMPARE(summarize(events),
             QStringLiteral("ADDED:1 MODIFIED:2 BOOKMARK:3 DELETED:4 ERROR:Expired"));
    QCOMPARE(events[1].object.label(QStringLiteral("x")),
             std::optional<QString>(QStringLiteral("}{")));
    QCOMPARE(events[4].status.code, 410);
    QVERIFY(events[4].status.isExpired());
    QCOMPARE(decoder.pendingBytes(), 0);
}

void TestWatchStreamDecoder::escapesInStringsSurviveAnyChunking_data()
{
    QTest::addColumn<int>("chunkSize");
    for (int size : {1, 2, 3, 5, 8, 13, 4096})
        QTest::addRow("chunk %d", size) << size;
}

void TestWatchStreamDecoder::escapesInStringsSurviveAnyChunking()
{
    // Escaped quotes, backslash runs of every parity right before a quote,
    // and braces inside strings: the frame scanner must not end a string
    // early or late wherever a chunk boundary falls.
    const QByteArray stream =
        R"({"type":"ADDED","object":{"metadata":{"name":"a","resourceVersion":"1","labels":)"
        R"({"q":"say \"}\"","b1":"\\","b2":"\\\\","b3":"\\\"{","u":"\u0022}"}}}})"
        "\n"
        R"({"type":"MODIFIED","object":{"metadata":{"name":"a\\","resourceVersion":"2"}}})";
    QFETCH(int, chunkSize);
    WatchStreamDecoder decoder;
    QList<WatchEvent> events;
    for (qsizetype i = 0; i < stream.size(); i += chunkSize)
        decoder.feed(
            QByteArrayView(stream).sliced(i, qMin<qsizetype>(chunkSize, stream.size() - i)),
            events);
    QVERIFY2(!decoder.failed(), qPrintable(decoder.errorMessage()));
    QCOMPARE(summarize(events), QStringLiteral("ADDED:1 MODIFIED:2"));
    const KubeObject &first = events[0].object;
    QCOMPARE(first.label(QStringLiteral("q")).value_or(QString()), QStringLiteral("say \"}\""));
    QCOMPARE(first.label(QStringLiteral("b1")).value_or(QString()), QStringLiteral("\\"));
    QCOMPARE(first.label(QStringLiteral("b2")).value_or(QString()), QStringLiteral("\\\\"));
    QCOMPARE(first.label(QStringLiteral("b3")).value_or(QString()), QStringLiteral("\\\"{"));
    QCOMPARE(first.label(QStringLiteral("u")).value_or(QString()), QStringLiteral("\"}"));
    QCOMPARE(events[1].object.name(), QStringLiteral("a\\"));
    QCOMPARE(decoder.pendingBytes(), 0);
}

void TestWatchStreamDecoder::marksInitialEventsEnd()
{
    WatchStreamDecoder decoder;
    QList<WatchEvent> events;
    decoder.feed(kStream, events);
    QVERIFY(!events[0].isInitialEventsEnd());
    QVERIFY(events[2].isInitialEventsEnd());
    auto notEnd = WatchStreamDecoder::decodeFrame(
        R"({"type":"BOOKMARK","object":{"metadata":{"resourceVersion":"3","annotations":{"k8s.io/initial-events-end":"false"}}}})");
    QVERIFY(notEnd.ok());
    QVERIFY(!notEnd->isInitialEventsEnd());
}

void TestWatchStreamDecoder::failsOnBadFrames_data()
{
    QTest::addColumn<QByteArray>("stream");
    QTest::addColumn<QString>("message");
    QTest::newRow("unknown type") << QByteArray(R"({"type":"SQUASHED","object":{}})")
                                  << "unknown watch event type \"SQUASHED\"";
    QTest::newRow("no object") << QByteArray(R"({"type":"ADDED"})") << "needs an \"object\"";
    QTest::newRow("garbage between frames") << QByteArray("xyz") << "unexpected byte 'x'";
    QTest::newRow("bad atom in hot field")
        << QByteArray(R"({"type":"ADDED","object":{"metadata":{"name":nul}}})")
        << "metadata.name: expected a string";
    QTest::newRow("invalid utf8 anywhere")
        << QByteArray("{\"type\":\"ADDED\",\"object\":{\"spec\":\"\xff\"}}") << "invalid JSON";
    QTest::newRow("wrong field type")
        << QByteArray(R"({"type":"ADDED","object":{"metadata":{"name":[]}}})")
        << "metadata.name: expected a string";
    QTest::newRow("error not status")
        << QByteArray(R"({"type":"ERROR","object":{"kind":"Pod"}})") << "expected a Status object";
}

void TestWatchStreamDecoder::failsOnBadFrames()
{
    QFETCH(QByteArray, stream);
    QFETCH(QString, message);
    // Twice: as the last bytes (the scanner) and on a line (the fast path).
    for (const QByteArray &input : {stream, stream + "\n"}) {
        WatchStreamDecoder decoder;
        QList<WatchEvent> events;
        decoder.feed(input, events);
        QVERIFY(decoder.failed());
        QVERIFY2(decoder.errorMessage().contains(message), qPrintable(decoder.errorMessage()));
        QCOMPARE(events.size(), 1);
    }
    WatchStreamDecoder decoder;
    QList<WatchEvent> events;
    decoder.feed(stream, events);
    QVERIFY(decoder.failed());
    QVERIFY2(decoder.errorMessage().contains(message), qPrintable(decoder.errorMessage()));
    QCOMPARE(events.size(), 1);
    QCOMPARE(events[0].type, WatchEvent::Type::Error);
    QCOMPARE(events[0].status.code, 500);
    QCOMPARE(events[0].status.reason, QStringLiteral("InternalError"));
    QVERIFY(events[0].status.message.contains(
        QStringLiteral("unable to decode an event from the watch stream")));
    // Input after the failure is ignored.
    decoder.feed(kStream, events);
    QCOMPARE(events.size(), 1);
}

void TestWatchStreamDecoder::keepsIncompleteFramePending()
{
    WatchStreamDecoder decoder;
    QList<WatchEvent> events;
    const QByteArray half = kStream.left(30);
    decoder.feed(half, events);
    QVERIFY(events.isEmpty());
    QCOMPARE(decoder.pendingBytes(), 30);
    QVERIFY(!decoder.failed());
}

// The decoder stops reading an object once the members after the fields it
// reads are checked by scanning (objecttail.h); any other shape is walked as
// before. Either way the result is the one below: the result of walking every
// member, however odd (a managedFields array opening with a comma makes
// simdjson's skip run on past the array, and the bytes kept with it).
void TestWatchStreamDecoder::decodesTheSameWhateverFollowsTheFieldsRead_data()
{
    QTest::addColumn<QByteArray>("frame");
    QTest::addColumn<QString>("expected"); // kind|name|labels|hasManagedFields|json, or the error
    QTest::newRow("plain pod, managedFields last in metadata")
        << QByteArray(
               R"J({"type":"MODIFIED","object":{"apiVersion":"v1","kind":"Pod","metadata":{"name":"a","namespace":"ns","resourceVersion":"7","managedFields":[{"manager":"m","fieldsV1":{"f:spec":{".":{}}}}]},"spec":{"containers":[{"name":"c","args":["}","]"]}]},"status":{"phase":"Running"}}})J")
        << QStringLiteral(
               R"J(Pod|a||0|{"apiVersion":"v1","kind":"Pod","metadata":{"name":"a","namespace":"ns","resourceVersion":"7"},"spec":{"containers":[{"name":"c","args":["}","]"]}]},"status":{"phase":"Running"}})J");
    QTest::newRow("no managedFields")
        << QByteArray(
               R"J({"type":"MODIFIED","object":{"apiVersion":"v1","kind":"Pod","metadata":{"name":"a","resourceVersion":"7"},"spec":{"x":[1,2,{"y":null}]},"status":{}}})J")
        << QStringLiteral(
               R"J(Pod|a||0|{"apiVersion":"v1","kind":"Pod","metadata":{"name":"a","resourceVersion":"7"},"spec":{"x":[1,2,{"y":null}]},"status":{}})J");
    QTest::newRow("kind after spec")
        << QByteArray(
               R"J({"type":"ADDED","object":{"apiVersion":"v1","metadata":{"name":"a"},"spec":{},"kind":"Pod"}})J")
        << QStringLiteral(
               R"J(Pod|a||0|{"apiVersion":"v1","metadata":{"name":"a"},"spec":{},"kind":"Pod"})J");
    QTest::newRow("kind again after status")
        << QByteArray(
               R"J({"type":"ADDED","object":{"apiVersion":"v1","kind":"Pod","metadata":{"name":"a","managedFields":[]},"status":{},"kind":"Other"}})J")
        << QStringLiteral(
               R"J(Other|a||0|{"apiVersion":"v1","kind":"Pod","metadata":{"name":"a"},"status":{},"kind":"Other"})J");
    QTest::newRow("escaped key reading kind after status")
        << QByteArray(
               R"J({"type":"ADDED","object":{"apiVersion":"v1","kind":"Pod","metadata":{"name":"a","managedFields":[{}]},"status":{},"kin\u0064":"Other"}})J")
        << QStringLiteral(
               R"J(Other|a||0|{"apiVersion":"v1","kind":"Pod","metadata":{"name":"a"},"status":{},"kin\u0064":"Other"})J");
    QTest::newRow("metadata again after spec")
        << QByteArray(
               R"J({"type":"ADDED","object":{"kind":"Pod","metadata":{"name":"a","managedFields":[{}]},"spec":{},"metadata":{"name":"b"}}})J")
        << QStringLiteral(
               R"J(Pod|b||0|{"kind":"Pod","metadata":{"name":"a"},"spec":{},"metadata":{"name":"b"}})J");
    QTest::newRow("labels after managedFields")
        << QByteArray(
               R"J({"type":"ADDED","object":{"kind":"Pod","metadata":{"name":"a","managedFields":[{}],"labels":{"x":"1"}},"spec":{}}})J")
        << QStringLiteral(
               R"J(Pod|a|x=1|0|{"kind":"Pod","metadata":{"name":"a","labels":{"x":"1"}},"spec":{}})J");
    QTest::newRow("other metadata member after managedFields")
        << QByteArray(
               R"J({"type":"ADDED","object":{"kind":"Pod","metadata":{"name":"a","managedFields":[{"k":"v"}] , "finalizers":["f"],"selfLink":"/x"} ,"spec":{} }})J")
        << QStringLiteral(
               R"J(Pod|a||0|{"kind":"Pod","metadata":{"name":"a","finalizers":["f"],"selfLink":"/x"},"spec":{}})J");
    QTest::newRow("member after the object in the frame")
        << QByteArray(
               R"J({"type":"ADDED","object":{"kind":"Pod","metadata":{"name":"a","managedFields":[{}]},"spec":{}},"extra":{"kind":"X"}})J")
        << QStringLiteral(R"J(Pod|a||0|{"kind":"Pod","metadata":{"name":"a"},"spec":{}})J");
    QTest::newRow("type after the object")
        << QByteArray(
               R"J({"object":{"kind":"Pod","metadata":{"name":"a","managedFields":[{}]},"spec":{}},"type":"ADDED"})J")
        << QStringLiteral(R"J(Pod|a||0|{"kind":"Pod","metadata":{"name":"a"},"spec":{}})J");
    QTest::newRow("bad value in status")
        << QByteArray(
               R"J({"type":"ADDED","object":{"kind":"Pod","metadata":{"name":"a","managedFields":[{}]},"status":{"phase":nul,"x" 1}}})J")
        << QStringLiteral(
               R"J(Pod|a||0|{"kind":"Pod","metadata":{"name":"a"},"status":{"phase":nul,"x"1}})J");
    QTest::newRow("missing comma between spec and status")
        << QByteArray(
               R"J({"type":"ADDED","object":{"kind":"Pod","metadata":{"name":"a","managedFields":[{}]},"spec":{} "status":{}}})J")
        << QStringLiteral(R"J(error: watch event object: invalid JSON)J");
    QTest::newRow("scalar and string members at the end")
        << QByteArray(
               R"J({"type":"ADDED","object":{"kind":"Pod","metadata":{"name":"a","managedFields":[{}]},"n":-1.5e3,"s":"a\"}b","t":true}})J")
        << QStringLiteral(
               R"J(Pod|a||0|{"kind":"Pod","metadata":{"name":"a"},"n":-1.5e3,"s":"a\"}b","t":true})J");
    QTest::newRow("string followed by a colon at the end")
        << QByteArray(
               R"J({"type":"ADDED","object":{"kind":"Pod","metadata":{"name":"a","managedFields":[{}]},"s":"a":1}})J")
        << QStringLiteral(R"J(Pod|a||0|{"kind":"Pod","metadata":{"name":"a"},"s":"a":1})J");
    QTest::newRow("backslash outside a string in spec")
        << QByteArray(
               R"J({"type":"ADDED","object":{"kind":"Pod","metadata":{"name":"a","managedFields":[{}]},"spec":{"a":\"}"},"b":"}"}})J")
        << QStringLiteral(R"J(error: invalid JSON: A string is opened, but never closed.)J");
    QTest::newRow("managedFields starting with a comma")
        << QByteArray(
               R"J({"type":"ADDED","object":{"metadata":{"managedFields":[,"x":1],"other":"y"}}})J")
        << QStringLiteral(R"J(|||0|{"metadata":{})J");
    QTest::newRow("managedFields starting with a closing brace")
        << QByteArray(
               R"J({"type":"ADDED","object":{"metadata":{"managedFields":[}{],"other":"y"},"spec":{}}})J")
        << QStringLiteral(R"J(|||0|{"metadata":{"spec":{}})J");
    QTest::newRow("managedFields of scalars")
        << QByteArray(
               R"J({"type":"ADDED","object":{"kind":"Pod","metadata":{"name":"a","managedFields":["x",1]},"spec":{}}})J")
        << QStringLiteral(R"J(Pod|a||0|{"kind":"Pod","metadata":{"name":"a"},"spec":{}})J");
    QTest::newRow("object closed by a bracket")
        << QByteArray(
               R"J({"type":"ADDED","object":{"kind":"Pod","metadata":{"name":"a","managedFields":[{}]},"spec":{}]})J")
        << QStringLiteral(R"J(error: watch event object: invalid JSON)J");
    QTest::newRow("escaped quotes outside a string in spec")
        << QByteArray(
               R"J({"type":"ADDED","object":{"kind":"Pod","metadata":{"name":"a","managedFields":[{}]},"spec":{"a":\"x\"},"status":{"b":"]"}}})J")
        << QStringLiteral(
               R"J(Pod|a||0|{"kind":"Pod","metadata":{"name":"a"},"spec":{"a":\"x\"},"status":{"b":"]"}})J");
    // What simdjson's first stage refuses in the bytes after the prefix is
    // refused whatever the cut.
    QTest::newRow("invalid UTF-8 in status")
        << QByteArray(
               "{\"type\":\"ADDED\",\"object\":{\"kind\":\"Pod\",\"metadata\":{\"name\":\"a\","
               "\"managedFields\":[{}]},\"status\":{\"message\":\"\xff\"}}}")
        << QStringLiteral(R"J(error: invalid JSON: The input is not valid UTF-8)J");
    QTest::newRow("control character in a status string")
        << QByteArray("{\"type\":\"ADDED\",\"object\":{\"kind\":\"Pod\",\"metadata\":{"
                      "\"name\":\"a\",\"managedFields\":[{}]},\"status\":{\"message\":\"a\x01\"}}}")
        << QStringLiteral(
               R"J(error: invalid JSON: Within strings, some characters must be escaped, we found unescaped characters)J");
    QTest::newRow("UTF-8 and a newline outside strings after managedFields")
        << QByteArray(
               "{\"type\":\"ADDED\",\"object\":{\"kind\":\"Pod\",\"metadata\":{"
               "\"name\":\"a\",\"managedFields\":[{}]},\n\"status\":{\"message\":\"\xc3\xa9\"}}}")
        << QStringLiteral("Pod|a||0|{\"kind\":\"Pod\",\"metadata\":{\"name\":\"a\"},"
                          "\"status\":{\"message\":\"\u00e9\"}}");
    QTest::newRow("F before managedFields")
        << QByteArray(
               R"J({"type":"ADDED","object":{"kind":"Pod","metadata":{"name":"F","labels":{"F":"aFb"},"managedFields":[{"F":1}]},"spec":{"F":"F"}}})J")
        << QStringLiteral(
               R"J(Pod|F|F=aFb|0|{"kind":"Pod","metadata":{"name":"F","labels":{"F":"aFb"}},"spec":{"F":"F"}})J");
    // Where the text the prefix is cut at is not metadata's managedFields.
    QTest::newRow("managedFields as a label key")
        << QByteArray(
               R"J({"type":"ADDED","object":{"kind":"Pod","metadata":{"name":"a","labels":{"x":"1","managedFields":["y"]}},"spec":{}}})J")
        << QStringLiteral(
               R"J(error: watch event object: metadata.labels.managedFields: expected a string)J");
    QTest::newRow("managedFields in an owner reference")
        << QByteArray(
               R"J({"type":"ADDED","object":{"kind":"Pod","metadata":{"name":"a","ownerReferences":[{"kind":"R","managedFields":[]}]},"spec":{}}})J")
        << QStringLiteral(
               R"J(Pod|a||0|{"kind":"Pod","metadata":{"name":"a","ownerReferences":[{"kind":"R","managedFields":[]}]},"spec":{}})J");
    QTest::newRow("managedFields twice in metadata")
        << QByteArray(
               R"J({"type":"ADDED","object":{"kind":"Pod","metadata":{"name":"a","managedFields":[{"a":1}],"managedFields":[{"b":2}]},"spec":{}}})J")
        << QStringLiteral(
               R"J(Pod|a||0|{"kind":"Pod","metadata":{"name":"a","managedFields":[{"a":1}]},"spec":{}})J");
    // simdjson refuses a document whose root object's last bracket is not a
    // '}' (the copy, closed by the stand-in, always ends with one). Found by
    // fuzz_watchstream.
    QTest::newRow("frame closed by a bracket after managedFields")
        << QByteArray(
               R"J({"type":"ADDED","object":{"kind":"Pod","metadata":{"name":"a","managedFields":[{}]},"spec":{}}])J")
        << QStringLiteral(
               R"J(error: invalid JSON: JSON document ended early in the middle of an object or array.)J");
    // After the event's object, outside any value the decoder reads.
    QTest::newRow("backslash outside a string after the object")
        << QByteArray(
               R"J({"type":"ADDED","object":{"kind":"Pod","metadata":{"name":"a","managedFields":[{}]},"spec":{}},"x":\"y"})J")
        << QStringLiteral(R"J(error: invalid JSON: A string is opened, but never closed.)J");
    QTest::newRow("managedFields of the frame, not of metadata")
        << QByteArray(
               R"J({"type":"ADDED","object":{"kind":"Pod","metadata":{"name":"a"},"spec":{}},"managedFields":[1]})J")
        << QStringLiteral(R"J(Pod|a||0|{"kind":"Pod","metadata":{"name":"a"},"spec":{}})J");
    // Stage 1 takes `\"` outside a string for an escaped quote, the bracket
    // scanner for a backslash and a string's opening quote: they disagree on
    // where spec ends.
    QTest::newRow("escaped quote outside a string, then a brace in a string")
        << QByteArray(
               R"J({"type":"ADDED","object":{"kind":"Pod","metadata":{"name":"a","managedFields":[{}]},"spec":{"a":\"},"status":"}}"}})J")
        << QStringLiteral(
               R"J(Pod|a||0|{"kind":"Pod","metadata":{"name":"a"},"spec":{"a":\"},"status":"}}"})J");
}

void TestWatchStreamDecoder::decodesTheSameWhateverFollowsTheFieldsRead()
{
    QFETCH(QByteArray, frame);
    QFETCH(QString, expected);
    DecodeOptions options;
    options.dropManagedFields = true;
    // kind|name|labels|hasManagedFields|json, or the error.
    const auto describe = [&](const Result<WatchEvent> &event) {
        if (!event.ok())
            return QStringLiteral("error: ") + event.errorMessage();
        const KubeObject &object = event.value().object;
        QStringList labels;
        for (const Label &label : object.labels())
            labels << label.key + QLatin1Char('=') + label.value;
        return QStringList{object.kind(), object.name(), labels.join(QLatin1Char(',')),
                           QString::number(object.hasManagedFields()),
                           QString::fromUtf8(object.json())}
            .join(QLatin1Char('|'));
    };
    // A stream's cut records where the frame's values end (valueends.h).
    const auto inStream = [&](bool recordedEnds) -> Result<WatchEvent> {
        detail::ValueEnds::setEnabled(recordedEnds);
        WatchStreamDecoder decoder(options);
        QList<WatchEvent> events;
        decoder.feed(frame, events);
        detail::ValueEnds::setEnabled(true);
        if (decoder.failed())
            return makeError(decoder.errorMessage());
        if (events.size() != 1) // the stream's rule cuts no frame here
            return makeError(QStringLiteral("%1 events").arg(events.size()));
        return events.first();
    };
    // Decoded from the frame's prefix where it has one (frameprefix.h), and whole.
    for (const bool cut : {true, false}) {
        detail::FramePrefix::setEnabled(cut);
        const Result<WatchEvent> alone = WatchStreamDecoder::decodeFrame(frame, options);
        const QString withEnds = describe(inStream(true));
        const QString scanningEnds = describe(inStream(false));
        detail::FramePrefix::setEnabled(true);
        const char *how = cut ? "from the prefix" : "whole";
        QVERIFY2(describe(alone) == expected, qPrintable(describe(alone) + u' ' + how));
        if (alone.ok())
            QCOMPARE(WatchEvent::typeName(alone.value().type),
                     frame.contains(R"("type":"MODIFIED")") ? QStringLiteral("MODIFIED")
                                                            : QStringLiteral("ADDED"));
        // In a stream, the same whether the ends were recorded or scanned
        // for, and as alone when the stream cuts the frame there.
        QVERIFY2(withEnds == scanningEnds, qPrintable(withEnds + u' ' + how));
        if (withEnds != QLatin1String("error: 0 events"))
            QVERIFY2(withEnds == expected, qPrintable(withEnds + u' ' + how));
    }
}

void TestWatchStreamDecoder::decodesFuzzFindingsTheSameEveryWay_data()
{
    QTest::addColumn<QString>("input");
    // Streams on which fuzz_watchstream found the ways apart (its input: a
    // byte that picks the chunk size, then the stream). owners-read-twice
    // decoded once, then differently: its mangled ownerReferences were read
    // field by field the first time, found again by their bytes after.
    // closed-by-the-next-frame's first frame parsed where it was, because
    // the '}' after it closed what simdjson left open, and failed when held
    // across reads.
    for (const char *name :
         {"frame-closed-by-a-bracket", "backslash-after-the-object", "metadata-ended-apart",
          "owners-read-twice", "closed-by-the-next-frame"})
        QTest::newRow(name) << QFINDTESTDATA(QStringLiteral("../fuzz/corpus/watchstream/") +
                                             QLatin1String(name));
}

void TestWatchStreamDecoder::decodesFuzzFindingsTheSameEveryWay()
{
    QFETCH(QString, input);
    QFile file(input);
    QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(input));
    const QByteArray contents = file.readAll();
    QVERIFY(!contents.isEmpty());
    const qsizetype fuzzedChunk = 1 + quint8(contents[0]) % 64;
    const QByteArrayView stream = QByteArrayView(contents).sliced(1);
    const auto decode = [&](bool cut, bool recordedEnds, qsizetype chunk) {
        detail::FramePrefix::setEnabled(cut);
        detail::ValueEnds::setEnabled(recordedEnds);
        WatchStreamDecoder decoder(DecodeOptions{true});
        QList<WatchEvent> events;
        for (qsizetype i = 0; i < stream.size(); i += chunk)
            decoder.feed(stream.sliced(i, qMin(chunk, stream.size() - i)), events);
        detail::FramePrefix::setEnabled(true);
        detail::ValueEnds::setEnabled(true);
        QStringList out;
        for (const WatchEvent &event : events)
            out << WatchEvent::typeName(event.type) + u' ' +
                       QString::fromUtf8(event.object.json()) + u' ' + event.status.message;
        return out.join(u'\n');
    };
    const qsizetype whole = stream.size();
    const QString expected = decode(false, false, whole); // every value scanned
    QCOMPARE(decode(true, false, whole), expected);
    QCOMPARE(decode(false, true, whole), expected);
    QCOMPARE(decode(true, true, whole), expected);
    QCOMPARE(decode(true, true, fuzzedChunk), expected); // frames held across reads
}

void TestWatchStreamDecoder::findsTheSameFramesWhereverSplit_data()
{
    // Lines that are one frame take the fast path when whole in a chunk;
    // everything else, and every frame cut by a chunk boundary, the scanner.
    // The events must not depend on which path a frame took.
    QTest::addColumn<QByteArray>("stream");
    QTest::addColumn<QString>("expected");
    const QByteArray a =
        R"({"type":"ADDED","object":{"metadata":{"name":"a","resourceVersion":"1"}}})";
    const QByteArray b =
        R"({"type":"MODIFIED","object":{"metadata":{"name":"a","resourceVersion":"2"}}})";
    QTest::newRow("frame per line") << a + "\n" + b + "\n"
                                    << "ADDED:1 MODIFIED:2";
    QTest::newRow("crlf and blank lines") << "\r\n" + a + " \r\n\n\t" + b + "\r\n"
                                          << "ADDED:1 MODIFIED:2";
    QTest::newRow("two frames on a line") << a + b + "\n" + a + "\n"
                                          << "ADDED:1 MODIFIED:2 ADDED:1";
    // The fast path checks the line's end right after "object" when "type"
    // came first; other orders and extra fields are checked whole.
    const QByteArray objectFirst =
        R"({"object":{"metadata":{"name":"a","resourceVersion":"1"}},"type":"ADDED"})";
    QTest::newRow("object before type") << objectFirst + "\n" + b + "\n"
                                        << "ADDED:1 MODIFIED:2";
    QTest::newRow("object before type, two frames on a line") << objectFirst + b + "\n"
                                                              << "ADDED:1 MODIFIED:2";
    QTest::newRow("a field after the object")
        << QByteArray(R"({"type":"ADDED","object":{"metadata":{"name":"a","resourceVersion":"1"}},)"
                      R"("x":[1,{"y":"}"}]})") +
               "\n" + b + "\n"
        << "ADDED:1 MODIFIED:2";
    // On-demand ends this line's object at its last brace, the scanner
    // (counting brackets) one brace earlier: the line is not one frame.
    QTest::newRow("object that on-demand ends elsewhere")
        << QByteArray(R"({"type":"ADDED","object":{"k":"v":[~"m":1}]}})"
                      "\n\"t}}}}")
        << "ADDED: ERROR:InternalError";
    QTest::newRow("pretty-printed frame")
        << QByteArray("{\n  \"type\": \"ADDED\",\n  \"object\": {\n    \"metadata\": {\"name\": "
                      "\"a\", \"resourceVersion\": \"1\"}\n  }\n}\n") +
               b + "\n"
        << "ADDED:1 MODIFIED:2";
    QTest::newRow("newline escaped in a string")
        << QByteArray(
               R"({"type":"ADDED","object":{"metadata":{"name":"a\n}","resourceVersion":"1"}}})"
               "\n") +
               b + "\n"
        << "ADDED:1 MODIFIED:2";
    QTest::newRow("garbage after a frame on its line") << a + " x\n" + b + "\n"
                                                       << "ADDED:1 ERROR:InternalError";
    QTest::newRow("closing bracket too many") << a + "}\n" + b + "\n"
                                              << "ADDED:1 ERROR:InternalError";
    QTest::newRow("frame missing its end")
        << QByteArray(R"({"type":"ADDED","object":{"metadata":{"name":"a"})") + "\n" + b + "\n"
        << "";
    // simdjson's skip reads the first token after an opening brace as a
    // value: these lines look like one object to it, not to the scanner.
    QTest::newRow("object opening an object")
        << QByteArray("{{{\r{}}}\nz1\n\0y\xce}", 16) + "\n" + b + "\n"
        << "ERROR:InternalError";
    QTest::newRow("object of a bare string") << QByteArray(R"({"x")") + "\n" + b + "\n"
                                             << "";
    // Frames longer than the scanner's 64-byte blocks, with escaped quotes,
    // braces in strings and backslash runs falling across block boundaries.
    QByteArray labels;
    for (int i = 0; i < 12; ++i) {
        labels += (i ? "," : "") + QByteArray(R"("l)") + QByteArray::number(i) + R"(":")" +
                  QByteArray(i, 'x') + QByteArray(2 * (i % 3), '\\') + R"(\"}{][\\")";
    }
    const QByteArray longFrame =
        R"({"type":"ADDED","object":{"metadata":{"name":"a","resourceVersion":"1","labels":{)" +
        labels + "}}}}";
    QTest::newRow("long frames with escapes") << longFrame + "\n" + longFrame + b + "\n"
                                              << "ADDED:1 ADDED:1 MODIFIED:2";
    // Outside a string a backslash escapes nothing: the quote after it opens
    // one, and the frame ends at the brace after that string.
    QTest::newRow("backslash outside a string")
        << QByteArray(R"({"type":"ADDED","object":{"metadata":{"name":"a"}},)") +
               QByteArray(70, ' ') + R"(\"}" })" + "\n" + b + "\n"
        << "ERROR:InternalError";
    QTest::newRow("bad frame on a line")
        << a + "\n" + R"({"type":"SQUASHED","object":{}})" + "\n" + b + "\n"
        << "ADDED:1 ERROR:InternalError";
    // Frames with managedFields, decoded from their prefix (frameprefix.h):
    // the frame the scanner finds is the one decoded, whatever its line holds.
    const QByteArray managedA =
        R"({"type":"ADDED","object":{"metadata":{"name":"a","resourceVersion":"1",)"
        R"("managedFields":[{"manager":"m","fieldsV1":{"f:x":{"}":{}}}}]},"spec":{"c":["}"]}}})";
    const QByteArray managedB =
        R"({"type":"MODIFIED","object":{"metadata":{"name":"a","resourceVersion":"2",)"
        R"("managedFields":[]},"status":{}}})";
    QTest::newRow("managedFields, frame per line") << managedA + "\n" + managedB + " \r\n"
                                                   << "ADDED:1 MODIFIED:2";
    QTest::newRow("managedFields, two frames on a line")
        << managedA + managedB + "\n" + managedA + "\n"
        << "ADDED:1 MODIFIED:2 ADDED:1";
    QTest::newRow("managedFields, garbage after a frame on its line")
        << managedA + " x}\n" + managedB + "\n"
        << "ADDED:1 ERROR:InternalError";
    QTest::newRow("managedFields, closing brace too many") << managedA + "}\n" + managedB + "\n"
                                                           << "ADDED:1 ERROR:InternalError";
    QTest::newRow("managedFields, a field after the object")
        << managedA.chopped(1) + R"(,"x":{"y":"}"}})" + "\n" + managedB + "\n"
        << "ADDED:1 MODIFIED:2";
    QTest::newRow("managedFields, pretty-printed")
        << QByteArray("{\"type\": \"ADDED\",\n\"object\": {\"metadata\": {\"name\": \"a\", "
                      "\"resourceVersion\": \"1\", \"managedFields\": [{}]}\n},\n\"x\": {}}\n") +
               managedB + "\n"
        << "ADDED:1 MODIFIED:2";
    QTest::newRow("managedFields, the frame ends inside its line")
        << QByteArray(
               R"({"type":"ADDED","object":{"metadata":{"name":"a","resourceVersion":"1"}}})") +
               R"(,"managedFields":[]}})" + "\n"
        << "ADDED:1 ERROR:InternalError";
    QTest::newRow("managedFields, metadata one level deeper")
        << QByteArray(
               R"({"type":"ADDED","object":{"metadata":{"x":{"name":"a","managedFields":[]}}}})") +
               "\n" + managedB + "\n"
        << "ADDED: MODIFIED:2";
    QTest::newRow("managedFields, backslash outside a string before the cut")
        << QByteArray(
               R"({"type":"ADDED","object":{"metadata":{"name":"a","x":\"}","resourceVersion":"1",)"
               R"("managedFields":[]}}})") +
               "\n" + managedB + "\n"
        << "ERROR:InternalError";
}

void TestWatchStreamDecoder::findsTheSameFramesWhereverSplit()
{
    QFETCH(QByteArray, stream);
    QFETCH(QString, expected);
    QString firstError;
    for (qsizetype split = 0; split <= stream.size(); ++split) {
        WatchStreamDecoder decoder;
        QList<WatchEvent> events;
        decoder.feed(QByteArrayView(stream).first(split), events);
        decoder.feed(QByteArrayView(stream).sliced(split), events);
        const QString summary = summarize(events);
        QVERIFY2(summary == expected,
                 qPrintable(QStringLiteral("split %1: %2").arg(split).arg(summary)));
        // An unfinished frame holds the rest of the stream.
        QCOMPARE(decoder.pendingBytes() > 0, expected.isEmpty());
        // A bad frame is named the same way wherever the stream was split.
        if (split == 0)
            firstError = decoder.errorMessage();
        QCOMPARE(decoder.errorMessage(), firstError);
    }
}

namespace {

// A frame per line, ~300 bytes each, resourceVersion `i`.
QByteArray lineFrame(int i)
{
    return QByteArray(R"({"type":"MODIFIED","object":{"metadata":{"name":"p)") +
           QByteArray::number(i) + R"(","resourceVersion":")" + QByteArray::number(i) +
           R"("},"spec":{"pad":")" + QByteArray(200 + i % 50, 'x') + "\"}}}\n";
}

struct Decoded
{
    QString summary;
    QString error;
    qsizetype pending = 0;
    qint64 parallelParts = 0;
};

Decoded decodeInChunks(const QByteArray &stream, int threads, qsizetype chunkSize)
{
    WatchStreamDecoder decoder({}, threads);
    QList<WatchEvent> events;
    for (qsizetype at = 0; at < stream.size(); at += chunkSize)
        decoder.feed(QByteArrayView(stream).sliced(at, qMin(chunkSize, stream.size() - at)),
                     events);
    return {summarize(events), decoder.errorMessage(), decoder.pendingBytes(),
            decoder.partsDecodedInParallel()};
}

} // namespace

void TestWatchStreamDecoder::decodesLargeChunksOnSeveralThreads_data()
{
    // Streams of ~1.5 MB whose middle holds a frame of each kind the split
    // points may land in or near.
    QTest::addColumn<QByteArray>("middle");
    QTest::addColumn<bool>("fails");
    QTest::newRow("lines only") << QByteArray() << false;
    QTest::newRow("pretty-printed frames")
        << QByteArray("{\n  \"type\": \"ADDED\",\n  \"object\": {\n    \"metadata\": "
                      "{\"name\": \"a\", \"resourceVersion\": \"1\"}\n  }\n}\n")
               .repeated(3000)
        << false;
    QTest::newRow("inner objects on lines of their own")
        << QByteArray("{\"type\":\"ADDED\",\"object\":\n{\"metadata\":{\"name\":\"a\","
                      "\"resourceVersion\":\"1\"}}\n}\n")
               .repeated(5000)
        << false;
    QTest::newRow("two frames per line")
        << QByteArray(R"({"type":"ADDED","object":{"metadata":{"resourceVersion":"1"}}})"
                      R"({"type":"ADDED","object":{"metadata":{"resourceVersion":"2"}}})"
                      "\n")
               .repeated(4000)
        << false;
    QTest::newRow("a bad frame") << QByteArray(R"({"type":"SQUASHED","object":{}})"
                                               "\n")
                                 << true;
    QTest::newRow("garbage between frames") << QByteArray("xyz\n") << true;
    QTest::newRow("an unbalanced bracket") << QByteArray("}\n") << true;
}

void TestWatchStreamDecoder::decodesLargeChunksOnSeveralThreads()
{
    QFETCH(QByteArray, middle);
    QFETCH(bool, fails);
    // The middle is moved across the stream, so that each part boundary
    // falls before, inside and after it in some run.
    for (int before : {10, 1500, 2500, 4000}) {
        QByteArray stream;
        for (int i = 0; i < before; ++i)
            stream += lineFrame(i);
        stream += middle;
        for (int i = before; i < 5000; ++i)
            stream += lineFrame(i);
        const Decoded expected = decodeInChunks(stream, 1, stream.size());
        QCOMPARE(expected.error.isEmpty(), !fails);
        for (int threads : {2, 3, 8}) {
            for (qsizetype chunk : {stream.size(), qsizetype(1) << 20, qsizetype(300007)}) {
                const Decoded decoded = decodeInChunks(stream, threads, chunk);
                const QString run = QStringLiteral("middle after %1 frames, %2 threads, "
                                                   "chunks of %3")
                                        .arg(before)
                                        .arg(threads)
                                        .arg(chunk);
                QVERIFY2(decoded.summary == expected.summary, qPrintable(run));
                QVERIFY2(decoded.error == expected.error, qPrintable(run));
                QVERIFY2(decoded.pending == expected.pending, qPrintable(run));
                // Lines the threads can split are decoded on several.
                if (!fails && middle.isEmpty())
                    QVERIFY2(decoded.parallelParts > 0, qPrintable(run));
            }
        }
    }
}

QTEST_APPLESS_MAIN(TestWatchStreamDecoder)
#include "tst_watchstreamdecoder.moc"
