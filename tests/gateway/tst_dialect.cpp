#include "gateway/dialect.h"
#include "gateway/errorshape.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryFile>
#include <QTest>
#include <QThread>

using namespace Qt::StringLiterals;
using namespace Gateway;
using Domain::Dialect;
using Domain::Endpoint;

// Upstream requests per connection kind and the error shapes (R-CONN-1, R-SEC-5, R-DIR-5, R-API-2).
class tst_Dialect : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void urlAndAuthPerDialect_R_CONN_1_data();
    void urlAndAuthPerDialect_R_CONN_1();
    void keptPoolKeyFollowsTheCaFile_R_CONN_1();
    void aggregatorGetsDirectives_R_DIR_5();
    void credentialSources_R_SEC_3();
    void credentialFilePermissions_R_SEC_3_data();
    void credentialFilePermissions_R_SEC_3();
    void errorShapes_R_API_2_data();
    void errorShapes_R_API_2();
    void requestIdsSortByTimeAndNeverRepeat_R_RCPT_1();
};

namespace {

Domain::Connection connection(Dialect kind, const QString &base)
{
    Domain::Connection c;
    c.name = u"c1"_s;
    c.kind = kind;
    c.baseUrl = base;
    c.apiVersion = u"2024-10-21"_s;
    c.credential.kind = Domain::Credential::Kind::Stored;
    c.credential.secret = u"s3cret"_s;
    return c;
}

QByteArray header(const UpstreamRequest &r, const QByteArray &name)
{
    return headerValue(r.headers, name);
}

} // namespace

void tst_Dialect::urlAndAuthPerDialect_R_CONN_1_data()
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<int>("endpoint");
    QTest::addColumn<QString>("url");
    QTest::addColumn<QByteArray>("authHeader");
    QTest::addColumn<QByteArray>("authValue");
    QTest::newRow("openai chat") << int(Dialect::OpenAi) << int(Endpoint::ChatCompletions)
                                 << u"https://api.example.com/v1/chat/completions"_s
                                 << QByteArray("authorization") << QByteArray("Bearer s3cret");
    QTest::newRow("openai embeddings")
        << int(Dialect::OpenAi) << int(Endpoint::Embeddings)
        << u"https://api.example.com/v1/embeddings"_s << QByteArray("authorization")
        << QByteArray("Bearer s3cret");
    QTest::newRow("azure chat")
        << int(Dialect::AzureOpenAi) << int(Endpoint::ChatCompletions)
        << u"https://api.example.com/v1/openai/deployments/gpt-4o/chat/completions?api-version=2024-10-21"_s
        << QByteArray("api-key") << QByteArray("s3cret");
    QTest::newRow("anthropic") << int(Dialect::Anthropic) << int(Endpoint::Messages)
                               << u"https://api.example.com/v1/messages"_s
                               << QByteArray("x-api-key") << QByteArray("s3cret");
}

void tst_Dialect::urlAndAuthPerDialect_R_CONN_1()
{
    QFETCH(int, kind);
    QFETCH(int, endpoint);
    QFETCH(QString, url);
    QFETCH(QByteArray, authHeader);
    QFETCH(QByteArray, authValue);
    const QJsonObject body { { u"model"_s, u"org/alias"_s },
                             { u"messages"_s, QJsonArray {} },
                             { u"stream"_s, true } };
    const auto r = buildUpstreamRequest(connection(Dialect(kind), u"https://api.example.com/v1/"_s),
                                        u"gpt-4o"_s, Endpoint(endpoint), body, {});
    QVERIFY(r.ok());
    QCOMPARE(r->url.toString(), url);
    QCOMPARE(header(*r, authHeader), authValue);
    QVERIFY(r->stream);
    QCOMPARE(QJsonDocument::fromJson(r->body).object().value(u"model"_s).toString(), u"gpt-4o"_s);
    QCOMPARE(r->headers.size(), Dialect(kind) == Dialect::Anthropic ? 4 : 3);
}

// The pool key and request target the gateway thread keeps per URL are the ones the transport
// would derive; two connections on one base URL with different CA files get different pools, in
// whatever order their calls come.
void tst_Dialect::keptPoolKeyFollowsTheCaFile_R_CONN_1()
{
    Domain::Connection plain = connection(Dialect::OpenAi, u"https://llm.example:8443/v1"_s);
    Domain::Connection pinned = plain;
    pinned.caFile = u"/etc/ssl/llm-ca.pem"_s;
    QSet<QString> keys;
    for (const Domain::Connection *c : { &plain, &pinned, &plain, &pinned, &pinned }) {
        const auto r = buildUpstreamRequest(*c, u"m"_s, Endpoint::ChatCompletions, QByteArray("{}"),
                                            false, {});
        QVERIFY(r.ok());
        QCOMPARE(r->poolKey, poolKeyOf(r->url, c->caFile));
        QCOMPARE(r->target, QByteArray("/v1/chat/completions"));
        QCOMPARE(r->target, originFormTarget(r->url));
        keys.insert(r->poolKey);
    }
    QCOMPARE(keys.size(), 2);
    QCOMPARE(poolKeyOf(QUrl(u"https://llm.example/v1"_s), {}),
             poolKeyOf(QUrl(u"https://llm.example:443/v1"_s), {}));
}

