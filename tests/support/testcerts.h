#pragma once

#include <QFile>
#include <QProcess>
#include <QSslCertificate>
#include <QSslConfiguration>
#include <QSslKey>
#include <QStandardPaths>
#include <QString>
#include <QStringList>
#include <optional>

// A self-signed server certificate made at test time with the openssl command (scripts/setup
// installs it), so no key is committed and none expires. The certificate file doubles as the CA
// file a connection trusts.
struct TestCert
{
    QString certFile;
    QString keyFile;
    QSslConfiguration server; // for QSslServer
};

inline std::optional<TestCert> makeTestCert(const QString &dir, const QString &name,
                                            const QString &subjectAltName)
{
    if (QStandardPaths::findExecutable(QStringLiteral("openssl")).isEmpty())
        return std::nullopt;
    TestCert c;
    c.certFile = dir + u'/' + name + QStringLiteral(".pem");
    c.keyFile = dir + u'/' + name + QStringLiteral("-key.pem");
    QProcess p;
    p.start(QStringLiteral("openssl"),
            { QStringLiteral("req"), QStringLiteral("-x509"), QStringLiteral("-newkey"),
              QStringLiteral("ec"), QStringLiteral("-pkeyopt"),
              QStringLiteral("ec_paramgen_curve:prime256v1"), QStringLiteral("-nodes"),
              QStringLiteral("-days"), QStringLiteral("2"), QStringLiteral("-subj"),
              QStringLiteral("/CN=") + name, QStringLiteral("-addext"),
              QStringLiteral("subjectAltName=") + subjectAltName, QStringLiteral("-keyout"),
              c.keyFile, QStringLiteral("-out"), c.certFile });
    if (!p.waitForFinished(30000) || p.exitCode() != 0)
        return std::nullopt;
    QFile cert(c.certFile);
    QFile key(c.keyFile);
    if (!cert.open(QIODevice::ReadOnly) || !key.open(QIODevice::ReadOnly))
        return std::nullopt;
    c.server = QSslConfiguration::defaultConfiguration();
    c.server.setLocalCertificate(QSslCertificate(cert.readAll(), QSsl::Pem));
    c.server.setPrivateKey(QSslKey(key.readAll(), QSsl::Ec, QSsl::Pem));
    c.server.setPeerVerifyMode(QSslSocket::VerifyNone);
    if (c.server.localCertificate().isNull() || c.server.privateKey().isNull())
        return std::nullopt;
    return c;
}
