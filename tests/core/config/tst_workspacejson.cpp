#include "fixtures.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>
#include <config/changelist.h>
#include <config/demo.h>
#include <config/validator.h>
#include <config/workspacejson.h>

using namespace Qt::StringLiterals;
using Config::Problem;
using Code = Config::ProblemCode;

Q_DECLARE_METATYPE(Domain::RecoverySettings)
Q_DECLARE_METATYPE(Domain::SimulatorApi)

namespace {

// Sets (or, with an undefined value, removes) the value at a path such as "models.2.enabled".
QJsonValue setAt(QJsonValue node, QStringList path, const QJsonValue &value)
{
    const QString head = path.takeFirst();
    if (node.isArray()) {
        QJsonArray array = node.toArray();
        const int i = head.toInt();
        if (path.isEmpty())
            array[i] = value;
        else
            array[i] = setAt(array[i], path, value);
        return array;
    }
    QJsonObject object = node.toObject();
    if (path.isEmpty() && value.isUndefined())
        object.remove(head);
    else
        object[head] = path.isEmpty() ? value : setAt(object[head], path, value);
    return object;
}

QByteArray demoWith(const QString &path, const QJsonValue &value)
{
    const QJsonValue root = Config::workspaceToJson(Config::demoWorkspace());
    return QJsonDocument(setAt(root, path.split(u'.'), value).toObject()).toJson();
}

Problem err(const QString &path, Code code, QList<Config::ProblemArg> args = {})
{
    return Problem { Problem::Severity::Error, path, code, std::move(args) };
}

} // namespace

class tst_WorkspaceJson : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void roundTripDemo_R_CLI_2();
    void roundTripEveryField_R_CLI_2();
    void secretsNeverExported_R_SEC_3();
    void secretsCarriedOver_R_SEC_3();
    void documentShape_R_CLI_2();
    void badFile_R_CLI_2_data();
    void badFile_R_CLI_2();
    void unknownFieldWarns_R_CLI_2();
    void documentedExampleImports_R_CLI_2();
    void recoveryTimeouts_R_REC_9_data();
    void recoveryTimeouts_R_REC_9();
    void caFileRoundTripsAndWarnsWhenUnreadable_R_CLI_2();
    void strictReceiptsRoundTrips_R_CLI_2_R_RCPT_1();
    void listingSettingsRoundTrip_R_CLI_2();
    void translationSettingsRoundTrip_R_XLAT_2_data();
    void translationSettingsRoundTrip_R_XLAT_2();
    void translationSettingsDefaultInOlderFiles_R_XLAT_2();

private:
    void typeRows();
};

void tst_WorkspaceJson::roundTripDemo_R_CLI_2()
{
    const Domain::Workspace demo = Config::demoWorkspace();
    QCOMPARE(demo.name, u"Demo workspace"_s);
    const QByteArray first = Config::exportWorkspace(demo);
    const Config::ImportResult r = Config::importWorkspace(first);
    QVERIFY2(r.problems.isEmpty(), qPrintable(ConfigTest::describe(r.problems)));
    QVERIFY(r.workspace);
    QVERIFY(*r.workspace == demo);
    QCOMPARE(Config::exportWorkspace(*r.workspace), first);
}

void tst_WorkspaceJson::roundTripEveryField_R_CLI_2()
{
    const Domain::Workspace ws = ConfigTest::fullWorkspace();
    // The only finding is the deliberately disabled deployment (R-PLAN-6 warning).
    const QList<Problem> checks = Config::validate(ws);
    QCOMPARE(checks.size(), 1);
    QVERIFY2(!Config::hasErrors(checks), qPrintable(ConfigTest::describe(checks)));
    const QByteArray first = Config::exportWorkspace(ws);
    const Config::ImportResult r = Config::importWorkspace(first, &ws);
    QCOMPARE(r.problems, checks);
    QVERIFY(r.workspace);
    QCOMPARE(r.workspace->models, ws.models);
    QCOMPARE(r.workspace->connections, ws.connections);
    QCOMPARE(r.workspace->keys, ws.keys);
    QVERIFY(*r.workspace == ws);
    QCOMPARE(Config::exportWorkspace(*r.workspace), first);
    // Exporting twice gives the same bytes: deterministic.
    QCOMPARE(Config::exportWorkspace(ws), first);
}

