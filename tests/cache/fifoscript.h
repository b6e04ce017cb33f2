#pragma once

// FifoScript: runs one scripted DeltaFIFO conformance row (tst_deltafifo).
//
// A script is operations separated by ';': options first (known <objects>,
// ghost <keys>, emptyKnown, emitReplaced, transform), then add/update/delete
// <objects>, replace [objects] (an object "known:<key>" is the known
// object's own instance), resync, pop [requeue|requeueErr|fail], popBatch <n>
// [mode], readd <n-th popped>, readdEmpty, close, and the queries synced,
// list, keys, len, get <key>, stats, transforms. `coalesce <n>` sets
// DeltaFIFOOptions::coalesceBacklog. Objects are testobjects.h
// tokens. Pops are logged as "key: Type object, Type object" (oldest first)
// with " (initial)" when the process callback got isInInitialList; a
// tombstone is "~key" plus the resourceVersion of the object it carries
// (nothing when it has none); a "*" marks an object that went through the
// test transformer. Whatever is still queued at the end is drained and logged.

#include "fakeknownobjects.h"
#include "testobjects.h"

#include "informer/cache/deltafifo.h"

#include <memory>

namespace informant::test {

inline QString deltaText(const Delta &delta)
{
    QString object;
    if (delta.isTombstone()) {
        object = QLatin1Char('~') + delta.tombstoneKey;
        if (!delta.object.isNull())
            object += objectToken(delta.object).mid(delta.object.key().size());
    } else {
        object = objectToken(delta.object);
    }
    return deltaTypeName(delta.type) + QLatin1Char(' ') + object;
}

inline QString deltasText(const Deltas &deltas)
{
    QStringList parts;
    for (const Delta &delta : deltas)
        parts.append(deltaText(delta));
    return parts.join(QStringLiteral(", "));
}

// Runs one script against a fresh DeltaFIFO and collects the log.
class FifoScript
{
public:
    QStringList run(const QString &script)
    {
        for (const QString &step : script.split(QLatin1Char(';'), Qt::SkipEmptyParts)) {
            QStringList words = step.simplified().split(QLatin1Char(' '), Qt::SkipEmptyParts);
            if (words.isEmpty())
                continue;
            const QString op = words.takeFirst();
            if (!configure(op, words))
                execute(op, words);
        }
        while (fifo().size() > 0)
            pop(PopMode::Normal);
        return m_log;
    }

private:
    enum class PopMode { Normal, Requeue, RequeueError, Fail };

    // Options: only before the queue is created (its first use).
    bool configure(const QString &op, const QStringList &args)
    {
        if (op == u"known" || op == u"ghost" || op == u"emptyKnown") {
            if (m_fifo && !m_useKnown)
                qFatal("known objects must be configured before the queue is used");
            m_useKnown = true;
            for (const QString &arg : args) {
                if (op == u"ghost")
                    m_known.addGhost(arg);
                else
                    m_known.set(objectFromToken(arg));
            }
            return true;
        }
        if (op == u"coalesce") { // coalesce <backlog>
            if (m_fifo)
                qFatal("options must be set before the queue is used");
            m_coalesceBacklog = args.value(0).toLongLong();
            return true;
        }
        if (op == u"emitReplaced" || op == u"transform") {
            if (m_fifo)
                qFatal("options must be set before the queue is used");
            (op == u"emitReplaced" ? m_emitReplaced : m_transform) = true;
            return true;
        }
        return false;
    }

    DeltaFIFO &fifo()
    {
        if (!m_fifo) {
            DeltaFIFOOptions options;
            options.knownObjects = m_useKnown ? &m_known : nullptr;
            options.emitDeltaTypeReplaced = m_emitReplaced;
            options.coalesceBacklog = m_coalesceBacklog;
            if (m_transform)
                options.transformer = [this](const KubeObject &object) {
                    return transform(object);
                };
            m_fifo = std::make_unique<DeltaFIFO>(std::move(options));
        }
        return *m_fifo;
    }

    KubeObject transform(const KubeObject &object)
    {
        ++m_transforms;
        if (object.label(QStringLiteral("transformed")))
            ++m_doubleTransforms;
        QList<Label> labels = object.labels();
        labels.append(Label{QStringLiteral("transformed"), QStringLiteral("yes")});
        return makeObject(object.namespaceName(), object.name(), object.resourceVersion(), labels);
    }

    void logResult(const Result<void> &result)
    {
        if (!result.ok())
            m_log.append(QStringLiteral("err: ") + result.errorMessage());
    }

    PopProcess process(PopMode mode)
    {
        return [this, mode](const Deltas &deltas, bool isInInitialList) -> ProcessResult {
            m_popped.append(deltas);
            m_log.append(m_fifo->keyOf(deltas).value() + QStringLiteral(": ") + deltasText(deltas) +
                         (isInInitialList ? QStringLiteral(" (initial)") : QString()));
            switch (mode) {
            case PopMode::Normal:
                return {};
            case PopMode::Requeue:
                return ProcessResult::requeue();
            case PopMode::RequeueError:
                return ProcessResult::requeue(makeError(QStringLiteral("boom")));
            case PopMode::Fail:
                return makeError(QStringLiteral("boom"));
            }
            return {};
        };
    }

