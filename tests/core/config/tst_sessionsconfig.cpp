#include "fixtures.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>
#include <config/changelist.h>
#include <config/demo.h>
#include <config/validator.h>
#include <config/workspacejson.h>

using namespace Qt::StringLiterals;
using Config::Problem;
using Code = Config::ProblemCode;
using Change = Config::Change;
using Entity = Config::Change::Entity;
using Domain::ClassifierCondition;
using Domain::ClassifierSignal;
using Domain::TaskClass;

Q_DECLARE_METATYPE(Config::Problem)
Q_DECLARE_METATYPE(Domain::Workspace)

namespace {

const QStringList kModes { u"off"_s, u"shadow"_s, u"suggest"_s };
const QStringList kClasses { u"chit_chat"_s, u"extraction"_s, u"summarisation"_s,
                             u"code"_s,      u"reasoning"_s,  u"tool_use"_s };

ClassifierCondition atLeast(ClassifierSignal s, qint64 v)
{
    return { s, ClassifierCondition::Op::AtLeast, v };
}

ClassifierCondition atMost(ClassifierSignal s, qint64 v)
{
    return { s, ClassifierCondition::Op::AtMost, v };
}

// fullWorkspace with every session setting away from its default.
Domain::Workspace sessionsWorkspace()
{
    Domain::Workspace ws = ConfigTest::fullWorkspace();
    ws.projects[0].sessions = { Domain::SessionMode::Shadow, 2 };
    ws.keys[0].sessions = { Domain::SessionMode::Suggest, 5 };
    ws.models[0].quality.setTier(TaskClass::ChitChat, 4);
    ws.models[0].quality.setTier(TaskClass::Code, 2);
    ws.models[1].quality.setTier(TaskClass::ToolUse, 5);
    ws.sessionWindowMinutes = 45;
    ws.classifierRules = {
        { TaskClass::Code,
          { atLeast(ClassifierSignal::CodeFences, 1), atMost(ClassifierSignal::UserChars, 400) } },
        { TaskClass::Reasoning, { atLeast(ClassifierSignal::ReasoningCue, 1) } },
        { TaskClass::Extraction, {} },
    };
    return ws;
}

// Sets (or, with an undefined value, removes) the value at a path such as "models.2.enabled".
QJsonValue setAt(QJsonValue node, QStringList path, const QJsonValue &value)
{
    const QString head = path.takeFirst();
    if (node.isArray()) {
        QJsonArray array = node.toArray();
        const int i = head.toInt();
        array[i] = path.isEmpty() ? value : setAt(array[i], path, value);
        return array;
    }
    QJsonObject object = node.toObject();
    if (path.isEmpty() && value.isUndefined())
        object.remove(head);
    else
        object[head] = path.isEmpty() ? value : setAt(object[head], path, value);
    return object;
}

QByteArray with(const Domain::Workspace &ws, const QString &path, const QJsonValue &value)
{
    const QJsonValue root = Config::workspaceToJson(ws);
    return QJsonDocument(setAt(root, path.split(u'.'), value).toObject()).toJson();
}

Problem err(const QString &path, Code code, QList<Config::ProblemArg> args = {})
{
    return Problem { Problem::Severity::Error, path, code, std::move(args) };
}

QJsonObject rule(const QString &cls, const QJsonArray &when)
{
    return QJsonObject { { u"class"_s, cls }, { u"when"_s, when } };
}

} // namespace

// Mixed-model sessions' settings in the workspace file, the validator and the change list
// (docs/config-format.md "Sessions").
class tst_SessionsConfig : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void roundTrip();
    void documentShape();
    void defaultsWhenAbsent();
    void emptyRulesMeanChitChat();
    void readerProblems_data();
    void readerProblems();
    void validatorProblems_data();
    void validatorProblems();
    void changeList();
    void demoIsClassifiedFromTheStart();
};