void tst_WorkspaceJson::secretsNeverExported_R_SEC_3()
{
    const Domain::Workspace ws = ConfigTest::fullWorkspace();
    QCOMPARE(ws.connections[0].credential.secret, u"sk-secret-42"_s);
    const QByteArray bytes = Config::exportWorkspace(ws);
    QVERIFY(!bytes.contains("sk-secret-42"));
    QVERIFY(!QJsonDocument(Config::workspaceToJson(ws)).toJson().contains("sk-secret-42"));
    QVERIFY(bytes.contains("\"kind\": \"stored\""));
}

void tst_WorkspaceJson::secretsCarriedOver_R_SEC_3()
{
    const Domain::Workspace ws = ConfigTest::fullWorkspace();
    const Config::ImportResult fresh = Config::importWorkspace(Config::exportWorkspace(ws));
    QVERIFY(fresh.workspace);
    QCOMPARE(fresh.workspace->connections[0].credential.secret, QString());
    const Problem expected { Problem::Severity::Warning,
                             u"connections[0].credential"_s,
                             Code::SecretNotCarried,
                             { u"openai-2"_s } };
    QVERIFY2(fresh.problems.contains(expected), qPrintable(ConfigTest::describe(fresh.problems)));

    const Config::ImportResult again = Config::importWorkspace(Config::exportWorkspace(ws), &ws);
    QVERIFY(again.workspace);
    QCOMPARE(again.workspace->connections[0].credential.secret, u"sk-secret-42"_s);
    QVERIFY(!again.problems.contains(expected));
}

void tst_WorkspaceJson::documentShape_R_CLI_2()
{
    Domain::Workspace ws = ConfigTest::fullWorkspace();
    ws.directives = {};
    ws.directives.requireZdr = false;
    const QJsonObject o = QJsonDocument::fromJson(Config::exportWorkspace(ws)).object();
    QCOMPARE(o.value(u"format"_s).toString(), u"switchboard-workspace"_s);
    QCOMPARE(o.value(u"version"_s).toInt(), 1);
    // Unset directives are left out; a set one is written even when false.
    QCOMPARE(o.value(u"directives"_s).toObject(), (QJsonObject { { u"requireZdr"_s, false } }));
    const QJsonObject key = o.value(u"keys"_s).toArray().at(0).toObject();
    QCOMPARE(key.value(u"createdAt"_s).toString(), u"2026-11-29T19:00:01.234Z"_s);
    const QJsonObject alias = o.value(u"aliases"_s).toArray().at(0).toObject();
    QCOMPARE(alias.value(u"deprecationDate"_s).toString(), u"2027-03-01"_s);
}

void tst_WorkspaceJson::badFile_R_CLI_2_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<Problem>("expected");
    QTest::newRow("syntax error with position")
        << QByteArray("{\n  \"format\": \"switchboard-workspace\",\n  \"name\": \"x\n}")
        << err(QString(), Code::JsonSyntax, { 4, 2, u"unterminated string"_s, 54 });
    QTest::newRow("syntax error mid-file")
        << QByteArray("{\n  \"format\": \"switchboard-workspace\",\n  \"version\" 1\n}")
        << err(QString(), Code::JsonSyntax, { 3, 14, u"missing name separator"_s, 52 });
    QTest::newRow("not an object") << QByteArray("[1, 2]") << err(QString(), Code::NotAnObject);
    QTest::newRow("other format") << QByteArray(R"({"format": "something", "version": 1})")
                                  << err(u"format"_s, Code::NotAWorkspace,
                                         { u"switchboard-workspace"_s });
    QTest::newRow("newer version")
        << QByteArray(R"({"format": "switchboard-workspace", "version": 2})")
        << err(u"version"_s, Code::UnsupportedVersion, { 1, u"2"_s });
    typeRows();
}

