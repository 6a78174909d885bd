// The receipts a fixed, recorded set of calls writes, read back from the store's table with SQL
// (every column, each value with its SQLite type, text as stored) and compared byte for byte with
// a committed golden file (R-RCPT-1, R-RCPT-2). Changing how a call is routed, run or written down
// must not change a receipt unnoticed.
//
// Regenerate after an intended change: SWITCHBOARD_UPDATE_GOLDEN=1 build/tests/gateway/
// tst_receiptgolden, then review `git diff tests/gateway/data/` before committing it.
//
// Pinned: time (SimulatedTime: started_at, latencies, waits), the routing seed, the caller keys'
// ids. Masked: request_id only. It is built from the wall clock and QRandomGenerator::global() and
// no injection point reaches it; the dump names the call instead and the test checks that the
// stored id is the answer's x-request-id and has the req_ + 24 hex digits form.

#include "config/keys.h"
#include "gatewayharness.h"
#include "simulatedtime.h"
#include "store/database.h"

#include <QFile>
#include <QRegularExpression>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QTcpServer>
#include <charconv>
#include <functional>

using namespace Qt::StringLiterals;
using Response = FakeUpstream::Response;
using Headers = QList<QPair<QByteArray, QByteArray>>;

class tst_ReceiptGolden : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void recordedCallsWriteTheGoldenReceipts_R_RCPT_1_R_RCPT_2();
    void streamsFailuresAndDirectivesWriteTheGoldenReceipts_R_RCPT_1_R_RCPT_2();
};

namespace {

constexpr qint64 kBackoffMs = 37; // not a multiple of the deadline wheel's 10 ms tick
constexpr qint64 kRetryAfterMs = 250; // retry-after-ms
constexpr qint64 kRetryAfterSeconds = 1; // retry-after
constexpr qint64 kCooldownMs = 530; // a single candidate's wait when longer than its backoff

Domain::Recovery recovery(int attempts, int cooldownMs)
{
    Domain::Recovery r = GatewayHarness::fastRecovery(attempts, cooldownMs, 20000);
    r.override.backoffFirstMs = int(kBackoffMs);
    r.override.backoffMaxMs = int(4 * kBackoffMs);
    return r;
}

QString goldenPath(const QString &name)
{
    return QStringLiteral(SWITCHBOARD_GOLDEN_DIR "/") + name;
}

bool updating()
{
    return qEnvironmentVariableIntValue("SWITCHBOARD_UPDATE_GOLDEN") == 1;
}

// Bytes as a line: backslash and control characters escaped, the rest (UTF-8 included) as is.
void appendEscaped(QByteArray &out, const QByteArray &bytes)
{
    for (const char c : bytes) {
        const auto u = uchar(c);
        if (c == '\\')
            out += "\\\\";
        else if (c == '\n')
            out += "\\n";
        else if (c == '\r')
            out += "\\r";
        else if (c == '\t')
            out += "\\t";
        else if (u < 0x20 || u == 0x7f)
            out += "\\x" + QByteArray::number(u, 16).rightJustified(2, '0');
        else
            out += c;
    }
}

// One value as SQLite holds it: its type, then an integer, the shortest digits of a double that
// read back as the same double, text (escaped) or a blob's hex.
QByteArray valueText(const QString &type, const QVariant &value)
{
    if (type == u"null"_s)
        return "null";
    if (type == u"integer"_s)
        return "integer " + QByteArray::number(value.toLongLong());
    if (type == u"real"_s) {
        char digits[32];
        const auto end = std::to_chars(digits, digits + sizeof digits, value.toDouble()).ptr;
        return "real " + QByteArray(digits, end - digits);
    }
    if (type == u"text"_s) {
        QByteArray out = "text ";
        appendEscaped(out, value.toString().toUtf8());
        return out;
    }
    return type.toUtf8() + ' ' + value.toByteArray().toHex();
}

// The first line where the two differ, with a little context and a caret under the first byte.
QString firstDifference(const QString &path, const QByteArray &expected, const QByteArray &actual)
{
    const QList<QByteArray> e = expected.split('\n');
    const QList<QByteArray> a = actual.split('\n');
    qsizetype line = 0;
    while (line < e.size() && line < a.size() && e.at(line) == a.at(line))
        ++line;
    QString out = u"first difference at line %1 of %2 (golden %3 lines, now %4):\n"_s.arg(line + 1)
                      .arg(path)
                      .arg(expected.count('\n'))
                      .arg(actual.count('\n'));
    for (qsizetype i = qMin(line, e.size()) - 1; i >= 0; --i) {
        if (e.at(i).startsWith("== ")) { // the call whose receipt differs
            out += u"  in the block of call %1\n"_s.arg(QString::fromUtf8(e.at(i).mid(3)));
            break;
        }
    }
    for (qsizetype i = qMax<qsizetype>(0, line - 3); i < line; ++i)
        out += u"    %1\n"_s.arg(QString::fromUtf8(e.at(i)));
    const QByteArray el = line < e.size() ? e.at(line) : QByteArray("<end of file>");
    const QByteArray al = line < a.size() ? a.at(line) : QByteArray("<end of file>");
    qsizetype col = 0;
    while (col < el.size() && col < al.size() && el.at(col) == al.at(col))
        ++col;
    out += u"  - golden: %1\n  + now:    %2\n            %3^ byte %4\n"_s.arg(
        QString::fromUtf8(el), QString::fromUtf8(al), QString(col, u' '), QString::number(col + 1));
    out += u"(SWITCHBOARD_UPDATE_GOLDEN=1 rewrites the golden file when the change is intended)"_s;
    return out;
}

// Drives one gateway on simulated time through a list of calls, one at a time, and remembers
// each call's name, request and answer to head its receipt's block.
class Recorder
{
public:
    struct Done
    {
        QString name;
        QByteArray request;
        int status = 0;
        QString requestId;
        QList<qint64> moved; // the waits time moved by
        QByteArray headers; // "; name: value" of the answer's receipt headers
    };

