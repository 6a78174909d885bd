#include "fixtures.h"

#include <QTest>
#include <config/rules.h>
#include <config/validator.h>

using namespace Qt::StringLiterals;
using Config::ModelReference;

Q_DECLARE_METATYPE(Config::NewModelName)

namespace {

int errorCount(const Domain::Workspace &ws)
{
    int n = 0;
    for (const Config::Problem &p : Config::validate(ws))
        n += p.severity == Config::Problem::Severity::Error ? 1 : 0;
    return n;
}

bool hasProblemAt(const Domain::Workspace &ws, const QString &path)
{
    const QList<Config::Problem> problems = Config::validate(ws);
    return std::any_of(problems.cbegin(), problems.cend(),
                       [&](const Config::Problem &p) { return p.path == path; });
}

} // namespace

// The rules the widgets ask core (config/rules.h) give the validator's answers: a widget that
// offers, allows or refuses by them can never let through what Save then refuses (R-UI-3).
class tst_Rules : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void weightLimitsAreTheValidators_R_UI_3();
    void poolSizeLimitIsTheValidators_R_UI_3();
    void eligibleIsWhatValidates_R_PLAN_6();
    void referencesAreWhatDeletionBreaks_R_UI_1();
    void everyKindOfReference_R_UI_1();
    void newModelNameIsWhatValidates_R_UI_1_data();
    void newModelNameIsWhatValidates_R_UI_1();
    void duplicateNameIsFree_R_UI_1();
};

void tst_Rules::weightLimitsAreTheValidators_R_UI_3()
{
    Domain::Workspace ws = ConfigTest::fullWorkspace();
    const QString weight = u"models[3].pool.deployments[0].weight"_s; // org/chat
    for (int w : { Config::kMinWeight, Config::kMaxWeight }) {
        ws.models[3].pool.deployments[0].weight = w;
        QVERIFY2(!hasProblemAt(ws, weight), qPrintable(QString::number(w)));
    }
    for (int w : { Config::kMinWeight - 1, Config::kMaxWeight + 1 }) {
        ws.models[3].pool.deployments[0].weight = w;
        QVERIFY2(hasProblemAt(ws, weight), qPrintable(QString::number(w)));
    }
}

void tst_Rules::poolSizeLimitIsTheValidators_R_UI_3()
{
    Domain::Workspace ws = ConfigTest::fullWorkspace();
    Domain::Model &pool = ws.models[3];
    pool.pool.deployments.clear();
    for (int i = 0; i < Config::kMaxPoolDeployments + 1; ++i) {
        const QString name = u"bulk/m%1"_s.arg(i);
        ws.models << ConfigTest::directModel(name, u"sim"_s, u"gpt-4o"_s);
    }
    for (int i = 0; i < Config::kMaxPoolDeployments; ++i) {
        QCOMPARE(Config::addDeploymentBlock(ws, ws.models[3]), Config::AddDeploymentBlock::None);
        const QString next = Config::eligibleDeployments(ws, ws.models[3]).first();
        ws.models[3].pool.deployments << Domain::PoolEntry { next, 1 };
    }
    QCOMPARE(Config::addDeploymentBlock(ws, ws.models[3]), Config::AddDeploymentBlock::Full);
    QVERIFY(!hasProblemAt(ws, u"models[3].pool.deployments"_s));
    ws.models[3].pool.deployments << Domain::PoolEntry {
        Config::eligibleDeployments(ws, ws.models[3]).first(), 1
    };
    QVERIFY(hasProblemAt(ws, u"models[3].pool.deployments"_s));
}

void tst_Rules::eligibleIsWhatValidates_R_PLAN_6()
{
    Domain::Workspace ws = ConfigTest::fullWorkspace();
    ws.models << ConfigTest::directModel(u"sim/gpt-4o"_s, u"sim"_s, u"gpt-4o"_s);
    // org/chat holds openai-2/gpt-4o and azure-eu/gpt-4o (turned off); sim/embed is an embedding
    // model; org/chat cannot hold itself.
    const QStringList eligible = Config::eligibleDeployments(ws, ws.models[3]);
    QCOMPARE(eligible, QStringList { u"sim/gpt-4o"_s });
    // Row 0 may keep its own model, or take the free one.
    QCOMPARE(Config::eligibleDeployments(ws, ws.models[3], 0),
             QStringList({ u"openai-2/gpt-4o"_s, u"sim/gpt-4o"_s }));
    // Every model as a new row: offered exactly when the validator has nothing to say about it.
    for (const Domain::Model &candidate : ws.models) {
        Domain::Workspace with = ws;
        with.models[3].pool.deployments << Domain::PoolEntry { candidate.name, 1 };
        QCOMPARE(hasProblemAt(with, u"models[3].pool.deployments[2].model"_s),
                 !eligible.contains(candidate.name));
    }
}