void tst_WorkspaceJson::typeRows()
{
    QTest::newRow("expected a boolean")
        << demoWith(u"models.2.enabled"_s, u"yes"_s)
        << err(u"models[2].enabled"_s, Code::WrongType, { u"boolean"_s, u"string"_s });
    QTest::newRow("expected an integer")
        << demoWith(u"models.0.contextWindow"_s, 1.5)
        << err(u"models[0].contextWindow"_s, Code::WrongType, { u"integer"_s, u"number"_s });
    QTest::newRow("expected an array")
        << demoWith(u"models"_s, QJsonObject {})
        << err(u"models"_s, Code::WrongType, { u"array"_s, u"object"_s });
    QTest::newRow("unknown enum value")
        << demoWith(u"models.0.modality"_s, u"audio"_s)
        << err(u"models[0].modality"_s, Code::UnknownValue,
               { u"audio"_s, QStringList { u"chat"_s, u"embedding"_s } });
    QTest::newRow("unknown failure kind")
        << demoWith(u"connections.2.simulator.failureKinds"_s, QJsonArray { u"meteor"_s })
        << err(u"connections[2].simulator.failureKinds[0]"_s, Code::UnknownValue,
               { u"meteor"_s,
                 QStringList { u"rate_limited"_s, u"server_error"_s, u"unavailable"_s,
                               u"overloaded"_s, u"timeout"_s, u"drop"_s, u"stream_cut"_s,
                               u"stall"_s, u"undecodable"_s, u"refusal"_s,
                               u"connection_refused"_s } });
    QTest::newRow("unknown simulator api")
        << demoWith(u"connections.2.simulator.api"_s, u"gemini"_s)
        << err(u"connections[2].simulator.api"_s, Code::UnknownValue,
               { u"gemini"_s, QStringList { u"both"_s, u"openai"_s, u"anthropic"_s } });
    QTest::newRow("max output tokens not an integer")
        << demoWith(u"models.0.maxOutputTokens"_s, u"lots"_s)
        << err(u"models[0].maxOutputTokens"_s, Code::WrongType, { u"integer"_s, u"string"_s });
    QTest::newRow("missing required field")
        << demoWith(u"connections.1.name"_s, QJsonValue::Undefined)
        << err(u"connections[1].name"_s, Code::RequiredMissing);
    QTest::newRow("bad date") << demoWith(u"aliases.0.deprecationDate"_s, u"01/03/2027"_s)
                              << err(u"aliases[0].deprecationDate"_s, Code::BadDate,
                                     { u"01/03/2027"_s });
    QTest::newRow("invalid reference")
        << demoWith(u"aliases.0.target"_s, u"nope/x"_s)
        << err(u"aliases[0].target"_s, Code::AliasTargetMissing, { u"org/fast"_s, u"nope/x"_s });
    QTest::newRow("invalid weight")
        << demoWith(u"models.6.pool.deployments.0.weight"_s, 0)
        << err(u"models[6].pool.deployments[0].weight"_s, Code::WeightOutOfRange,
               { u"sim-east/gpt-4o"_s, 0, 1, 10000 });
    QTest::newRow("strict receipts not a boolean R-RCPT-1")
        << demoWith(u"strictReceipts"_s, u"yes"_s)
        << err(u"strictReceipts"_s, Code::WrongType, { u"boolean"_s, u"string"_s });
    QTest::newRow("recovery default of the wrong type R-REC-9")
        << demoWith(u"recoveryDefaults"_s, QJsonObject { { u"connectTimeoutMs"_s, u"fast"_s } })
        << err(u"recoveryDefaults.connectTimeoutMs"_s, Code::WrongType,
               { u"integer"_s, u"string"_s });
    QTest::newRow("recovery default out of range R-REC-9")
        << demoWith(u"recoveryDefaults"_s, QJsonObject { { u"streamIdleTimeoutMs"_s, 500 } })
        << err(u"recoveryDefaults.streamIdleTimeoutMs"_s, Code::RecoveryOutOfRange,
               { u"streamIdleTimeoutMs"_s, QString(), 500, 1000, 600000 });
    QTest::newRow("model timeout out of range R-REC-9")
        << demoWith(u"models.0.recovery"_s,
                    QJsonObject { { u"overridden"_s, true }, { u"connectTimeoutMs"_s, 50 } })
        << err(u"models[0].recovery.connectTimeoutMs"_s, Code::RecoveryOutOfRange,
               { u"connectTimeoutMs"_s, u"sim-east/gpt-4o"_s, 50, 100, 60000 });
    QTest::newRow("model timeout of the wrong type R-REC-9")
        << demoWith(u"models.0.recovery"_s, QJsonObject { { u"streamStartTimeoutMs"_s, 1.5 } })
        << err(u"models[0].recovery.streamStartTimeoutMs"_s, Code::WrongType,
               { u"integer"_s, u"number"_s });
}

