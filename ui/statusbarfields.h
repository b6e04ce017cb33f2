#pragma once

// StatusBarFields: what the main window's status bar says. On the left, how
// fresh the shown kind is ("● pods: watching · 1,204 objects · last event
// 2 s ago"), and in a window of several clusters the selected row's
// cluster and name ("· west: shop/web-1": the same name may be in each
// cluster), with a progress bar while it lists; on the right, all the
// informers in one phrase, "Reconnect all" while some are not watching, and
// the server. MainWindow decides which kind is shown and reads its count
// once for the tree and this bar; this lays the fields out and words them.
// When the credentials expire is CredentialExpiryField's (the application
// adds it after the server, from the connection's credentials). GUI thread.

#include "informer/core/kubeobject.h"

#include <QObject>
#include <QPointer>
#include <QString>

class QLabel;
class QProgressBar;
class QStatusBar;
class QToolButton;

namespace informant {

class ClusterSession;
class InformerStatusModel;
class KindSource;

class StatusBarFields final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(StatusBarFields)

public:
    StatusBarFields(QStatusBar *bar, InformerStatusModel *model, ClusterSession *session);

    // `source`, shown, holds `objects` as the window read them.
    // `notWatchedSinceMs`: when the shown rows stopped being watched (-1:
    // they are watched), said as "not watched for 45 s".
    void showKind(KindSource *source, qint64 objects, qint64 nowMs, qint64 notWatchedSinceMs = -1);
    // The informers' phrase and "Reconnect all" follow the model.
    void refreshSummary();
    // The row of `source`'s table the details pane shows: named after the
    // freshness while `source` is shown, when `cluster` is not empty (a row
    // of a window of several clusters). A null `object`: none.
    void showSelectedRow(KindSource *source, const QString &cluster, const KubeObject &object);

    QString freshnessText() const;
    QString summaryText() const;
    QProgressBar *listProgress() const { return m_listProgress; }
    QToolButton *reconnectAll() const { return m_reconnectAll; }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    // The shown kind's freshness, its detail cut to the label's width.
    void showFreshness();
    // " · west: shop/web-1" while its kind is shown; else empty.
    QString selectedRowPart() const;

    InformerStatusModel *m_model;
    ClusterSession *m_session;
    QLabel *m_freshness;
    QProgressBar *m_listProgress; // while the shown kind lists
    QLabel *m_summary;
    QToolButton *m_reconnectAll; // while an informer is not watching, unless refused (a 403)
    QLabel *m_server;
    QString m_kindShown;       // "pods"
    QString m_freshnessPrefix; // the dot and the kind, rich text
    QString m_freshnessDetail; // "watching · 3 objects", plain text
    QPointer<KindSource> m_kindSource;
    QPointer<KindSource> m_selectedRowSource;
    QString m_selectedRow; // "west: shop/web-1"; empty: none named
};

} // namespace informant
