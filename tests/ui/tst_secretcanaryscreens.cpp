// Secrets canary in the studio (R-SEC-3): a workspace whose connections take their keys
// from an environment variable, a credential file and stored credentials, with receipts of calls
// that succeeded and failed (upstreams echoing the key, a bad caller key). Every screen is shown,
// every row of every list on it selected in turn, and every text a user can read (labels,
// non-password fields, buttons, lists and tables, tool tips, the status bar) is searched for the
// canaries: none may appear. The core half is tests/gateway/tst_secretcanary.cpp.
#include "config/changelist.h"
#include "config/keys.h"
#include "fakeupstream.h"
#include "rawcalls.h"
#include "store/configstore.h"
#include "store/database.h"
#include "store/receiptreader.h"
#include "tempdatabase.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTextEdit>
#include <dashboard/dashboardscreen.h>
#include <gateway/gatewayservice.h>
#include <mainwindow/mainwindow.h>
#include <mainwindow/studio.h>
#include <runtime/runtime.h>

using namespace Qt::StringLiterals;

namespace {

constexpr int kTimeoutMs = 30000;
const QString kEnvName = u"SWITCHBOARD_CANARY_SCREEN_KEY"_s;

QString randomHex(int chars)
{
    QString out;
    while (out.size() < chars)
        out += QString::number(QRandomGenerator::global()->generate(), 16);
    return out.left(chars);
}

void collectModel(const QAbstractItemModel *model, const QModelIndex &parent, QStringList &out,
                  int depth = 0)
{
    if (!model || depth > 3)
        return;
    const int rows = qMin(model->rowCount(parent), 500);
    for (int r = 0; r < rows; ++r) {
        for (int c = 0; c < model->columnCount(parent); ++c) {
            const QModelIndex i = model->index(r, c, parent);
            out << i.data(Qt::DisplayRole).toString() << i.data(Qt::ToolTipRole).toString();
            if (c == 0 && model->hasChildren(i))
                collectModel(model, i, out, depth + 1);
        }
    }
    for (int c = 0; c < model->columnCount(parent); ++c)
        out << model->headerData(c, Qt::Horizontal).toString();
}

// Everything a user can read in the window now, hidden pages included.
QStringList readableTexts(QWidget *window)
{
    QStringList out { window->windowTitle() };
    for (QWidget *w : window->findChildren<QWidget *>()) {
        out << w->toolTip() << w->windowTitle();
        if (auto *l = qobject_cast<QLabel *>(w))
            out << l->text();
        else if (auto *e = qobject_cast<QLineEdit *>(w)) {
            if (e->echoMode() == QLineEdit::Normal)
                out << e->text();
            out << e->placeholderText();
        } else if (auto *t = qobject_cast<QTextEdit *>(w))
            out << t->toPlainText();
        else if (auto *p = qobject_cast<QPlainTextEdit *>(w))
            out << p->toPlainText();
        else if (auto *b = qobject_cast<QAbstractButton *>(w))
            out << b->text();
        else if (auto *c = qobject_cast<QComboBox *>(w)) {
            for (int i = 0; i < c->count(); ++i)
                out << c->itemText(i);
            out << c->currentText();
        }
        if (auto *v = qobject_cast<QAbstractItemView *>(w))
            collectModel(v->model(), v->rootIndex(), out);
    }
    return out;
}

} // namespace

class tst_SecretCanaryScreens : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void noScreenShowsACanary_R_SEC_3();
};

void tst_SecretCanaryScreens::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
}

