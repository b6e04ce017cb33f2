#include "models/objectread.h"

#include "informer/kube/interrupter.h"
#include "informer/kube/restclient.h"

#include <QPointer>
#include <QThread>
#include <QUrlQuery>

namespace informant {

ObjectRead::ObjectRead(std::shared_ptr<const ClusterConnection> connection, ResourcePath collection,
                       QString name, DecodeOptions options, QObject *parent)
    : QObject(parent)
    , m_connection(std::move(connection))
    , m_collection(std::move(collection))
    , m_name(std::move(name))
    , m_options(options)
    , m_interrupter(std::make_shared<Interrupter>())
{
    qRegisterMetaType<KubeObject>();
}

ObjectRead::~ObjectRead()
{
    if (m_thread) {
        m_interrupter->interrupt();
        m_thread->quit();
        m_thread->wait();
    }
}

void ObjectRead::start()
{
    if (m_thread)
        return;
    const QString path = m_collection.collectionPath() + QLatin1Char('/') +
                         QString::fromLatin1(QUrl::toPercentEncoding(m_name));
    QPointer<ObjectRead> self(this);
    m_thread.reset(QThread::create(
        [connection = m_connection, path, options = m_options, self, interrupter = m_interrupter] {
            RestClient client(connection);
            KubeObject object;
            QString error;
            const auto response = client.getBlocking(path, QUrlQuery(), {}, interrupter.get());
            if (!response.ok()) {
                error = response.error().message;
            } else {
                auto decoded = KubeObject::fromJson(response.value().body, options);
                if (decoded.ok())
                    object = std::move(decoded).value();
                else
                    error = client.describe(path) + QLatin1String(": ") + decoded.errorMessage();
            }
            QMetaObject::invokeMethod(
                self,
                [self, object, error] {
                    if (self)
                        Q_EMIT self->finished(object, error);
                },
                Qt::QueuedConnection);
        }));
    m_thread->setObjectName(QStringLiteral("object read"));
    m_thread->start();
}

} // namespace informant
