#include "routing/directiveset.h"
#include "routingfixtures.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace RoutingFixtures;
using Domain::DirectiveLevel;

Q_DECLARE_METATYPE(Domain::Directives)

class tst_DirectiveSet : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void modelAllowedAtEveryLevel_R_DIR_1_data();
    void modelAllowedAtEveryLevel_R_DIR_1();
    void providers_R_DIR_2_data();
    void providers_R_DIR_2();
    void dataPolicyAnyLevelOn_R_DIR_3();
    void highestPrecisionApplies_R_PREC_3();
    void lowestAttemptCapApplies_R_REC_1();
    void fallback_R_FALL_1_data();
    void fallback_R_FALL_1();

private:
    static Domain::Workspace withLevels(const Domain::Directives &team,
                                        const Domain::Directives &project,
                                        const Domain::Directives &key);
};

Domain::Workspace tst_DirectiveSet::withLevels(const Domain::Directives &team,
                                               const Domain::Directives &project,
                                               const Domain::Directives &key)
{
    Domain::Workspace ws = seedWorkspace();
    ws.directives = team;
    ws.projects.front().directives = project;
    ws.keys.front().directives = key;
    return ws;
}

void tst_DirectiveSet::modelAllowedAtEveryLevel_R_DIR_1_data()
{
    QTest::addColumn<Domain::Directives>("team");
    QTest::addColumn<Domain::Directives>("project");
    QTest::addColumn<QString>("model");
    QTest::addColumn<bool>("allowed");
    QTest::addColumn<DirectiveLevel>("deniedAt");

    Domain::Directives openaiVendor;
    openaiVendor.allowedModels = QStringList { u"openai-2/*"_s };
    Domain::Directives exact;
    exact.allowedModels = QStringList { u"sim/solo"_s };
    QTest::newRow("no lists") << Domain::Directives {} << Domain::Directives {} << u"sim/solo"_s
                              << true << DirectiveLevel::None;
    QTest::newRow("vendor wildcard admits") << openaiVendor << Domain::Directives {}
                                            << u"openai-2/gpt-4o"_s << true << DirectiveLevel::None;
    QTest::newRow("vendor wildcard is not a prefix match")
        << openaiVendor << Domain::Directives {} << u"openai-22/gpt-4o"_s << false
        << DirectiveLevel::Workspace;
    QTest::newRow("team allows, project does not")
        << openaiVendor << exact << u"openai-2/gpt-4o"_s << false << DirectiveLevel::Project;
    QTest::newRow("project allows, team does not")
        << openaiVendor << exact << u"sim/solo"_s << false << DirectiveLevel::Workspace;
}

void tst_DirectiveSet::modelAllowedAtEveryLevel_R_DIR_1()
{
    QFETCH(Domain::Directives, team);
    QFETCH(Domain::Directives, project);
    QFETCH(QString, model);
    QFETCH(bool, allowed);
    QFETCH(DirectiveLevel, deniedAt);
    const auto e
        = Routing::mergeDirectives(withLevels(team, project, {}), u"default"_s, u"key_1"_s);
    DirectiveLevel level = DirectiveLevel::None;
    QCOMPARE(e.modelAllowed(model, &level), allowed);
    QCOMPARE(Domain::toString(level), Domain::toString(deniedAt));
}

void tst_DirectiveSet::providers_R_DIR_2_data()
{
    QTest::addColumn<Domain::Directives>("team");
    QTest::addColumn<Domain::Directives>("key");
    QTest::addColumn<QString>("provider");
    QTest::addColumn<bool>("allowed");
    QTest::addColumn<DirectiveLevel>("level");

    Domain::Directives allowTwo;
    allowTwo.allowedProviders = QStringList { u"openai"_s, u"azure"_s };
    Domain::Directives allowAzure;
    allowAzure.allowedProviders = QStringList { u"azure"_s };
    Domain::Directives denyAzure;
    denyAzure.deniedProviders = { u"azure"_s };
    QTest::newRow("intersection keeps azure")
        << allowTwo << allowAzure << u"azure"_s << true << DirectiveLevel::None;
    QTest::newRow("intersection drops openai")
        << allowTwo << allowAzure << u"openai"_s << false << DirectiveLevel::Key;
    QTest::newRow("denied beats allowed")
        << allowAzure << denyAzure << u"azure"_s << false << DirectiveLevel::Key;
    QTest::newRow("not listed by team") << allowTwo << Domain::Directives {} << u"anthropic"_s
                                        << false << DirectiveLevel::Workspace;
}

void tst_DirectiveSet::providers_R_DIR_2()
{
    QFETCH(Domain::Directives, team);
    QFETCH(Domain::Directives, key);
    QFETCH(QString, provider);
    QFETCH(bool, allowed);
    QFETCH(DirectiveLevel, level);
    const auto e = Routing::mergeDirectives(withLevels(team, {}, key), u"default"_s, u"key_1"_s);
    DirectiveLevel at = DirectiveLevel::None;
    QCOMPARE(e.providerAllowed(provider, &at), allowed);
    QCOMPARE(Domain::toString(at), Domain::toString(level));
}

