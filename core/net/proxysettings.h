#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <optional>

class QUrl;

namespace Gateway {

// An HTTP proxy as named by an environment variable ("http://user:pass@proxy:3128").
struct ProxyEndpoint
{
    QString host;
    quint16 port = 0;
    QByteArray authorization; // "Basic …" from the URL's user info, or empty
    QString error; // set when the variable could not be used; calls fail with it
};

// The proxy variables read as curl reads them: https_proxy or HTTPS_PROXY for https URLs,
// http_proxy for http URLs (lowercase only: a CGI server sets HTTP_PROXY from a request header),
// no_proxy or NO_PROXY to bypass: a comma list of host names matched as suffixes on a dot
// boundary ("example.com" covers "api.example.com"), a leading dot ignored, "*" for every host.
class ProxySettings
{
public:
    ProxySettings() = default;
    static ProxySettings fromEnvironment();
    static ProxySettings fromValues(const QString &httpsProxy, const QString &httpProxy,
                                    const QString &noProxy);

    // The proxy to use for url, or nothing for a direct connection.
    std::optional<ProxyEndpoint> proxyFor(const QUrl &url) const;
    bool bypasses(const QString &host) const;
    bool isEmpty() const { return !m_https && !m_http; }

private:
    static std::optional<ProxyEndpoint> parse(const QString &value);

    std::optional<ProxyEndpoint> m_https;
    std::optional<ProxyEndpoint> m_http;
    QStringList m_noProxy; // lowercased, without leading dots
    bool m_noProxyAll = false;
};

} // namespace Gateway