    explicit Recorder(GatewayHarness &h, SimulatedTime &time)
        : m_h(h)
        , m_time(time)
    {
    }

    // Sends the call; `during` runs while it is in flight (moves time, releases upstreams); then
    // waits for the answer and for its receipt to be committed. Fails the test on a timeout.
    void call(const QString &name, const QString &path, const QJsonObject &body,
              const QString &secret, const Headers &headers = {},
              const std::function<void()> &during = {})
    {
        callBytes(name, path, QJsonDocument(body).toJson(QJsonDocument::Compact), secret, headers,
                  during);
    }

    void callBytes(const QString &name, const QString &path, const QByteArray &bytes,
                   const QString &secret, const Headers &headers = {},
                   const std::function<void()> &during = {})
    {
        QNetworkRequest req(m_h.url(path));
        req.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
        req.setRawHeader("Authorization", "Bearer " + secret.toLatin1());
        for (const auto &hd : headers)
            req.setRawHeader(hd.first, hd.second);
        m_reply = m_nam.post(req, bytes);
        if (during)
            during();
        // Each wait of the executor (a backoff or a Retry-After) passes once its timer is armed.
        QList<qint64> moved;
        for (;;) {
            QTRY_VERIFY2_WITH_TIMEOUT(m_reply->isFinished() || armedWait() > 0,
                                      qPrintable(stuck(name)), 10000);
            if (m_reply->isFinished())
                break;
            moved << armedWait();
            m_time.advance(moved.last());
        }
        Done d;
        d.name = name;
        d.request = "POST " + path.toLatin1();
        for (const auto &hd : headers)
            d.request += " [" + hd.first + ": " + hd.second + ']';
        d.request += ' ' + bytes;
        d.moved = moved;
        d.status = m_reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        d.requestId = QString::fromLatin1(m_reply->rawHeader("x-request-id"));
        // The answer's headers of SPEC §2 step 8 and the ones that report a fallback, a deprecated
        // alias or a wait (R-RCPT-1, R-RCPT-2); /v1/messages repeats the id as request-id.
        for (const QByteArray &name :
             { QByteArray("x-gateway-attempts"), QByteArray("x-gateway-served-by"),
               QByteArray("x-should-retry"), QByteArray("retry-after"),
               QByteArray("ib-fallback-model"), QByteArray("ib-alias-deprecated") }) {
            if (m_reply->hasRawHeader(name))
                d.headers += "; " + name + ": " + m_reply->rawHeader(name);
        }
        if (path == u"/v1/messages"_s && d.status != 0)
            QCOMPARE(m_reply->rawHeader("request-id"), d.requestId.toLatin1());
        m_reply->readAll();
        m_reply->deleteLater();
        m_reply = nullptr;
        m_done << d;
        QTRY_COMPARE_WITH_TIMEOUT(m_h.receiptCount(), qint64(m_done.size()), 10000);
    }

    // A wait the executor may start: the backoffs of recovery(), the upstreams' Retry-After and a
    // single candidate's cooldown.
    // No other timer is armed that far ahead of now, save the call's deadline (20 s ahead).
    qint64 armedWait() const
    {
        for (const qint64 ms : { kBackoffMs, 2 * kBackoffMs, 4 * kBackoffMs, kRetryAfterMs,
                                 kRetryAfterSeconds * 1000, kCooldownMs }) {
            if (m_time.hasTimerAt(m_time.nowMs() + ms))
                return ms;
        }
        return 0;
    }