void tst_Dialect::aggregatorGetsDirectives_R_DIR_5()
{
    Domain::Connection c = connection(Dialect::OpenAi, u"https://router.example/api/v1"_s);
    c.aggregator = true;
    Routing::EffectiveDirectives d;
    d.requireZdr.value = true;
    d.requireNoTraining.value = true;
    d.minPrecision.value = Domain::Precision::Fp8;
    const QByteArray callerBytes = R"({"model":"x","messages":[]})";
    const QJsonObject callerBody = QJsonDocument::fromJson(callerBytes).object();
    // Every way an attempt's body is built: from a document, from a document that may reuse the
    // caller's bytes (an alias's preset defaults), from the caller's bytes (the usual call).
    const auto builds = [&] {
        return QList<Util::Result<UpstreamRequest>> {
            buildUpstreamRequest(c, u"m"_s, Endpoint::ChatCompletions, callerBody, d),
            buildUpstreamRequest(c, u"m"_s, Endpoint::ChatCompletions, callerBody, d, callerBytes),
            buildUpstreamRequest(c, u"m"_s, Endpoint::ChatCompletions, callerBytes, false, d),
        };
    };
    for (const Util::Result<UpstreamRequest> &r : builds()) {
        QVERIFY(r.ok());
        const QJsonObject body = QJsonDocument::fromJson(r->body).object();
        QCOMPARE(body.value(u"model"_s).toString(), u"m"_s);
        const QJsonObject provider = body.value(u"provider"_s).toObject();
        QCOMPARE(provider.value(u"zdr"_s).toBool(), true);
        QCOMPARE(provider.value(u"data_collection"_s).toString(), u"deny"_s);
        const QJsonArray q = provider.value(u"quantizations"_s).toArray();
        QVERIFY(q.contains(u"fp8"_s) && q.contains(u"bf16"_s) && !q.contains(u"fp4"_s));
    }
    // Not an aggregator: no provider block.
    c.aggregator = false;
    for (const Util::Result<UpstreamRequest> &plain : builds()) {
        QVERIFY(plain.ok());
        const QJsonObject body = QJsonDocument::fromJson(plain->body).object();
        QCOMPARE(body.value(u"model"_s).toString(), u"m"_s);
        QVERIFY(!body.contains(u"provider"_s));
    }
}

void tst_Dialect::credentialSources_R_SEC_3()
{
    Domain::Credential env { Domain::Credential::Kind::EnvironmentVariable,
                             u"SB_TEST_DIALECT_KEY"_s,
                             {} };
    qputenv("SB_TEST_DIALECT_KEY", "from-env");
    QCOMPARE(resolveCredential(env).value(), u"from-env"_s);
    qunsetenv("SB_TEST_DIALECT_KEY");
    const auto missing = resolveCredential(env);
    QVERIFY(!missing.ok());
    QVERIFY(missing.error().message.contains(u"SB_TEST_DIALECT_KEY"_s));
    QTemporaryFile file;
    QVERIFY(file.open());
    file.write("from-file\n");
    file.flush();
    Domain::Credential f { Domain::Credential::Kind::File, file.fileName(), {} };
    QCOMPARE(resolveCredential(f).value(), u"from-file"_s);
}