void tst_SessionsConfig::roundTrip()
{
    const Domain::Workspace ws = sessionsWorkspace();
    const QByteArray first = Config::exportWorkspace(ws);
    const Config::ImportResult r = Config::importWorkspace(first, &ws);
    QCOMPARE(r.problems, Config::validate(ws));
    QVERIFY2(!Config::hasErrors(r.problems), qPrintable(ConfigTest::describe(r.problems)));
    QVERIFY(r.workspace);
    QCOMPARE(r.workspace->projects, ws.projects);
    QCOMPARE(r.workspace->keys, ws.keys);
    QCOMPARE(r.workspace->models, ws.models);
    QCOMPARE(r.workspace->sessionWindowMinutes, 45);
    QCOMPARE(r.workspace->classifierRules, ws.classifierRules);
    QVERIFY(*r.workspace == ws);
    QCOMPARE(Config::exportWorkspace(*r.workspace), first);
}

void tst_SessionsConfig::documentShape()
{
    const QJsonObject root = Config::workspaceToJson(sessionsWorkspace());
    const QJsonObject project = root[u"projects"_s][0].toObject();
    QCOMPARE(project[u"sessions"_s].toObject(),
             (QJsonObject { { u"mode"_s, u"shadow"_s }, { u"qualityFloor"_s, 2 } }));
    QCOMPARE(root[u"keys"_s][0][u"sessions"_s][u"mode"_s].toString(), u"suggest"_s);
    // The default setting, and a model with no rated class, write nothing.
    QVERIFY(!root[u"projects"_s][1].toObject().contains(u"sessions"_s));
    QVERIFY(!root[u"models"_s][2].toObject().contains(u"quality"_s));
    // Only rated classes.
    QCOMPARE(root[u"models"_s][0][u"quality"_s].toObject(),
             (QJsonObject { { u"chit_chat"_s, 4 }, { u"code"_s, 2 } }));
    QCOMPARE(root[u"sessionWindowMinutes"_s].toInt(), 45);
    const QJsonArray rules = root[u"classifierRules"_s].toArray();
    QCOMPARE(rules.size(), 3);
    QCOMPARE(rules[0].toObject(),
             rule(u"code"_s,
                  { QJsonObject { { u"signal"_s, u"code_fences"_s }, { u"atLeast"_s, 1 } },
                    QJsonObject { { u"signal"_s, u"user_chars"_s }, { u"atMost"_s, 400 } } }));
    QCOMPARE(rules[2].toObject(), rule(u"extraction"_s, {}));
    // A workspace of defaults still shows its window and rules.
    const QJsonObject plain = Config::workspaceToJson(Domain::Workspace {});
    QCOMPARE(plain[u"sessionWindowMinutes"_s].toInt(), 30);
    QCOMPARE(plain[u"classifierRules"_s].toArray().size(), Domain::defaultClassifierRules().size());
}

// Files written before sessions existed import with the defaults: off, floor 3, nothing rated,
// a 30-minute window and the default rules.
void tst_SessionsConfig::defaultsWhenAbsent()
{
    const Domain::Workspace ws = sessionsWorkspace();
    QJsonValue root = Config::workspaceToJson(ws);
    root = setAt(root, { u"sessionWindowMinutes"_s }, QJsonValue::Undefined);
    root = setAt(root, { u"classifierRules"_s }, QJsonValue::Undefined);
    root = setAt(root, { u"projects"_s, u"0"_s, u"sessions"_s }, QJsonValue::Undefined);
    root = setAt(root, { u"keys"_s, u"0"_s, u"sessions"_s }, QJsonValue::Undefined);
    root = setAt(root, { u"models"_s, u"0"_s, u"quality"_s }, QJsonValue::Undefined);
    const Config::ImportResult r
        = Config::importWorkspace(QJsonDocument(root.toObject()).toJson(), &ws);
    QVERIFY2(!Config::hasErrors(r.problems), qPrintable(ConfigTest::describe(r.problems)));
    QVERIFY(r.workspace);
    QCOMPARE(r.workspace->sessionWindowMinutes, 30);
    QCOMPARE(r.workspace->classifierRules, Domain::defaultClassifierRules());
    QVERIFY(r.workspace->projects[0].sessions == Domain::SessionSettings {});
    QVERIFY(r.workspace->keys[0].sessions == Domain::SessionSettings {});
    QVERIFY(r.workspace->models[0].quality.isEmpty());
    QCOMPARE(r.workspace->models[1].quality.tier(TaskClass::ToolUse), 5);
}