void tst_DirectiveSet::dataPolicyAnyLevelOn_R_DIR_3()
{
    Domain::Directives off, on;
    off.requireZdr = false;
    on.requireZdr = true;
    on.requireNoTraining = true;
    const auto e = Routing::mergeDirectives(withLevels(off, on, off), u"default"_s, u"key_1"_s);
    QVERIFY(e.requireZdr.value);
    QCOMPARE(Domain::toString(e.requireZdr.level), u"project"_s);
    QVERIFY(e.requireNoTraining.value);
    const auto none = Routing::mergeDirectives(withLevels(off, off, {}), u"default"_s, {});
    QVERIFY(!none.requireZdr.value);
    QVERIFY(!none.requireNoTraining.value);
}

void tst_DirectiveSet::highestPrecisionApplies_R_PREC_3()
{
    Domain::Directives bf16, fp8;
    bf16.minPrecision = Domain::Precision::Bf16;
    fp8.minPrecision = Domain::Precision::Fp8;
    const auto e = Routing::mergeDirectives(withLevels(fp8, bf16, fp8), u"default"_s, u"key_1"_s);
    QCOMPARE(Domain::toString(e.minPrecision.value), u"bf16"_s);
    QCOMPARE(Domain::toString(e.minPrecision.level), u"project"_s);
    QCOMPARE(Domain::toString(e.minPrecision.rule), u"rule_highest_precision"_s);
}

void tst_DirectiveSet::lowestAttemptCapApplies_R_REC_1()
{
    Domain::Directives five, two;
    five.maxApplicationAttempts = 5;
    two.maxApplicationAttempts = 2;
    const auto e = Routing::mergeDirectives(withLevels(five, {}, two), u"default"_s, u"key_1"_s);
    QCOMPARE(e.maxApplicationAttempts.value, 2);
    QCOMPARE(Domain::toString(e.maxApplicationAttempts.level), u"key"_s);
    QCOMPARE(Domain::toString(e.maxApplicationAttempts.rule), u"rule_lowest_cap"_s);
    const auto unset = Routing::mergeDirectives(withLevels({}, {}, {}), u"default"_s, u"key_1"_s);
    QCOMPARE(unset.maxApplicationAttempts.value, 0);
}

void tst_DirectiveSet::fallback_R_FALL_1_data()
{
    QTest::addColumn<Domain::Directives>("team");
    QTest::addColumn<Domain::Directives>("project");
    QTest::addColumn<QStringList>("aliasList");
    QTest::addColumn<bool>("enabled");
    QTest::addColumn<QStringList>("models");
    QTest::addColumn<DirectiveLevel>("level");

    Domain::Directives teamOn;
    teamOn.allowModelFallback = true;
    teamOn.fallbackModels = QStringList { u"sim/backup"_s };
    Domain::Directives off;
    off.allowModelFallback = false;
    Domain::Directives ownList;
    ownList.fallbackModels = QStringList { u"sim/solo"_s, u"sim/backup"_s };
    Domain::Directives projectOn;
    projectOn.allowModelFallback = true;
    projectOn.fallbackModels = QStringList { u"sim/solo"_s };
    const QStringList none;
    const QStringList aliasList { u"anthropic/claude-sonnet-5"_s };

    QTest::newRow("unset is off") << Domain::Directives {} << Domain::Directives {} << none << false
                                  << none << DirectiveLevel::Workspace;
    QTest::newRow("team on") << teamOn << Domain::Directives {} << none << true
                             << QStringList { u"sim/backup"_s } << DirectiveLevel::Workspace;
    QTest::newRow("project turns it off")
        << teamOn << off << none << false << none << DirectiveLevel::Project;
    QTest::newRow("project chooses its own list")
        << teamOn << ownList << none << true << ownList.fallbackModels.value()
        << DirectiveLevel::Project;
    QTest::newRow("project cannot turn it on")
        << Domain::Directives {} << projectOn << none << false << none << DirectiveLevel::Workspace;
    QTest::newRow("alias list turns it on")
        << Domain::Directives {} << Domain::Directives {} << aliasList << true << aliasList
        << DirectiveLevel::Alias;
    QTest::newRow("alias list beats team list") << teamOn << Domain::Directives {} << aliasList
                                                << true << aliasList << DirectiveLevel::Alias;
    QTest::newRow("explicit off beats alias list")
        << teamOn << off << aliasList << false << none << DirectiveLevel::Project;
}

void tst_DirectiveSet::fallback_R_FALL_1()
{
    QFETCH(Domain::Directives, team);
    QFETCH(Domain::Directives, project);
    QFETCH(QStringList, aliasList);
    QFETCH(bool, enabled);
    QFETCH(QStringList, models);
    QFETCH(DirectiveLevel, level);
    Routing::AliasResolution alias;
    alias.aliasFallbackModels = aliasList;
    const auto e
        = Routing::mergeDirectives(withLevels(team, project, {}), u"default"_s, u"key_1"_s, &alias);
    QCOMPARE(e.fallbackEnabled(), enabled);
    QCOMPARE(e.fallbackModels.value, models);
    QCOMPARE(Domain::toString(e.fallbackModels.level), Domain::toString(level));
    QVERIFY(e.allowModelFallback.rule != Domain::FactCode::None);
}

QTEST_GUILESS_MAIN(tst_DirectiveSet)
#include "tst_directiveset.moc"