    void pop(PopMode mode)
    {
        if (fifo().size() == 0 && !fifo().isClosed())
            qFatal("script pops an empty open queue: it would block forever");
        const PopResult result = fifo().pop(process(mode));
        if (result.closed)
            m_log.append(QStringLiteral("closed: ") + result.result.errorMessage());
        else
            logResult(result.result);
    }

    void popBatch(qsizetype maxKeys, PopMode mode)
    {
        if (fifo().size() == 0 && !fifo().isClosed())
            qFatal("script pops an empty open queue: it would block forever");
        const PopBatchResult result = fifo().popBatch(maxKeys, process(mode));
        if (result.closed) {
            m_log.append(QStringLiteral("closed: ") + result.result.errorMessage());
            return;
        }
        logResult(result.result);
        m_log.append(QStringLiteral("batch=%1").arg(result.popped));
    }

    static PopMode popMode(const QStringList &args)
    {
        const QString mode = args.value(0);
        if (mode == u"requeue")
            return PopMode::Requeue;
        if (mode == u"requeueErr")
            return PopMode::RequeueError;
        if (mode == u"fail")
            return PopMode::Fail;
        return PopMode::Normal;
    }

    void execute(const QString &op, const QStringList &args)
    {
        DeltaFIFO &queue = fifo();
        if (op == u"add" || op == u"update" || op == u"delete") {
            for (const QString &arg : args) {
                const KubeObject object = objectFromToken(arg);
                logResult(op == u"add"      ? queue.add(object)
                          : op == u"update" ? queue.update(object)
                                            : queue.remove(object));
            }
        } else if (op == u"replace") {
            // "known:foo": the known object's own instance, as a relist hands
            // it on for an unchanged object (DeltaFIFO::knownVersion).
            QList<KubeObject> objects;
            for (const QString &arg : args)
                objects.append(arg.startsWith(u"known:")
                                   ? m_known.getByKey(arg.mid(6)).value_or(KubeObject())
                                   : objectFromToken(arg));
            logResult(queue.replace(objects, QStringLiteral("1")));
        } else if (op == u"resync") {
            logResult(queue.resync());
        } else if (op == u"pop") {
            pop(popMode(args));
        } else if (op == u"popBatch") {
            popBatch(args.value(0).toLongLong(), popMode(args.mid(1)));
        } else if (op == u"readd") {
            logResult(queue.addIfNotPresent(m_popped.value(args.value(0).toInt())));
        } else if (op == u"readdEmpty") {
            logResult(queue.addIfNotPresent(Deltas()));
        } else if (op == u"close") {
            queue.close();
        } else {
            query(op, args);
        }
    }

    void query(const QString &op, const QStringList &args)
    {
        DeltaFIFO &queue = fifo();
        if (op == u"synced") {
            m_log.append(QStringLiteral("synced=%1").arg(queue.hasSynced() ? "true" : "false"));
        } else if (op == u"list") {
            QStringList tokens;
            for (const KubeObject &object : queue.list())
                tokens.append(objectToken(object));
            m_log.append(QStringLiteral("list=") + tokens.join(QLatin1Char(',')));
        } else if (op == u"keys") {
            m_log.append(QStringLiteral("keys=") + queue.listKeys().join(QLatin1Char(',')));
        } else if (op == u"len") {
            m_log.append(QStringLiteral("len=%1").arg(queue.size()));
        } else if (op == u"get") {
            const std::optional<Deltas> deltas = queue.getByKey(args.value(0));
            m_log.append(
                QStringLiteral("get %1=%2")
                    .arg(args.value(0), deltas ? deltasText(*deltas) : QStringLiteral("none")));
        } else if (op == u"stats") {
            const DeltaFIFOStats stats = queue.stats();
            m_log.append(QStringLiteral("stats keys=%1 deltas=%2 peak=%3 coalesced=%4")
                             .arg(stats.keys)
                             .arg(stats.deltas)
                             .arg(stats.peakDeltas)
                             .arg(stats.coalescedDeltas));
        } else if (op == u"transforms") {
            m_log.append(QStringLiteral("transforms=%1 doubles=%2")
                             .arg(m_transforms)
                             .arg(m_doubleTransforms));
        } else {
            qFatal("unknown script operation %s", qPrintable(op));
        }
    }

    FakeKnownObjects m_known;
    bool m_useKnown = false;
    bool m_emitReplaced = false;
    bool m_transform = false;
    qsizetype m_coalesceBacklog = 0;
    std::unique_ptr<DeltaFIFO> m_fifo;
    QStringList m_log;
    QList<Deltas> m_popped;
    int m_transforms = 0;
    int m_doubleTransforms = 0;
};

} // namespace informant::test