// Files written before R-REC-9 (no recoveryDefaults, recovery without timeouts) load with the
// SPEC's values; whatever a file sets is read, and written back the same.
void tst_WorkspaceJson::recoveryTimeouts_R_REC_9_data()
{
    QTest::addColumn<QJsonValue>("defaults"); // undefined: left out
    QTest::addColumn<QJsonValue>("modelRecovery");
    QTest::addColumn<Domain::RecoverySettings>("expectedDefaults");
    QTest::addColumn<Domain::RecoverySettings>("expectedOverride");

    const Domain::RecoverySettings spec;
    const QJsonObject oldRecovery { { u"overridden"_s, true },   { u"attempts"_s, 5 },
                                    { u"deadlineMs"_s, 60000 },  { u"backoffFirstMs"_s, 200 },
                                    { u"backoffMaxMs"_s, 4000 }, { u"cooldownMs"_s, 10000 } };
    QTest::newRow("old file") << QJsonValue(QJsonValue::Undefined) << QJsonValue(oldRecovery)
                              << spec << Domain::RecoverySettings { 5, 60000, 200, 4000, 10000 };
    QJsonObject withTimeouts = oldRecovery;
    withTimeouts.insert(u"connectTimeoutMs"_s, 100);
    withTimeouts.insert(u"streamStartTimeoutMs"_s, 600000);
    withTimeouts.insert(u"streamIdleTimeoutMs"_s, 1000);
    QTest::newRow("timeouts on the model")
        << QJsonValue(QJsonValue::Undefined) << QJsonValue(withTimeouts) << spec
        << Domain::RecoverySettings { 5, 60000, 200, 4000, 10000, 100, 600000, 1000 };
    QTest::newRow("some defaults")
        << QJsonValue(QJsonObject { { u"connectTimeoutMs"_s, 2000 }, { u"attempts"_s, 2 } })
        << QJsonValue(oldRecovery)
        << Domain::RecoverySettings { 2, 180000, 100, 2000, 5000, 2000, 30000, 30000 }
        << Domain::RecoverySettings { 5, 60000, 200, 4000, 10000 };
    QTest::newRow("every default")
        << QJsonValue(QJsonObject { { u"attempts"_s, 1 },
                                    { u"deadlineMs"_s, 600000 },
                                    { u"backoffFirstMs"_s, 0 },
                                    { u"backoffMaxMs"_s, 0 },
                                    { u"cooldownMs"_s, 120000 },
                                    { u"connectTimeoutMs"_s, 60000 },
                                    { u"streamStartTimeoutMs"_s, 1000 },
                                    { u"streamIdleTimeoutMs"_s, 600000 } })
        << QJsonValue(withTimeouts)
        << Domain::RecoverySettings { 1, 600000, 0, 0, 120000, 60000, 1000, 600000 }
        << Domain::RecoverySettings { 5, 60000, 200, 4000, 10000, 100, 600000, 1000 };
}

