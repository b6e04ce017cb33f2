#pragma once

// DiffView: two texts (YAML revisions) compared line by line, either unified
// (one column, removed lines red with "-", added green with "+", unchanged
// runs folded to a few lines of context) or side by side (old left, new
// right, rows aligned, scrolling together). Read-only. GUI thread.

#include "models/history/linediff.h"

#include <QWidget>

class QPlainTextEdit;
class QStackedWidget;

namespace informant {

class DiffView final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DiffView)

public:
    enum class Mode { Unified, SideBySide };
    static constexpr int kContextLines = 4;

    explicit DiffView(QWidget *parent = nullptr);
    ~DiffView() override;

    void setTexts(const QString &before, const QString &after);
    void setMode(Mode mode);
    Mode mode() const { return m_mode; }
    // Shown instead of a diff (e.g. "Select a revision").
    void setPlaceholder(const QString &text);

    // For tests: the unified text as shown, and the side-by-side columns.
    QString unifiedText() const;
    QString leftText() const;
    QString rightText() const;

private:
    void render();

    Mode m_mode = Mode::Unified;
    QStringList m_before;
    QStringList m_after;
    QString m_placeholder;
    QStackedWidget *m_stack;
    QPlainTextEdit *m_unified;
    QPlainTextEdit *m_left;
    QPlainTextEdit *m_right;
};

} // namespace informant
