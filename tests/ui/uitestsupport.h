#pragma once

// Shared by the studio's tests: a real store on a temporary database holding the demo workspace,
// and a session loaded from it, as the app does at start.

#include "common/changetext.h"
#include "common/translations.h"
#include "common/workspacesession.h"
#include "tempdatabase.h"

#include <QApplication>
#include <QDialog>
#include <QFile>
#include <QTest>
#include <QTimer>
#include <config/demo.h>
#include <config/workspacejson.h>
#include <functional>
#include <memory>
#include <store/configstore.h>
#include <store/database.h>

// The studio tests' own workspace (a frozen copy of the first demo workspace), so that the demo can
// grow without changing what these tests assert: simulator connections sim-east (us-east-1),
// sim-west-eu (eu-west-1), sim-flaky (us-east-1, 30 % failures); pools demo/chat (sim-east 3,
// sim-west-eu 1) and demo/resilient; alias org/fast → sim-east/gpt-4o-mini; projects default,
// research.
inline Domain::Workspace fixtureWorkspace()
{
    QFile file(QFINDTESTDATA("studio-fixture.json"));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("studio-fixture.json is missing");
    const Config::ImportResult imported = Config::importWorkspace(file.readAll());
    if (!imported.workspace)
        qFatal("studio-fixture.json does not import");
    return *imported.workspace;
}

struct StudioFixture
{
    TempDatabase temp;
    std::unique_ptr<Store::Database> db;
    std::unique_ptr<Store::ConfigStore> store;
    std::unique_ptr<Ui::Common::WorkspaceSession> session;

    // False (with a QTest failure message) when the database cannot be opened.
    bool open(const Domain::Workspace &ws = Config::demoWorkspace())
    {
        // As the studio starts: English plural forms ("1 change", "2 changes") underneath.
        Ui::Common::installEnglishPlurals();
        auto opened = Store::Database::open(temp.path());
        if (!opened.ok()) {
            qWarning("%s", qPrintable(Util::logText(opened.error())));
            return false;
        }
        db = std::move(opened.value());
        store = std::make_unique<Store::ConfigStore>(*db);
        const Util::Result<int> version
            = store->save(ws,
                          { Config::Change { Config::Change::Entity::Workspace,
                                             ws.name,
                                             QStringLiteral("import"),
                                             {},
                                             {},
                                             QStringLiteral("Demo") } },
                          QStringLiteral("test"));
        if (!version.ok())
            return false;
        session = std::make_unique<Ui::Common::WorkspaceSession>();
        session->setStore(store.get());
        session->load(ws, version.value());
        return true;
    }
};

// Answers the next modal dialog (QInputDialog, QMessageBox…) as soon as it is shown.
inline void whenModal(std::function<void(QWidget *)> answer)
{
    auto *timer = new QTimer;
    timer->setInterval(10);
    QObject::connect(timer, &QTimer::timeout, timer, [timer, answer] {
        if (QWidget *w = QApplication::activeModalWidget()) {
            timer->stop();
            timer->deleteLater();
            answer(w);
        }
    });
    timer->start();
}

// Replaces the text of a line edit or spin box as a user would: select all, type, Enter.
inline void typeInto(QWidget *field, const QString &text)
{
    field->setFocus();
    QTest::keyClick(field, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(field, text);
}
