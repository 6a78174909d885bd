// The studio opening a file of an older schema: the receipts the migration rewrites count up in a
// dialog with an estimate, Cancel leaves the file as it was, and a new file shows nothing.
#include "mainwindow/databaseupgrade.h"

#include <QDir>
#include <QProgressDialog>
#include <QPushButton>
#include <QSemaphore>
#include <QSqlQuery>
#include <QTest>
#include <QTimer>
#include <atomic>
#include <oldschema.h>
#include <store/database.h>
#include <tempdatabase.h>

using namespace Qt::StringLiterals;
using Ui::Main::DatabaseUpgrade;

namespace {

constexpr int kReceipts = 25000; // three ranges of the migration

int schemaVersion(const QString &path)
{
    int version = -1;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"peek"_s);
        db.setDatabaseName(path);
        QSqlQuery q(db);
        if (db.open() && q.exec(u"PRAGMA user_version"_s) && q.next())
            version = q.value(0).toInt();
    }
    QSqlDatabase::removeDatabase(u"peek"_s);
    return version;
}

// Holds the migration's worker at a report until the test has seen what it wants.
class Gate
{
public:
    void holdAt(qint64 done) { m_at = done; }
    void pass(qint64 done)
    {
        if (done == m_at)
            m_open.tryAcquire(1, 20000);
    }
    void open() { m_open.release(); }

private:
    std::atomic<qint64> m_at = -1;
    QSemaphore m_open;
};

} // namespace

class tst_DatabaseUpgrade : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void countAndEstimateThenCancel_R_RCPT_1();
    void upgradeRunsToTheEnd_R_RCPT_1();
    void newFileShowsNothing();
};

// The dialog shows "10,000 of 25,000 receipts" with the time left; Cancel stops the migration
// and rolls it back: the file keeps schema 3.
void tst_DatabaseUpgrade::countAndEstimateThenCancel_R_RCPT_1()
{
    TempDatabase temp;
    QVERIFY(writeSchema3(temp.path(), kReceipts));
    DatabaseUpgrade upgrade(temp.path());
    upgrade.setProgressDelay(0);
    Gate gate;
    gate.holdAt(0); // the rate is timed from the moment the dialog has shown the start
    upgrade.setProgressHook([&](qint64 done, qint64) { gate.pass(done); });
    QString seen;
    QTimer watcher;
    connect(&watcher, &QTimer::timeout, this, [&] {
        QProgressDialog *dialog = upgrade.dialog();
        if (!dialog->isVisible())
            return;
        if (seen.isEmpty() && dialog->labelText().contains(u"0 of 25,000 receipts"_s)) {
            seen = dialog->labelText();
            gate.holdAt(10000);
            gate.open();
        } else if (dialog->labelText().contains(u"10,000 of 25,000 receipts"_s)) {
            seen = dialog->labelText();
            if (const QString shots = qEnvironmentVariable("SWITCHBOARD_SCREENSHOTS");
                !shots.isEmpty())
                dialog->grab().save(QDir(shots).filePath(u"database-upgrade.png"_s));
            watcher.stop();
            QTest::mouseClick(dialog->findChild<QPushButton *>(), Qt::LeftButton);
            gate.open();
        }
    });
    watcher.start(0);
    const Util::Status result = upgrade.run();
    QVERIFY2(!result, "cancelled");
    QCOMPARE(result.error().code, Util::kCancelled);
    QVERIFY2(seen.contains(u"workspace.sqlite"_s), qPrintable(seen));
    QVERIFY2(seen.contains(u"10,000 of 25,000 receipts"_s), qPrintable(seen));
    QVERIFY2(seen.contains(u"left"_s), qPrintable(seen));
    QVERIFY(!upgrade.dialog()->isVisible());
    QCOMPARE(schemaVersion(temp.path()), 3);
}

void tst_DatabaseUpgrade::upgradeRunsToTheEnd_R_RCPT_1()
{
    TempDatabase temp;
    QVERIFY(writeSchema3(temp.path(), kReceipts));
    DatabaseUpgrade upgrade(temp.path());
    upgrade.setProgressDelay(0);
    qint64 last = -1;
    upgrade.setProgressHook([&](qint64 done, qint64) { last = done; });
    QVERIFY(upgrade.run());
    QCOMPARE(last, kReceipts);
    QVERIFY(!upgrade.dialog()->isVisible());
    QCOMPARE(schemaVersion(temp.path()), Store::Database::latestSchemaVersion());
}

void tst_DatabaseUpgrade::newFileShowsNothing()
{
    TempDatabase temp;
    DatabaseUpgrade upgrade(temp.path());
    upgrade.setProgressDelay(0);
    int reports = 0;
    upgrade.setProgressHook([&](qint64, qint64) { ++reports; });
    bool shown = false;
    QTimer watcher;
    connect(&watcher, &QTimer::timeout, this,
            [&] { shown = shown || upgrade.dialog()->isVisible(); });
    watcher.start(0);
    QVERIFY(upgrade.run());
    QCOMPARE(reports, 0);
    QVERIFY(!shown);
    QCOMPARE(schemaVersion(temp.path()), Store::Database::latestSchemaVersion());
}

QTEST_MAIN(tst_DatabaseUpgrade)
#include "tst_databaseupgrade.moc"
