#include "gatewayharness.h"
#include "simulatedtime.h"

#include <QTest>

using namespace Qt::StringLiterals;

// Mixed-model sessions over real sockets (docs/sessions.md): Shadow changes nothing but the
// receipt, Suggest adds its headers in both API shapes and counts acceptance inside the window.
class tst_SessionCalls : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void shadowCallIsByteForByteUnchanged();
    void suggestHeadersOnBothApis_data();
    void suggestHeadersOnBothApis();
    void noSuggestionWhenNothingCheaperQualifies();
    void acceptedInsideTheWindowOnly();
    void modeOffClassifiesNothing();
    void failedCallOffersNothing();
};

namespace {

using Header = QPair<QByteArray, QByteArray>;

// fake/big at 10 and 30 USD per 1M tokens, rated 5; fake/small at 1 and 2, good enough (4) for
// chit-chat, not for code (2). Both on one upstream of `dialect`.
void addModels(GatewayHarness &h, FakeUpstream &up, Domain::SessionMode mode,
               Domain::Dialect dialect = Domain::Dialect::OpenAi)
{
    h.addConnection(u"up"_s, up.baseUrl(), dialect);
    Domain::Model &big = h.addDirect(u"fake/big"_s, { u"up"_s });
    big.inputPricePerMTok = 10;
    big.outputPricePerMTok = 30;
    big.quality.tiers.fill(5);
    Domain::Model &small = h.addDirect(u"fake/small"_s, { u"up"_s });
    small.inputPricePerMTok = 1;
    small.outputPricePerMTok = 2;
    small.quality.tiers.fill(4);
    small.quality.setTier(Domain::TaskClass::Code, 2);
    h.ws.keys.first().sessions = { mode, 3 };
}

// 11 tokens in and 7 out (FakeUpstream::openAiChat) at big's prices rather than small's.
constexpr double kChatSaving = (11 * 9 + 7 * 28) / 1e6;

QJsonObject codeQuestion(const QString &model)
{
    QJsonObject b = GatewayHarness::chatBody(model);
    b[u"messages"_s] = QJsonArray { QJsonObject {
        { u"role"_s, u"user"_s },
        { u"content"_s, u"Why does this fail?\n```cpp\nint main() { return x; }\n```"_s } } };
    return b;
}

QList<Header> without(QList<Header> headers, const QList<QByteArray> &names)
{
    headers.removeIf([&](const Header &h) { return names.contains(h.first); });
    return headers;
}

} // namespace

void tst_SessionCalls::shadowCallIsByteForByteUnchanged()
{
    struct Run
    {
        FakeUpstream::Received upstream;
        GatewayHarness::Reply reply;
        Domain::Receipt receipt;
    };
    const auto run = [](Domain::SessionMode mode) -> Run {
        GatewayHarness h;
        FakeUpstream up;
        up.listen();
        up.setDefault(FakeUpstream::openAiChat(u"up-big"_s));
        addModels(h, up, mode);
        h.start();
        const GatewayHarness::Reply reply
            = h.post(u"/v1/chat/completions"_s, GatewayHarness::chatBody(u"fake/big"_s),
                     { { "x-gateway-session", "s-1" } });
        const std::optional<Domain::Receipt> receipt = h.receipt(reply.requestId());
        return { up.received().value(0), reply, receipt.value_or(Domain::Receipt {}) };
    };
    const Run off = run(Domain::SessionMode::Off);
    const Run shadow = run(Domain::SessionMode::Shadow);
    QCOMPARE(shadow.reply.status, 200);
    // The upstream saw the same request; the session header was not forwarded (R-SEC-5).
    QCOMPARE(shadow.upstream.method, off.upstream.method);
    QCOMPARE(shadow.upstream.target, off.upstream.target);
    QCOMPARE(shadow.upstream.body, off.upstream.body);
    // Each run's upstream has its own port.
    QCOMPARE(without(shadow.upstream.headers, { "host" }),
             without(off.upstream.headers, { "host" }));
    QVERIFY(shadow.upstream.header("x-gateway-session").isEmpty());
    // The caller had the same answer, its request id and date aside.
    QCOMPARE(shadow.reply.body, off.reply.body);
    const QList<QByteArray> varying { "x-request-id", "date" };
    QCOMPARE(without(shadow.reply.headers, varying), without(off.reply.headers, varying));
    // Only the receipt knows.
    QVERIFY(!off.receipt.session.classified());
    const Domain::SessionVerdict &v = shadow.receipt.session;
    QCOMPARE(Domain::toString(v.mode), u"shadow"_s);
    QCOMPARE(Domain::toString(v.taskClass), u"chit_chat"_s);
    QVERIFY2(!v.signals.isEmpty(), qPrintable(v.signals));
    QCOMPARE(v.suggestedModel, u"fake/small"_s);
    QVERIFY(qAbs(v.projectedSaving - kChatSaving) < 1e-12);
    QVERIFY(!v.accepted);
}

