// Two studios on one database: the later save of two that started from the same version is refused
// with who saved what meanwhile, the draft stays, and Review moves it onto the newer version so
// that saving again keeps both changes. A studio on a runtime shows versions saved elsewhere, and
// says in the status bar while its PostgreSQL database is gone.
#include "common/changepreviewbar.h"
#include "common/editcommands.h"
#include "pgdatabase.h"
#include "uitestsupport.h"

#include <QDir>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalSpy>
#include <mainwindow/mainwindow.h>
#include <mainwindow/studio.h>
#include <runtime/runtime.h>

using namespace Qt::StringLiterals;
using namespace Ui;

namespace {

// Generous, for a loaded machine; the studio's runtime polls every 100 ms here.
constexpr int kTimeoutMs = 10000;

// The second studio: its own connection and store on the same file.
struct SecondStudio
{
    std::unique_ptr<Store::Database> db;
    std::unique_ptr<Store::ConfigStore> store;
    std::unique_ptr<Common::WorkspaceSession> session;

    bool open(const QString &path)
    {
        auto opened = Store::Database::open(path);
        if (!opened)
            return false;
        db = std::move(opened).value();
        store = std::make_unique<Store::ConfigStore>(*db);
        int version = 0;
        const Util::Result<Domain::Workspace> ws = store->load(&version);
        if (!ws)
            return false;
        session = std::make_unique<Common::WorkspaceSession>();
        session->setStore(store.get());
        session->load(*ws, version);
        return true;
    }
};

int weightOf(const Domain::Workspace &ws, const QString &model, int row)
{
    const Domain::Model *m = ws.model(model);
    return m && row < m->pool.deployments.size() ? m->pool.deployments.at(row).weight : -1;
}

bool enabled(const Domain::Workspace &ws, const QString &model)
{
    const Domain::Model *m = ws.model(model);
    return m && m->enabled;
}

// Saves as `author` (the studio names the user from $USER) through the bar's Save button.
void saveAs(const QString &author, Common::ChangePreviewBar &bar)
{
    qputenv("USER", author.toUtf8());
    QTest::mouseClick(bar.saveButton(), Qt::LeftButton);
}

} // namespace

class tst_ConcurrentSaves : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void laterSaveIsRefusedThenReviewedAndSaved_R_UI_4();
    void refusalOffersReview_R_UI_4();
    void studioShowsVersionsSavedElsewhere();
    void statusBarSaysWhileTheDatabaseIsGone();
};

