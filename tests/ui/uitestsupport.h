#pragma once

// Shared by the studio's tests: a real store on a temporary database holding the demo workspace,
// and a session loaded from it, as the app does at start.

#include "common/workspacesession.h"
#include "tempdatabase.h"

#include <config/demo.h>
#include <store/configstore.h>
#include <store/database.h>

#include <QApplication>
#include <QDialog>
#include <QTest>
#include <QTimer>

#include <functional>
#include <memory>

struct StudioFixture
{
    TempDatabase temp;
    std::unique_ptr<Store::Database> db;
    std::unique_ptr<Store::ConfigStore> store;
    std::unique_ptr<Ui::Common::WorkspaceSession> session;

    // False (with a QTest failure message) when the database cannot be opened.
    bool open(const Domain::Workspace &ws = Config::demoWorkspace())
    {
        auto opened = Store::Database::open(temp.path());
        if (!opened.ok()) {
            qWarning("%s", qPrintable(opened.error().message));
            return false;
        }
        db = std::move(opened.value());
        store = std::make_unique<Store::ConfigStore>(*db);
        const Util::Result<int> version = store->save(ws, {QStringLiteral("Demo")}, QStringLiteral("test"));
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