void tst_SessionsConfig::emptyRulesMeanChitChat()
{
    Domain::Workspace ws = ConfigTest::fullWorkspace();
    const Config::ImportResult r
        = Config::importWorkspace(with(ws, u"classifierRules"_s, QJsonArray {}), &ws);
    QVERIFY2(!Config::hasErrors(r.problems), qPrintable(ConfigTest::describe(r.problems)));
    QVERIFY(r.workspace);
    QVERIFY(r.workspace->classifierRules.isEmpty());
    QCOMPARE(Config::workspaceToJson(*r.workspace)[u"classifierRules"_s], QJsonArray {});
}

void tst_SessionsConfig::readerProblems_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<Problem>("expected");
    const Domain::Workspace ws = sessionsWorkspace();
    const QJsonObject fences { { u"signal"_s, u"code_fences"_s }, { u"atLeast"_s, 1 } };
    QTest::newRow("unknown mode") << with(ws, u"projects.0.sessions.mode"_s, u"sometimes"_s)
                                  << err(u"projects[0].sessions.mode"_s, Code::UnknownValue,
                                         { u"sometimes"_s, kModes });
    QTest::newRow("floor not an integer")
        << with(ws, u"keys.0.sessions.qualityFloor"_s, 2.5)
        << err(u"keys[0].sessions.qualityFloor"_s, Code::WrongType, { u"integer"_s, u"number"_s });
    QTest::newRow("unknown class in quality")
        << with(ws, u"models.0.quality.poetry"_s, 3)
        << err(u"models[0].quality.poetry"_s, Code::UnknownValue, { u"poetry"_s, kClasses });
    QTest::newRow("tier too large to hold")
        << with(ws, u"models.0.quality.code"_s, 300)
        << err(u"models[0].quality.code"_s, Code::QualityTierOutOfRange,
               { u"openai-2/gpt-4o"_s, u"code"_s, 300, 0, 5 });
    QTest::newRow("unknown class in a rule")
        << with(ws, u"classifierRules.1.class"_s, u"poetry"_s)
        << err(u"classifierRules[1].class"_s, Code::UnknownValue, { u"poetry"_s, kClasses });
    QTest::newRow("rule without class")
        << with(ws, u"classifierRules"_s,
                QJsonArray { QJsonObject { { u"when"_s, QJsonArray { fences } } } })
        << err(u"classifierRules[0].class"_s, Code::RequiredMissing);
    QTest::newRow("unknown signal")
        << with(ws, u"classifierRules.0.when.1.signal"_s, u"vibes"_s)
        << err(u"classifierRules[0].when[1].signal"_s, Code::UnknownValue,
               { u"vibes"_s,
                 QStringList { u"tools"_s, u"tool_messages"_s, u"json_format"_s, u"messages"_s,
                               u"user_chars"_s, u"total_chars"_s, u"code_fences"_s,
                               u"code_markers"_s, u"code_words"_s, u"summary_cue"_s,
                               u"extraction_cue"_s, u"reasoning_cue"_s, u"digits"_s,
                               u"questions"_s } });
    QTest::newRow("both bounds") << with(ws, u"classifierRules.0.when.1.atLeast"_s, 3)
                                 << err(u"classifierRules[0].when[1]"_s,
                                        Code::ConditionNeedsOneBound, { 1, 2 });
    QTest::newRow("no bound") << with(ws, u"classifierRules.1.when.0.atLeast"_s,
                                      QJsonValue::Undefined)
                              << err(u"classifierRules[1].when[0]"_s, Code::ConditionNeedsOneBound,
                                     { 2, 1 });
    QTest::newRow("rules not an array")
        << with(ws, u"classifierRules"_s, QJsonObject {})
        << err(u"classifierRules"_s, Code::WrongType, { u"array"_s, u"object"_s });
}

// Each is an error at its path, and the workspace is not replaced.
void tst_SessionsConfig::readerProblems()
{
    QFETCH(QByteArray, json);
    QFETCH(Problem, expected);
    const Domain::Workspace ws = sessionsWorkspace();
    const Config::ImportResult r = Config::importWorkspace(json, &ws);
    QVERIFY2(r.problems.contains(expected), qPrintable(ConfigTest::describe(r.problems)));
    QVERIFY(!r.workspace);
}

