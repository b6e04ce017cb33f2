#pragma once

// A ClusterSession over LocalKindSources, for the GUI tests: the kinds it
// serves and the status a watched source reports.

#include "models/clustersession.h"
#include "models/localkindsource.h"

#include <QDateTime>
#include <QHash>

namespace informant::test {

class LocalClusterSession final : public ClusterSession
{
public:
    explicit LocalClusterSession(QList<KindInfo> kinds)
        : m_kinds(std::move(kinds))
    {
    }

    QString name() const override { return m_name; }
    void setName(QString name) { m_name = std::move(name); }
    QString serverText() const override { return QStringLiteral("local"); }
    QList<KindInfo> kinds() const override { return m_kinds; }
    bool kindsDiscovered() const override { return m_discovered; }
    // As a live session before discovery has answered.
    void setDiscovering() { m_discovered = false; }
    // What discovery does when it answers, and when CRDs come and go.
    void setKinds(QList<KindInfo> kinds)
    {
        m_kinds = std::move(kinds);
        m_discovered = true;
        Q_EMIT kindsChanged();
    }
    KindSource *source(const KindInfo &kind) override { return local(kind.plural); }
    QList<KindSource *> sources() const override
    {
        QList<KindSource *> out;
        for (LocalKindSource *s : m_sources)
            out.append(s);
        return out;
    }
    LocalKindSource *local(const QString &plural)
    {
        if (LocalKindSource *s = m_sources.value(plural))
            return s;
        for (const KindInfo &k : std::as_const(m_kinds)) {
            if (k.plural != plural)
                continue;
            auto *s = new LocalKindSource(k, this);
            m_sources.insert(plural, s);
            Q_EMIT sourceCreated(s);
            return s;
        }
        return nullptr;
    }

private:
    QString m_name = QStringLiteral("test");
    QList<KindInfo> m_kinds;
    bool m_discovered = true;
    QHash<QString, LocalKindSource *> m_sources;
};

// What a LocalKindSource reports once its list is synced and its watch is up:
// its counts are live.
inline InformerStatus watching()
{
    InformerStatus s;
    s.state = InformerStatus::State::Watching;
    s.synced = true;
    return s;
}

// What it reports when its watch was lost after the sync: reconnecting in a
// minute, its counts the last known.
inline InformerStatus watchLost()
{
    InformerStatus s;
    s.state = InformerStatus::State::BackingOff;
    s.synced = true;
    s.retryAtMs = QDateTime::currentMSecsSinceEpoch() + 60'000;
    s.lastError = QStringLiteral("connection refused");
    return s;
}

inline QList<KindInfo> standardKinds()
{
    auto k = [](const QString &group, const QString &kind, const QString &plural, bool ns,
                QStringList shortNames) {
        return KindInfo{group, QStringLiteral("v1"), kind, plural, ns, shortNames};
    };
    return {k({}, QStringLiteral("Pod"), QStringLiteral("pods"), true, {QStringLiteral("po")}),
            k(QStringLiteral("apps"), QStringLiteral("Deployment"), QStringLiteral("deployments"),
              true, {QStringLiteral("deploy")}),
            k({}, QStringLiteral("Secret"), QStringLiteral("secrets"), true, {}),
            k({}, QStringLiteral("Event"), QStringLiteral("events"), true, {QStringLiteral("ev")}),
            k({}, QStringLiteral("Node"), QStringLiteral("nodes"), false, {QStringLiteral("no")})};
}

} // namespace informant::test
