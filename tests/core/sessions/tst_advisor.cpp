#include "manualclock.h"
#include "routing/admission.h"
#include "routing/routecache.h"
#include "sessions/advisor.h"

#include <QTest>

using namespace Qt::StringLiterals;
using Domain::SessionMode;
using Domain::TaskClass;

// The suggestion and Suggest mode's sessions, without a gateway (docs/sessions.md): which model is
// suggested, and when a later call counts as accepting it.
class tst_Advisor : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void suggestsTheCheapestThatMeetsTheFloor();
    void neverSuggestsWhatCannotServe();
    void noSuggestionWhenTheAskedIsCheapest();
    void theContextWindowMustTakeTheRequest();
    void equalPricesAreOrderedByName();
    void acceptanceNeedsTheSameSessionAndModelInTheWindow();
    void sessionBookStaysBounded();
    void keySettingFollowsItsProject();
};

namespace {

Domain::Model model(const QString &name, double in, double out, int tier)
{
    Domain::Model m;
    m.name = name;
    m.inputPricePerMTok = in;
    m.outputPricePerMTok = out;
    m.quality.tiers.fill(qint8(tier));
    m.offerings << Domain::Offering { u"c"_s, u"up"_s, {}, {}, true, {} };
    return m;
}

struct Fixture
{
    Fixture()
    {
        ws.projects << Domain::Project { u"p"_s, u"P"_s, {} };
        Domain::Key key;
        key.id = u"k1"_s;
        key.project = u"p"_s;
        key.sessions = { SessionMode::Suggest, 3 };
        ws.keys << key;
        ws.providers << Domain::Provider { u"prov"_s, u"Prov"_s, false, false, {} };
        Domain::Connection c;
        c.name = u"c"_s;
        c.provider = u"prov"_s;
        c.kind = Domain::Dialect::Simulator;
        ws.connections << c;
        ws.models << model(u"v/big"_s, 10, 30, 5) << model(u"v/mid"_s, 3, 6, 4)
                  << model(u"v/small"_s, 1, 2, 2);
    }
    Routing::RequestSummary request(const QString &asked) const
    {
        Routing::RequestSummary r;
        r.model = asked;
        r.keyId = u"k1"_s;
        r.projectId = u"p"_s;
        return r;
    }
    qint16 suggest(const QString &asked, TaskClass c = TaskClass::ChitChat, int floor = 3,
                   qint64 contextTokens = 0)
    {
        const Domain::WorkspaceSnapshot snapshot = std::make_shared<const Domain::Workspace>(ws);
        Sessions::Advisor advisor(ids);
        Routing::RequestSummary r = request(asked);
        r.contextTokens = contextTokens;
        return advisor.suggest(snapshot, *snapshot->model(asked), c, floor, r, QDate(2026, 12, 6));
    }
    QString suggestedName(const QString &asked, TaskClass c = TaskClass::ChitChat, int floor = 3,
                          qint64 contextTokens = 0)
    {
        const qint16 i = suggest(asked, c, floor, contextTokens);
        return i < 0 ? QString() : ws.models.at(i).name;
    }

    Domain::Workspace ws;
    Routing::CooldownBook ids;
};

} // namespace

void tst_Advisor::suggestsTheCheapestThatMeetsTheFloor()
{
    Fixture f;
    // small (tier 2) is under the floor: mid is the cheapest that qualifies.
    QCOMPARE(f.suggestedName(u"v/big"_s), u"v/mid"_s);
    QCOMPARE(f.suggestedName(u"v/big"_s, TaskClass::ChitChat, 2), u"v/small"_s);
    // Per class: small is good enough at code.
    f.ws.models[2].quality.setTier(TaskClass::Code, 4);
    QCOMPARE(f.suggestedName(u"v/big"_s, TaskClass::Code), u"v/small"_s);
    QCOMPARE(f.suggestedName(u"v/big"_s, TaskClass::Reasoning), u"v/mid"_s);
    // Nothing meets a floor of 5 but the asked model itself.
    QCOMPARE(f.suggestedName(u"v/big"_s, TaskClass::ChitChat, 5), QString());
}

void tst_Advisor::neverSuggestsWhatCannotServe()
{
    Fixture f;
    f.ws.models[1].enabled = false; // disabled
    QCOMPARE(f.suggestedName(u"v/big"_s, TaskClass::ChitChat, 2), u"v/small"_s);
    f.ws.models[2].quality = {}; // not rated
    QCOMPARE(f.suggestedName(u"v/big"_s, TaskClass::ChitChat, 1), QString());
    Fixture g;
    g.ws.models[1].modality = Domain::Modality::Embedding;
    QCOMPARE(g.suggestedName(u"v/big"_s), QString());
    // The key's directives apply.
    Fixture h;
    h.ws.keys[0].directives.allowedModels = QStringList { u"v/big"_s, u"v/small"_s };
    QCOMPARE(h.suggestedName(u"v/big"_s, TaskClass::ChitChat, 2), u"v/small"_s);
    QCOMPARE(h.suggestedName(u"v/big"_s), QString());
    // A model without a usable offering.
    Fixture k;
    k.ws.models[1].offerings.clear();
    QCOMPARE(k.suggestedName(u"v/big"_s), QString());
}

void tst_Advisor::noSuggestionWhenTheAskedIsCheapest()
{
    Fixture f;
    QCOMPARE(f.suggestedName(u"v/mid"_s), QString());
    QCOMPARE(f.suggestedName(u"v/small"_s, TaskClass::ChitChat, 1), QString());
    // The asked model need not qualify itself for a cheaper one to be suggested.
    f.ws.models[0].quality = {};
    QCOMPARE(f.suggestedName(u"v/big"_s), u"v/mid"_s);
}

