#pragma once

// NoticeBar: the strip above the table and the timeline that answers a
// request the window could not carry out as asked: `--kind podz` when the
// cluster has no such kind, an owner link to an object that is gone. Said
// where the user looks for the result, whichever view is shown, and kept
// until another kind is shown or the user closes it (a status-bar message
// would be gone before a user at another window saw it).

#include <QFrame>

class QLabel;

namespace informant {

class NoticeBar final : public QFrame
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(NoticeBar)

public:
    explicit NoticeBar(QWidget *parent = nullptr);

    void showNotice(const QString &text);
    void clearNotice();
    // Takes down `text` if it is still what the bar says (a notice no longer
    // true, perhaps replaced since by another); nothing for empty `text`.
    void withdrawNotice(const QString &text);
    // What it says; empty when hidden.
    QString text() const;

private:
    QLabel *m_label;
};

} // namespace informant