void tst_ConcurrentSaves::laterSaveIsRefusedThenReviewedAndSaved_R_UI_4()
{
    StudioFixture alice;
    QVERIFY(alice.open(fixtureWorkspace()));
    SecondStudio bob;
    QVERIFY(bob.open(alice.temp.path()));
    QWidget alicePage;
    auto &aliceBar = *new Common::ChangePreviewBar(alice.session.get(), &alicePage);
    alicePage.show();
    QWidget bobPage;
    auto &bobBar = *new Common::ChangePreviewBar(bob.session.get(), &bobPage);
    bobPage.show();

    // Both start from version 1; Alice saves first.
    Common::WorkspaceSession &a = *alice.session;
    Common::WorkspaceSession &b = *bob.session;
    a.push(new Common::SetWeightCommand(&a, u"demo/chat"_s, 0, 4));
    b.push(new Common::SetModelEnabledCommand(&b, u"sim-flaky/gpt-4o"_s, false));
    saveAs(u"alice"_s, aliceBar);
    QCOMPARE(a.savedVersion(), 2);

    // Bob's save is refused; the box names the version, its author and what it changed.
    QString refusal;
    whenModal([&](QWidget *dialog) {
        auto *box = qobject_cast<QMessageBox *>(dialog);
        QVERIFY(box);
        refusal = box->text() + u'\n' + box->informativeText();
        if (const QString dir = qEnvironmentVariable("SWITCHBOARD_SCREENSHOTS"); !dir.isEmpty())
            QVERIFY(box->grab().save(QDir(dir).filePath(u"save-refused.png"_s)));
        box->button(QMessageBox::Cancel)->click();
    });
    saveAs(u"bob"_s, bobBar);
    QTRY_VERIFY(!refusal.isEmpty());
    QVERIFY2(refusal.contains(u"Changed by someone else (version 2, saved by alice): review and "
                              "save again."_s),
             qPrintable(refusal));
    QVERIFY2(refusal.contains(u"Version 2 changed: Model demo/chat: Weight of sim-east/gpt-4o: "
                              "3 → 4"_s),
             qPrintable(refusal));
    QCOMPARE(alice.store->latestVersion(), 2);
    // The draft stays, and the bar says the same with Review; Save waits for the review.
    QVERIFY(b.isModified());
    QVERIFY(!enabled(b.edited(), u"sim-flaky/gpt-4o"_s));
    QCOMPARE(b.savedVersion(), 1);
    QCOMPARE(b.newerVersion(), 2);
    QVERIFY2(bobBar.elsewhereText().startsWith(u"Changed by someone else (version 2, saved by "
                                               "alice)"_s),
             qPrintable(bobBar.elsewhereText()));
    QVERIFY(bobBar.reviewButton()->isVisible());
    QVERIFY(!bobBar.saveButton()->isEnabled());
    if (const QString dir = qEnvironmentVariable("SWITCHBOARD_SCREENSHOTS"); !dir.isEmpty()) {
        bobBar.resize(1100, bobBar.sizeHint().height());
        QVERIFY(bobBar.grab().save(QDir(dir).filePath(u"save-refused-bar.png"_s)));
    }

    // Review from the keyboard: Bob's edit on top of version 2, listed as what saving now changes.
    bobBar.reviewButton()->setFocus();
    QTest::keyClick(bobBar.reviewButton(), Qt::Key_Space);
    QCOMPARE(b.savedVersion(), 2);
    QCOMPARE(b.newerVersion(), 0);
    QCOMPARE(bobBar.elsewhereText(), QString());
    QCOMPARE(bobBar.changeLines().size(), 1);
    QVERIFY2(bobBar.changeLines().first().contains(u"sim-flaky/gpt-4o"_s),
             qPrintable(bobBar.changeLines().first()));
    QCOMPARE(weightOf(b.edited(), u"demo/chat"_s, 0), 4);
    QVERIFY(bobBar.saveButton()->isEnabled());

    saveAs(u"bob"_s, bobBar);
    QCOMPARE(b.savedVersion(), 3);
    const Util::Result<Domain::Workspace> latest = alice.store->load();
    QVERIFY(latest);
    QCOMPARE(weightOf(*latest, u"demo/chat"_s, 0), 4); // Alice's change
    QVERIFY(!enabled(*latest, u"sim-flaky/gpt-4o"_s)); // and Bob's
    const std::optional<Store::VersionInfo> info = alice.store->versionInfo(3);
    QVERIFY(info);
    QCOMPARE(info->author, u"bob"_s);
    QCOMPARE(info->changes.size(), 1);
}

void tst_ConcurrentSaves::refusalOffersReview_R_UI_4()
{
    StudioFixture alice;
    QVERIFY(alice.open(fixtureWorkspace()));
    SecondStudio bob;
    QVERIFY(bob.open(alice.temp.path()));
    QWidget bobPage;
    auto &bobBar = *new Common::ChangePreviewBar(bob.session.get(), &bobPage);
    bobPage.show();
    Common::WorkspaceSession &a = *alice.session;
    Common::WorkspaceSession &b = *bob.session;
    a.push(new Common::SetWeightCommand(&a, u"demo/chat"_s, 0, 4));
    QVERIFY(a.save(u"alice"_s));
    // Both changed the same weight: Bob's value wins the review, and the list shows it against
    // Alice's.
    b.push(new Common::SetWeightCommand(&b, u"demo/chat"_s, 0, 5));
    bool answered = false;
    whenModal([&](QWidget *dialog) {
        answered = true;
        QTest::keyClick(dialog, Qt::Key_Return); // Review is the default button
    });
    saveAs(u"bob"_s, bobBar);
    QTRY_VERIFY(answered);
    QCOMPARE(b.savedVersion(), 2);
    QCOMPARE(weightOf(b.edited(), u"demo/chat"_s, 0), 5);
    QCOMPARE(bobBar.changeLines(),
             QStringList { u"Model demo/chat: Weight of sim-east/gpt-4o: 4 → 5"_s });
    QVERIFY(b.save(u"bob"_s));
    QCOMPARE(alice.store->latestVersion(), 3);
}