void tst_SecretCanaryScreens::noScreenShowsACanary_R_SEC_3()
{
    const QString envKey = u"sk-proj-canaryenv"_s + randomHex(24);
    const QString fileKey = u"sk-ant-api03-canaryfile"_s + randomHex(24);
    const QString storedKey = randomHex(32); // Azure-shaped: no pattern recognises it
    const QString badCallerKey = u"sb-canarybadcaller"_s + randomHex(22);
    qputenv(kEnvName.toLatin1().constData(), envKey.toLatin1());
    QTemporaryDir dir;
    const QString keyFile = dir.filePath(u"provider.key"_s);
    {
        QFile f(keyFile);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(fileKey.toLatin1() + '\n');
        f.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    }

    FakeUpstream up;
    QVERIFY(up.listen());
    up.setDefault(FakeUpstream::openAiChat(u"up-x"_s));
    Domain::Workspace ws;
    ws.projects << Domain::Project { u"default"_s, u"Default"_s, {} };
    ws.providers << Domain::Provider { u"fake"_s, u"Fake"_s, false, false, {} };
    const QList<std::pair<QString, Domain::Credential>> connections {
        { u"conn-env"_s, { Domain::Credential::Kind::EnvironmentVariable, kEnvName, {} } },
        { u"conn-file"_s, { Domain::Credential::Kind::File, keyFile, {} } },
        { u"conn-stored"_s, { Domain::Credential::Kind::Stored, {}, storedKey } },
    };
    for (const auto &[name, credential] : connections) {
        Domain::Connection c;
        c.name = name;
        c.provider = u"fake"_s;
        c.kind = Domain::Dialect::OpenAi;
        c.baseUrl = up.baseUrl();
        c.credential = credential;
        ws.connections << c;
        Domain::Model m;
        m.name = u"test/"_s + name.section(u'-', 1);
        m.offerings << Domain::Offering { name, u"up-x"_s, {}, {}, true, {} };
        ws.models << m;
    }
    const Config::NewKey key
        = Config::makeKey(u"default"_s, u"test"_s, QDateTime::currentDateTimeUtc());
    ws.keys << key.key;
    TempDatabase temp;
    {
        auto db = Store::Database::open(temp.path());
        QVERIFY(db);
        Store::ConfigStore store(**db);
        QVERIFY(store.save(ws, { Config::workspaceCreated(u"Seed"_s) }, u"test"_s));
    }
    const QStringList canaries { envKey, fileKey, storedKey, key.secret, badCallerKey };

    Runtime::Runtime runtime;
    QVERIFY(runtime.open(temp.path(), u"switchboard"_s));
    Ui::Main::Studio studio(&runtime, true);
    QSignalSpy started(runtime.gateway(), &Gateway::GatewayService::started);
    Gateway::GatewayOptions options;
    options.port = 0;
    QVERIFY(runtime.start(options));
    QVERIFY(started.wait(kTimeoutMs));
    const quint16 port = quint16(started.at(0).at(0).toString().section(u':', -1).toUInt());

    // Calls on every connection: one served, one refused by an upstream that echoes the key.
    int calls = 0;
    for (const auto &[model, providerKey] :
         { std::pair { u"test/env"_s, envKey }, std::pair { u"test/file"_s, fileKey },
           std::pair { u"test/stored"_s, storedKey } }) {
        RawCalls ok(QHostAddress::LocalHost, port, key.secret, model, 1);
        QTRY_COMPARE_WITH_TIMEOUT(ok.closed(), 1, kTimeoutMs);
        QCOMPARE(ok.statuses(), QList<int> { 200 });
        up.enqueue(FakeUpstream::openAiError(
            400, u"bad_request"_s,
            u"Header api-key=%1 rejected; the key %1 may not use this model"_s.arg(providerKey)));
        RawCalls echoed(QHostAddress::LocalHost, port, key.secret, model, 1);
        QTRY_COMPARE_WITH_TIMEOUT(echoed.closed(), 1, kTimeoutMs);
        QCOMPARE(echoed.statuses(), QList<int> { 400 });
        calls += 2;
    }
    RawCalls bad(QHostAddress::LocalHost, port, badCallerKey, u"test/env"_s, 1);
    QTRY_COMPARE_WITH_TIMEOUT(bad.closed(), 1, kTimeoutMs);
    QCOMPARE(bad.statuses(), QList<int> { 401 });
    QTRY_COMPARE_WITH_TIMEOUT(
        [&] {
            auto db = Store::Database::open(temp.path(), Store::Database::Mode::ReadOnly);
            return db ? int(Store::ReceiptReader(**db).count()) : -1;
        }(),
        calls, kTimeoutMs);

    Ui::Main::MainWindow *window = studio.window();
    window->show();
    QVERIFY(QTest::qWaitForWindowExposed(window));
    // The dashboard's figures come from a loader thread; the other screens read on the spot.
    auto *dashboard = window->findChild<Ui::Dashboard::DashboardScreen *>();
    QVERIFY(dashboard);
    QSignalSpy dashboardRefreshed(dashboard, &Ui::Dashboard::DashboardScreen::refreshed);
    dashboard->reload();
    QVERIFY(dashboardRefreshed.wait(kTimeoutMs));
    QStringList texts;
    QStringList visited;
    QListWidget *nav = window->navigation();
    for (int screen = 0; screen < nav->count(); ++screen) {
        nav->setCurrentRow(screen);
        QCoreApplication::processEvents();
        visited << nav->item(screen)->text();
        texts << readableTexts(window);
        // Every row of every list on the screen, selected and activated in turn: details, editors,
        // the Calls drawer.
        for (QAbstractItemView *view : window->findChildren<QAbstractItemView *>()) {
            if (view == nav || !view->isVisible() || !view->model())
                continue;
            const int rows = qMin(view->model()->rowCount(view->rootIndex()), 20);
            for (int r = 0; r < rows; ++r) {
                const QModelIndex index = view->model()->index(r, 0, view->rootIndex());
                view->setCurrentIndex(index);
                Q_EMIT view->activated(index); // as Enter does: the Calls drawer opens
                QCoreApplication::processEvents();
                texts << readableTexts(window);
            }
        }
    }
    QVERIFY2(visited.size() >= 8, qPrintable(visited.join(u", "_s)));
    texts.removeAll(QString());
    const QString all = texts.join(u'\n');
    if (const QString dump = qEnvironmentVariable("CANARY_DUMP"); !dump.isEmpty()) {
        QFile f(dump); // for a reader checking what was searched
        if (f.open(QIODevice::WriteOnly))
            f.write(all.toUtf8());
    }
    // The search is not empty: the connections and the receipts' errors are on screen.
    QVERIFY2(all.contains(u"conn-stored"_s), qPrintable(visited.join(u", "_s)));
    QVERIFY2(all.contains(u"may not use this model"_s), qPrintable(visited.join(u", "_s)));
    for (const QString &canary : canaries) {
        const qsizetype at = all.indexOf(canary);
        QVERIFY2(at < 0,
                 qPrintable(u"canary on screen: …%1…"_s.arg(all.mid(qMax(0, at - 100), 200))));
    }
    QSignalSpy finished(&studio, &Ui::Main::Studio::finished);
    QVERIFY(window->close());
    QVERIFY(finished.wait(kTimeoutMs));
}

QTEST_MAIN(tst_SecretCanaryScreens)
#include "tst_secretcanaryscreens.moc"