void tst_SessionCalls::suggestHeadersOnBothApis_data()
{
    QTest::addColumn<bool>("messages");
    QTest::addColumn<bool>("stream");
    QTest::newRow("chat") << false << false;
    QTest::newRow("chat stream") << false << true;
    QTest::newRow("messages") << true << false;
    QTest::newRow("messages stream") << true << true;
}

void tst_SessionCalls::suggestHeadersOnBothApis()
{
    QFETCH(bool, messages);
    QFETCH(bool, stream);
    GatewayHarness h;
    FakeUpstream up;
    QVERIFY(up.listen());
    const Domain::Dialect dialect = messages ? Domain::Dialect::Anthropic : Domain::Dialect::OpenAi;
    if (messages)
        up.setDefault(stream ? FakeUpstream::anthropicStream(u"up-big"_s, 4)
                             : FakeUpstream::anthropicMessage(u"up-big"_s));
    else
        up.setDefault(stream ? FakeUpstream::openAiStream(u"up-big"_s, 4)
                             : FakeUpstream::openAiChat(u"up-big"_s));
    addModels(h, up, Domain::SessionMode::Suggest, dialect);
    QVERIFY(h.start());
    QJsonObject body = GatewayHarness::chatBody(u"fake/big"_s, stream);
    if (messages)
        body[u"max_tokens"_s] = 100;
    const QString path = messages ? u"/v1/messages"_s : u"/v1/chat/completions"_s;
    const GatewayHarness::Reply reply = stream ? h.stream(path, body).reply : h.post(path, body);
    QCOMPARE(reply.status, 200);
    QCOMPARE(reply.header("ib-suggested-model"), "fake/small");
    const double headerSaving = reply.header("ib-suggested-saving").toDouble();
    QVERIFY2(headerSaving > 0, reply.header("ib-suggested-saving").constData());
    const std::optional<Domain::Receipt> r = h.receipt(reply.requestId());
    QVERIFY(r);
    QCOMPARE(Domain::toString(r->session.mode), u"suggest"_s);
    QCOMPARE(r->session.suggestedModel, u"fake/small"_s);
    // The receipt's saving is from the call's real tokens; a whole answer's header says the same,
    // a stream's head (sent before any token) counts the prompt only.
    if (!stream && !messages) // USD to the millionth, no trailing zeros
        QCOMPARE(reply.header("ib-suggested-saving"), "0.000295");
    if (!stream)
        QCOMPARE(QByteArray::number(r->session.projectedSaving, 'f', 6).toDouble(), headerSaving);
    else
        QVERIFY(headerSaving < r->session.projectedSaving);
}

void tst_SessionCalls::noSuggestionWhenNothingCheaperQualifies()
{
    GatewayHarness h;
    FakeUpstream up;
    QVERIFY(up.listen());
    up.setDefault(FakeUpstream::openAiChat(u"up-x"_s));
    addModels(h, up, Domain::SessionMode::Suggest);
    // The cheapest of all, rated 5, but on a provider the key denies: never suggested.
    h.ws.providers << Domain::Provider { u"denied"_s, u"Denied"_s, false, false, {} };
    h.addConnection(u"up-denied"_s, up.baseUrl()).provider = u"denied"_s;
    Domain::Model &tiny = h.addDirect(u"fake/tiny"_s, { u"up-denied"_s });
    tiny.inputPricePerMTok = 0.1;
    tiny.outputPricePerMTok = 0.1;
    tiny.quality.tiers.fill(5);
    h.ws.keys.first().directives.deniedProviders = { u"denied"_s };
    QVERIFY(h.start());
    QCOMPARE(h.chat(u"fake/big"_s).header("ib-suggested-model"), "fake/small");
    // Code: fake/small's tier (2) is under the floor (3).
    GatewayHarness::Reply reply = h.post(u"/v1/chat/completions"_s, codeQuestion(u"fake/big"_s));
    QCOMPARE(reply.status, 200);
    QVERIFY(!reply.hasHeader("ib-suggested-model"));
    std::optional<Domain::Receipt> r = h.receipt(reply.requestId());
    QCOMPARE(Domain::toString(r->session.taskClass), u"code"_s);
    QVERIFY(r->session.suggestedModel.isEmpty());
    QCOMPARE(r->session.projectedSaving, 0.0);
    // Asked for the cheapest that qualifies already.
    reply = h.chat(u"fake/small"_s);
    QVERIFY(!reply.hasHeader("ib-suggested-model"));
    r = h.receipt(reply.requestId());
    QCOMPARE(Domain::toString(r->session.mode), u"suggest"_s);
    QVERIFY(r->session.suggestedModel.isEmpty());
}

