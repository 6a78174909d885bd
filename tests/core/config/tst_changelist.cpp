#include "fixtures.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>
#include <config/changelist.h>
#include <config/demo.h>
#include <config/keys.h>

using namespace Qt::StringLiterals;

using Change = Config::Change;
using Entity = Config::Change::Entity;

namespace {

Domain::Model &chatPool(Domain::Workspace &ws)
{
    return ws.models[6]; // demo/chat: a pool 3:1 of sim-east/gpt-4o and sim-west-eu/gpt-4o
}

} // namespace

// The change list states facts (entity, id, field, item, before, after); the wording is the
// studio's (tst_changetext). Version history stores the facts as JSON (R-UI-4, R-UI-10).
class tst_ChangeList : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void equalIsEmpty_R_UI_4();
    void factsNotSentences_R_UI_4();
    void unsetIsNotEmpty_R_UI_4();
    void concernsModel_R_UI_4();
    void jsonRoundTrip_R_UI_10();
    void onlyChangesReadBack_R_UI_10();
    void secretNeverStored_R_SEC_3();
    void groupedNumber_R_UI_4_data();
    void groupedNumber_R_UI_4();
    void strictReceiptsIsAWorkspaceFact_R_UI_4_R_RCPT_1();
    void translationSettingsAreFacts_R_UI_4_R_XLAT_2();
};

// The simulator's API by its wire name, the model's max output tokens as a number; both kept in
// version history.
void tst_ChangeList::translationSettingsAreFacts_R_UI_4_R_XLAT_2()
{
    const Domain::Workspace before = ConfigTest::fullWorkspace();
    Domain::Workspace after = before;
    after.connections[2].simulator.api = Domain::SimulatorApi::Anthropic;
    after.models[0].maxOutputTokens = 16384;
    const QList<Change> expected {
        { Entity::Connection, u"sim"_s, u"simulator.api"_s, {}, u"openai"_s, u"anthropic"_s },
        { Entity::Model, u"openai-2/gpt-4o"_s, u"maxOutputTokens"_s, {}, 8192, 16384 },
    };
    const QList<Change> changes = Config::changeList(before, after);
    QCOMPARE(changes, expected);
    QCOMPARE(Config::changesFromJson(Config::changesToJson(changes)), expected);
    QVERIFY(Config::concernsModel(changes[1], u"openai-2/gpt-4o"_s));
}

void tst_ChangeList::strictReceiptsIsAWorkspaceFact_R_UI_4_R_RCPT_1()
{
    const Domain::Workspace before = Config::demoWorkspace();
    Domain::Workspace after = before;
    after.strictReceipts = true;
    const QList<Change> expected {
        { Entity::Workspace, before.name, u"strictReceipts"_s, {}, false, true },
    };
    QCOMPARE(Config::changeList(before, after), expected);
    QCOMPARE(Config::changeList(after, before).value(0).after, QJsonValue(false));
}

void tst_ChangeList::equalIsEmpty_R_UI_4()
{
    QVERIFY(Config::changeList(Config::demoWorkspace(), Config::demoWorkspace()).isEmpty());
    QVERIFY(Config::changeList(ConfigTest::fullWorkspace(), ConfigTest::fullWorkspace()).isEmpty());
}

void tst_ChangeList::factsNotSentences_R_UI_4()
{
    const Domain::Workspace before = Config::demoWorkspace();
    Domain::Workspace after = before;
    chatPool(after).pool.deployments[0].weight = 5;
    chatPool(after).pool.deployments << Domain::PoolEntry { u"sim-flaky/gpt-4o"_s, 2 };
    after.keys << Config::makeKey(u"research"_s, u"ci-bot"_s, QDateTime()).key;
    after.keys[0].directives.maxApplicationAttempts = 2;
    const QList<Change> expected {
        { Entity::Model, u"demo/chat"_s, u"pool.weight"_s, u"sim-east/gpt-4o"_s, 3, 5 },
        { Entity::Model, u"demo/chat"_s, u"pool.add"_s, u"sim-flaky/gpt-4o"_s, {}, 2 },
        { Entity::Key, u"ci-bot"_s, u"create"_s, {}, {}, u"research"_s },
        { Entity::Key, u"ci-bot"_s, u"directives.maxApplicationAttempts"_s, {}, {}, 2 },
    };
    QCOMPARE(Config::changeList(before, after), expected);
    QCOMPARE(expected.last().fieldGroup(), u"directives"_s);
    QCOMPARE(expected.last().fieldName(), u"maxApplicationAttempts"_s);
}