void tst_SessionsConfig::validatorProblems_data()
{
    QTest::addColumn<Domain::Workspace>("ws");
    QTest::addColumn<Problem>("expected");
    const Domain::Workspace base = sessionsWorkspace();
    Domain::Workspace ws = base;
    ws.projects[1].sessions.qualityFloor = 0;
    QTest::newRow("project floor 0")
        << ws
        << err(u"projects[1].sessions.qualityFloor"_s, Code::QualityFloorOutOfRange,
               { u"project"_s, u"research"_s, 0, 1, 5 });
    ws = base;
    ws.keys[0].sessions.qualityFloor = 6;
    QTest::newRow("key floor 6") << ws
                                 << err(u"keys[0].sessions.qualityFloor"_s,
                                        Code::QualityFloorOutOfRange,
                                        { u"key"_s, u"ci-bot"_s, 6, 1, 5 });
    ws = base;
    ws.models[2].quality.setTier(TaskClass::Reasoning, 6);
    QTest::newRow("tier 6") << ws
                            << err(u"models[2].quality.reasoning"_s, Code::QualityTierOutOfRange,
                                   { u"sim/embed"_s, u"reasoning"_s, 6, 0, 5 });
    ws = base;
    ws.models[0].quality.setTier(TaskClass::ChitChat, -1);
    QTest::newRow("tier -1") << ws
                             << err(u"models[0].quality.chit_chat"_s, Code::QualityTierOutOfRange,
                                    { u"openai-2/gpt-4o"_s, u"chit_chat"_s, -1, 0, 5 });
    ws = base;
    ws.sessionWindowMinutes = 0;
    QTest::newRow("window 0") << ws
                              << err(u"sessionWindowMinutes"_s, Code::SessionWindowOutOfRange,
                                     { 0, 1, 1440 });
    ws.sessionWindowMinutes = 1441;
    QTest::newRow("window 1441") << ws
                                 << err(u"sessionWindowMinutes"_s, Code::SessionWindowOutOfRange,
                                        { 1441, 1, 1440 });
    ws = base;
    ws.classifierRules = QList<Domain::ClassifierRule>(65, Domain::ClassifierRule {});
    QTest::newRow("65 rules") << ws
                              << err(u"classifierRules"_s, Code::TooManyClassifierRules,
                                     { 65, 64 });
    ws = base;
    ws.classifierRules[1].conditions
        = QList<ClassifierCondition>(9, atLeast(ClassifierSignal::Digits, 1));
    QTest::newRow("9 conditions") << ws
                                  << err(u"classifierRules[1].when"_s, Code::TooManyConditions,
                                         { 2, 9, 8 });
    ws = base;
    ws.classifierRules[0].conditions[1].value = 100000001;
    QTest::newRow("value too large")
        << ws
        << err(u"classifierRules[0].when[1].atMost"_s, Code::ConditionValueOutOfRange,
               { 1, 2, u"user_chars"_s, 100000001, 0, 100000000 });
    ws.classifierRules[0].conditions[0].value = -1;
    QTest::newRow("value negative")
        << ws
        << err(u"classifierRules[0].when[0].atLeast"_s, Code::ConditionValueOutOfRange,
               { 1, 1, u"code_fences"_s, -1, 0, 100000000 });
}

// Each bound is checked, and the file's reader reports the same at the same path.
void tst_SessionsConfig::validatorProblems()
{
    QFETCH(Domain::Workspace, ws);
    QFETCH(Problem, expected);
    QVERIFY(!Config::hasErrors(Config::validate(sessionsWorkspace())));
    const QList<Problem> problems = Config::validate(ws);
    QVERIFY2(problems.contains(expected), qPrintable(ConfigTest::describe(problems)));
    const Config::ImportResult r = Config::importWorkspace(Config::exportWorkspace(ws), &ws);
    QVERIFY2(r.problems.contains(expected), qPrintable(ConfigTest::describe(r.problems)));
    QVERIFY(!r.workspace);
}