    // The upstream holds its answer (Before::Hold) while time moves by ms, then answers.
    void holdFor(FakeUpstream &upstream, int requestsBefore, qint64 ms)
    {
        QTRY_VERIFY_WITH_TIMEOUT(upstream.requestCount() > requestsBefore, 10000);
        m_time.advance(ms);
        upstream.releaseHeld();
    }

    const QList<Done> &done() const { return m_done; }
    QNetworkReply *reply() const { return m_reply; } // the call in flight, for `during`

private:
    // What a call that does not end is waiting for: the simulated timers due within a minute.
    QString stuck(const QString &what) const
    {
        QStringList waits;
        for (qint64 ms = 1; ms <= 60000 && waits.size() < 8; ++ms) {
            if (m_time.hasTimerAt(m_time.nowMs() + ms))
                waits << QString::number(ms);
        }
        return u"%1 did not end; timers armed in (ms): %2"_s.arg(what, waits.join(u", "_s));
    }

    GatewayHarness &m_h;
    SimulatedTime &m_time;
    QNetworkAccessManager m_nam;
    QNetworkReply *m_reply = nullptr;
    QList<Done> m_done;
};

// Every row of the receipt table in id order, every column in the table's order, as text; the
// block of the i-th receipt is headed by the i-th call.
QByteArray dumpReceipts(const QString &databasePath, const QList<Recorder::Done> &calls,
                        QString *error)
{
    auto db = Store::Database::open(databasePath, Store::Database::Mode::ReadOnly);
    if (!db) {
        *error = u"cannot open the receipts"_s;
        return {};
    }
    QByteArray out;
    {
        QSqlQuery info((*db)->handle());
        QStringList columns;
        if (!info.exec(u"PRAGMA table_info(receipt)"_s)) {
            *error = u"PRAGMA table_info failed"_s;
            return {};
        }
        while (info.next())
            columns << info.value(1).toString();
        QStringList select;
        for (const QString &c : std::as_const(columns))
            select << u"typeof(%1)"_s.arg(c) << c;
        QSqlQuery rows((*db)->handle());
        rows.setForwardOnly(true);
        if (!rows.exec(u"SELECT %1 FROM receipt ORDER BY id"_s.arg(select.join(u", "_s)))) {
            *error = u"SELECT from receipt failed"_s;
            return {};
        }
        static const QRegularExpression idForm(u"^req_[0-9a-f]{24}$"_s);
        qsizetype n = 0;
        out += "# receipt table: " + columns.join(u", "_s).toUtf8() + '\n';
        while (rows.next()) {
            if (n >= calls.size()) {
                *error = u"more receipts than calls"_s;
                return {};
            }
            const Recorder::Done &call = calls.at(n);
            out += "\n== " + QByteArray::number(n + 1) + ' ' + call.name.toUtf8() + '\n';
            out += "   ";
            appendEscaped(out, call.request);
            out += "\n   answered " + QByteArray::number(call.status);
            for (const qint64 ms : call.moved)
                out += ", after a wait of " + QByteArray::number(ms) + " ms";
            out += call.headers + '\n';
            for (qsizetype i = 0; i < columns.size(); ++i) {
                const QString type = rows.value(int(2 * i)).toString();
                const QVariant value = rows.value(int(2 * i + 1));
                QByteArray text = valueText(type, value);
                if (columns.at(i) == u"request_id"_s) {
                    if (type != u"text"_s || value.toString() != call.requestId
                        || !idForm.match(call.requestId).hasMatch()) {
                        *error = u"receipt %1: request_id %2 is not the answer's x-request-id %3"_s
                                     .arg(n + 1)
                                     .arg(value.toString(), call.requestId);
                        return {};
                    }
                    text = "text <the answer's x-request-id>";
                }
                out += columns.at(i).toUtf8() + " = " + text + '\n';
            }
            ++n;
        }
        if (n != calls.size()) {
            *error = u"%1 receipts for %2 calls"_s.arg(n).arg(calls.size());
            return {};
        }
    }
    return out;
}

void compareWithGolden(const QString &name, const QByteArray &actual)
{
    const QString path = goldenPath(name);
    if (updating()) {
        QFile f(path);
        QVERIFY2(f.open(QIODevice::WriteOnly | QIODevice::Truncate), qPrintable(path));
        f.write(actual);
        qInfo("golden file rewritten: %s", qPrintable(path));
        return;
    }
    QFile f(path);
    QVERIFY2(f.open(QIODevice::ReadOnly),
             qPrintable(path + u" is missing: SWITCHBOARD_UPDATE_GOLDEN=1 writes it"_s));
    const QByteArray expected = f.readAll();
    if (expected != actual)
        QFAIL(qPrintable(firstDifference(path, expected, actual)));
}

QJsonObject chat(const QString &model, bool stream = false)
{
    return GatewayHarness::chatBody(model, stream);
}

} // namespace

