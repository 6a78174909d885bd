#include "domain/callerror.h"
#include "routing/impact.h"
#include "routingfixtures.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace RoutingFixtures;

class tst_Impact : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void craftedReceipts_R_UI_8();
    void sharesAndCostExact_R_UI_8();
    void waitsWhenCooldownFits_R_UI_8();
    void noCallsNoFigures_R_UI_8();
    void replayedRequestKeepsTheShape_data();
    void replayedRequestKeepsTheShape();
};

namespace {

const QDate kToday(2026, 11, 29);

Routing::ReplayCall call(Routing::RequestSummary r, qint64 in, qint64 out)
{
    return { std::move(r), in, out };
}

// The seed workspace with azure-eu's gpt-4o dearer, so that moving calls changes the cost.
Domain::Workspace savedWorkspace()
{
    Domain::Workspace ws = seedWorkspace();
    ws.model(u"azure-eu/gpt-4o"_s)->inputPricePerMTok = 5;
    ws.model(u"azure-eu/gpt-4o"_s)->outputPricePerMTok = 20;
    return ws;
}

// The draft: demo/chat only in us-east-1; fallback on, to sim/backup, whose window is 4,000.
Domain::Workspace draftWorkspace()
{
    Domain::Workspace ws = savedWorkspace();
    ws.model(u"demo/chat"_s)->pool.allowedRegions = { u"us-east-1"_s };
    ws.directives.allowModelFallback = true;
    ws.directives.fallbackModels = QStringList { u"sim/backup"_s };
    ws.model(u"sim/backup"_s)->contextWindow = 4000;
    return ws;
}

// 15 calls: 8 plain on demo/chat, 2 asking for eu-west-1, 3 small and 1 large on sim/solo (whose
// only offering is drained), 1 on a model that does not exist.
QList<Routing::ReplayCall> craftedCalls()
{
    QList<Routing::ReplayCall> calls;
    for (int i = 0; i < 8; ++i)
        calls << call(chat(u"demo/chat"_s), 1000, 500);
    Routing::RequestSummary eu = chat(u"demo/chat"_s);
    eu.regionHeaderLines = { u"eu-west-1"_s };
    calls << call(eu, 2000, 1000) << call(eu, 2000, 1000);
    for (int i = 0; i < 3; ++i)
        calls << call(chat(u"sim/solo"_s), 1000, 100);
    Routing::RequestSummary large = chat(u"sim/solo"_s);
    large.contextTokens = 5000;
    calls << call(large, 5000, 100);
    calls << call(chat(u"x/unknown"_s), 10, 0);
    return calls;
}

const Routing::PickShare *pickOf(const Routing::Impact &i, const QString &deployment)
{
    for (const Routing::PickShare &p : i.deployments) {
        if (p.deployment == deployment)
            return &p;
    }
    return nullptr;
}

QString code(Domain::CallErrorCode c)
{
    return Domain::CallError { c }.codeText();
}

} // namespace

void tst_Impact::craftedReceipts_R_UI_8()
{
    Routing::CooldownBook book;
    book.drain(u"sim-east/solo"_s, 0);
    const Routing::Impact i = Routing::replayImpact(savedWorkspace(), draftWorkspace(),
                                                    craftedCalls(), &book, 0, kToday);
    QCOMPARE(i.calls, 15);
    QCOMPARE(i.shapes, 5); // the large sim/solo call fits another set of context windows

    QCOMPARE(i.before.routed, 10);
    QCOMPARE(i.before.fallingBack, 0);
    QCOMPARE(i.before.waiting, 0);
    QCOMPARE(i.before.refused, 5);
    QCOMPARE(i.after.routed, 8);
    QCOMPARE(i.after.fallingBack, 3); // the large call does not fit sim/backup's window
    QCOMPARE(i.after.waiting, 0);
    QCOMPARE(i.after.refused, 4);

    QCOMPARE(i.refusals.size(), 3);
    const QList<std::tuple<QString, QString, int, int>> refusals {
        { code(Domain::CallErrorCode::RouteConstraintsUnmet), u"out_of_region"_s, 0, 2 },
        { code(Domain::CallErrorCode::NoHealthyRoute), u"cooling_down"_s, 4, 1 },
        { code(Domain::CallErrorCode::ModelNotFound), QString(), 1, 1 },
    };
    for (qsizetype k = 0; k < refusals.size(); ++k) {
        const Routing::RefusalCount &r = i.refusals.at(k);
        QCOMPARE(r.errorCode, std::get<0>(refusals[k]));
        QCOMPARE(r.skipReason, std::get<1>(refusals[k]));
        QCOMPARE(r.before, std::get<2>(refusals[k]));
        QCOMPARE(r.after, std::get<3>(refusals[k]));
    }

    QCOMPARE(i.regions.size(), 3);
    QCOMPARE(i.regions[0].region, u"us-east-1"_s);
    QCOMPARE(i.regions[0].before, 6.0);
    QCOMPARE(i.regions[0].after, 8.0);
    QCOMPARE(i.regions[1].region, u"us-west-2"_s);
    QCOMPARE(i.regions[1].before, 0.0);
    QCOMPARE(i.regions[1].after, 3.0);
    QCOMPARE(i.regions[2].region, u"eu-west-1"_s);
    QCOMPARE(i.regions[2].before, 4.0);
    QCOMPARE(i.regions[2].after, 0.0);
}