void tst_SessionsConfig::changeList()
{
    const Domain::Workspace before = ConfigTest::fullWorkspace();
    const Domain::Workspace after = sessionsWorkspace();
    QJsonArray rulesAfter = Config::workspaceToJson(after)[u"classifierRules"_s].toArray();
    QJsonArray rulesBefore = Config::workspaceToJson(before)[u"classifierRules"_s].toArray();
    const QList<Change> expected {
        { Entity::Workspace, u"Full workspace"_s, u"sessionWindowMinutes"_s, {}, 30, 45 },
        { Entity::Workspace,
          u"Full workspace"_s,
          u"classifierRules"_s,
          {},
          rulesBefore,
          rulesAfter },
        { Entity::Model, u"openai-2/gpt-4o"_s, u"quality.chit_chat"_s, {}, 0, 4 },
        { Entity::Model, u"openai-2/gpt-4o"_s, u"quality.code"_s, {}, 0, 2 },
        { Entity::Model, u"azure-eu/gpt-4o"_s, u"quality.tool_use"_s, {}, 0, 5 },
        { Entity::Project, u"default"_s, u"sessions.mode"_s, {}, u"off"_s, u"shadow"_s },
        { Entity::Project, u"default"_s, u"sessions.qualityFloor"_s, {}, 3, 2 },
        { Entity::Key, u"ci-bot"_s, u"sessions.mode"_s, {}, u"off"_s, u"suggest"_s },
        { Entity::Key, u"ci-bot"_s, u"sessions.qualityFloor"_s, {}, 3, 5 },
    };
    const QList<Change> changes = Config::changeList(before, after);
    QCOMPARE(changes, expected);
    QCOMPARE(Config::changesFromJson(Config::changesToJson(changes)), expected);
    QCOMPARE(changes[1].before.toArray().size(), Domain::defaultClassifierRules().size());
    QVERIFY(Config::concernsModel(changes[2], u"openai-2/gpt-4o"_s));
    // A new key states its session setting when it is not the default.
    Domain::Workspace withKey = after;
    Domain::Key key = after.keys[0];
    key.id = u"key_ba9876543210"_s;
    key.name = u"nightly"_s;
    key.revoked = false;
    key.directives = {};
    withKey.keys << key;
    const QList<Change> added = Config::changeList(after, withKey);
    QCOMPARE(added.size(), 3);
    QCOMPARE(
        added[1],
        (Change { Entity::Key, u"nightly"_s, u"sessions.mode"_s, {}, u"off"_s, u"suggest"_s }));
    // Rules changed in place, the count kept: still one fact.
    Domain::Workspace edited = after;
    edited.classifierRules[1].conditions[0].value = 2;
    const QList<Change> ruleEdit = Config::changeList(after, edited);
    QCOMPARE(ruleEdit.size(), 1);
    QCOMPARE(ruleEdit[0].field, u"classifierRules"_s);
}

// The demo's default project is in Shadow mode with floor 3 and its chat models are rated, so
// the key made at first run is classified from its first call; it imports without a problem.
void tst_SessionsConfig::demoIsClassifiedFromTheStart()
{
    const Domain::Workspace demo = Config::demoWorkspace();
    QVERIFY2(Config::validate(demo).isEmpty(),
             qPrintable(ConfigTest::describe(Config::validate(demo))));
    const Domain::Project *project = demo.project(u"default"_s);
    QVERIFY(project);
    QCOMPARE(Domain::toString(project->sessions.mode), u"shadow"_s);
    QCOMPARE(project->sessions.qualityFloor, 3);
    for (const Domain::Model &m : demo.models) {
        const bool chat = m.modality == Domain::Modality::Chat;
        QVERIFY2(m.quality.isEmpty() != chat, qPrintable(m.name));
    }
    const Domain::Model *mini = demo.model(u"sim-east/gpt-4o-mini"_s);
    QVERIFY(mini);
    QCOMPARE(mini->quality.tier(TaskClass::ChitChat), 4);
    QCOMPARE(mini->quality.tier(TaskClass::Code), 2);
    QCOMPARE(demo.model(u"demo/mixed"_s)->quality.tier(TaskClass::Reasoning), 4);
    QCOMPARE(demo.model(u"sim-anthropic/claude-sonnet-5"_s)->quality.tier(TaskClass::Code), 5);
    QCOMPARE(demo.classifierRules, Domain::defaultClassifierRules());
    const Config::ImportResult r = Config::importWorkspace(Config::exportWorkspace(demo));
    QVERIFY2(r.problems.isEmpty(), qPrintable(ConfigTest::describe(r.problems)));
}

QTEST_GUILESS_MAIN(tst_SessionsConfig)
#include "tst_sessionsconfig.moc"
