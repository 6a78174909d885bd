// Secrets canary (R-SEC-3, R-SEC-5): canary provider keys (from an environment variable,
// a credential file and stored credentials) and canary caller keys (a good one and a bad one) go
// through a whole run of calls, successes and failures, including upstreams that echo the key
// back in their error messages. Then every place a secret could surface is searched: what callers
// received, the debug log, every column of every table of the receipt database, each receipt's
// Copy JSON, the workspace export and /metrics. None may hold a canary. The studio's screens are
// searched by tests/ui/tst_secretcanaryscreens.cpp.
#include "config/receiptjson.h"
#include "config/workspacejson.h"
#include "gatewayharness.h"

#include <QFile>
#include <QLoggingCategory>
#include <QMutex>
#include <QRandomGenerator>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

class tst_SecretCanary : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void canariesAppearNowhere_R_SEC_3();
    void promptCanaryAppearsNowhere_sessions();
};

namespace {

QMutex logMutex;
QStringList logLines;
QtMessageHandler previousHandler = nullptr;

void captureLog(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    {
        QMutexLocker lock(&logMutex);
        logLines << QString::fromLatin1(context.category ? context.category : "") + u": "_s
                + message;
    }
    if (previousHandler && type != QtDebugMsg)
        previousHandler(type, context, message);
}

QString randomHex(int chars)
{
    QString out;
    while (out.size() < chars)
        out += QString::number(QRandomGenerator::global()->generate(), 16);
    return out.left(chars);
}

const QString kEnvName = u"SWITCHBOARD_CANARY_PROVIDER_KEY"_s;

// What a run left where a secret or a prompt could surface: every column of every table of the
// receipt database, and the Copy JSON of every receipt; `receiptRows`: how many receipts.
QStringList storedPlaces(GatewayHarness &h, int *receiptRows)
{
    QStringList places;
    h.writer()->flush();
    *receiptRows = 0;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"canary"_s);
        db.setDatabaseName(h.databasePath());
        if (!db.open())
            return { u"database: not opened"_s };
        QSqlQuery tables(u"SELECT name FROM sqlite_master WHERE type = 'table'"_s, db);
        QStringList names;
        while (tables.next())
            names << tables.value(0).toString();
        for (const QString &table : std::as_const(names)) {
            QSqlQuery rows(u"SELECT * FROM \"%1\""_s.arg(table), db);
            QStringList cells;
            while (rows.next()) {
                *receiptRows += table == u"receipt"_s ? 1 : 0;
                for (int c = 0; c < rows.record().count(); ++c)
                    cells << rows.record().fieldName(c) + u"="_s
                            + QString::fromUtf8(rows.value(c).toByteArray());
            }
            places << u"table %1: "_s.arg(table) + cells.join(u'\n');
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(u"canary"_s);
    auto db = Store::Database::open(h.databasePath(), Store::Database::Mode::ReadOnly);
    if (!db)
        return places << u"database: not opened"_s;
    Store::ReceiptReader reader(**db);
    for (const Store::ReceiptRow &row : reader.page({}, 0, 1000)) {
        if (const std::optional<Domain::Receipt> receipt = reader.receipt(row.rowId))
            places << u"receipt JSON: "_s + QString::fromUtf8(Config::receiptToJsonText(*receipt));
    }
    return places;
}

void expectNowhere(const QStringList &places, const QStringList &canaries)
{
    if (const QString dump = qEnvironmentVariable("CANARY_DUMP"); !dump.isEmpty()) {
        QFile f(dump); // for a reader checking what was searched
        if (f.open(QIODevice::WriteOnly))
            f.write(places.join(u"\n----\n"_s).toUtf8());
    }
    for (const QString &place : places) {
        for (const QString &canary : canaries) {
            const qsizetype at = place.indexOf(canary);
            QVERIFY2(at < 0,
                     qPrintable(u"canary found in %1 …%2…"_s.arg(
                         place.section(u':', 0, 0), place.mid(qMax(0, at - 80), 200))));
        }
    }
}

} // namespace

