#pragma once

// KindSwitcher: the `Ctrl+K` / `:` palette. Type a kind the way kubectl
// accepts it — plural, kind, short name (`po`, `deploy`, `svc`) or any part
// of the name, or a near miss (`deploymnet`, `pdo`) — and press Enter. Exact
// kubectl names rank first, then prefixes, then substrings, then near misses
// (a few edits from a name, KindInfo::nameDistance, closest first). Esc
// closes it.

#include "models/kindinfo.h"

#include <QDialog>

class QLineEdit;
class QListWidget;

namespace informant {

class KindSwitcher final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(KindSwitcher)

public:
    explicit KindSwitcher(QWidget *parent = nullptr);

    void setKinds(const QList<KindInfo> &kinds);
    // Shows the palette centred over the parent with an empty query.
    void popup(const QString &initialText = {});
    QLineEdit *input() const { return m_input; }
    QListWidget *list() const { return m_list; }
    // Kinds matching `text`, best first (exposed for tests).
    static QList<KindInfo> rank(const QList<KindInfo> &kinds, const QString &text);

Q_SIGNALS:
    void kindChosen(const informant::KindInfo &kind);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void updateList();
    void fitListToRows();
    void choose();

    QList<KindInfo> m_kinds;
    QLineEdit *m_input;
    QListWidget *m_list;
};

} // namespace informant