void tst_WorkspaceJson::recoveryTimeouts_R_REC_9()
{
    QFETCH(QJsonValue, defaults);
    QFETCH(QJsonValue, modelRecovery);
    QFETCH(Domain::RecoverySettings, expectedDefaults);
    QFETCH(Domain::RecoverySettings, expectedOverride);
    QJsonObject root = Config::workspaceToJson(Config::demoWorkspace());
    QVERIFY(!root.contains(u"recoveryDefaults"_s)); // the SPEC's values are not written
    if (!defaults.isUndefined())
        root.insert(u"recoveryDefaults"_s, defaults);
    root = setAt(root, { u"models"_s, u"0"_s, u"recovery"_s }, modelRecovery).toObject();
    const QByteArray file = QJsonDocument(root).toJson();

    const Config::ImportResult r = Config::importWorkspace(file);
    QVERIFY2(r.problems.isEmpty(), qPrintable(ConfigTest::describe(r.problems)));
    QVERIFY(r.workspace);
    QCOMPARE(r.workspace->recoveryDefaults, expectedDefaults);
    QCOMPARE(r.workspace->models[0].recovery.override, expectedOverride);
    QCOMPARE(r.workspace->recovery(r.workspace->models[0]), expectedOverride);
    QCOMPARE(r.workspace->recovery(r.workspace->models[1]), expectedDefaults);

    const Config::ImportResult again
        = Config::importWorkspace(Config::exportWorkspace(*r.workspace));
    QVERIFY(again.workspace);
    QVERIFY(*again.workspace == *r.workspace);
}

void tst_WorkspaceJson::badFile_R_CLI_2()
{
    QFETCH(QByteArray, json);
    QFETCH(Problem, expected);
    const Config::ImportResult r = Config::importWorkspace(json);
    QVERIFY2(r.problems.contains(expected), qPrintable(ConfigTest::describe(r.problems)));
    QVERIFY(!r.workspace);
}

void tst_WorkspaceJson::unknownFieldWarns_R_CLI_2()
{
    const Config::ImportResult r
        = Config::importWorkspace(demoWith(u"models.1.colour"_s, u"red"_s));
    const QList<Problem> expected { Problem { Problem::Severity::Warning, u"models[1].colour"_s,
                                              Code::UnknownField } };
    QCOMPARE(r.problems, expected);
    QVERIFY(r.workspace);
    QVERIFY(*r.workspace == Config::demoWorkspace());
}

void tst_WorkspaceJson::caFileRoundTripsAndWarnsWhenUnreadable_R_CLI_2()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString readable = dir.filePath(u"ca.pem"_s);
    QFile f(readable);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.close();
    Domain::Workspace ws = ConfigTest::fullWorkspace();
    ws.connections[0].caFile = readable;
    const QList<Problem> before = Config::validate(ws);
    const Config::ImportResult r = Config::importWorkspace(Config::exportWorkspace(ws), &ws);
    QVERIFY(r.workspace);
    QCOMPARE(r.workspace->connections.at(0).caFile, readable);
    QCOMPARE(r.problems, before);
    // A file that cannot be read is a warning, not an error: it may exist only where the
    // gateway runs.
    ws.connections[0].caFile = dir.filePath(u"missing.pem"_s);
    const QList<Problem> after = Config::validate(ws);
    QCOMPARE(after.size(), before.size() + 1);
    QVERIFY(!Config::hasErrors(after));
    bool found = false;
    for (const Problem &p : after)
        found = found
            || (p.path == u"connections[0].caFile"_s && p.severity == Problem::Severity::Warning);
    QVERIFY(found);
}

