#include "fixtures.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSet>
#include <QTest>
#include <config/demo.h>
#include <config/workspacejson.h>

using namespace Qt::StringLiterals;
using Config::Problem;
using Code = Config::ProblemCode;

// Core states what is wrong with a workspace as facts: a code with arguments at a JSON path, never
// a sentence (STYLE.md "Errors"). The studio and the headless import word them at the edge.
class tst_Problem : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everyCodeHasADistinctStableName_R_CLI_2();
    void knownInvalidFileYieldsCodesAtPaths_R_CLI_2();
    void describeNamesCodeAndArguments();
};

void tst_Problem::everyCodeHasADistinctStableName_R_CLI_2()
{
    static const QRegularExpression snakeCase(u"^[a-z]+(_[a-z]+)*$"_s);
    QSet<QString> seen;
    int count = 0;
    for (int i = int(Code::None) + 1; !Config::toString(Code(i)).isEmpty(); ++i) {
        const QString name = Config::toString(Code(i));
        QVERIFY2(snakeCase.match(name).hasMatch(), qPrintable(name));
        QVERIFY2(!seen.contains(name), qPrintable(name));
        seen.insert(name);
        QVERIFY(Config::problemCodeFromString(name) == Code(i));
        ++count;
    }
    QCOMPARE(count, int(Code::KeyHashForm)); // the last code: none is left without a name
    // Names are stable: tests, logs and scripts compare them.
    QCOMPARE(Config::toString(Code::JsonSyntax), u"json_syntax"_s);
    QCOMPARE(Config::toString(Code::PoolEmpty), u"pool_empty"_s);
    QCOMPARE(Config::toString(Code::RecoveryOutOfRange), u"recovery_out_of_range"_s);
    QCOMPARE(Config::toString(Code::DeploymentOff), u"deployment_off"_s);
    QVERIFY(!Config::problemCodeFromString(u"no_such_code"_s));
}

// One file with something wrong in each part: reading and validation report codes with their
// arguments at the exact paths, in the file's order.
void tst_Problem::knownInvalidFileYieldsCodesAtPaths_R_CLI_2()
{
    QJsonObject root = Config::workspaceToJson(Config::demoWorkspace());
    root.insert(u"comment"_s, u"not a field"_s);
    QJsonArray models = root.value(u"models"_s).toArray();
    QJsonObject chat = models[6].toObject();
    QJsonObject pool = chat.value(u"pool"_s).toObject();
    QJsonArray rows = pool.value(u"deployments"_s).toArray();
    QJsonObject row = rows[0].toObject();
    row.insert(u"weight"_s, 0);
    rows[0] = row;
    pool.insert(u"deployments"_s, rows);
    chat.insert(u"pool"_s, pool);
    models[6] = chat;
    root.insert(u"models"_s, models);
    QJsonArray aliases = root.value(u"aliases"_s).toArray();
    QJsonObject alias = aliases[0].toObject();
    alias.insert(u"target"_s, u"nope/x"_s);
    aliases[0] = alias;
    root.insert(u"aliases"_s, aliases);

    const Config::ImportResult r = Config::importWorkspace(QJsonDocument(root).toJson());
    const QList<Problem> expected {
        { Problem::Severity::Warning, u"comment"_s, Code::UnknownField, {} },
        { Problem::Severity::Error,
          u"models[6].pool.deployments[0].weight"_s,
          Code::WeightOutOfRange,
          { u"sim-east/gpt-4o"_s, 0, 1, 10000 } },
        { Problem::Severity::Error,
          u"aliases[0].target"_s,
          Code::AliasTargetMissing,
          { u"org/fast"_s, u"nope/x"_s } },
    };
    QVERIFY2(r.problems == expected, qPrintable(ConfigTest::describe(r.problems)));
    QVERIFY(!r.workspace);
}

void tst_Problem::describeNamesCodeAndArguments()
{
    const Problem p { Problem::Severity::Error,
                      u"aliases[0].replacement"_s,
                      Code::ReplacementCycle,
                      { u"org/fast"_s, QStringList { u"org/fast"_s, u"org/next"_s } } };
    QCOMPARE(Config::describe(p), u"replacement_cycle(org/fast, [org/fast, org/next])"_s);
}

QTEST_GUILESS_MAIN(tst_Problem)
#include "tst_problem.moc"
