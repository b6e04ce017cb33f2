#pragma once

// ElidedLabel: one line of plain text that ends in "…" when narrowed below
// it, with the whole text as its tooltip then. Its minimum width is that of
// "…" alone: a toolbar's summary or title grows with what it says ("Filter:
// namespace: batch, kube-system, … · 135 of 163 events"), and as a QLabel,
// whose minimum is its whole text, it raised the central widget's minimum
// width and squeezed the window's docks. It asks for its whole text when
// there is room (sizeHint). Draws in its foregroundRole(). GUI thread.

#include <QWidget>

namespace informant {

class ElidedLabel final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ElidedLabel)

public:
    explicit ElidedLabel(QWidget *parent = nullptr);

    void setText(const QString &text);
    void clear() { setText(QString()); }
    QString text() const { return m_text; }
    // What it shows at its current width: the text, or its elided start.
    QString shownText() const;
    bool isElided() const { return shownText() != m_text; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void updateToolTip();

    QString m_text;
};

} // namespace informant