// The example in docs/config-format.md must stay a valid file.
// Written only when on, so files of workspaces without it stay as they were.
void tst_WorkspaceJson::strictReceiptsRoundTrips_R_CLI_2_R_RCPT_1()
{
    Domain::Workspace ws = Config::demoWorkspace();
    QVERIFY(!Config::workspaceToJson(ws).contains(u"strictReceipts"_s));
    ws.strictReceipts = true;
    QCOMPARE(Config::workspaceToJson(ws).value(u"strictReceipts"_s), QJsonValue(true));
    const Config::ImportResult r = Config::importWorkspace(Config::exportWorkspace(ws));
    QVERIFY2(r.problems.isEmpty(), qPrintable(ConfigTest::describe(r.problems)));
    QVERIFY(r.workspace);
    QVERIFY(r.workspace->strictReceipts);
    QVERIFY(*r.workspace == ws);
}

// Provider listings: the source and the two workspace settings survive export and import, are
// written only when set, and the runtime-only listing fields are neither exported nor compared.
void tst_WorkspaceJson::listingSettingsRoundTrip_R_CLI_2()
{
    Domain::Workspace ws = Config::demoWorkspace();
    const QJsonObject plain = Config::workspaceToJson(ws);
    QVERIFY(!plain.contains(u"listingRefreshMinutes"_s));
    QVERIFY(!plain.contains(u"listingMaxAgeHours"_s));
    ws.providers[1].listingSource = u"https://example.com/listing.json"_s;
    ws.listingRefreshMinutes = 15;
    ws.listingMaxAgeHours = 6;
    const QJsonObject o = Config::workspaceToJson(ws);
    QCOMPARE(o.value(u"listingRefreshMinutes"_s), QJsonValue(15));
    QCOMPARE(o.value(u"listingMaxAgeHours"_s), QJsonValue(6));
    QCOMPARE(o.value(u"providers"_s).toArray().at(1).toObject().value(u"listingSource"_s),
             QJsonValue(u"https://example.com/listing.json"_s));
    Domain::Workspace running = ws;
    running.providers[1].listingFetchedAt = QDateTime(QDate(2026, 11, 29), QTime(12, 0), Qt::UTC);
    running.providers[1].listingError = u"timeout"_s;
    running.providers[1].listingRefreshFailures = 2;
    running.providers[1].listingStale = true;
    QVERIFY(running == ws);
    QCOMPARE(Config::exportWorkspace(running), Config::exportWorkspace(ws));
    QVERIFY(Config::changeList(ws, running).isEmpty());
    const Config::ImportResult r = Config::importWorkspace(Config::exportWorkspace(ws));
    QVERIFY2(r.problems.isEmpty(), qPrintable(ConfigTest::describe(r.problems)));
    QVERIFY(r.workspace);
    QVERIFY(*r.workspace == ws);
    QCOMPARE(r.workspace->listingRefreshMinutes, 15);
    QCOMPARE(r.workspace->listingMaxAgeHours, 6);
    QCOMPARE(r.workspace->providers[1].listingSource, u"https://example.com/listing.json"_s);
    // The change bar lists each.
    const QList<Config::Change> changes = Config::changeList(Config::demoWorkspace(), ws);
    QStringList fields;
    for (const Config::Change &c : changes)
        fields << c.field;
    QVERIFY2(fields.contains(u"listingSource"_s) && fields.contains(u"listingRefreshMinutes"_s)
                 && fields.contains(u"listingMaxAgeHours"_s),
             qPrintable(fields.join(u", "_s)));
}

// A model's max output tokens and the simulator's API survive export and import at any value.
void tst_WorkspaceJson::translationSettingsRoundTrip_R_XLAT_2_data()
{
    QTest::addColumn<int>("maxOutputTokens");
    QTest::addColumn<Domain::SimulatorApi>("api");
    QTest::addColumn<QString>("apiName");
    QTest::newRow("defaults") << 4096 << Domain::SimulatorApi::Both << u"both"_s;
    QTest::newRow("lowest, openai") << 1 << Domain::SimulatorApi::OpenAi << u"openai"_s;
    QTest::newRow("highest, anthropic")
        << 1000000 << Domain::SimulatorApi::Anthropic << u"anthropic"_s;
}

