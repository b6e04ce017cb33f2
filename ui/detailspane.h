#pragma once

// DetailsPane: the selected object — Overview (key fields, conditions, owner
// and controlled-object links), YAML (live, highlighted; managedFields hidden
// and Secret values masked until asked for), and Events (from the events
// cache's involvedObject index; a banner over them says when the events
// informer is not fresh, so that a forbidden watch does not read as "no
// events"). Follows the object live: when a newer
// version arrives the texts refresh, keeping the YAML scroll position. While
// the object's kind is not watched (setFreshness), a quiet line under the
// header says the object is as of the informer's last event, and why. An
// object read metadata-only says so and may be read whole once
// (MetadataOnlyBar).

#include "informer/core/kubeobject.h"
#include "informer/informers/informerstatus.h"

#include <QWidget>

#include <functional>

class QCheckBox;
class QLabel;
class QPlainTextEdit;
class QTabWidget;
class QTableView;
class QTextBrowser;
class QTimer;

namespace informant {

class FreshnessBanner;
class KindSource;
class MetadataOnlyBar;
class RelatedEventsModel;
struct ObjectLink;

class DetailsPane final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DetailsPane)

public:
    // Objects controlled by the given uid (from the owner indexes).
    using ControlledLookup = std::function<QList<KubeObject>(const KubeObject &)>;

    explicit DetailsPane(QWidget *parent = nullptr);

    void setObject(const KubeObject &object);
    // The shown object's cluster, in a window of several: the Overview's
    // first field, and the cluster whose events the Events tab lists. Empty
    // (a window of one): none.
    void setCluster(const QString &cluster);
    // The shown object left its table: deleted from the cluster (`deleted`)
    // or hidden by the filters. It stays, in its last known state, marked so.
    void setObjectGone(const KubeObject &lastState, bool deleted);
    // No object to show, and why, in place of "No object selected" (a lane
    // selected whose object the cache does not hold).
    void setNoObject(const QString &why);
    QString headerText() const;
    // The freshness of the shown object's informer, and since when it has
    // not been watching (wall clock ms, -1: unknown). Not watching: "As of
    // the last event (14:02:11); not watched since 14:02:15 (watch lost,
    // reconnecting)." under the header, in the faded text of the table's
    // rows; hidden while watching.
    void setFreshness(const InformerStatus &status, qint64 notWatchedSinceMs);
    // That line; empty while hidden.
    QString freshnessNote() const;
    KubeObject object() const { return m_object; }
    void setEventsSource(KindSource *events);
    void setControlledLookup(ControlledLookup lookup) { m_controlled = std::move(lookup); }
    void setDark(bool dark);

    QTabWidget *tabs() const { return m_tabs; }
    QString overviewText() const;
    QString yamlText() const;
    QCheckBox *revealSecrets() const { return m_reveal; }
    QCheckBox *showManagedFields() const { return m_managed; }
    MetadataOnlyBar *metadataOnlyBar() const { return m_metadataOnly; }
    RelatedEventsModel *eventsModel() const { return m_events; }
    FreshnessBanner *eventsBanner() const { return m_eventsBanner; }
    void refreshEvents();

    // As narrow as the dock may be, whatever it shows: a long word in the
    // header, a History caption or a tab's row of buttons do not widen the
    // dock (it took the room from the table and the sidebar, a little more at
    // each object), they are cut or wrap.
    QSize minimumSizeHint() const override;

Q_SIGNALS:
    void linkActivated(const QString &apiVersion, const QString &kind, const QString &namespaceName,
                       const QString &name);

private:
    void refreshTexts();
    void refreshOverview();
    void refreshYaml();
    void refreshEventsFreshness();
    void refreshFreshnessNote();

    KubeObject m_object;
    QString m_cluster;
    KindSource *m_eventsSource = nullptr;
    ControlledLookup m_controlled;
    bool m_dark = false;
    QLabel *m_header;
    QLabel *m_freshnessNote;
    MetadataOnlyBar *m_metadataOnly;
    InformerStatus m_status; // of the object's informer; watching until told
    qint64 m_notWatchedSinceMs = -1;
    QTabWidget *m_tabs;
    QTextBrowser *m_overview;
    QString m_overviewHtml; // what m_overview shows
    QPlainTextEdit *m_yaml;
    QCheckBox *m_managed;
    QCheckBox *m_reveal;
    QTableView *m_eventsView;
    FreshnessBanner *m_eventsBanner;
    RelatedEventsModel *m_events;
    QTimer *m_eventsRefresh;
    class YamlHighlighter *m_highlighter;
};

} // namespace informant