void tst_SecretCanary::initTestCase()
{
    // As with QT_LOGGING_RULES="*.debug=true": every category at debug level.
    QLoggingCategory::setFilterRules(u"*.debug=true"_s);
    previousHandler = qInstallMessageHandler(captureLog);
}

void tst_SecretCanary::cleanupTestCase()
{
    qInstallMessageHandler(previousHandler);
}

void tst_SecretCanary::canariesAppearNowhere_R_SEC_3()
{
    // Shaped like real keys: OpenAI-style, Anthropic-style, and Azure's 32 hex digits (which no
    // pattern of scrubSecrets() recognises).
    const QString envKey = u"sk-proj-canaryenv"_s + randomHex(24);
    const QString fileKey = u"sk-ant-api03-canaryfile"_s + randomHex(24);
    const QString storedKey = randomHex(32);
    const QString badCallerKey = u"sb-canarybadcaller"_s + randomHex(22);

    qputenv(kEnvName.toLatin1().constData(), envKey.toLatin1());
    QTemporaryDir dir;
    const QString keyFile = dir.filePath(u"provider.key"_s);
    {
        QFile f(keyFile);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(fileKey.toLatin1() + '\n');
        f.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    }

    FakeUpstream upEnv, upFile, upStored;
    for (FakeUpstream *up : { &upEnv, &upFile, &upStored }) {
        QVERIFY(up->listen());
        up->setDefault(FakeUpstream::openAiChat(u"up-x"_s));
    }
    GatewayHarness h;
    h.options.badKeyBurst = 3; // the bad caller key is throttled too
    h.addConnection(u"conn-env"_s, upEnv.baseUrl()).credential
        = Domain::Credential { Domain::Credential::Kind::EnvironmentVariable, kEnvName, {} };
    h.addConnection(u"conn-file"_s, upFile.baseUrl()).credential
        = Domain::Credential { Domain::Credential::Kind::File, keyFile, {} };
    h.addConnection(u"conn-stored"_s, upStored.baseUrl()).credential
        = Domain::Credential { Domain::Credential::Kind::Stored, {}, storedKey };
    // A 1 ms cooldown: each failure's deployment serves the next call again.
    h.addDirect(u"test/env"_s, { u"conn-env"_s }, GatewayHarness::fastRecovery(3, 1));
    h.addDirect(u"test/file"_s, { u"conn-file"_s }, GatewayHarness::fastRecovery(3, 1));
    h.addDirect(u"test/stored"_s, { u"conn-stored"_s }, GatewayHarness::fastRecovery(3, 1));
    QVERIFY(h.start());
    const QString callerKey = h.key;
    const QStringList canaries { envKey, fileKey, storedKey, callerKey, badCallerKey };

    QStringList seen; // everything a caller received
    const auto keep = [&seen](const GatewayHarness::Reply &r) {
        seen << QString::fromUtf8(r.body);
        for (const auto &header : r.headers)
            seen << QString::fromLatin1(header.first + ": " + header.second);
        return r.status;
    };
    const QList<std::tuple<QString, FakeUpstream *, QString>> models {
        { u"test/env"_s, &upEnv, envKey },
        { u"test/file"_s, &upFile, fileKey },
        { u"test/stored"_s, &upStored, storedKey },
    };
    for (const auto &[model, up, providerKey] : models) {
        QCOMPARE(keep(h.chat(model)), 200);
        up->enqueue(FakeUpstream::openAiStream(u"up-x"_s, 3));
        const GatewayHarness::Streamed streamed
            = h.stream(u"/v1/chat/completions"_s, GatewayHarness::chatBody(model, true));
        QCOMPARE(keep(streamed.reply), 200);
        // An error event inside a started stream that quotes the key.
        FakeUpstream::Response echoing = FakeUpstream::openAiStream(u"up-x"_s, 2);
        echoing.events.insert(1,
                              { "data: {\"error\":{\"type\":\"server_error\",\"message\":\"key "
                                    + providerKey.toLatin1()
                                    + " may not use this model now\"}}\n\n",
                                0 });
        up->enqueue(echoing);
        const GatewayHarness::Streamed interrupted
            = h.stream(u"/v1/chat/completions"_s, GatewayHarness::chatBody(model, true));
        keep(interrupted.reply);
        QVERIFY2(interrupted.reply.body.contains("may not use this model now"),
                 interrupted.reply.body.right(400).constData());
        // Upstreams that echo the credential: a proxy quotes the request header; a 422, a 500 and
        // a 429 name it; OpenAI's 401 names the key it refused.
        up->enqueue(FakeUpstream::openAiError(
            400, u"bad_request"_s,
            u"Header api-key=%1 rejected (authorization: Bearer %1)"_s.arg(providerKey)));
        QVERIFY(keep(h.chat(model)) >= 400);
        // An echo no pattern recognises: the bare key in prose.
        up->enqueue(FakeUpstream::openAiError(
            422, u"unprocessable"_s, u"The key %1 may not use this model"_s.arg(providerKey)));
        QVERIFY(keep(h.chat(model)) >= 400);
        for (int i = 0; i < 3; ++i)
            up->enqueue(FakeUpstream::openAiError(500, u"server_error"_s,
                                                  u"internal error for key %1"_s.arg(providerKey)));
        QVERIFY(keep(h.chat(model)) >= 500);
        up->enqueue(FakeUpstream::openAiError(429, u"rate_limited"_s,
                                              u"Rate limit reached for %1"_s.arg(providerKey)));
        keep(h.chat(model));
        // Last, since a rejected credential cools the deployment down.
        up->enqueue(FakeUpstream::openAiError(
            401, u"invalid_api_key"_s,
            u"Incorrect API key provided: %1. You can find your API key at "
            "https://platform.openai.com/account/api-keys."_s.arg(providerKey)));
        QVERIFY(keep(h.chat(model)) >= 400);
        // The canary really went upstream: otherwise finding it nowhere would prove nothing.
        QVERIFY(!up->received().isEmpty());
        QCOMPARE(up->received().first().header("authorization"),
                 "Bearer " + providerKey.toLatin1());
    }
    // Caller failures: bad JSON with a good key (a receipt), a bad key until throttled, and the
    // bad key on the Anthropic route and as x-api-key.
    QCOMPARE(keep(h.send("POST", u"/v1/chat/completions"_s, "{not json")), 400);
    const QList<QPair<QByteArray, QByteArray>> badBearer {
        { "Authorization", "Bearer " + badCallerKey.toLatin1() }
    };
    const QList<QPair<QByteArray, QByteArray>> badApiKey { { "x-api-key",
                                                             badCallerKey.toLatin1() } };
    for (int i = 0; i < 4; ++i)
        keep(h.send("POST", u"/v1/chat/completions"_s, "{}", badBearer, false));
    QCOMPARE(keep(h.send("POST", u"/v1/messages"_s, "{}", badApiKey, false)), 429);
    QCOMPARE(keep(h.send("GET", u"/v1/models"_s, {})), 200);
    const GatewayHarness::Reply metrics = h.send("GET", u"/metrics"_s, {});
    QCOMPARE(metrics.status, 200);

    // The echoes did come back through the gateway (scrubbed), so the search below is not empty.
    const QString callerText = seen.join(u'\n');
    if (const QString dump = qEnvironmentVariable("CANARY_DUMP"); !dump.isEmpty()) {
        QFile f(dump + u".caller"_s);
        if (f.open(QIODevice::WriteOnly))
            f.write(callerText.toUtf8());
    }
    QVERIFY2(callerText.contains(u"may not use this model"_s), qPrintable(callerText.right(3000)));
    QStringList places;
    places << u"caller: "_s + callerText;
    places << u"metrics: "_s + QString::fromUtf8(metrics.body);
    places << u"export: "_s + QString::fromUtf8(Config::exportWorkspace(h.ws));

    int receiptRows = 0;
    places << storedPlaces(h, &receiptRows);
    QCOMPARE(receiptRows, 3 * 8 + 1); // eight calls per model and the bad JSON
    h.service.reset(); // stopped: its last log lines are in
    {
        QMutexLocker lock(&logMutex);
        QVERIFY(logLines.size() > 10); // the debug log was really captured
        places << u"log: "_s + logLines.join(u'\n');
    }
    expectNowhere(places, canaries);
}

