#include "ui/detailspane.h"

#include "models/freshness.h"
#include "models/kindsource.h"
#include "models/relatedeventsmodel.h"
#include "models/secondclock.h"
#include "models/timeline/objectidentity.h"
#include "models/yamlrenderer.h"
#include "ui/elidingheaderview.h"
#include "ui/freshnessbanner.h"
#include "ui/lastcolumnshare.h"
#include "ui/metadataonlybar.h"
#include "ui/overviewhtml.h"
#include "ui/yamlhighlighter.h"

#include <QCheckBox>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QTabWidget>
#include <QTableView>
#include <QTextBrowser>
#include <QTimer>
#include <QVBoxLayout>

namespace informant {

namespace {
constexpr int kEventsRefreshMs = 700;
// The pane's minimum width, in average characters.
constexpr int kMinimumWidthChars = 26;
// Of the Events table's width, what MESSAGE gets at least.
constexpr double kEventMessageShare = 0.4;
} // namespace

DetailsPane::DetailsPane(QWidget *parent)
    : QWidget(parent)
    , m_header(new QLabel(this))
    , m_freshnessNote(new QLabel(this))
    , m_metadataOnly(new MetadataOnlyBar(this))
    , m_tabs(new QTabWidget(this))
    , m_overview(new QTextBrowser(this))
    , m_yaml(new QPlainTextEdit(this))
    , m_managed(new QCheckBox(QStringLiteral("Managed fields"), this))
    , m_reveal(new QCheckBox(QStringLiteral("Reveal secret values"), this))
    , m_eventsView(new QTableView(this))
    , m_eventsBanner(new FreshnessBanner(this))
    , m_events(new RelatedEventsModel(this))
    , m_eventsRefresh(new QTimer(this))
    , m_highlighter(new YamlHighlighter(m_yaml->document(), false))
{
    QFont headerFont = m_header->font();
    headerFont.setBold(true);
    m_header->setFont(headerFont);
    m_header->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_header->setWordWrap(true);
    m_status.state = InformerStatus::State::Watching;
    m_freshnessNote->setObjectName(QStringLiteral("freshnessNote"));
    m_freshnessNote->setWordWrap(true);
    QFont noteFont = m_freshnessNote->font();
    noteFont.setItalic(true);
    m_freshnessNote->setFont(noteFont);
    QPalette notePalette = m_freshnessNote->palette();
    notePalette.setColor(QPalette::WindowText, staleTextColor());
    m_freshnessNote->setPalette(notePalette);
    m_freshnessNote->hide();

    m_overview->setOpenLinks(false);
    m_overview->setFrameShape(QFrame::NoFrame);
    connect(m_overview, &QTextBrowser::anchorClicked, this, [this](const QUrl &url) {
        const ObjectLink link = ObjectLink::fromUrl(QUrl::fromPercentEncoding(url.toEncoded()));
        if (!link.kind.isEmpty())
            Q_EMIT linkActivated(link.apiVersion, link.kind, link.namespaceName, link.name);
    });

    QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    m_yaml->setFont(mono);
    m_yaml->setReadOnly(true);
    m_yaml->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_yaml->setFrameShape(QFrame::NoFrame);
    m_reveal->setToolTip(QStringLiteral(
        "Show this Secret's values: decoded on the Overview, as stored (base64) in the YAML"));
    m_managed->setToolTip(
        QStringLiteral("Show metadata.managedFields (only present when the informer keeps them)"));
    connect(m_managed, &QCheckBox::toggled, this, &DetailsPane::refreshYaml);
    connect(m_reveal, &QCheckBox::toggled, this, &DetailsPane::refreshTexts);
    auto *yamlPage = new QWidget(this);
    auto *yamlLayout = new QVBoxLayout(yamlPage);
    yamlLayout->setContentsMargins(0, 4, 0, 0);
    auto *yamlBar = new QHBoxLayout;
    yamlBar->setContentsMargins(6, 0, 6, 0);
    yamlBar->addWidget(m_managed);
    yamlBar->addStretch(1);
    yamlLayout->addLayout(yamlBar);
    yamlLayout->addWidget(m_yaml, 1);

    // Narrowed headers end in "…", as the main table's.
    auto *eventsHeader = new ElidingHeaderView(Qt::Horizontal, m_eventsView);
    eventsHeader->setSectionsClickable(true); // as QTableView's own header
    eventsHeader->setHighlightSections(true);
    m_eventsView->setHorizontalHeader(eventsHeader);
    m_eventsView->setModel(m_events);
    m_eventsView->verticalHeader()->hide();
    m_eventsView->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    m_eventsView->setShowGrid(false);
    m_eventsView->setWordWrap(false);
    m_eventsView->setSelectionBehavior(QAbstractItemView::SelectRows);
    // MESSAGE, the column that matters, takes what the others leave and is
    // elided (its tooltip has it whole): in a narrow pane a horizontal
    // scroll bar hid it entirely. The others narrow (and elide) to leave it
    // room (LastColumnShare, below).
    m_eventsView->horizontalHeader()->setStretchLastSection(true);
    m_eventsView->horizontalHeader()->setMinimumSectionSize(
        fontMetrics().horizontalAdvance(QStringLiteral("Wa…")));
    m_eventsView->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_eventsView->setTextElideMode(Qt::ElideRight);
    m_eventsView->horizontalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    m_eventsView->setFrameShape(QFrame::NoFrame);
    const QFontMetrics fm = fontMetrics();
    m_eventsView->setColumnWidth(RelatedEventsModel::TypeColumn,
                                 fm.horizontalAdvance(QStringLiteral("Warning___")));
    m_eventsView->setColumnWidth(RelatedEventsModel::ReasonColumn,
                                 fm.horizontalAdvance(QStringLiteral("FailedScheduling__")));
    m_eventsView->setColumnWidth(RelatedEventsModel::LastSeenColumn,
                                 fm.horizontalAdvance(QStringLiteral("LAST SEEN__")));
    m_eventsView->setColumnWidth(RelatedEventsModel::CountColumn,
                                 fm.horizontalAdvance(QStringLiteral("COUNT__")));
    m_eventsView->setColumnWidth(RelatedEventsModel::FromColumn,
                                 fm.horizontalAdvance(QStringLiteral("kubelet_____")));
    new LastColumnShare(m_eventsView, kEventMessageShare);

    auto *eventsPage = new QWidget(this);
    auto *eventsLayout = new QVBoxLayout(eventsPage);
    eventsLayout->setContentsMargins(0, 4, 0, 0);
    eventsLayout->setSpacing(4);
    eventsLayout->addWidget(m_eventsBanner);
    connect(m_eventsBanner, &FreshnessBanner::retryRequested, this, [this] {
        if (m_eventsSource)
            m_eventsSource->retryNow();
    });
    eventsLayout->addWidget(m_eventsView, 1);

    m_tabs->addTab(m_overview, QStringLiteral("Overview"));
    m_tabs->addTab(yamlPage, QStringLiteral("YAML"));
    m_tabs->addTab(eventsPage, QStringLiteral("Events"));
    m_tabs->setDocumentMode(true);

    auto *layout = new QVBoxLayout(this);
    // The pane's minimum is minimumSizeHint's, not its contents' (which the
    // layout would otherwise make it).
    layout->setSizeConstraint(QLayout::SetNoConstraint);
    layout->setContentsMargins(6, 6, 6, 0);
    layout->setSpacing(4);
    layout->addWidget(m_header);
    layout->addWidget(m_freshnessNote);
    layout->addWidget(m_metadataOnly);
    connect(m_metadataOnly, &MetadataOnlyBar::shownChanged, this,
            [this] { setObject(m_metadataOnly->live()); });
    layout->addWidget(m_reveal); // for every tab: the Overview decodes the values
    layout->addWidget(m_tabs, 1);
    // Takes the room of the tabs while they are hidden (no object), so the
    // header stays at the top; with the tabs shown it gets none.
    layout->addStretch(0);

    m_eventsRefresh->setSingleShot(true);
    m_eventsRefresh->setInterval(kEventsRefreshMs);
    connect(m_eventsRefresh, &QTimer::timeout, this, &DetailsPane::refreshEvents);
    // Ages ("Age 3s", condition ages) tick on with the table's AGE column;
    // only while the overview is what the user looks at, and not while they
    // have selected some of it (to copy it: setting the text drops that).
    connect(SecondClock::instance(), &SecondClock::ticked, this, [this] {
        if (!m_object.isNull() && m_overview->isVisible() &&
            !m_overview->textCursor().hasSelection())
            refreshOverview();
    });
    setObject(KubeObject());
}

QSize DetailsPane::minimumSizeHint() const
{
    return QSize(fontMetrics().averageCharWidth() * kMinimumWidthChars,
                 QWidget::minimumSizeHint().height());
}

void DetailsPane::setDark(bool dark)
{
    m_dark = dark;
    delete m_highlighter;
    m_highlighter = new YamlHighlighter(m_yaml->document(), dark);
    refreshTexts();
}

void DetailsPane::setEventsSource(KindSource *events)
{
    if (m_eventsSource)
        disconnect(m_eventsSource, nullptr, this, nullptr);
    m_eventsSource = events;
    if (events) {
        connect(events, &KindSource::contentChanged, this, [this] {
            if (!m_object.isNull() && !m_eventsRefresh->isActive())
                m_eventsRefresh->start();
        });
        connect(events, &KindSource::statusChanged, this, &DetailsPane::refreshEventsFreshness);
        connect(events, &QObject::destroyed, this, [this] {
            m_eventsSource = nullptr;
            refreshEventsFreshness();
        });
    }
    refreshEvents();
    refreshEventsFreshness();
}

void DetailsPane::refreshEventsFreshness()
{
    if (!m_eventsSource) {
        // Without an informer there is nothing to warn about.
        InformerStatus none;
        none.state = InformerStatus::State::Watching;
        m_eventsBanner->setStatus(none, {});
        return;
    }
    const QString plural = m_eventsSource->kind().plural;
    const QString origin = m_eventsSource->origin();
    m_eventsBanner->setStatus(m_eventsSource->status(),
                              origin.isEmpty() ? plural
                                               : QStringLiteral("%1 in %2").arg(plural, origin));
}

void DetailsPane::setObject(const KubeObject &live)
{
    const KubeObject object = m_metadataOnly->follow(live);
    // The same object by kind, key and uid: a revealed Secret's values must
    // not carry over to another whose uid is also empty (a local object).
    const bool sameObject = !object.isNull() && !m_object.isNull() &&
                            object.kind() == m_object.kind() && object.key() == m_object.key() &&
                            object.uid() == m_object.uid();
    if (!sameObject) {
        const QSignalBlocker block(m_reveal);
        m_reveal->setChecked(false);
    }
    m_object = object;
    // A Secret read metadata-only has no values to reveal.
    m_reveal->setVisible(object.kind() == QLatin1String("Secret") && !object.isMetadataOnly());
    // Nothing selected, nothing to tab through: the pane is narrow then (its
    // room is the table's), and its tabs were cut to "Overview | YAM◂▸".
    m_tabs->setVisible(!object.isNull());
    if (object.isNull()) {
        m_header->setText(QStringLiteral("No object selected"));
    } else {
        m_header->setText(QStringLiteral("%1  %2%3")
                              .arg(object.kind(),
                                   object.namespaceName().isEmpty()
                                       ? QString()
                                       : object.namespaceName() + QLatin1Char('/'),
                                   object.name()));
    }
    refreshTexts();
    refreshFreshnessNote();
    if (!sameObject)
        refreshEvents();
}

void DetailsPane::setCluster(const QString &cluster)
{
    if (cluster == m_cluster)
        return;
    m_cluster = cluster;
    // Its namesake in another cluster may be "the same object" to setObject
    // (kind, key and uid): it is not. A revealed Secret's values stay in
    // their cluster, and its events are not the namesake's.
    {
        const QSignalBlocker block(m_reveal);
        m_reveal->setChecked(false);
    }
    refreshTexts();
    refreshEvents();
}

void DetailsPane::setFreshness(const InformerStatus &status, qint64 notWatchedSinceMs)
{
    m_status = status;
    m_notWatchedSinceMs = notWatchedSinceMs;
    refreshFreshnessNote();
}

void DetailsPane::refreshFreshnessNote()
{
    // The table fades its rows by this rule; the object picked from them
    // must not read as live either.
    if (m_object.isNull() || freshnessLevel(m_status) == FreshnessLevel::Fresh) {
        m_freshnessNote->hide();
        m_freshnessNote->clear();
        m_freshnessNote->setToolTip({});
        return;
    }
    // The event's moment in the cluster's time, as the status bar and the
    // informers panel say it: a replay's in the recording.
    const QString asOf =
        m_status.lastEventMs < 0
            ? QStringLiteral("As of the last list")
            : QStringLiteral("As of the last event (%1%2)")
                  .arg(lastEventMoment(m_status),
                       SecondClock::recording() ? QStringLiteral(" of the recording") : QString());
    m_freshnessNote->setText(
        QStringLiteral("%1; %2.").arg(asOf, notWatchedSummary(m_status, m_notWatchedSinceMs)));
    m_freshnessNote->setToolTip(notWatchedText(m_status, m_notWatchedSinceMs));
    m_freshnessNote->show();
}

QString DetailsPane::freshnessNote() const
{
    return m_freshnessNote->isHidden() ? QString() : m_freshnessNote->text();
}

void DetailsPane::setObjectGone(const KubeObject &lastState, bool deleted)
{
    setObject(lastState);
    m_header->setText(m_header->text() + (deleted
                                              ? QStringLiteral(" — deleted; its last known state")
                                              : QStringLiteral(" — hidden by the filters")));
}

void DetailsPane::setNoObject(const QString &why)
{
    setObject(KubeObject());
    m_header->setText(why);
}

QString DetailsPane::headerText() const
{
    return m_header->text();
}

void DetailsPane::refreshTexts()
{
    refreshOverview();
    refreshYaml();
}

void DetailsPane::refreshOverview()
{
    // Ages and "since ... ago" in the cluster's time, as the table's AGE.
    const qint64 now = SecondClock::clusterNowMs();
    const QList<KubeObject> controlled =
        (m_controlled && !m_object.isNull()) ? m_controlled(m_object) : QList<KubeObject>();
    QString html =
        overviewHtml(m_object, controlled, now, m_dark, m_reveal->isChecked(), m_cluster);
    // Setting the same text again would only drop the user's selection.
    if (html == m_overviewHtml)
        return;
    m_overviewHtml = std::move(html);
    const int overviewScroll = m_overview->verticalScrollBar()->value();
    m_overview->setHtml(m_overviewHtml);
    m_overview->verticalScrollBar()->setValue(overviewScroll);
}

void DetailsPane::refreshYaml()
{
    const int v = m_yaml->verticalScrollBar()->value();
    const int h = m_yaml->horizontalScrollBar()->value();
    m_yaml->setPlainText(
        renderYaml(m_object, YamlOptions{m_managed->isChecked(), m_reveal->isChecked()}));
    m_yaml->verticalScrollBar()->setValue(v);
    m_yaml->horizontalScrollBar()->setValue(h);
}

void DetailsPane::refreshEvents()
{
    QStringList involvedUids{m_object.uid()};
    // The kubelet names a Node by its name where its uid belongs
    // (models/timeline/objectidentity.h): NodeReady, Rebooted, ...
    if (!m_object.isNull() && isIdentifiedByName(referenceTo(m_object)))
        involvedUids.append(m_object.name());
    // Of the object's own cluster: another's may have a namesake, or the uid.
    m_events->refresh(m_eventsSource ? &m_eventsSource->indexer() : nullptr, involvedUids,
                      m_cluster);
    m_tabs->setTabText(2, m_events->rowCount() > 0
                              ? QStringLiteral("Events (%1)").arg(m_events->rowCount())
                              : QStringLiteral("Events"));
}

QString DetailsPane::overviewText() const
{
    return m_overview->toPlainText();
}

QString DetailsPane::yamlText() const
{
    return m_yaml->toPlainText();
}

} // namespace informant