void tst_WorkspaceJson::translationSettingsRoundTrip_R_XLAT_2()
{
    QFETCH(int, maxOutputTokens);
    QFETCH(Domain::SimulatorApi, api);
    QFETCH(QString, apiName);
    Domain::Workspace ws = ConfigTest::fullWorkspace();
    ws.models[1].maxOutputTokens = maxOutputTokens;
    ws.connections[2].simulator.api = api;
    const QJsonObject root = Config::workspaceToJson(ws);
    const QJsonObject model = root.value(u"models"_s).toArray().at(1).toObject();
    QCOMPARE(model.value(u"maxOutputTokens"_s), QJsonValue(maxOutputTokens));
    const QJsonObject sim = root.value(u"connections"_s).toArray().at(2).toObject();
    QCOMPARE(sim.value(u"simulator"_s).toObject().value(u"api"_s), QJsonValue(apiName));

    const Config::ImportResult r = Config::importWorkspace(Config::exportWorkspace(ws), &ws);
    QVERIFY(r.workspace);
    QCOMPARE(r.workspace->models[1].maxOutputTokens, maxOutputTokens);
    QCOMPARE(Domain::toString(r.workspace->connections[2].simulator.api), apiName);
    QVERIFY(*r.workspace == ws);
}

// Files written before these settings import with their defaults: 4,096 tokens, both APIs.
void tst_WorkspaceJson::translationSettingsDefaultInOlderFiles_R_XLAT_2()
{
    const Domain::Workspace ws = ConfigTest::fullWorkspace();
    QJsonValue root = Config::workspaceToJson(ws);
    root = setAt(root, { u"models"_s, u"0"_s, u"maxOutputTokens"_s }, QJsonValue::Undefined);
    root = setAt(root, { u"connections"_s, u"2"_s, u"simulator"_s, u"api"_s },
                 QJsonValue::Undefined);
    QVERIFY(!root[u"models"_s][0].toObject().contains(u"maxOutputTokens"_s));
    QVERIFY(!root[u"connections"_s][2][u"simulator"_s].toObject().contains(u"api"_s));

    const Config::ImportResult r
        = Config::importWorkspace(QJsonDocument(root.toObject()).toJson(), &ws);
    QCOMPARE(r.problems, Config::validate(ws));
    QVERIFY(r.workspace);
    QCOMPARE(r.workspace->models[0].maxOutputTokens, 4096);
    QCOMPARE(Domain::toString(r.workspace->connections[2].simulator.api), u"both"_s);
    Domain::Workspace expected = ws;
    expected.models[0].maxOutputTokens = Domain::Model {}.maxOutputTokens;
    expected.connections[2].simulator.api = Domain::SimulatorApi::Both;
    QVERIFY(*r.workspace == expected);
}

void tst_WorkspaceJson::documentedExampleImports_R_CLI_2()
{
    const QString path = QFINDTESTDATA("../../../docs/config-format.md");
    QFile doc(path);
    QVERIFY2(doc.open(QIODevice::ReadOnly), qPrintable(path));
    const QByteArray text = doc.readAll();
    const qsizetype start = text.indexOf("```json\n");
    QVERIFY(start >= 0);
    const qsizetype end = text.indexOf("```", start + 8);
    const Config::ImportResult r = Config::importWorkspace(text.mid(start + 8, end - start - 8));
    QVERIFY2(r.problems.isEmpty(), qPrintable(ConfigTest::describe(r.problems)));
    QVERIFY(r.workspace);
    QCOMPARE(r.workspace->models.size(), 3);
    QCOMPARE(r.workspace->models[1].offerings[0].probes.structuredPassed, 9);
    QCOMPARE(r.workspace->models[1].maxOutputTokens, 8192);
    QCOMPARE(r.workspace->models[0].maxOutputTokens, 4096);
}

QTEST_GUILESS_MAIN(tst_WorkspaceJson)
#include "tst_workspacejson.moc"
