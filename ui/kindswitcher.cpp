#include "ui/kindswitcher.h"

#include <QKeyEvent>
#include <QLineEdit>
#include <QListWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace informant {

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
    resize(460, 360);
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

QList<KindInfo> KindSwitcher::rank(const QList<KindInfo> &kinds, const QString &text)
{
    const QString t = text.trimmed().toLower();
    QList<std::pair<int, KindInfo>> scored;
    for (const KindInfo &k : kinds) {
        int score = -1;
        if (t.isEmpty())
            score = 3;
        else if (k.matchesName(t))
            score = 0;
        else if (k.plural.startsWith(t) || k.kind.toLower().startsWith(t))
            score = 1;
        else if (std::any_of(k.shortNames.cbegin(), k.shortNames.cend(),
                             [&](const QString &s) { return s.startsWith(t); }))
            score = 1;
        else if (k.plural.contains(t) || k.id().contains(t))
            score = 2;
        if (score >= 0)
            scored.append({score, k});
    }
    std::stable_sort(scored.begin(), scored.end(), [](const auto &a, const auto &b) {
        if (a.first != b.first)
            return a.first < b.first;
        // Core kinds before same-named custom ones; then alphabetical.
        if (a.second.group.isEmpty() != b.second.group.isEmpty())
            return a.second.group.isEmpty();
        return a.second.plural < b.second.plural;
    });
    QList<KindInfo> out;
    for (const auto &entry : scored)
        out.append(entry.second);
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
    if (m_list->count() > 0)
        m_list->setCurrentRow(0);
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
