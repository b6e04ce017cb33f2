#include "ui/history/historywidget.h"

#include "informer/printers/yamlwriter.h"
#include "models/history/historymodel.h"
#include "models/yamlrenderer.h"
#include "ui/history/diffview.h"

#include <QButtonGroup>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QSplitter>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

namespace informant {

namespace {

constexpr int kYamlCacheLimit = 64;

QToolButton *modeButton(const QString &text, QWidget *parent)
{
    auto *button = new QToolButton(parent);
    button->setText(text);
    button->setCheckable(true);
    button->setAutoRaise(true);
    return button;
}

} // namespace

HistoryWidget::HistoryWidget(HistoryStore *store, QWidget *parent)
    : QWidget(parent)
    , m_store(store)
    , m_model(new HistoryModel(store, this))
    , m_table(new QTableView(this))
    , m_caption(new QLabel(this))
    , m_unifiedButton(modeButton(tr("Unified"), this))
    , m_sideBySideButton(modeButton(tr("Side by side"), this))
    , m_diff(new DiffView(this))
{
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 8);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->horizontalHeader()->setSectionResizeMode(HistoryModel::ObservedColumn,
                                                      QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(HistoryModel::ResourceVersionColumn,
                                                      QHeaderView::ResizeToContents);

    auto *modes = new QButtonGroup(this);
    modes->addButton(m_unifiedButton);
    modes->addButton(m_sideBySideButton);
    m_unifiedButton->setChecked(true);
    m_caption->setTextFormat(Qt::PlainText);

    auto *bar = new QHBoxLayout;
    bar->setContentsMargins(6, 2, 6, 2);
    bar->addWidget(m_caption, 1);
    bar->addWidget(m_unifiedButton);
    bar->addWidget(m_sideBySideButton);
    auto *lower = new QWidget(this);
    auto *lowerLayout = new QVBoxLayout(lower);
    lowerLayout->setContentsMargins(0, 0, 0, 0);
    lowerLayout->setSpacing(0);
    lowerLayout->addLayout(bar);
    lowerLayout->addWidget(m_diff, 1);

    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(m_table);
    splitter->addWidget(lower);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 2);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter);

    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &HistoryWidget::selectionChanged);
    connect(m_unifiedButton, &QToolButton::toggled, this, [this](bool on) {
        m_diff->setMode(on ? DiffView::Mode::Unified : DiffView::Mode::SideBySide);
    });
    // The newest revision, alone selected, stays selected as newer ones
    // arrive (as the timeline follows live): opened later, the tab shows the
    // last change, not the one that was newest when the object was opened.
    // A revision or pair the user picked stays picked.
    connect(m_model, &QAbstractItemModel::rowsAboutToBeInserted, this, [this] {
        const QModelIndexList rows = m_table->selectionModel()->selectedRows();
        m_followNewest = rows.isEmpty() || (rows.size() == 1 && rows.first().row() == 0);
    });
    connect(m_model, &QAbstractItemModel::rowsInserted, this, [this] {
        if (m_followNewest)
            m_table->selectRow(0);
    });
    m_diff->setPlaceholder(tr("Open an object to see its history."));
}

HistoryWidget::~HistoryWidget() = default;

QString HistoryWidget::caption() const
{
    return m_caption->text();
}

void HistoryWidget::setObject(const QString &kind, const QString &key, const KubeObject &current)
{
    m_store->openObject(kind, key, current);
    m_model->setObject(kind, key);
    m_yamlCache.clear();
    // A model reset drops the selection without selectionChanged: the last
    // object's caption would stay over this one's placeholder.
    m_caption->clear();
    if (m_model->rowCount() > 0)
        m_table->selectRow(0);
    else
        m_diff->setPlaceholder(tr("No revision observed yet."));
}

void HistoryWidget::clear()
{
    m_store->closeObject();
    m_model->setObject(QString(), QString());
    m_yamlCache.clear();
    m_caption->clear();
    m_diff->setPlaceholder(tr("Select an object to see its history."));
}

QString HistoryWidget::yamlFor(const ObjectRevision &revision, const ObjectRevision *older)
{
    // A Secret compared with an older revision is masked for that pair.
    const bool secret = revision.object.kind() == QLatin1String("Secret");
    const bool cached = !(secret && older);
    if (cached) {
        const auto it = m_yamlCache.constFind(revision.sequence);
        if (it != m_yamlCache.cend())
            return *it;
    }
    QJsonObject object = QJsonDocument::fromJson(revision.object.json()).object();
    QJsonObject metadata = object.value(QLatin1String("metadata")).toObject();
    metadata.remove(QLatin1String("managedFields"));
    object.insert(QLatin1String("metadata"), metadata);
    // History has no reveal: a Secret's values stay masked here (the YAML
    // tab reveals them on request); a value that changed says so.
    if (secret) {
        object = withSecretValuesMasked(
            std::move(object),
            older ? std::optional(QJsonDocument::fromJson(older->object.json()).object())
                  : std::nullopt);
    }
    const QString yaml = toYaml(object);
    if (cached) {
        if (m_yamlCache.size() >= kYamlCacheLimit)
            m_yamlCache.clear();
        m_yamlCache.insert(revision.sequence, yaml);
    }
    return yaml;
}

void HistoryWidget::compareRows(int olderRow, int newerRow)
{
    const int rows = m_model->rowCount();
    if (newerRow < 0 || newerRow >= rows) {
        m_diff->setPlaceholder(tr("Select a revision."));
        m_caption->clear();
        return;
    }
    const ObjectRevision &newer = m_model->revision(newerRow);
    if (olderRow < 0 || olderRow >= rows) {
        m_caption->setText(
            tr("First observed revision (resourceVersion %1)").arg(newer.resourceVersion));
        m_diff->setTexts(QString(), yamlFor(newer));
        return;
    }
    const ObjectRevision &older = m_model->revision(olderRow);
    m_caption->setText(tr("resourceVersion %1 \u2192 %2%3")
                           .arg(older.resourceVersion, newer.resourceVersion,
                                newer.deleted ? tr(" (deleted)") : QString()));
    m_diff->setTexts(yamlFor(older), yamlFor(newer, &older));
}

void HistoryWidget::selectionChanged()
{
    QList<int> rows;
    for (const QModelIndex &index : m_table->selectionModel()->selectedRows())
        rows.append(index.row());
    std::sort(rows.begin(), rows.end());
    if (rows.isEmpty()) {
        m_diff->setPlaceholder(tr("Select a revision, or two to compare them."));
        m_caption->clear();
    } else if (rows.size() == 1) {
        compareRows(rows.first() + 1, rows.first()); // with the one before it
    } else {
        compareRows(rows.last(), rows.first()); // oldest and newest selected
    }
}

} // namespace informant