void tst_Impact::sharesAndCostExact_R_UI_8()
{
    Routing::CooldownBook book;
    book.drain(u"sim-east/solo"_s, 0);
    const Routing::Impact i = Routing::replayImpact(savedWorkspace(), draftWorkspace(),
                                                    craftedCalls(), &book, 0, kToday);
    QCOMPARE(i.deployments.size(), 3);
    QCOMPARE(i.deployments[0].deployment, u"openai-2/gpt-4o"_s);
    QCOMPARE(i.deployments[0].connection, u"openai-2"_s);
    QCOMPARE(i.deployments[0].region, u"us-east-1"_s);
    QCOMPARE(i.deployments[1].deployment, u"sim/backup"_s);
    QCOMPARE(i.deployments[2].deployment, u"azure-eu/gpt-4o"_s);
    const Routing::PickShare *openai = pickOf(i, u"openai-2/gpt-4o"_s);
    const Routing::PickShare *azure = pickOf(i, u"azure-eu/gpt-4o"_s);
    const Routing::PickShare *backup = pickOf(i, u"sim/backup"_s);
    QVERIFY(openai && azure && backup);
    QCOMPARE(openai->before, 6.0); // 3:1 of the 8 plain calls
    QCOMPARE(openai->after, 8.0);
    QCOMPARE(azure->before, 4.0); // 2 of the plain calls and both eu-west-1 calls
    QCOMPARE(azure->after, 0.0);
    QCOMPARE(backup->before, 0.0);
    QCOMPARE(backup->after, 3.0);
    QCOMPARE(backup->connection, u"sim-west"_s);

    // Before: 6 × $0.0075 + 2 × $0.015 + 2 × $0.03 = $0.135 over 10 served calls.
    QVERIFY(qFuzzyCompare(i.before.costUsd, 0.135));
    QVERIFY(qFuzzyCompare(i.before.costPer1000(), 13.5));
    // After: 8 × $0.0075 + 3 × $0.0035 = $0.0705 over 11 served calls.
    QVERIFY(qFuzzyCompare(i.after.costUsd, 0.0705));
    QVERIFY(qFuzzyCompare(i.after.costPer1000(), 70.5 / 11));
}

void tst_Impact::waitsWhenCooldownFits_R_UI_8()
{
    Routing::CooldownBook book;
    book.fail(u"sim-east/solo"_s, 0, 1000); // ends well within the deadline: the call waits
    const QList<Routing::ReplayCall> calls { call(chat(u"sim/solo"_s), 100, 10) };
    const Routing::Impact i
        = Routing::replayImpact(savedWorkspace(), draftWorkspace(), calls, &book, 0, kToday);
    QCOMPARE(i.before.waiting, 1);
    QCOMPARE(i.after.waiting, 1); // even with fallback on (R-DET)
    QCOMPARE(i.after.fallingBack, 0);
    QVERIFY(i.deployments.isEmpty());
    // Without health every candidate is free.
    const Routing::Impact free
        = Routing::replayImpact(savedWorkspace(), draftWorkspace(), calls, nullptr, 0, kToday);
    QCOMPARE(free.after.routed, 1);
    QCOMPARE(free.deployments.size(), 1);
    QCOMPARE(free.deployments[0].after, 1.0);
}

void tst_Impact::noCallsNoFigures_R_UI_8()
{
    const Routing::Impact i
        = Routing::replayImpact(savedWorkspace(), draftWorkspace(), {}, nullptr, 0, kToday);
    QCOMPARE(i.calls, 0);
    QCOMPARE(i.before.served(), 0);
    QCOMPARE(i.after.costPer1000(), 0.0);
    QVERIFY(i.deployments.isEmpty() && i.regions.isEmpty() && i.refusals.isEmpty());
}

// What a receipt keeps of a request comes back as the planner read it, the field the other API
// cannot carry included when it is the response format (R-XLAT-3).
void tst_Impact::replayedRequestKeepsTheShape_data()
{
    using Format = Routing::RequestSummary::ResponseFormat;
    QTest::addColumn<Domain::Endpoint>("endpoint");
    QTest::addColumn<Format>("format");
    QTest::addColumn<QString>("notCarried");
    QTest::newRow("chat, plain") << Domain::Endpoint::ChatCompletions << Format::None << QString();
    QTest::newRow("chat, json_schema")
        << Domain::Endpoint::ChatCompletions << Format::JsonSchema << u"response_format"_s;
    QTest::newRow("responses, json_object")
        << Domain::Endpoint::Responses << Format::JsonObject << u"response_format"_s;
    QTest::newRow("messages, json_schema")
        << Domain::Endpoint::Messages << Format::JsonSchema << QString();
}

void tst_Impact::replayedRequestKeepsTheShape()
{
    using Format = Routing::RequestSummary::ResponseFormat;
    QFETCH(Domain::Endpoint, endpoint);
    QFETCH(Format, format);
    QFETCH(QString, notCarried);
    Routing::RequestSummary r = chat(u"demo/chat"_s);
    r.endpoint = endpoint;
    r.usesTools = true;
    r.vision = true;
    r.responseFormat = format;
    const Routing::RequestSummary back
        = Routing::replayedRequest(r.model, endpoint, true, r.keyId, r.projectId,
                                   u"eu-west-1, us-east-1"_s, Routing::shapeOf(r));
    QCOMPARE(back.model, r.model);
    QCOMPARE(Domain::toString(back.endpoint), Domain::toString(endpoint));
    QVERIFY(back.usesTools && back.vision && back.stream);
    QCOMPARE(int(back.responseFormat), int(format));
    QCOMPARE(back.notCarried, notCarried);
    QCOMPARE(back.contextTokens, r.contextTokens);
    QCOMPARE(back.maxOutputTokens, r.maxOutputTokens);
    QCOMPARE(back.regionHeaderLines, QStringList { u"eu-west-1, us-east-1"_s });
    QCOMPARE(back.keyId, r.keyId);
    QCOMPARE(back.projectId, r.projectId);
    QVERIFY(!back.requiredFields);
}

QTEST_GUILESS_MAIN(tst_Impact)
#include "tst_impact.moc"