void tst_ConcurrentSaves::studioShowsVersionsSavedElsewhere()
{
    StudioFixture elsewhere;
    QVERIFY(elsewhere.open(fixtureWorkspace()));
    Runtime::Runtime runtime;
    QVERIFY(runtime.open(elsewhere.temp.path(), u"studio"_s));
    runtime.setVersionPollInterval(100);
    Main::Studio studio(&runtime, false);
    Common::WorkspaceSession &mine = *studio.session();
    Common::WorkspaceSession &theirs = *elsewhere.session;

    // Without unsaved edits the screens show the new version.
    theirs.push(new Common::SetWeightCommand(&theirs, u"demo/chat"_s, 0, 4));
    QVERIFY(theirs.save(u"alice"_s));
    QTRY_COMPARE_WITH_TIMEOUT(mine.savedVersion(), 2, kTimeoutMs);
    QCOMPARE(weightOf(mine.edited(), u"demo/chat"_s, 0), 4);
    QVERIFY(!mine.isModified());

    // With them, the edits stay and the studio tells of the newer version; the gateway runs it.
    mine.push(new Common::SetModelEnabledCommand(&mine, u"sim-flaky/gpt-4o"_s, false));
    theirs.push(new Common::SetWeightCommand(&theirs, u"demo/chat"_s, 1, 2));
    QVERIFY(theirs.save(u"alice"_s));
    QTRY_COMPARE_WITH_TIMEOUT(mine.newerVersion(), 3, kTimeoutMs);
    QCOMPARE(runtime.version(), 3);
    QCOMPARE(mine.savedVersion(), 2);
    QVERIFY(mine.isModified());
    QVERIFY(!enabled(mine.edited(), u"sim-flaky/gpt-4o"_s));
    QCOMPARE(mine.changesElsewhere().size(), 1);

    // The studio's own save is current for the runtime without being read back as news.
    QVERIFY(mine.review());
    QSignalSpy loaded(&runtime, &Runtime::Runtime::versionLoaded);
    QVERIFY(mine.save(u"bob"_s));
    QCOMPARE(runtime.version(), 4);
    QTest::qWait(runtime.kVersionPollMs + 200);
    QCOMPARE(loaded.size(), 0);
    QCOMPARE(mine.newerVersion(), 0);
}

void tst_ConcurrentSaves::statusBarSaysWhileTheDatabaseIsGone()
{
    PgDatabase pg;
    REQUIRE_POSTGRES(pg);
    Runtime::Runtime runtime;
    QVERIFY(runtime.open(pg.url(), u"studio"_s));
    runtime.setVersionPollInterval(100);
    Main::Studio studio(&runtime, false);
    QCOMPARE(studio.window()->databaseLostText(), QString());
    // Gone: it refuses new connections first, so no reconnect can slip in before its
    // connections are ended.
    QVERIFY(pg.admin(u"ALTER DATABASE %1 ALLOW_CONNECTIONS false"_s.arg(pg.name())));
    QVERIFY(pg.admin(
        u"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '%1'"_s.arg(
            pg.name())));
    QTRY_VERIFY_WITH_TIMEOUT(!studio.window()->databaseLostText().isEmpty(), 5000);
    QVERIFY2(studio.window()->databaseLostText().contains(u"Database unreachable"_s),
             qPrintable(studio.window()->databaseLostText()));
    QVERIFY(!runtime.isDatabaseAvailable());
    // Back: the next reconnect finds it.
    QVERIFY(pg.admin(u"ALTER DATABASE %1 ALLOW_CONNECTIONS true"_s.arg(pg.name())));
    QTRY_COMPARE_WITH_TIMEOUT(studio.window()->databaseLostText(), QString(), 5000);
    QVERIFY(runtime.isDatabaseAvailable());
}

QTEST_MAIN(tst_ConcurrentSaves)
#include "tst_concurrentsaves.moc"
