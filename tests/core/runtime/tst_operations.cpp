// The workspace operations both front ends share: key rules, import, export (R-CLI-1, R-CLI-2,
// R-SEC-3).
#include "config/changelist.h"
#include "config/demo.h"
#include "config/workspacejson.h"
#include "runtime/operations.h"
#include "store/configstore.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>
#include <tempdatabase.h>

using namespace Qt::StringLiterals;
using Runtime::Operations;

namespace {

const QString kAuthor = u"tester"_s;

std::unique_ptr<Operations> openOps(const QString &path)
{
    auto ops = Operations::open(path, kAuthor);
    return ops ? std::move(ops).value() : nullptr;
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

struct Step
{
    qint64 done;
    qint64 total;
    bool operator==(const Step &) const = default;
};

} // namespace

class tst_Operations : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void addKeyNeedsAProjectAndAName_R_SEC_3_data();
    void addKeyNeedsAProjectAndAName_R_SEC_3();
    void revokeKeyFindsItsKey_R_SEC_3();
    void importSavesOneVersionWithProgress_R_CLI_2();
    void refusedImportSavesNothing_R_CLI_2();
    void cancelledImportSavesNothing_R_CLI_2();
    void exportWritesTheSavedWorkspace_R_CLI_2();
    void exportToAnUnwritablePlaceSaysWhy_R_CLI_2();
    void createAndRevokeKeysSaveVersions_R_CLI_1();
    void emptyDatabaseHasNoWorkspace_R_CLI_1();
};

void tst_Operations::addKeyNeedsAProjectAndAName_R_SEC_3_data()
{
    QTest::addColumn<QString>("project");
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("code"); // empty: created
    QTest::newRow("existing project") << u"default"_s << u"ci"_s << QString();
    QTest::newRow("unknown project") << u"nope"_s << u"ci"_s << u"runtime.noProject"_s;
    QTest::newRow("blank name") << u"default"_s << u"  "_s << u"runtime.noKeyName"_s;
}

void tst_Operations::addKeyNeedsAProjectAndAName_R_SEC_3()
{
    QFETCH(QString, project);
    QFETCH(QString, name);
    QFETCH(QString, code);
    Domain::Workspace ws = Config::demoWorkspace();
    QVERIFY(ws.project(u"default"_s));
    const Domain::Workspace before = ws;
    const QDateTime now = QDateTime::fromMSecsSinceEpoch(1'700'000'000'000, Qt::UTC);
    const auto created = Runtime::addKey(ws, project, name, now);
    if (!code.isEmpty()) {
        QVERIFY(!created);
        QCOMPARE(created.error().code, code);
        QCOMPARE(ws, before);
        return;
    }
    QVERIFY(created);
    QCOMPARE(ws.keys.size(), before.keys.size() + 1);
    QCOMPARE(ws.keys.last(), created->key);
    QCOMPARE(created->key.project, project);
    QCOMPARE(created->key.name, name);
    QCOMPARE(created->key.createdAt, now);
    QVERIFY(created->secret.startsWith(created->key.prefix));
    QCOMPARE(created->key.sha256Hex, Config::hashKey(created->secret));
}

void tst_Operations::revokeKeyFindsItsKey_R_SEC_3()
{
    Domain::Workspace ws = Config::demoWorkspace();
    const auto created
        = Runtime::addKey(ws, u"default"_s, u"ci"_s, QDateTime::currentDateTimeUtc());
    QVERIFY(created);
    const auto revoked = Runtime::revokeKey(ws, created->key.id);
    QVERIFY(revoked);
    QCOMPARE(revoked->name, u"ci"_s);
    QVERIFY(ws.keys.last().revoked);
    const Domain::Workspace before = ws;
    const auto unknown = Runtime::revokeKey(ws, u"key_000000000000"_s);
    QVERIFY(!unknown);
    QCOMPARE(unknown.error().code, u"runtime.noKey"_s);
    QCOMPARE(ws, before);
}

// Into an empty database the file becomes version 1, its models listed as created; the same file
// again is one more version that names the file. Progress goes read, checked, saved.
void tst_Operations::importSavesOneVersionWithProgress_R_CLI_2()
{
    TempDatabase temp;
    auto ops = openOps(temp.path());
    QVERIFY(ops);
    QVERIFY(ops->isEmpty());
    const QByteArray file = Config::exportWorkspace(Config::demoWorkspace());
    QList<Step> steps;
    const auto first = ops->importWorkspace(file, u"demo.json"_s, [&](qint64 done, qint64 total) {
        steps.append({ done, total });
        return true;
    });
    QVERIFY(first);
    QVERIFY(!first->cancelled);
    QCOMPARE(first->version, 1);
    const QList<Step> expected { { 0, 3 }, { 1, 3 }, { 2, 3 }, { 3, 3 } };
    QCOMPARE(steps, expected);
    const auto history = ops->configStore()->versions();
    QCOMPARE(history.size(), 1);
    QCOMPARE(history.first().author, kAuthor);
    QCOMPARE(history.first().changes, Config::changeList(Domain::Workspace {}, *ops->workspace()));

    const auto again = ops->importWorkspace(file, u"demo.json"_s);
    QVERIFY(again);
    QCOMPARE(again->version, 2);
    const QList<Config::Change> named = ops->configStore()->versions().first().changes;
    QCOMPARE(named.size(), 1);
    QCOMPARE(named.first().field, u"import"_s);
    QCOMPARE(named.first().after.toString(), u"demo.json"_s);
}

