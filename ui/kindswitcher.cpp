#include "ui/kindswitcher.h"

#include <QKeyEvent>
#include <QLineEdit>
#include <QListWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace informant {

namespace {
// Rows the list shows before it scrolls: a short query's matches, the
// whole set of built-in kinds needs a scroll.
constexpr int kMaxVisibleRows = 12;
constexpr int kWidth = 460;
} // namespace

KindSwitcher::KindSwitcher(QWidget *parent)
    : QDialog(parent, Qt::Popup | Qt::FramelessWindowHint)
    , m_input(new QLineEdit(this))
    , m_list(new QListWidget(this))
{
    setObjectName(QStringLiteral("kindSwitcher"));
    m_input->setPlaceholderText(QStringLiteral("Kind: pods, po, deploy, svc, cm…"));
    QFont big = m_input->font();
    big.setPointSizeF(big.pointSizeF() * 1.2);
    m_input->setFont(big);
    m_list->setUniformItemSizes(true);
    m_list->setFocusPolicy(Qt::NoFocus);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 8, 8, 8);
    layout->addWidget(m_input);
    layout->addWidget(m_list);
    setFixedWidth(kWidth);
    connect(m_input, &QLineEdit::textChanged, this, &KindSwitcher::updateList);
    connect(m_input, &QLineEdit::returnPressed, this, &KindSwitcher::choose);
    connect(m_list, &QListWidget::itemActivated, this, &KindSwitcher::choose);
    m_input->installEventFilter(this);
}

void KindSwitcher::setKinds(const QList<KindInfo> &kinds)
{
    m_kinds = kinds;
    updateList();
}

namespace {

enum Match { Exact, Prefix, Substring, NearMiss, NoMatch };

// A typo is a few edits from what was meant: one in a short name, up to three
// in a long one (the allowance ClusterSession::similarKinds gives `kubectl
// get deploymnet`'s "did you mean").
int nearMissAllowance(const QString &text)
{
    return std::max<int>(1, int(text.size() / 3));
}

Match matchOf(const KindInfo &k, const QString &t, int *distance)
{
    if (t.isEmpty() || k.matchesName(t))
        return Exact;
    if (k.plural.startsWith(t) || k.kind.toLower().startsWith(t) ||
        std::any_of(k.shortNames.cbegin(), k.shortNames.cend(),
                    [&](const QString &s) { return s.startsWith(t); }))
        return Prefix;
    if (k.plural.contains(t) || k.id().contains(t))
        return Substring;
    *distance = k.nameDistance(t);
    return *distance <= nearMissAllowance(t) ? NearMiss : NoMatch;
}

} // namespace

QList<KindInfo> KindSwitcher::rank(const QList<KindInfo> &kinds, const QString &text)
{
    const QString t = text.trimmed().toLower();
    struct Scored
    {
        Match match;
        int distance; // of a near miss
        KindInfo kind;
    };
    QList<Scored> scored;
    for (const KindInfo &k : kinds) {
        int distance = 0;
        const Match match = matchOf(k, t, &distance);
        if (match != NoMatch)
            scored.append({match, distance, k});
    }
    std::stable_sort(scored.begin(), scored.end(), [](const Scored &a, const Scored &b) {
        if (a.match != b.match)
            return a.match < b.match;
        if (a.distance != b.distance)
            return a.distance < b.distance; // the closest near miss first
        // Core kinds before same-named custom ones; then alphabetical.
        if (a.kind.group.isEmpty() != b.kind.group.isEmpty())
            return a.kind.group.isEmpty();
        return a.kind.plural < b.kind.plural;
    });
    QList<KindInfo> out;
    for (const Scored &entry : std::as_const(scored))
        out.append(entry.kind);
    return out;
}

void KindSwitcher::updateList()
{
    m_list->clear();
    for (const KindInfo &k : rank(m_kinds, m_input->text())) {
        QString text = k.plural;
        if (!k.group.isEmpty())
            text += QStringLiteral(".") + k.group;
        if (!k.shortNames.isEmpty())
            text += QStringLiteral("   (") + k.shortNames.join(QStringLiteral(", ")) + u')';
        auto *item = new QListWidgetItem(text, m_list);
        item->setData(Qt::UserRole, QVariant::fromValue(k));
        item->setToolTip(k.kind);
    }
    if (m_list->count() > 0) {
        m_list->setCurrentRow(0);
    } else {
        // Said, rather than an empty list that looks like one still loading.
        auto *none = new QListWidgetItem(
            QStringLiteral("No kind matches \u201c%1\u201d").arg(m_input->text().trimmed()),
            m_list);
        none->setFlags(Qt::NoItemFlags);
    }
    fitListToRows();
}

void KindSwitcher::fitListToRows()
{
    // The palette is as tall as its matches: one match is one row under the
    // input, not a row above a tall empty box.
    const int rows = qBound(1, m_list->count(), kMaxVisibleRows);
    const int rowHeight = m_list->sizeHintForRow(0);
    m_list->setFixedHeight(rows * rowHeight + 2 * m_list->frameWidth());
    layout()->activate(); // the new height, before the posted relayout would
    // Not adjustSize(): it gives a window with an expanding list at least
    // 100 px, a tall box around a single match.
    resize(width(), sizeHint().height());
}

void KindSwitcher::popup(const QString &initialText)
{
    m_input->setText(initialText);
    updateList();
    if (QWidget *p = parentWidget()) {
        const QPoint centre = p->mapToGlobal(QPoint(p->width() / 2, p->height() / 4));
        move(centre.x() - width() / 2, centre.y());
    }
    show();
    raise();
    activateWindow();
    m_input->setFocus();
}

void KindSwitcher::choose()
{
    QListWidgetItem *item = m_list->currentItem();
    if (!item)
        return;
    const KindInfo kind = item->data(Qt::UserRole).value<KindInfo>();
    hide();
    Q_EMIT kindChosen(kind);
}

bool KindSwitcher::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_input && event->type() == QEvent::KeyPress) {
        auto *key = static_cast<QKeyEvent *>(event);
        const int row = m_list->currentRow();
        if (key->key() == Qt::Key_Down) {
            m_list->setCurrentRow(qMin(row + 1, m_list->count() - 1));
            return true;
        }
        if (key->key() == Qt::Key_Up) {
            m_list->setCurrentRow(qMax(row - 1, 0));
            return true;
        }
        if (key->key() == Qt::Key_Escape) {
            hide();
            return true;
        }
    }
    return QDialog::eventFilter(watched, event);
}

} // namespace informant