void tst_Advisor::theContextWindowMustTakeTheRequest()
{
    Fixture f;
    f.ws.models[0].contextWindow = 200000;
    f.ws.models[1].contextWindow = 16000; // v/mid
    f.ws.models[2].contextWindow = 128000; // v/small
    f.ws.models[2].quality.tiers.fill(4);
    QCOMPARE(f.suggestedName(u"v/big"_s, TaskClass::ChitChat, 3, 1000), u"v/small"_s);
    // A prompt v/small cannot take, v/mid neither: nothing, though both qualify otherwise.
    QCOMPARE(f.suggestedName(u"v/big"_s, TaskClass::ChitChat, 3, 150000), QString());
    // The output the request asks for counts too (max_tokens): 1,000 in and 1,000 out fit v/mid
    // (4,000), not v/small (1,500).
    f.ws.models[2].contextWindow = 1500;
    f.ws.models[1].contextWindow = 4000;
    const Domain::WorkspaceSnapshot snapshot = std::make_shared<const Domain::Workspace>(f.ws);
    Sessions::Advisor advisor(f.ids);
    Routing::RequestSummary r = f.request(u"v/big"_s);
    r.contextTokens = 1000;
    r.maxOutputTokens = 1000;
    const qint16 i = advisor.suggest(snapshot, *snapshot->model(u"v/big"_s), TaskClass::ChitChat, 3,
                                     r, QDate(2026, 12, 6));
    QCOMPARE(i >= 0 ? snapshot->models.at(i).name : QString(), u"v/mid"_s);
}

void tst_Advisor::equalPricesAreOrderedByName()
{
    Fixture f;
    f.ws.models.insert(0, model(u"v/mid-b"_s, 3, 6, 4));
    f.ws.models << model(u"v/mid-a"_s, 3, 6, 4);
    f.ws.models.removeIf([](const Domain::Model &m) { return m.name == u"v/mid"_s; });
    QCOMPARE(f.suggestedName(u"v/big"_s), u"v/mid-a"_s);
    // Same blended price (3 × in + out): not cheaper, so not suggested.
    f.ws.models << model(u"v/same"_s, 10, 30, 5);
    QCOMPARE(f.suggestedName(u"v/same"_s, TaskClass::ChitChat, 5), QString());
}

void tst_Advisor::acceptanceNeedsTheSameSessionAndModelInTheWindow()
{
    Sessions::SessionBook book;
    const qint64 window = 60000;
    const QString a = Sessions::sessionOf(u"k1"_s, "a");
    const QString b = Sessions::sessionOf(u"k1"_s, "b");
    QCOMPARE(Sessions::sessionOf(u"k1"_s, {}), u"k1"_s);
    QVERIFY(Sessions::sessionOf(u"k2"_s, "a") != a); // keys never share a session
    book.suggest(a, u"v/mid"_s, 1000, window);
    QVERIFY(!book.accept(b, u"v/mid"_s, 2000, window));
    QVERIFY(!book.accept(a, u"v/small"_s, 2000, window));
    QVERIFY(book.accept(a, u"v/mid"_s, 1000 + window, window)); // the window's last ms
    QVERIFY(!book.accept(a, u"v/mid"_s, 3000, window)); // used up
    book.suggest(a, u"v/mid"_s, 10000, window);
    book.suggest(a, u"v/small"_s, 11000, window); // replaced
    QVERIFY(!book.accept(a, u"v/mid"_s, 12000, window));
    QVERIFY(book.accept(a, u"v/small"_s, 12000, window));
    book.suggest(a, u"v/mid"_s, 20000, window);
    QVERIFY(!book.accept(a, u"v/mid"_s, 20001 + window, window));
    QCOMPARE(book.size(), 0);
}

void tst_Advisor::sessionBookStaysBounded()
{
    Sessions::SessionBook book(100);
    for (int i = 0; i < 1000; ++i)
        book.suggest(QString::number(i), u"m"_s, i, 1000000);
    QVERIFY(book.size() <= 100);
    // The newest survive.
    QVERIFY(book.accept(u"999"_s, u"m"_s, 1000, 1000000));
    // Expired ones go first.
    Sessions::SessionBook expiring(10);
    for (int i = 0; i < 10; ++i)
        expiring.suggest(QString::number(i), u"m"_s, 0, 100);
    expiring.suggest(u"new"_s, u"m"_s, 1000, 100);
    QCOMPARE(expiring.size(), 1);
}

void tst_Advisor::keySettingFollowsItsProject()
{
    Fixture f;
    f.ws.projects[0].sessions = { SessionMode::Shadow, 4 };
    f.ws.keys << f.ws.keys[0];
    f.ws.keys[1].id = u"k2"_s;
    f.ws.keys[1].sessions = {};
    const Domain::WorkspaceSnapshot snapshot = std::make_shared<const Domain::Workspace>(f.ws);
    Sessions::Advisor advisor(f.ids);
    QVERIFY(advisor.settings(snapshot, 0) == (Domain::SessionSettings { SessionMode::Suggest, 3 }));
    QVERIFY(advisor.settings(snapshot, 1) == (Domain::SessionSettings { SessionMode::Shadow, 4 }));
    QCOMPARE(Domain::toString(advisor.settings(snapshot, 7).mode), u"off"_s);
}

QTEST_GUILESS_MAIN(tst_Advisor)
#include "tst_advisor.moc"
