#include "ui/history/historywidget.h"

#include "informer/printers/yamlwriter.h"
#include "models/clusterrowkey.h"
#include "models/history/historymodel.h"
#include "models/yamlrenderer.h"
#include "ui/history/diffview.h"

#include <QButtonGroup>
#include <QDateTime>
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
    , m_earlier(new QLabel(this))
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

    m_earlier->setObjectName(QStringLiteral("earlierObjectNote"));
    m_earlier->setTextFormat(Qt::PlainText);
    m_earlier->setWordWrap(true);
    m_earlier->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_earlier->setContentsMargins(6, 4, 6, 4);
    m_earlier->hide();
    auto *upper = new QWidget(this);
    auto *upperLayout = new QVBoxLayout(upper);
    upperLayout->setContentsMargins(0, 0, 0, 0);
    upperLayout->setSpacing(0);
    upperLayout->addWidget(m_earlier);
    upperLayout->addWidget(m_table, 1);

    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(upper);
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
    // The note may come after the tab was opened: the store can learn of
    // the predecessor's end after the table showed its successor.
    connect(m_store, &HistoryStore::revisionsChanged, this,
            [this](const QString &kind, const QString &identity) {
                if (kind == m_model->kind() && identity == m_model->identity())
                    refreshEarlierObjectNote();
            });
    m_diff->setPlaceholder(tr("Open an object to see its history."));
}

HistoryWidget::~HistoryWidget() = default;

QString HistoryWidget::caption() const
{
    return m_caption->text();
}

QString HistoryWidget::earlierObjectNote() const
{
    return m_earlier->isHidden() ? QString() : m_earlier->text();
}

void HistoryWidget::setObject(const QString &kind, const QString &key, const KubeObject &current)
{
    const QString identity = current.isNull()
                                 ? m_store->latestIdentity(kind, key)
                                 : HistoryStore::identityOf(current, clusterOfRowKey(key));
    m_store->openObject(kind, identity, current, key);
    if (!identity.isEmpty() && kind == m_model->kind() && identity == m_model->identity())
        return; // a newer state of the object shown: what the user selected stays
    m_objectKind = current.kind();
    m_objectKey = objectKeyOfRowKey(key).toString();
    m_model->setObject(kind, identity);
    if (m_objectKind.isEmpty() && m_model->rowCount() > 0)
        m_objectKind = m_model->revision(0).object.kind();
    refreshEarlierObjectNote();
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
    m_objectKind.clear();
    m_objectKey.clear();
    refreshEarlierObjectNote();
    m_yamlCache.clear();
    m_caption->clear();
    m_diff->setPlaceholder(tr("Select an object to see its history."));
}

void HistoryWidget::refreshEarlierObjectNote()
{
    const EarlierObject earlier = m_store->earlierObject(m_model->kind(), m_model->identity());
    if (earlier.isNull()) {
        m_earlier->clear();
        m_earlier->hide();
        return;
    }
    const QDateTime ended = QDateTime::fromMSecsSinceEpoch(earlier.deletedMs, m_model->timeZone());
    const QString uid = earlier.uid.isEmpty() ? QString() : tr(" (uid %1)").arg(earlier.uid);
    // "Deleted" only when the watch said so: after a server restore nobody
    // deleted it, it was missing when the informer listed again.
    const QString how =
        earlier.missingFromRelist ? tr("was gone at the relist of %1") : tr("was deleted at %1");
    // Its own history is not shown with this one's: it was another object.
    m_earlier->setText(tr("An earlier %1 %2%3 %4; these are the revisions of this one.")
                           .arg(m_objectKind.isEmpty() ? tr("object") : m_objectKind, m_objectKey,
                                uid, how.arg(ended.toString(QStringLiteral("HH:mm:ss")))));
    m_earlier->setToolTip(ended.toString(QStringLiteral("yyyy-MM-dd HH:mm:ss.zzz t")));
    m_earlier->show();
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
                                !newer.deleted            ? QString()
                                : newer.missingFromRelist ? tr(" (gone at a relist)")
                                                          : tr(" (deleted)")));
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