void tst_Dialect::credentialFilePermissions_R_SEC_3_data()
{
    QTest::addColumn<int>("permissions");
    QTest::addColumn<bool>("accepted");
    const int owner = int(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    QTest::newRow("0600 accepted") << owner << true;
    QTest::newRow("0400 accepted") << int(QFileDevice::ReadOwner) << true;
    const int everyone = int(QFileDevice::ReadGroup | QFileDevice::ReadOther);
    QTest::newRow("0644 refused") << (owner | everyone) << false;
    QTest::newRow("0640 refused") << (owner | int(QFileDevice::ReadGroup)) << false;
    QTest::newRow("0604 refused") << (owner | int(QFileDevice::ReadOther)) << false;
}

void tst_Dialect::credentialFilePermissions_R_SEC_3()
{
    QFETCH(int, permissions);
    QFETCH(bool, accepted);
    QTemporaryFile file;
    QVERIFY(file.open());
    file.write("sk-file-secret\n");
    file.flush();
    QVERIFY(file.setPermissions(QFileDevice::Permissions(permissions)));
    const auto r = resolveCredential({ Domain::Credential::Kind::File, file.fileName(), {} });
    QCOMPARE(r.ok(), accepted);
    if (accepted) {
        QCOMPARE(r.value(), u"sk-file-secret"_s);
        return;
    }
    QCOMPARE(r.error().code, u"credential.permissions"_s);
    QVERIFY(r.error().message.contains(file.fileName()));
    QVERIFY(r.error().message.contains(u"chmod 600 "_s + file.fileName()));
    QVERIFY(!r.error().message.contains(u"sk-file-secret"_s));
}

void tst_Dialect::errorShapes_R_API_2_data()
{
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("type");
    QTest::newRow("400") << 400 << u"invalid_request_error"_s;
    QTest::newRow("422") << 422 << u"invalid_request_error"_s;
    QTest::newRow("401") << 401 << u"authentication_error"_s;
    QTest::newRow("403") << 403 << u"permission_error"_s;
    QTest::newRow("404") << 404 << u"not_found_error"_s;
    QTest::newRow("413") << 413 << u"request_too_large"_s;
    QTest::newRow("429") << 429 << u"rate_limit_error"_s;
    QTest::newRow("502") << 502 << u"api_error"_s;
    QTest::newRow("503") << 503 << u"api_error"_s;
}

void tst_Dialect::errorShapes_R_API_2()
{
    QFETCH(int, status);
    QFETCH(QString, type);
    const QJsonObject openai
        = QJsonDocument::fromJson(errorBody(ApiShape::OpenAi, status, u"c"_s, u"m"_s)).object();
    QCOMPARE(openai.value(u"error"_s).toObject().value(u"type"_s).toString(), type);
    QCOMPARE(openai.value(u"error"_s).toObject().value(u"code"_s).toString(), u"c"_s);
    const QJsonObject anthropic
        = QJsonDocument::fromJson(errorBody(ApiShape::Anthropic, status, u"c"_s, u"m"_s)).object();
    QCOMPARE(anthropic.value(u"type"_s).toString(), u"error"_s);
    QCOMPARE(anthropic.value(u"error"_s).toObject().value(u"type"_s).toString(), type);
    QCOMPARE(anthropic.value(u"error"_s)
                 .toObject()
                 .value(u"details"_s)
                 .toObject()
                 .value(u"error_code"_s)
                 .toString(),
             u"c"_s);
}

// The id on x-request-id and the receipt: "req_" and 24 hex digits, the first 12 the time of the
// call in milliseconds; successive ids of a thread sort after each other even within one
// millisecond, and ids made at once on two threads do not collide.
void tst_Dialect::requestIdsSortByTimeAndNeverRepeat_R_RCPT_1()
{
    const QRegularExpression shape(u"^req_[0-9a-f]{24}$"_s);
    const qint64 before = QDateTime::currentMSecsSinceEpoch();
    QStringList ids;
    for (int i = 0; i < 100000; ++i)
        ids << newRequestId();
    const qint64 after = QDateTime::currentMSecsSinceEpoch();
    for (int i = 0; i < ids.size(); ++i) {
        QVERIFY2(shape.match(ids.at(i)).hasMatch(), qPrintable(ids.at(i)));
        if (i > 0)
            QVERIFY2(ids.at(i - 1) < ids.at(i),
                     qPrintable(ids.at(i - 1) + u" then "_s + ids.at(i)));
    }
    bool ok = false;
    const qint64 firstMs = ids.first().mid(4, 12).toLongLong(&ok, 16);
    QVERIFY(ok);
    const qint64 lastMs = ids.last().mid(4, 12).toLongLong(&ok, 16);
    QVERIFY(ok);
    QVERIFY2(
        firstMs >= before && lastMs <= after,
        qPrintable(u"%1..%2 outside %3..%4"_s.arg(firstMs).arg(lastMs).arg(before).arg(after)));

    QStringList other;
    QThread *thread = QThread::create([&other] {
        for (int i = 0; i < 100000; ++i)
            other << newRequestId();
    });
    thread->start();
    QStringList mine;
    for (int i = 0; i < 100000; ++i)
        mine << newRequestId();
    thread->wait();
    delete thread;
    QSet<QString> all(ids.cbegin(), ids.cend());
    for (const QStringList *list : { &mine, &other }) {
        for (const QString &id : *list)
            all.insert(id);
    }
    QCOMPARE(all.size(), ids.size() + mine.size() + other.size());
}

QTEST_MAIN(tst_Dialect)
#include "tst_dialect.moc"
