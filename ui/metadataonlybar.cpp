#include "ui/metadataonlybar.h"

#include "models/objectread.h"

#include <QDateTime>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

namespace informant {

namespace {

bool sameObject(const KubeObject &a, const KubeObject &b)
{
    return !a.isNull() && !b.isNull() && a.kind() == b.kind() && a.key() == b.key() &&
           a.uid() == b.uid();
}

} // namespace

MetadataOnlyBar::MetadataOnlyBar(QWidget *parent)
    : QWidget(parent)
    , m_label(new QLabel(this))
    , m_read(new QPushButton(tr("Read whole object"), this))
{
    setObjectName(QStringLiteral("metadataOnlyBar"));
    m_label->setWordWrap(true);
    QFont font = m_label->font();
    font.setItalic(true);
    m_label->setFont(font);
    m_read->setToolTip(tr("One GET of this object, now; it is not watched"));
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_label, 1);
    layout->addWidget(m_read, 0, Qt::AlignTop);
    connect(m_read, &QPushButton::clicked, this, &MetadataOnlyBar::read);
    hide();
}

KubeObject MetadataOnlyBar::follow(const KubeObject &live)
{
    if (!sameObject(live, m_live)) {
        delete std::exchange(m_reading, nullptr);
        m_whole = KubeObject();
        m_error.clear();
    }
    m_live = live;
    refresh();
    return m_whole.isNull() ? live : m_whole;
}

QString MetadataOnlyBar::text() const
{
    return isHidden() ? QString() : m_label->text();
}

void MetadataOnlyBar::read()
{
    if (m_reading || m_live.isNull() || !m_reader)
        return;
    m_reading = m_reader(m_live, this);
    if (!m_reading) {
        m_error = tr("this session cannot read single objects");
        refresh();
        return;
    }
    connect(m_reading, &ObjectRead::finished, this,
            [this](const KubeObject &object, const QString &error) {
                m_reading->deleteLater();
                m_reading = nullptr;
                m_error = error;
                if (error.isEmpty() && sameObject(object, m_live)) {
                    m_whole = object;
                    m_readAtMs = QDateTime::currentMSecsSinceEpoch();
                } else if (error.isEmpty()) {
                    m_error = tr("the server answered with another object (%1 %2)")
                                  .arg(object.kind(), object.key());
                }
                refresh();
                Q_EMIT shownChanged();
            });
    m_reading->start();
    refresh();
}

void MetadataOnlyBar::refresh()
{
    if (m_live.isNull() || (!m_live.isMetadataOnly() && m_whole.isNull())) {
        hide();
        return;
    }
    QString text;
    if (!m_whole.isNull()) {
        text = tr("The whole object as read at %1, once; it is not followed live.")
                   .arg(QDateTime::fromMSecsSinceEpoch(m_readAtMs).toString(u"HH:mm:ss"));
        if (m_live.resourceVersion() != m_whole.resourceVersion())
            text += QLatin1Char(' ') + tr("It has changed since.");
        m_read->setText(tr("Read again"));
    } else {
        text = tr("Read metadata-only: informant holds this %1's metadata, not its data, spec or "
                  "status (View menu, per kind).")
                   .arg(m_live.kind());
        m_read->setText(tr("Read whole object"));
    }
    if (m_reading)
        text += QLatin1Char(' ') + tr("Reading…");
    else if (!m_error.isEmpty())
        text += QLatin1Char(' ') + tr("Could not read it: %1").arg(m_error);
    m_label->setText(text);
    m_read->setEnabled(!m_reading);
    show();
}

} // namespace informant