// One gateway, one workspace, calls in a fixed order (cooldowns and the seeded routing order carry
// from call to call), each shape of receipt at least once.
void tst_ReceiptGolden::recordedCallsWriteTheGoldenReceipts_R_RCPT_1_R_RCPT_2()
{
    FakeUpstream main, spare, retry, down, eu, eu2, us, off, blocked, claude, embed;
    for (FakeUpstream *u :
         { &main, &spare, &retry, &down, &eu, &eu2, &us, &off, &blocked, &claude, &embed })
        QVERIFY(u->listen());
    SimulatedTime time;
    GatewayHarness h;
    h.time = &time;
    h.ws.keys[0].id = u"key_golden"_s;
    h.ws.providers << Domain::Provider { u"blocked"_s, u"Blocked"_s, false, false, {} };
    h.ws.directives.deniedProviders = { u"blocked"_s };

    h.addConnection(u"conn-main"_s, main.baseUrl());
    h.addConnection(u"conn-spare"_s, spare.baseUrl());
    h.addConnection(u"conn-retry"_s, retry.baseUrl());
    h.addConnection(u"conn-down"_s, down.baseUrl());
    h.addConnection(u"conn-eu"_s, eu.baseUrl(), Domain::Dialect::OpenAi, u"eu-west-1"_s);
    h.addConnection(u"conn-eu2"_s, eu2.baseUrl(), Domain::Dialect::OpenAi, u"eu-west-1"_s);
    h.addConnection(u"conn-us"_s, us.baseUrl(), Domain::Dialect::OpenAi, u"us-east-1"_s);
    h.addConnection(u"conn-off"_s, off.baseUrl(), Domain::Dialect::OpenAi, u"eu-west-1"_s).enabled
        = false;
    h.addConnection(u"conn-blocked"_s, blocked.baseUrl(), Domain::Dialect::OpenAi, u"eu-west-1"_s)
        .provider
        = u"blocked"_s;
    h.addConnection(u"claude"_s, claude.baseUrl(), Domain::Dialect::Anthropic);
    h.addConnection(u"conn-embed"_s, embed.baseUrl());

    h.addDirect(u"test/chat"_s, { u"conn-main"_s, u"conn-spare"_s }, recovery(3, 60000));
    h.addDirect(u"test/retry"_s, { u"conn-retry"_s }, recovery(3, 0));
    h.addDirect(u"test/down"_s, { u"conn-down"_s }, recovery(1, 60000));
    h.addDirect(u"test/main"_s, { u"conn-down"_s }, recovery(2, 0));
    h.addDirect(u"test/backup"_s, { u"conn-spare"_s }, recovery(3, 60000));
    h.addDirect(u"test/retired"_s, { u"conn-main"_s }, recovery(3, 60000));
    h.addDirect(u"test/eu"_s, { u"conn-eu"_s }, recovery(3, 60000));
    h.addDirect(u"test/eu2"_s, { u"conn-eu2"_s }, recovery(3, 60000));
    h.addDirect(u"test/us"_s, { u"conn-us"_s }, recovery(3, 60000));
    h.addDirect(u"test/off"_s, { u"conn-off"_s }, recovery(3, 60000));
    h.addDirect(u"test/blocked"_s, { u"conn-blocked"_s }, recovery(3, 60000));
    h.addDirect(u"anthropic/sonnet"_s, { u"claude"_s }, recovery(3, 60000));
    h.addDirect(u"test/embed"_s, { u"conn-embed"_s }, recovery(3, 60000)).modality
        = Domain::Modality::Embedding;
    Domain::Model &pool = h.addPool(u"test/pool"_s,
                                    { { u"test/eu"_s, 5 },
                                      { u"test/eu2"_s, 3 },
                                      { u"test/us"_s, 2 },
                                      { u"test/off"_s, 1 },
                                      { u"test/blocked"_s, 1 } },
                                    recovery(3, 60000));
    pool.pool.allowedRegions = { u"eu-west-1"_s };

    Domain::Alias deprecated;
    deprecated.name = u"org/fast"_s;
    deprecated.target = u"test/chat"_s;
    deprecated.deprecationDate = QDate(2026, 12, 1);
    deprecated.replacement = u"test/backup"_s;
    h.ws.aliases << deprecated;
    Domain::Alias pastDate;
    pastDate.name = u"org/old"_s;
    pastDate.target = u"test/retired"_s;
    pastDate.deprecationDate = QDate(2026, 11, 1);
    pastDate.replacement = u"test/chat"_s;
    h.ws.aliases << pastDate;

    // A project whose calls fall back to test/backup, and a key limited to test/chat.
    Domain::Directives fallback;
    fallback.allowModelFallback = true;
    fallback.fallbackModels = QStringList { u"test/backup"_s };
    h.ws.projects << Domain::Project { u"fallback"_s, u"Fallback"_s, fallback };
    h.ws.directives.allowModelFallback = true; // a project or key may not turn it on itself
    Config::NewKey fallbackKey = Config::makeKey(u"fallback"_s, u"fb"_s, time.nowUtc());
    fallbackKey.key.id = u"key_fallback"_s;
    h.ws.keys << fallbackKey.key;
    Config::NewKey limitedKey = Config::makeKey(u"default"_s, u"limited"_s, time.nowUtc());
    limitedKey.key.id = u"key_limited"_s;
    limitedKey.key.directives.allowedModels = QStringList { u"test/chat"_s };
    h.ws.keys << limitedKey.key;

    retry.enqueue(
        FakeUpstream::json(429, R"({"error":{"message":"slow down","type":"rate","code":"rate"}})",
                           { { "retry-after-ms", QByteArray::number(kRetryAfterMs) } }));
    retry.enqueue(FakeUpstream::openAiChat(u"up-retry"_s));
    retry.enqueue(FakeUpstream::openAiError(503, u"unavailable"_s, u"busy"_s));
    retry.enqueue(FakeUpstream::openAiChat(u"up-retry"_s));
    Response busyOneSecond = FakeUpstream::openAiError(503, u"unavailable"_s, u"busy"_s);
    busyOneSecond.headers << qMakePair(QByteArray("retry-after"),
                                       QByteArray::number(kRetryAfterSeconds));
    retry.enqueue(busyOneSecond);
    retry.setDefault(FakeUpstream::openAiChat(u"up-retry"_s));
    down.setDefault(FakeUpstream::openAiError(503, u"unavailable"_s, u"down"_s));
    eu2.setDefault(FakeUpstream::openAiError(503, u"unavailable"_s, u"flaky"_s));
    for (FakeUpstream *u : { &main, &spare, &eu, &us, &off, &blocked })
        u->setDefault(FakeUpstream::openAiChat(u"up-model"_s));
    claude.setDefault(FakeUpstream::anthropicMessage(u"up-sonnet"_s));
    embed.setDefault(FakeUpstream::openAiEmbedding(u"up-embed"_s));
    QVERIFY(h.start());

    Recorder r(h, time);
    const QString key = h.key;
    // Each call stops the test at its first failure, before the next call runs.
#define CALL(...)                                                                                  \
    do {                                                                                           \
        r.call(__VA_ARGS__);                                                                       \
        if (QTest::currentTestFailed())                                                            \
            return;                                                                                \
    } while (false)
    Response held = FakeUpstream::openAiChat(u"up-chat"_s);
    held.before = Response::Before::Hold;
    main.enqueue(held);
    CALL(u"served first try, 120 ms upstream"_s, u"/v1/chat/completions"_s, chat(u"test/chat"_s),
         key, {}, [&] { r.holdFor(main, 0, 120); });
    QJsonObject capped = chat(u"test/chat"_s);
    capped[u"max_tokens"_s] = 1000;
    CALL(u"served with max_tokens (hold released)"_s, u"/v1/chat/completions"_s, capped, key);
    CALL(u"429 then served after retry-after-ms 250"_s, u"/v1/chat/completions"_s,
         chat(u"test/retry"_s), key);
    CALL(u"503 then served after backoff"_s, u"/v1/chat/completions"_s, chat(u"test/retry"_s), key);
    CALL(u"503 then served after retry-after 1 s"_s, u"/v1/chat/completions"_s,
         chat(u"test/retry"_s), key);
    for (int i = 1; i <= 4; ++i)
        CALL(u"pool, weighted, with skips (%1)"_s.arg(i), u"/v1/chat/completions"_s,
             chat(u"test/pool"_s), key);
    CALL(u"pool narrowed by region header"_s, u"/v1/chat/completions"_s, chat(u"test/pool"_s), key,
         { { "x-gateway-model-regions", " eu-west-1 , ap-south-1" } });
    CALL(u"route_constraints_unmet"_s, u"/v1/chat/completions"_s, chat(u"test/pool"_s), key,
         { { "x-gateway-model-regions", "us-east-1" } });
    CALL(u"invalid_region_header"_s, u"/v1/chat/completions"_s, chat(u"test/pool"_s), key,
         { { "x-gateway-model-regions", "eu.west.1" } });
    CALL(u"model_not_found"_s, u"/v1/chat/completions"_s, chat(u"test/missing"_s), key);
    CALL(u"model_not_allowed"_s, u"/v1/chat/completions"_s, chat(u"test/retry"_s),
         limitedKey.secret);
    CALL(u"no_healthy_route after one failed attempt"_s, u"/v1/chat/completions"_s,
         chat(u"test/down"_s), key);
    CALL(u"no_healthy_route, only candidate cooling"_s, u"/v1/chat/completions"_s,
         chat(u"test/down"_s), key);
    CALL(u"fallback model after 503s"_s, u"/v1/chat/completions"_s, chat(u"test/main"_s),
         fallbackKey.secret);
    CALL(u"deprecated alias before its date"_s, u"/v1/chat/completions"_s, chat(u"org/fast"_s),
         key);
    CALL(u"deprecated alias past its date runs as its replacement"_s, u"/v1/chat/completions"_s,
         chat(u"org/old"_s), key);
    main.enqueue(FakeUpstream::openAiStream(u"up-chat"_s, 3));
    CALL(u"stream served"_s, u"/v1/chat/completions"_s, chat(u"test/chat"_s, true), key);
    main.enqueue(FakeUpstream::openAiError(400, u"bad_param"_s, u"temperature is too hot"_s));
    CALL(u"caller error 400 from upstream (attempt final)"_s, u"/v1/chat/completions"_s,
         chat(u"test/chat"_s), key);
    Response cut = FakeUpstream::openAiStream(u"up-chat"_s, 6);
    cut.events = cut.events.mid(0, 3);
    cut.after = Response::After::Drop;
    main.enqueue(cut);
    CALL(u"stream cut after three events"_s, u"/v1/chat/completions"_s, chat(u"test/chat"_s, true),
         key);
    QJsonObject messages = chat(u"anthropic/sonnet"_s);
    messages[u"max_tokens"_s] = 100;
    CALL(u"anthropic /v1/messages"_s, u"/v1/messages"_s, messages, key);
    CALL(u"embeddings"_s, u"/v1/embeddings"_s,
         QJsonObject { { u"model"_s, u"test/embed"_s }, { u"input"_s, u"hello"_s } }, key);
    CALL(u"chat model asked for embeddings (cannot serve)"_s, u"/v1/embeddings"_s,
         QJsonObject { { u"model"_s, u"test/chat"_s }, { u"input"_s, u"hello"_s } }, key);
    retry.enqueue(FakeUpstream::json(200, "<html>not json</html>"));
    QJsonObject cappedRetry = chat(u"test/retry"_s);
    cappedRetry[u"max_tokens"_s] = 1000;
    CALL(u"undecodable 200 (may have billed, hold kept)"_s, u"/v1/chat/completions"_s, cappedRetry,
         key);
    CALL(u"first candidate cooling, served by the second"_s, u"/v1/chat/completions"_s,
         chat(u"test/chat"_s), key);

#undef CALL

    QString error;
    const QByteArray dump = dumpReceipts(h.databasePath(), r.done(), &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    compareWithGolden(u"receipts.golden"_s, dump);
}

// Streams of both dialects ended every way, upstream failures of each kind, calls refused before
// routing, and directive skips at project and key level, on a gateway of their own.
void tst_ReceiptGolden::streamsFailuresAndDirectivesWriteTheGoldenReceipts_R_RCPT_1_R_RCPT_2()
{
    FakeUpstream a, b, claude, bad;
    for (FakeUpstream *u : { &a, &b, &claude, &bad })
        QVERIFY(u->listen());
    QString closedUrl;
    {
        QTcpServer probe; // a port that was free a moment ago and now refuses connections
        QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
        closedUrl = u"http://127.0.0.1:%1/v1"_s.arg(probe.serverPort());
    }
    SimulatedTime time;
    GatewayHarness h;
    h.time = &time;
    h.ws.keys[0].id = u"key_golden"_s;
    h.ws.providers << Domain::Provider { u"zdrprov"_s, u"ZDR"_s, true, true, u"set by hand"_s };

    h.addConnection(u"conn-a"_s, a.baseUrl());
    h.addConnection(u"conn-b"_s, b.baseUrl());
    h.addConnection(u"claude"_s, claude.baseUrl(), Domain::Dialect::Anthropic);
    h.addConnection(u"conn-bad1"_s, bad.baseUrl());
    h.addConnection(u"conn-bad2"_s, bad.baseUrl());
    h.addConnection(u"conn-refused"_s, closedUrl);
    h.addConnection(u"conn-zdr"_s, b.baseUrl()).provider = u"zdrprov"_s;
    for (const QString &m : { u"test/x"_s, u"test/err"_s, u"test/err1"_s, u"test/hangup"_s,
                              u"test/idle"_s, u"test/auth"_s, u"test/refusal"_s, u"test/late"_s })
        h.addDirect(m, { u"conn-a"_s }, recovery(3, 60000));
    h.addDirect(u"anthropic/s"_s, { u"claude"_s }, recovery(3, 60000));
    h.addDirect(u"test/both"_s, { u"conn-bad1"_s, u"conn-bad2"_s }, recovery(2, 60000));
    h.addDirect(u"test/refused"_s, { u"conn-refused"_s, u"conn-b"_s }, recovery(3, 60000));
    h.addDirect(u"test/dir"_s, { u"conn-b"_s, u"conn-zdr"_s }, recovery(3, 60000));
    h.addDirect(u"test/cool"_s, { u"conn-a"_s }, recovery(3, int(kCooldownMs)));
    h.ws.directives.allowModelFallback = true;
    Domain::Alias preset;
    preset.name = u"org/preset"_s;
    preset.target = u"test/x"_s;
    preset.presetDefaults = QJsonObject { { u"temperature"_s, 0.2 }, { u"max_tokens"_s, 50 } };
    h.ws.aliases << preset;
    Domain::Alias rescue;
    rescue.name = u"org/rescue"_s;
    rescue.target = u"test/both"_s;
    rescue.fallbackModels = QStringList { u"test/x"_s };
    h.ws.aliases << rescue;

    Domain::Directives zdr;
    zdr.requireZdr = true;
    h.ws.projects << Domain::Project { u"zdr"_s, u"ZDR only"_s, zdr };
    Config::NewKey zdrKey = Config::makeKey(u"zdr"_s, u"zdr"_s, time.nowUtc());
    zdrKey.key.id = u"key_zdr"_s;
    h.ws.keys << zdrKey.key;
    Config::NewKey denyingKey = Config::makeKey(u"default"_s, u"deny"_s, time.nowUtc());
    denyingKey.key.id = u"key_deny"_s;
    denyingKey.key.directives.deniedProviders = { u"zdrprov"_s };
    h.ws.keys << denyingKey.key;

    bad.setDefault(FakeUpstream::openAiError(503, u"unavailable"_s, u"busy"_s));
    QVERIFY(h.start());

    Recorder r(h, time);
    const QString key = h.key;
    // The caller's answer so far, read while the call is in flight.
    QByteArray streamed;
    const auto readUntil = [&](const QByteArray &text) {
        QTRY_VERIFY_WITH_TIMEOUT((streamed += r.reply()->readAll()).contains(text), 10000);
    };
#define CALL(...)                                                                                  \
    do {                                                                                           \
        r.call(__VA_ARGS__);                                                                       \
        if (QTest::currentTestFailed())                                                            \
            return;                                                                                \
    } while (false)

    r.callBytes(u"body that is not JSON"_s, u"/v1/chat/completions"_s, "{\"model\": \"test/x\",",
                key);
    if (QTest::currentTestFailed())
        return;
    CALL(u"/v1/messages without max_tokens"_s, u"/v1/messages"_s, chat(u"anthropic/s"_s), key);
    QJsonObject messages = chat(u"anthropic/s"_s, true);
    messages[u"max_tokens"_s] = 100;
    claude.enqueue(FakeUpstream::anthropicStream(u"up-s"_s, 3));
    CALL(u"anthropic stream served"_s, u"/v1/messages"_s, messages, key);
    Response anthropicCut = FakeUpstream::anthropicStream(u"up-s"_s, 6);
    anthropicCut.events = anthropicCut.events.mid(0, 3);
    anthropicCut.after = Response::After::Drop;
    claude.enqueue(anthropicCut);
    CALL(u"anthropic stream cut"_s, u"/v1/messages"_s, messages, key);

    Response withUsage = FakeUpstream::openAiStream(u"up-x"_s, 2);
    withUsage.events.insert(
        withUsage.events.size() - 1,
        { QByteArrayLiteral("data: {\"id\":\"chatcmpl-fake\",\"object\":\"chat.completion.chunk\","
                            "\"model\":\"up-x\",\"choices\":[],\"usage\":{\"prompt_tokens\":5,"
                            "\"completion_tokens\":9,\"total_tokens\":14}}\n\n"),
          0 });
    a.enqueue(withUsage);
    QJsonObject usageStream = chat(u"test/x"_s, true);
    usageStream[u"stream_options"_s] = QJsonObject { { u"include_usage"_s, true } };
    CALL(u"stream with a usage chunk"_s, u"/v1/chat/completions"_s, usageStream, key);

    // Nothing follows an error event: what the upstream would send after it could arrive in the
    // same read or not, and the attempt's bytes_received with it.
    const QByteArray errorEvent = QByteArrayLiteral(
        "data: {\"error\":{\"message\":\"Upstream melted\",\"type\":\"overloaded_error\","
        "\"code\":null}}\n\n");
    Response midError = FakeUpstream::openAiStream(u"up-err"_s, 4);
    midError.events = midError.events.mid(0, 2);
    midError.events.append({ errorEvent, 0 });
    midError.after = Response::After::Stall;
    a.enqueue(midError);
    CALL(u"stream with an error event after two chunks"_s, u"/v1/chat/completions"_s,
         chat(u"test/err"_s, true), key);
    Response firstError = FakeUpstream::openAiStream(u"up-err1"_s, 2);
    firstError.events = { { QByteArrayLiteral(": warming up\n\n"), 0 }, { errorEvent, 0 } };
    firstError.after = Response::After::Stall;
    a.enqueue(firstError);
    CALL(u"stream whose first event is an error (502)"_s, u"/v1/chat/completions"_s,
         chat(u"test/err1"_s, true), key);

    Response stalls = FakeUpstream::openAiStream(u"up-hangup"_s, 6);
    stalls.events = stalls.events.mid(0, 2);
    stalls.after = Response::After::Stall;
    a.enqueue(stalls);
    streamed.clear();
    CALL(u"caller hangs up mid-stream"_s, u"/v1/chat/completions"_s, chat(u"test/hangup"_s, true),
         key, {}, [&] {
             readUntil("w1 ");
             r.reply()->abort();
         });
    stalls = FakeUpstream::openAiStream(u"up-idle"_s, 6);
    stalls.events = stalls.events.mid(0, 2);
    stalls.after = Response::After::Stall;
    a.enqueue(stalls);
    streamed.clear();
    CALL(u"stream idle past the stream idle timeout"_s, u"/v1/chat/completions"_s,
         chat(u"test/idle"_s, true), key, {}, [&] {
             readUntil("w1 ");
             time.advance(GatewayHarness::kTimeoutMs);
         });

    a.enqueue(FakeUpstream::openAiError(401, u"invalid_api_key"_s, u"no such key"_s));
    CALL(u"upstream 401 (upstream_auth_failed)"_s, u"/v1/chat/completions"_s, chat(u"test/auth"_s),
         key);
    a.enqueue(
        FakeUpstream::openAiError(400, u"content_policy_violation"_s, u"refused to answer"_s));
    CALL(u"content refusal"_s, u"/v1/chat/completions"_s, chat(u"test/refusal"_s), key);
    a.enqueue(FakeUpstream::json(429, R"({"error":{"message":"slow","type":"rate","code":"rate"}})",
                                 { { "retry-after", "30" } }));
    CALL(u"retry-after beyond the deadline"_s, u"/v1/chat/completions"_s, chat(u"test/late"_s),
         key);
    CALL(u"connection refused, served by the next candidate"_s, u"/v1/chat/completions"_s,
         chat(u"test/refused"_s), key);
    CALL(u"every candidate 503"_s, u"/v1/chat/completions"_s, chat(u"test/both"_s), key);
    CALL(u"project requires ZDR"_s, u"/v1/chat/completions"_s, chat(u"test/dir"_s), zdrKey.secret);
    CALL(u"key denies a provider"_s, u"/v1/chat/completions"_s, chat(u"test/dir"_s),
         denyingKey.secret);
    a.enqueue(FakeUpstream::openAiError(503, u"unavailable"_s, u"busy"_s));
    CALL(u"single candidate waits out its cooldown"_s, u"/v1/chat/completions"_s,
         chat(u"test/cool"_s), key);
    CALL(u"alias preset fills in request fields"_s, u"/v1/chat/completions"_s,
         chat(u"org/preset"_s), key);
    CALL(u"alias fallback list, its target's candidates cooling"_s, u"/v1/chat/completions"_s,
         chat(u"org/rescue"_s), key);
#undef CALL

    QString error;
    const QByteArray dump = dumpReceipts(h.databasePath(), r.done(), &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    compareWithGolden(u"receipts_streams_failures.golden"_s, dump);
}

QTEST_MAIN(tst_ReceiptGolden)
#include "tst_receiptgolden.moc"
