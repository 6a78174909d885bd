#include "net/proxysettings.h"

#include <QTest>
#include <QUrl>

using namespace Qt::StringLiterals;
using Gateway::ProxySettings;

// The proxy variables as curl reads them: which URL goes through which proxy.
class tst_ProxySettings : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void proxyForUrl_data();
    void proxyForUrl();
    void environmentIsReadAsCurlDoes();
    void credentialsAndDefaultPort();
    void unsupportedProxyIsAnError();
};

void tst_ProxySettings::proxyForUrl_data()
{
    QTest::addColumn<QString>("noProxy");
    QTest::addColumn<QString>("url");
    QTest::addColumn<QString>("proxyHost"); // empty: direct
    const QString https = u"https-proxy"_s;
    const QString http = u"http-proxy"_s;
    QTest::newRow("https url") << QString() << u"https://api.openai.com/v1"_s << https;
    QTest::newRow("http url") << QString() << u"http://vllm.lan:8000/v1"_s << http;
    QTest::newRow("exact host") << u"api.openai.com"_s << u"https://api.openai.com/v1"_s
                                << QString();
    QTest::newRow("suffix on a dot")
        << u"openai.com"_s << u"https://api.openai.com/v1"_s << QString();
    QTest::newRow("leading dot") << u".openai.com"_s << u"https://api.openai.com/v1"_s << QString();
    QTest::newRow("not a dot boundary") << u"ai.com"_s << u"https://api.openai.com/v1"_s << https;
    QTest::newRow("case-insensitive")
        << u"OpenAI.COM"_s << u"https://api.openai.com/v1"_s << QString();
    QTest::newRow("spaces around commas")
        << u"a.example , vllm.lan"_s << u"http://vllm.lan/v1"_s << QString();
    QTest::newRow("star") << u"*"_s << u"https://api.openai.com/v1"_s << QString();
    QTest::newRow("ip address") << u"127.0.0.1"_s << u"http://127.0.0.1:9/v1"_s << QString();
    QTest::newRow("other ip") << u"127.0.0.1"_s << u"http://127.0.0.2:9/v1"_s << http;
    QTest::newRow("empty entries") << u",,"_s << u"http://vllm.lan/v1"_s << http;
}

void tst_ProxySettings::proxyForUrl()
{
    QFETCH(QString, noProxy);
    QFETCH(QString, url);
    QFETCH(QString, proxyHost);
    const ProxySettings s = ProxySettings::fromValues(u"http://https-proxy:3128"_s,
                                                      u"http://http-proxy:3128"_s, noProxy);
    const auto proxy = s.proxyFor(QUrl(url));
    QCOMPARE(proxy ? proxy->host : QString(), proxyHost);
}

void tst_ProxySettings::environmentIsReadAsCurlDoes()
{
    qputenv("HTTPS_PROXY", "http://upper-https:1");
    qputenv("HTTP_PROXY", "http://upper-http:1"); // ignored, as curl does (httpoxy)
    qunsetenv("https_proxy");
    qunsetenv("http_proxy");
    qputenv("NO_PROXY", "internal.lan");
    qunsetenv("no_proxy");
    ProxySettings s = ProxySettings::fromEnvironment();
    QCOMPARE(s.proxyFor(QUrl(u"https://api.example/v1"_s))->host, u"upper-https"_s);
    QVERIFY(!s.proxyFor(QUrl(u"http://api.example/v1"_s)));
    QVERIFY(!s.proxyFor(QUrl(u"https://gpu.internal.lan/v1"_s)));
    // The lowercase names win.
    qputenv("https_proxy", "http://lower-https:1");
    qputenv("no_proxy", "api.example");
    s = ProxySettings::fromEnvironment();
    QVERIFY(!s.proxyFor(QUrl(u"https://api.example/v1"_s)));
    QCOMPARE(s.proxyFor(QUrl(u"https://gpu.internal.lan/v1"_s))->host, u"lower-https"_s);
    for (const char *v : { "HTTPS_PROXY", "HTTP_PROXY", "NO_PROXY", "https_proxy", "no_proxy" })
        qunsetenv(v);
    QVERIFY(ProxySettings::fromEnvironment().isEmpty());
}

void tst_ProxySettings::credentialsAndDefaultPort()
{
    const ProxySettings s = ProxySettings::fromValues(u"bob:p%40ss@corp-proxy"_s, {}, {});
    const auto p = s.proxyFor(QUrl(u"https://api.example/v1"_s));
    QVERIFY(p);
    QCOMPARE(p->host, u"corp-proxy"_s);
    QCOMPARE(p->port, quint16(1080)); // curl's default
    QCOMPARE(p->authorization, "Basic " + QByteArray("bob:p@ss").toBase64());
    QVERIFY(p->error.isEmpty());
}

void tst_ProxySettings::unsupportedProxyIsAnError()
{
    const ProxySettings s = ProxySettings::fromValues(u"socks5://proxy:1080"_s, {}, {});
    const auto p = s.proxyFor(QUrl(u"https://api.example/v1"_s));
    QVERIFY(p);
    QVERIFY(p->error.contains(u"socks5"_s));
}

QTEST_GUILESS_MAIN(tst_ProxySettings)
#include "tst_proxysettings.moc"
