#include "informer/kube/credentials.h"

#include "informer/kube/execplugin.h"
#include "informer/kube/execplugincache.h"
#include "informer/kube/tokenfile.h"

namespace informant {

namespace {

QByteArray bearer(const QString &token)
{
    return QByteArrayLiteral("Bearer ") + token.toUtf8();
}

// A header value with a line break would end the header and start another
// (a tokenFile naming a notes file, a plugin's stray output): Go's net/http
// refuses such values, and so do we, without quoting them.
bool hasControlCharacter(const QByteArray &value)
{
    for (const char c : value) {
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
            return true;
    }
    return false;
}

bool overTls(const ClusterConfig &config)
{
    return config.server.scheme() == QLatin1String("https");
}

QString withheldNoteFor(const ClusterConfig &config)
{
    const UserCredentials &user = config.user;
    if (overTls(config) || (user.isEmpty() && user.password.isEmpty()))
        return {};
    const QString whose =
        config.userName.isEmpty()
            ? QStringLiteral("the credentials")
            : QStringLiteral("the credentials of user \"%1\"").arg(config.userName);
    return QStringLiteral("%1 were not sent: the server is %2, and as with kubectl they go only "
                          "over https")
        .arg(whose, config.server.toString(QUrl::RemoveUserInfo | QUrl::RemovePath |
                                           QUrl::RemoveQuery | QUrl::RemoveFragment));
}

} // namespace

Credentials::Credentials(const ClusterConfig &config)
    : m_user(overTls(config) ? config.user : UserCredentials())
    , m_withheldNote(withheldNoteFor(config))
    , m_userName(config.userName)
    , m_static(AuthMaterial())
{
    if (!m_user.tokenFile.isEmpty())
        m_tokenFile = std::make_unique<TokenFile>(m_user.tokenFile);
    if (m_user.exec)
        m_exec = sharedExecPlugin(*m_user.exec, config);
    if (!m_user.clientCertificatePem.isEmpty())
        m_static = parseClientCertificate(m_user.clientCertificatePem, m_user.clientKeyPem,
                                          QStringLiteral("user \"%1\"").arg(config.userName));
}

Credentials::~Credentials()
{
    // The plugin may outlive this (another Credentials shares it).
    if (m_exec)
        m_exec->setObserver(this, {});
}

Result<AuthMaterial> Credentials::parseClientCertificate(const QByteArray &certificatePem,
                                                         const QByteArray &keyPem,
                                                         const QString &what)
{
    AuthMaterial material;
    const QList<QSslCertificate> certificates =
        QSslCertificate::fromData(certificatePem, QSsl::Pem);
    if (certificates.isEmpty() || certificates.first().isNull())
        return makeError(
            QStringLiteral("%1: client-certificate is not a PEM certificate").arg(what));
    material.clientCertificate = certificates.first();
    for (QSsl::KeyAlgorithm algorithm : {QSsl::Rsa, QSsl::Ec}) {
        QSslKey key(keyPem, algorithm, QSsl::Pem, QSsl::PrivateKey);
        if (!key.isNull()) {
            material.clientKey = key;
            return material;
        }
    }
    return makeError(
        QStringLiteral("%1: client-key is not an RSA or EC PEM private key").arg(what));
}

bool Credentials::usesExec() const
{
    return m_exec && !m_tokenFile && m_user.token.isEmpty() && m_user.oidcIdToken.isEmpty();
}

Result<AuthMaterial> Credentials::material()
{
    if (!usesExec())
        return compose(nullptr);
    const auto credential = m_exec->credential();
    return compose(&credential);
}

void Credentials::materialAsync(QObject *context, MaterialDone done)
{
    if (!usesExec()) {
        done(compose(nullptr));
        return;
    }
    m_exec->requestCredential(context, [this, done = std::move(done)](
                                           const Result<ExecCredential> &c) { done(compose(&c)); });
}

Result<AuthMaterial> Credentials::compose(const Result<ExecCredential> *exec) const
{
    if (!m_static)
        return m_static.error();
    AuthMaterial material = *m_static;
    if (m_tokenFile) {
        // As client-go's BearerTokenFile: the file's last successfully read
        // value takes precedence over a static token, which is the fallback.
        auto token = m_tokenFile->token();
        if (!token && m_user.token.isEmpty())
            return token.error();
        material.authorization = bearer(token ? *token : m_user.token);
    } else if (!m_user.token.isEmpty()) {
        material.authorization = bearer(m_user.token);
    } else if (!m_user.oidcIdToken.isEmpty()) {
        material.authorization = bearer(m_user.oidcIdToken);
    } else if (exec) {
        if (!*exec)
            return exec->error();
        const ExecCredential &credential = **exec;
        if (!credential.token.isEmpty())
            material.authorization = bearer(credential.token);
        if (!credential.clientCertificatePem.isEmpty()) {
            auto parsed =
                parseClientCertificate(credential.clientCertificatePem, credential.clientKeyPem,
                                       QStringLiteral("exec plugin credential"));
            if (!parsed)
                return parsed.error();
            material.clientCertificate = parsed->clientCertificate;
            material.clientKey = parsed->clientKey;
        }
    }
    if (material.authorization.isEmpty() && !m_user.username.isEmpty())
        material.authorization =
            QByteArrayLiteral("Basic ") +
            (m_user.username + QLatin1Char(':') + m_user.password).toUtf8().toBase64();
    if (hasControlCharacter(material.authorization))
        return makeError(QStringLiteral("the credentials of user \"%1\" contain a line break or "
                                        "another control character; they are not sent")
                             .arg(m_userName));
    return material;
}

bool Credentials::invalidate(const QByteArray &usedAuthorization)
{
    if (m_tokenFile) {
        m_tokenFile->invalidate();
        return true;
    }
    if (!m_user.token.isEmpty() || !m_user.oidcIdToken.isEmpty())
        return false; // a static token will not get better
    if (m_exec) {
        const QByteArray prefix = QByteArrayLiteral("Bearer ");
        m_exec->invalidate(usedAuthorization.startsWith(prefix)
                               ? QString::fromUtf8(usedAuthorization.mid(prefix.size()))
                               : QString());
        return true;
    }
    return false;
}

int Credentials::execRuns() const
{
    return m_exec ? m_exec->runCount() : 0;
}

void Credentials::setExecObserver(ExecPlugin::Observer observer)
{
    if (m_exec)
        m_exec->setObserver(this, std::move(observer));
}

CredentialExpiry Credentials::expiry() const
{
    CredentialExpiry expiry;
    bool execCertificate = false;
    if (usesExec()) {
        const ExecPlugin::Status status = m_exec->status();
        expiry.source = CredentialExpiry::Source::ExecPlugin;
        expiry.origin = QStringLiteral("exec plugin ") + m_exec->commandName();
        expiry.renewing = status.running;
        expiry.expiresAt = status.expiration;
        execCertificate = !status.certificateSubject.isEmpty();
        if (execCertificate)
            expiry.origin +=
                QStringLiteral(" (client certificate %1)").arg(status.certificateSubject);
    }
    // The kubeconfig's certificate goes with every request unless the
    // plugin gives one of its own (compose()).
    if (!execCertificate && m_static && !m_static->clientCertificate.isNull()) {
        const QDateTime notAfter = m_static->clientCertificate.expiryDate().toUTC();
        if (notAfter.isValid() && (!expiry.expiresAt.isValid() || notAfter < expiry.expiresAt)) {
            expiry.expiresAt = notAfter;
            expiry.source = CredentialExpiry::Source::ClientCertificate;
            expiry.origin = QStringLiteral("client certificate ") +
                            certificateSubjectText(m_static->clientCertificate);
            expiry.renewing = false;
        }
    }
    if (!expiry.expiresAt.isValid())
        return {};
    return expiry;
}

} // namespace informant