void tst_Operations::refusedImportSavesNothing_R_CLI_2()
{
    TempDatabase temp;
    auto ops = openOps(temp.path());
    QVERIFY(ops);
    QVERIFY(ops->importWorkspace(Config::exportWorkspace(Config::demoWorkspace()), u"a"_s));
    QJsonObject bad
        = QJsonDocument::fromJson(Config::exportWorkspace(Config::demoWorkspace())).object();
    bad[u"models"_s] = u"not a list"_s;
    const auto refused = ops->importWorkspace(QJsonDocument(bad).toJson(), u"bad.json"_s);
    QVERIFY(refused);
    QCOMPARE(refused->version, 0);
    QVERIFY(Config::hasErrors(refused->problems));
    QCOMPARE(ops->configStore()->latestVersion(), 1);
}

// Stopped after reading: nothing is saved, and the outcome says it was cancelled.
void tst_Operations::cancelledImportSavesNothing_R_CLI_2()
{
    TempDatabase temp;
    auto ops = openOps(temp.path());
    QVERIFY(ops);
    const auto stopped
        = ops->importWorkspace(Config::exportWorkspace(Config::demoWorkspace()), u"demo.json"_s,
                               [](qint64 done, qint64) { return done < 1; });
    QVERIFY(stopped);
    QVERIFY(stopped->cancelled);
    QCOMPARE(stopped->version, 0);
    QVERIFY(ops->isEmpty());
}

void tst_Operations::exportWritesTheSavedWorkspace_R_CLI_2()
{
    TempDatabase temp;
    QTemporaryDir dir;
    auto ops = openOps(temp.path());
    QVERIFY(ops);
    QVERIFY(ops->createDemoWorkspace());
    const QString path = dir.filePath(u"out.json"_s);
    QVERIFY(ops->exportWorkspace(path));
    QCOMPARE(readAll(path), Config::exportWorkspace(*ops->workspace()));
}

void tst_Operations::exportToAnUnwritablePlaceSaysWhy_R_CLI_2()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(u"no such folder/out.json"_s);
    const Util::Status written = Runtime::writeWorkspaceFile(Config::demoWorkspace(), path);
    QVERIFY(!written);
    QCOMPARE(written.error().code, u"runtime.cannotWrite"_s);
    QCOMPARE(written.error().name(0), path);
    QVERIFY(!written.error().detail.isEmpty()); // the system's words
}

// Each key change is a version by the operations' author; revoking a revoked key saves none.
void tst_Operations::createAndRevokeKeysSaveVersions_R_CLI_1()
{
    TempDatabase temp;
    auto ops = openOps(temp.path());
    QVERIFY(ops);
    const auto secret = ops->createDemoWorkspace();
    QVERIFY(secret);
    QVERIFY(secret->startsWith(u"sb-"_s));
    const auto created = ops->createKey(u"default"_s, u"ci"_s);
    QVERIFY(created);
    QCOMPARE(created->version, 2);
    QVERIFY(ops->workspace()->keyByHash(Config::hashKey(created->secret)));
    QCOMPARE(ops->configStore()->versions().first().author, kAuthor);
    QCOMPARE(ops->createKey(u"nope"_s, u"ci"_s).error().code, u"runtime.noProject"_s);
    const auto revoked = ops->revokeKey(created->key.id);
    QVERIFY(revoked);
    QCOMPARE(revoked->version, 3);
    QVERIFY(revoked->secret.isEmpty());
    QVERIFY(ops->workspace()->keyByHash(Config::hashKey(created->secret))->revoked);
    const auto twice = ops->revokeKey(created->key.id);
    QVERIFY(twice);
    QCOMPARE(twice->version, 3);
    QCOMPARE(ops->configStore()->latestVersion(), 3);
}

void tst_Operations::emptyDatabaseHasNoWorkspace_R_CLI_1()
{
    TempDatabase temp;
    auto ops = openOps(temp.path());
    QVERIFY(ops);
    QVERIFY(!ops->workspace());
    QVERIFY(!ops->createKey(u"default"_s, u"ci"_s));
    QTemporaryDir dir;
    QVERIFY(!ops->exportWorkspace(dir.filePath(u"out.json"_s)));
    QVERIFY(!QFile::exists(dir.filePath(u"out.json"_s)));
}

QTEST_GUILESS_MAIN(tst_Operations)
#include "tst_operations.moc"