void tst_SessionCalls::acceptedInsideTheWindowOnly()
{
    SimulatedTime time;
    GatewayHarness h;
    h.time = &time;
    FakeUpstream up;
    QVERIFY(up.listen());
    up.setDefault(FakeUpstream::openAiChat(u"up-x"_s));
    addModels(h, up, Domain::SessionMode::Suggest);
    h.ws.sessionWindowMinutes = 1;
    QVERIFY(h.start());
    const auto call = [&h](const QString &model, const QByteArray &session) {
        QList<Header> headers;
        if (!session.isEmpty())
            headers << Header { "x-gateway-session", session };
        const GatewayHarness::Reply reply = h.chat(model, headers);
        return h.receipt(reply.requestId()).value_or(Domain::Receipt {}).session;
    };
    QCOMPARE(call(u"fake/big"_s, "a").suggestedModel, u"fake/small"_s);
    time.advance(30 * 1000);
    // Another session does not accept session a's suggestion.
    QVERIFY(!call(u"fake/small"_s, "b").accepted);
    QVERIFY(call(u"fake/small"_s, "a").accepted);
    // Used up: the next call of the session naming it again accepts nothing.
    QVERIFY(!call(u"fake/small"_s, "a").accepted);
    // Outside the window.
    QCOMPARE(call(u"fake/big"_s, "a").suggestedModel, u"fake/small"_s);
    time.advance(61 * 1000);
    QVERIFY(!call(u"fake/small"_s, "a").accepted);
    // Without the header the session is the key's.
    QCOMPARE(call(u"fake/big"_s, {}).suggestedModel, u"fake/small"_s);
    QVERIFY(call(u"fake/small"_s, {}).accepted);
    // /metrics counts the same: 8 classified calls, 3 suggestions (the calls naming fake/big),
    // 2 accepted, each suggestion's saving (kChatSaving).
    QCOMPARE(h.metric(R"(switchboard_session_calls_total{class="chit_chat"})"), 8);
    QCOMPARE(h.metric(R"(switchboard_session_calls_total{class="code"})"), 0);
    QCOMPARE(h.metric("switchboard_session_suggestions_total"), 3);
    QCOMPARE(h.metric("switchboard_session_suggestions_accepted_total"), 2);
    const QByteArray text = h.send("GET", u"/metrics"_s, {}).body;
    const QByteArray saving = "\nswitchboard_session_projected_saving_usd "
        + QByteArray::number(3 * kChatSaving, 'g', 12) + '\n';
    QVERIFY2(text.contains(saving), text.constData());
}

void tst_SessionCalls::modeOffClassifiesNothing()
{
    GatewayHarness h;
    FakeUpstream up;
    QVERIFY(up.listen());
    up.setDefault(FakeUpstream::openAiChat(u"up-x"_s));
    addModels(h, up, Domain::SessionMode::Off);
    QVERIFY(h.start());
    GatewayHarness::Reply reply = h.chat(u"fake/big"_s);
    QVERIFY(!reply.hasHeader("ib-suggested-model"));
    QVERIFY(!h.receipt(reply.requestId())->session.classified());
    h.service.reset();
    // The project's mode applies to a key whose own is Off.
    GatewayHarness p;
    FakeUpstream up2;
    QVERIFY(up2.listen());
    up2.setDefault(FakeUpstream::openAiChat(u"up-x"_s));
    addModels(p, up2, Domain::SessionMode::Off);
    p.ws.projects.first().sessions = { Domain::SessionMode::Suggest, 3 };
    QVERIFY(p.start());
    reply = p.chat(u"fake/big"_s);
    QCOMPARE(reply.header("ib-suggested-model"), "fake/small");
}

// A call that fails answers with no suggestion, so its session waits on none and its receipt names
// none; nor does an error the gateway makes after a 2xx status line (a body that is not JSON).
void tst_SessionCalls::failedCallOffersNothing()
{
    GatewayHarness h;
    FakeUpstream up;
    QVERIFY(up.listen());
    up.setDefault(FakeUpstream::openAiError(500, u"server_error"_s, u"down"_s));
    addModels(h, up, Domain::SessionMode::Suggest);
    for (Domain::Model &m : h.ws.models)
        m.recovery = GatewayHarness::fastRecovery(1, 0); // one attempt, no cooldown
    QVERIFY(h.start());
    const QList<Header> session { { "x-gateway-session", "s" } };
    GatewayHarness::Reply reply = h.chat(u"fake/big"_s, session);
    QVERIFY2(reply.status >= 500, reply.body.constData());
    QVERIFY(!reply.hasHeader("ib-suggested-model"));
    std::optional<Domain::Receipt> r = h.receipt(reply.requestId());
    QCOMPARE(Domain::toString(r->session.mode), u"suggest"_s);
    QVERIFY(r->session.suggestedModel.isEmpty());
    up.setDefault(FakeUpstream::json(200, "not json"));
    reply = h.chat(u"fake/big"_s, session);
    QVERIFY2(reply.status >= 500, reply.body.constData());
    QVERIFY(!reply.hasHeader("ib-suggested-model"));
    up.setDefault(FakeUpstream::openAiChat(u"up-x"_s));
    r = h.receipt(h.chat(u"fake/small"_s, session).requestId());
    QVERIFY(!r->session.accepted);
}

QTEST_GUILESS_MAIN(tst_SessionCalls)
#include "tst_sessioncalls.moc"
