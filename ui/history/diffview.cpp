#include "ui/history/diffview.h"

#include <QFontDatabase>
#include <QHBoxLayout>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QStackedWidget>
#include <QTextBlock>

namespace informant {

namespace {

QPlainTextEdit *makeEditor(QWidget *parent)
{
    auto *edit = new QPlainTextEdit(parent);
    edit->setReadOnly(true);
    edit->setLineWrapMode(QPlainTextEdit::NoWrap);
    edit->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    edit->setFrameShape(QFrame::NoFrame);
    return edit;
}

struct Tints
{
    QColor removed;
    QColor added;
    QColor skipped;
};

Tints tintsFor(const QPalette &palette)
{
    const bool dark = palette.color(QPalette::Base).lightness() < 128;
    return dark
               ? Tints{QColor(0x5a, 0x1e, 0x1e), QColor(0x1b, 0x4a, 0x2a), QColor(0x2a, 0x2f, 0x3a)}
               : Tints{QColor(0xff, 0xe3, 0xe0), QColor(0xdc, 0xf7, 0xe1),
                       QColor(0xea, 0xee, 0xf5)};
}

// Sets the text and colours whole lines: colours[i] invalid = no tint.
void fill(QPlainTextEdit *edit, const QStringList &lines, const QList<QColor> &colours)
{
    edit->setPlainText(lines.join(u'\n'));
    QList<QTextEdit::ExtraSelection> selections;
    QTextBlock block = edit->document()->firstBlock();
    for (qsizetype i = 0; i < colours.size() && block.isValid(); ++i, block = block.next()) {
        if (!colours[i].isValid())
            continue;
        QTextEdit::ExtraSelection selection;
        selection.format.setBackground(colours[i]);
        selection.format.setProperty(QTextFormat::FullWidthSelection, true);
        selection.cursor = QTextCursor(block);
        selections.append(selection);
    }
    edit->setExtraSelections(selections);
}

} // namespace

DiffView::DiffView(QWidget *parent)
    : QWidget(parent)
    , m_stack(new QStackedWidget(this))
    , m_unified(makeEditor(this))
    , m_left(makeEditor(this))
    , m_right(makeEditor(this))
{
    auto *sideBySide = new QWidget(this);
    auto *columns = new QHBoxLayout(sideBySide);
    columns->setContentsMargins(0, 0, 0, 0);
    columns->setSpacing(1);
    columns->addWidget(m_left);
    columns->addWidget(m_right);
    m_stack->addWidget(m_unified);
    m_stack->addWidget(sideBySide);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_stack);
    // Side by side scrolls as one.
    for (auto [from, to] : {std::pair{m_left, m_right}, std::pair{m_right, m_left}}) {
        connect(from->verticalScrollBar(), &QScrollBar::valueChanged, to->verticalScrollBar(),
                &QScrollBar::setValue);
        connect(from->horizontalScrollBar(), &QScrollBar::valueChanged, to->horizontalScrollBar(),
                &QScrollBar::setValue);
    }
}

DiffView::~DiffView() = default;

void DiffView::setTexts(const QString &before, const QString &after)
{
    m_placeholder.clear();
    m_before = before.split(u'\n');
    m_after = after.split(u'\n');
    if (!m_before.isEmpty() && m_before.last().isEmpty())
        m_before.removeLast();
    if (!m_after.isEmpty() && m_after.last().isEmpty())
        m_after.removeLast();
    render();
}

void DiffView::setMode(Mode mode)
{
    m_mode = mode;
    render();
}

void DiffView::setPlaceholder(const QString &text)
{
    m_placeholder = text;
    m_before.clear();
    m_after.clear();
    render();
}

void DiffView::render()
{
    m_stack->setCurrentIndex(m_mode == Mode::Unified || !m_placeholder.isEmpty() ? 0 : 1);
    if (!m_placeholder.isEmpty()) {
        fill(m_unified, {m_placeholder}, {});
        return;
    }
    const Tints tints = tintsFor(palette());
    const QList<DiffLine> lines =
        LineDiff::withContext(LineDiff::diff(m_before, m_after), kContextLines);
    if (m_mode == Mode::Unified) {
        QStringList text;
        QList<QColor> colours;
        for (const DiffLine &line : lines) {
            switch (line.op) {
            case DiffLine::Op::Equal:
                text.append(QStringLiteral("  ") + line.text);
                colours.append(QColor());
                break;
            case DiffLine::Op::Removed:
                text.append(QStringLiteral("- ") + line.text);
                colours.append(tints.removed);
                break;
            case DiffLine::Op::Added:
                text.append(QStringLiteral("+ ") + line.text);
                colours.append(tints.added);
                break;
            case DiffLine::Op::Skipped:
                text.append(QStringLiteral("  ") + line.text);
                colours.append(tints.skipped);
                break;
            }
        }
        if (text.isEmpty())
            text.append(tr("(identical)"));
        fill(m_unified, text, colours);
        return;
    }
    QStringList left;
    QStringList right;
    QList<QColor> leftColours;
    QList<QColor> rightColours;
    const QList<DiffRow> rows = LineDiff::sideBySide(lines);
    QStringList skippedTexts; // Skipped rows, in order, carry their text in `lines`
    for (const DiffLine &line : lines) {
        if (line.op == DiffLine::Op::Skipped)
            skippedTexts.append(line.text);
    }
    qsizetype nextSkipped = 0;
    for (const DiffRow &row : rows) {
        if (row.op == DiffLine::Op::Skipped) {
            const QString text = skippedTexts.value(nextSkipped++);
            left.append(text);
            right.append(text);
            leftColours.append(tints.skipped);
            rightColours.append(tints.skipped);
            continue;
        }
        const bool change = row.op != DiffLine::Op::Equal;
        left.append(row.leftLine >= 0 ? m_before[row.leftLine] : QString());
        right.append(row.rightLine >= 0 ? m_after[row.rightLine] : QString());
        leftColours.append(change && row.leftLine >= 0 ? tints.removed : QColor());
        rightColours.append(change && row.rightLine >= 0 ? tints.added : QColor());
    }
    fill(m_left, left, leftColours);
    fill(m_right, right, rightColours);
}

QString DiffView::unifiedText() const
{
    return m_unified->toPlainText();
}

QString DiffView::leftText() const
{
    return m_left->toPlainText();
}

QString DiffView::rightText() const
{
    return m_right->toPlainText();
}

} // namespace informant