void tst_Rules::referencesAreWhatDeletionBreaks_R_UI_1()
{
    Domain::Workspace ws = ConfigTest::fullWorkspace();
    ws.models << ConfigTest::directModel(u"sim/gpt-4o"_s, u"sim"_s, u"gpt-4o"_s); // unreferenced
    const int before = errorCount(ws);
    for (const Domain::Model &m : ws.models) {
        Domain::Workspace without = ws;
        without.models.removeIf([&](const Domain::Model &x) { return x.name == m.name; });
        const bool referenced = !Config::referencesTo(ws, m.name).isEmpty();
        QVERIFY2((errorCount(without) > before) == referenced, qPrintable(m.name));
    }
    QVERIFY(Config::referencesTo(ws, u"sim/gpt-4o"_s).isEmpty());
}

void tst_Rules::everyKindOfReference_R_UI_1()
{
    using Kind = ModelReference::Kind;
    using Level = Domain::DirectiveLevel;
    const Domain::Workspace ws = ConfigTest::fullWorkspace();
    QCOMPARE(Config::referencesTo(ws, u"openai-2/gpt-4o"_s),
             (QList<ModelReference> { { Kind::PoolDeployment, u"org/chat"_s },
                                      { Kind::AliasTarget, u"team/fast"_s } }));
    QCOMPARE(Config::referencesTo(ws, u"azure-eu/gpt-4o"_s),
             (QList<ModelReference> { { Kind::PoolDeployment, u"org/chat"_s },
                                      { Kind::AliasFallback, u"team/fast"_s } }));
    QCOMPARE(Config::referencesTo(ws, u"org/chat"_s),
             (QList<ModelReference> { { Kind::AliasTarget, u"team/next"_s },
                                      { Kind::AllowedModel, {}, Level::Workspace },
                                      { Kind::FallbackModel, {}, Level::Workspace } }));
    QCOMPARE(Config::referencesTo(ws, u"sim/embed"_s),
             (QList<ModelReference> { { Kind::AllowedModel, u"research"_s, Level::Project },
                                      { Kind::FallbackModel, u"research"_s, Level::Project } }));
    Domain::Workspace replaced = ws;
    replaced.aliases[0].replacement = u"sim/embed"_s;
    replaced.keys[0].directives.fallbackModels = QStringList { u"sim/embed"_s };
    QCOMPARE(Config::referencesTo(replaced, u"sim/embed"_s),
             (QList<ModelReference> { { Kind::AliasReplacement, u"team/fast"_s },
                                      { Kind::AllowedModel, u"research"_s, Level::Project },
                                      { Kind::FallbackModel, u"research"_s, Level::Project },
                                      { Kind::FallbackModel, u"ci-bot"_s, Level::Key } }));
}

void tst_Rules::newModelNameIsWhatValidates_R_UI_1_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<Config::NewModelName>("verdict");
    QTest::newRow("valid") << u"team/new"_s << Config::NewModelName::Valid;
    QTest::newRow("no namespace") << u"newmodel"_s << Config::NewModelName::NotNamespaced;
    QTest::newRow("space") << u"team/new model"_s << Config::NewModelName::NotNamespaced;
    QTest::newRow("taken") << u"sim/embed"_s << Config::NewModelName::TakenByModel;
    QTest::newRow("an alias's name") << u"team/fast"_s << Config::NewModelName::TakenByAlias;
}

void tst_Rules::newModelNameIsWhatValidates_R_UI_1()
{
    QFETCH(QString, name);
    QFETCH(Config::NewModelName, verdict);
    Domain::Workspace ws = ConfigTest::fullWorkspace();
    QCOMPARE(Config::checkNewModelName(ws, name), verdict);
    const int before = errorCount(ws);
    ws.models << ConfigTest::directModel(name, u"sim"_s, u"gpt-4o"_s);
    QCOMPARE(errorCount(ws) > before, verdict != Config::NewModelName::Valid);
}

void tst_Rules::duplicateNameIsFree_R_UI_1()
{
    Domain::Workspace ws = ConfigTest::fullWorkspace();
    QCOMPARE(Config::duplicateModelName(ws, u"sim/embed"_s), u"sim/embed-copy"_s);
    ws.aliases << Domain::Alias { u"sim/embed-copy"_s, u"sim/embed"_s, {}, {}, {}, {} };
    ws.models << ConfigTest::directModel(u"sim/embed-copy-2"_s, u"sim"_s, u"x"_s);
    // Neither a model's nor an alias's name: the copy validates.
    const QString copy = Config::duplicateModelName(ws, u"sim/embed"_s);
    QCOMPARE(copy, u"sim/embed-copy-3"_s);
    QCOMPARE(Config::checkNewModelName(ws, copy), Config::NewModelName::Valid);
}

QTEST_GUILESS_MAIN(tst_Rules)
#include "tst_rules.moc"