// Mixed-model sessions read the prompt to classify it (docs/sessions.md): a canary in prompts of
// every endpoint, in Shadow and Suggest, whole and streamed, in the words the classifier looks at,
// is then searched for in the database, the receipts' JSON, the log, /metrics and the export.
void tst_SecretCanary::promptCanaryAppearsNowhere_sessions()
{
    const QString canary = u"zqxcanary"_s + randomHex(16);
    FakeUpstream up;
    QVERIFY(up.listen());
    up.setDefault(FakeUpstream::openAiChat(u"up-x"_s));
    GatewayHarness h;
    h.addConnection(u"up"_s, up.baseUrl());
    Domain::Model &big = h.addDirect(u"fake/big"_s, { u"up"_s });
    big.inputPricePerMTok = 10;
    big.quality.tiers.fill(5);
    Domain::Model &small = h.addDirect(u"fake/small"_s, { u"up"_s });
    small.quality.tiers.fill(4);
    h.ws.keys.first().sessions = { Domain::SessionMode::Shadow, 3 };
    const Config::NewKey suggesting
        = Config::makeKey(u"default"_s, u"suggesting"_s, QDateTime::currentDateTimeUtc());
    h.ws.keys << suggesting.key;
    h.ws.keys.last().sessions = { Domain::SessionMode::Suggest, 3 };
    QVERIFY(h.start());

    const QString prompt
        = u"Summarise, step by step, why %1 fails: ```%1()``` {%1: 12 + 7}?"_s.arg(canary);
    const QJsonArray messages { QJsonObject { { u"role"_s, u"user"_s },
                                              { u"content"_s, prompt } } };
    const QList<std::pair<QString, QJsonObject>> calls {
        { u"/v1/chat/completions"_s,
          { { u"model"_s, u"fake/big"_s }, { u"messages"_s, messages } } },
        { u"/v1/messages"_s,
          { { u"model"_s, u"fake/big"_s }, { u"max_tokens"_s, 50 }, { u"messages"_s, messages } } },
        { u"/v1/responses"_s, { { u"model"_s, u"fake/big"_s }, { u"input"_s, prompt } } },
    };
    int served = 0;
    for (const QString &callerKey : { h.key, suggesting.secret }) {
        const QList<QPair<QByteArray, QByteArray>> auth {
            { "Authorization", "Bearer " + callerKey.toLatin1() },
            { "x-gateway-session", canary.toLatin1() }
        };
        for (const auto &[path, body] : calls) {
            for (const bool stream : { false, true }) {
                QJsonObject b = body;
                if (stream) {
                    b[u"stream"_s] = true;
                    up.enqueue(FakeUpstream::openAiStream(u"up-x"_s, 3));
                }
                const GatewayHarness::Reply r = h.send(
                    "POST", path, QJsonDocument(b).toJson(QJsonDocument::Compact), auth, false);
                served += r.status == 200 ? 1 : 0;
                if (r.status != 200)
                    qWarning() << path << stream << r.status << r.body.left(300);
            }
        }
    }
    QCOMPARE(served, 12);
    // The prompt did go upstream, and the calls were classified and given a suggestion.
    QVERIFY(up.received().first().body.contains(canary.toLatin1()));
    QStringList places;
    int receiptRows = 0;
    places << storedPlaces(h, &receiptRows);
    QCOMPARE(receiptRows, 12);
    QVERIFY(places.join(u'\n').contains(u"fake/small"_s));
    places << u"metrics: "_s + QString::fromUtf8(h.send("GET", u"/metrics"_s, {}).body);
    places << u"export: "_s + QString::fromUtf8(Config::exportWorkspace(h.ws));
    h.service.reset();
    {
        QMutexLocker lock(&logMutex);
        places << u"log: "_s + logLines.join(u'\n');
    }
    expectNowhere(places, { canary });
}

QTEST_MAIN(tst_SecretCanary)
#include "tst_secretcanary.moc"