void tst_ChangeList::unsetIsNotEmpty_R_UI_4()
{
    // A set empty fallback list overrides the level above; unset does not. They differ as facts.
    Domain::Workspace before = Config::demoWorkspace();
    before.directives.fallbackModels.reset();
    Domain::Workspace after = before;
    after.directives.fallbackModels = QStringList {};
    const QList<Change> changes = Config::changeList(before, after);
    QCOMPARE(changes.size(), 1);
    QCOMPARE(changes[0].field, u"directives.fallbackModels"_s);
    QVERIFY(changes[0].before.isNull());
    QCOMPARE(changes[0].after, QJsonValue(QJsonArray {}));
}

void tst_ChangeList::concernsModel_R_UI_4()
{
    const Domain::Workspace before = Config::demoWorkspace();
    Domain::Workspace after = before;
    chatPool(after).enabled = false;
    after.aliases[0].target = u"demo/chat"_s;
    const QList<Change> changes = Config::changeList(before, after);
    QCOMPARE(changes.size(), 2);
    QVERIFY(Config::concernsModel(changes[0], u"demo/chat"_s));
    QVERIFY(!Config::concernsModel(changes[0], u"sim-east/gpt-4o"_s));
    // The alias now names demo/chat, but it is the alias that changed.
    QVERIFY(!Config::concernsModel(changes[1], u"demo/chat"_s));
}

void tst_ChangeList::jsonRoundTrip_R_UI_10()
{
    const Domain::Workspace before = ConfigTest::fullWorkspace();
    Domain::Workspace after = before;
    after.models[0].enabled = !after.models[0].enabled;
    after.models[0].recovery.overridden = false;
    after.directives.allowedModels.reset();
    after.directives.requireZdr = false;
    after.aliases.removeFirst();
    after.name = u"Renamed"_s;
    const QList<Change> changes = Config::changeList(before, after);
    QCOMPARE(changes.size(), 6);
    const QByteArray json = Config::changesToJson(changes);
    QCOMPARE(Config::changesFromJson(json), changes);
    // Language-free: codes and values, no sentence.
    const QJsonObject first = QJsonDocument::fromJson(json).array().first().toObject();
    QCOMPARE(first.value(u"entity"_s).toString(), u"workspace"_s);
    QCOMPARE(first.value(u"field"_s).toString(), u"name"_s);
    QCOMPARE(first.value(u"after"_s).toString(), u"Renamed"_s);
}

void tst_ChangeList::onlyChangesReadBack_R_UI_10()
{
    // Every history row a released package wrote holds changes as objects: a plain line or an
    // entity this version does not know reads as no change.
    const QByteArray stored
        = R"(["Key ci-bot: Revoke key ci-bot",{"entity":"legacy","after":"x"},)"
          R"({"entity":"key","id":"ci-bot","field":"revoked","before":false,"after":true}])";
    const QList<Change> changes = Config::changesFromJson(stored);
    QCOMPARE(changes.size(), 1);
    QCOMPARE(
        changes[0],
        (Change {
            Entity::Key, u"ci-bot"_s, u"revoked"_s, {}, QJsonValue(false), QJsonValue(true) }));
}

void tst_ChangeList::secretNeverStored_R_SEC_3()
{
    const Domain::Workspace before = ConfigTest::fullWorkspace();
    Domain::Workspace after = before;
    after.connections[0].credential.secret = u"sk-new-secret-77"_s;
    const QList<Change> changes = Config::changeList(before, after);
    QCOMPARE(changes,
             (QList<Change> { Change { Entity::Connection, u"openai-2"_s, u"credential"_s } }));
    QVERIFY(!Config::changesToJson(changes).contains("secret-"));
}

void tst_ChangeList::groupedNumber_R_UI_4_data()
{
    QTest::addColumn<qint64>("n");
    QTest::addColumn<QString>("text");
    QTest::newRow("zero") << qint64(0) << u"0"_s;
    QTest::newRow("three digits") << qint64(999) << u"999"_s;
    QTest::newRow("four digits") << qint64(1000) << u"1,000"_s;
    QTest::newRow("six digits") << qint64(180000) << u"180,000"_s;
    QTest::newRow("seven digits") << qint64(1234567) << u"1,234,567"_s;
    QTest::newRow("negative") << qint64(-30001) << u"-30,001"_s;
}

void tst_ChangeList::groupedNumber_R_UI_4()
{
    QFETCH(qint64, n);
    QFETCH(QString, text);
    QCOMPARE(Config::groupedNumber(n), text);
}

QTEST_GUILESS_MAIN(tst_ChangeList)
#include "tst_changelist.moc"
