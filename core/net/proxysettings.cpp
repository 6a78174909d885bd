#include "net/proxysettings.h"

#include <QUrl>

using namespace Qt::StringLiterals;

namespace Gateway {
namespace {

QString firstSet(const char *lower, const char *upper)
{
    QString v = qEnvironmentVariable(lower);
    if (v.isEmpty() && upper)
        v = qEnvironmentVariable(upper);
    return v.trimmed();
}

// curl's default port for a proxy named without one.
constexpr quint16 kDefaultProxyPort = 1080;

} // namespace

ProxySettings ProxySettings::fromEnvironment()
{
    return fromValues(firstSet("https_proxy", "HTTPS_PROXY"), firstSet("http_proxy", nullptr),
                      firstSet("no_proxy", "NO_PROXY"));
}

ProxySettings ProxySettings::fromValues(const QString &httpsProxy, const QString &httpProxy,
                                        const QString &noProxy)
{
    ProxySettings s;
    s.m_https = parse(httpsProxy);
    s.m_http = parse(httpProxy);
    for (QString entry : noProxy.split(u',', Qt::SkipEmptyParts)) {
        entry = entry.trimmed().toLower();
        if (entry == u"*"_s) {
            s.m_noProxyAll = true;
            continue;
        }
        while (entry.startsWith(u'.'))
            entry.remove(0, 1);
        if (entry.endsWith(u'.'))
            entry.chop(1);
        if (entry.startsWith(u'[') && entry.endsWith(u']'))
            entry = entry.mid(1, entry.size() - 2);
        if (!entry.isEmpty())
            s.m_noProxy << entry;
    }
    return s;
}

std::optional<ProxyEndpoint> ProxySettings::parse(const QString &value)
{
    if (value.isEmpty())
        return std::nullopt;
    // curl takes "proxy:3128" as http://proxy:3128.
    const QUrl url(value.contains(u"://"_s) ? value : u"http://"_s + value);
    ProxyEndpoint p;
    if (!url.isValid() || url.host().isEmpty()) {
        p.error = u"the proxy variable holds no usable URL (%1)"_s.arg(value);
        return p;
    }
    if (url.scheme().toLower() != u"http"_s) {
        p.error = u"proxy scheme %1 is not supported (only http:// proxies)"_s.arg(url.scheme());
        return p;
    }
    p.host = url.host();
    p.port = quint16(url.port(kDefaultProxyPort));
    if (!url.userName().isEmpty()) {
        const QByteArray credentials = url.userName(QUrl::FullyDecoded).toUtf8() + ':'
            + url.password(QUrl::FullyDecoded).toUtf8();
        p.authorization = "Basic " + credentials.toBase64();
    }
    return p;
}

bool ProxySettings::bypasses(const QString &rawHost) const
{
    if (m_noProxyAll)
        return true;
    QString host = rawHost.toLower();
    if (host.endsWith(u'.'))
        host.chop(1);
    for (const QString &entry : m_noProxy) {
        if (host == entry)
            return true;
        if (host.size() > entry.size() && host.endsWith(entry)
            && host.at(host.size() - entry.size() - 1) == u'.')
            return true;
    }
    return false;
}

std::optional<ProxyEndpoint> ProxySettings::proxyFor(const QUrl &url) const
{
    const bool https = url.scheme() == u"https"_s;
    const std::optional<ProxyEndpoint> &proxy = https ? m_https : m_http;
    if (!proxy || bypasses(url.host()))
        return std::nullopt;
    return proxy;
}

} // namespace Gateway
