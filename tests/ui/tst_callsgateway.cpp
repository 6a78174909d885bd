#include "tempdatabase.h"

#include <QComboBox>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QSignalSpy>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QTableView>
#include <QTest>
#include <QTranslator>
#include <calls/callsdrawer.h>
#include <calls/callsfilterbar.h>
#include <calls/callsscreen.h>
#include <calls/callstablemodel.h>
#include <common/workspacesession.h>
#include <config/keys.h>
#include <gateway/gatewayservice.h>
#include <store/database.h>
#include <store/receiptreader.h>
#include <store/receiptwriter.h>

using namespace Qt::StringLiterals;
using Ui::Calls::CallsScreen;

// Real calls through the embedded gateway to the built-in simulator (offline
// upstreams: one always answers, two always answer 503), then the Calls screen shows them.
namespace {

Domain::Connection simulator(const QString &name, bool failing)
{
    Domain::Connection c;
    c.name = name;
    c.provider = u"simulator"_s;
    c.kind = Domain::Dialect::Simulator;
    c.region = u"us-east-1"_s;
    c.simulator.latencyMs = 5;
    c.simulator.tokensPerSecond = 10000;
    if (failing) {
        c.simulator.failureRate = 1.0;
        c.simulator.failureKinds = { Domain::SimulatedFailure::Unavailable };
    }
    return c;
}

Domain::Model direct(const QString &name, const QStringList &connections)
{
    Domain::Model m;
    m.name = name;
    m.recovery.overridden = true;
    m.recovery.override.attempts = 3;
    m.recovery.override.deadlineMs = 20000;
    m.recovery.override.backoffFirstMs = 10;
    m.recovery.override.backoffMaxMs = 20;
    m.recovery.override.cooldownMs = 30;
    m.inputPricePerMTok = 1.0;
    m.outputPricePerMTok = 2.0;
    for (const QString &c : connections)
        m.offerings << Domain::Offering { c, name.section(u'/', 1), {}, {}, true, {} };
    return m;
}

struct LiveGateway
{
    TempDatabase temp;
    Domain::Workspace ws;
    QString key;
    Store::ReceiptWriter writer { temp.path() };
    std::unique_ptr<::Gateway::GatewayService> service;
    QString address;
    QNetworkAccessManager nam;

    LiveGateway()
    {
        ws.providers = { { u"simulator"_s, u"Simulator"_s } };
        ws.projects = { { u"default"_s, u"Default"_s, {} } };
        ws.connections = { simulator(u"sim-ok"_s, false), simulator(u"sim-bad"_s, true),
                           simulator(u"sim-bad-2"_s, true) };
        ws.models
            = { direct(u"t/first"_s, { u"sim-ok"_s }),
                direct(u"t/failover"_s, { u"sim-bad"_s, u"sim-ok"_s }),
                direct(u"t/broken"_s, { u"sim-bad"_s }), direct(u"t/rescue"_s, { u"sim-ok"_s }),
                direct(u"t/doomed"_s, { u"sim-bad-2"_s }) };
        Domain::Alias alias;
        alias.name = u"org/fast"_s;
        alias.target = u"t/broken"_s;
        alias.fallbackModels = { u"t/rescue"_s };
        ws.aliases = { alias };
        const Config::NewKey k
            = Config::makeKey(u"default"_s, u"test"_s, QDateTime::currentDateTimeUtc());
        ws.keys = { k.key };
        key = k.secret;
    }

    ~LiveGateway()
    {
        service.reset();
        writer.stop();
    }

    bool start()
    {
        if (!writer.start().ok())
            return false;
        service = std::make_unique<::Gateway::GatewayService>();
        service->setReceiptWriter(&writer);
        QSignalSpy started(service.get(), &::Gateway::GatewayService::started);
        ::Gateway::GatewayOptions options;
        options.port = 0;
        options.routingSeed = 42;
        options.simulatorSeed = 7;
        service->start(options, std::make_shared<const Domain::Workspace>(ws));
        if (!started.wait(10000))
            return false;
        address = started.at(0).at(0).toString();
        return true;
    }

    // The x-request-id of the answer; empty when the call did not complete. `answer` receives the
    // answer's body when given.
    QString chat(const QString &model, const QByteArray &regions = {}, QByteArray *answer = nullptr)
    {
        QNetworkRequest req(QUrl(u"http://"_s + address + u"/v1/chat/completions"_s));
        req.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
        req.setRawHeader("Authorization", "Bearer " + key.toLatin1());
        if (!regions.isEmpty())
            req.setRawHeader("x-gateway-model-regions", regions);
        const QJsonObject body {
            { u"model"_s, model },
            { u"messages"_s,
              QJsonArray { QJsonObject { { u"role"_s, u"user"_s }, { u"content"_s, u"hi"_s } } } }
        };
        QNetworkReply *reply = nam.post(req, QJsonDocument(body).toJson(QJsonDocument::Compact));
        QSignalSpy done(reply, &QNetworkReply::finished);
        if (!reply->isFinished() && !done.wait(20000))
            return {};
        const QString id = QString::fromLatin1(reply->rawHeader("x-request-id"));
        if (answer)
            *answer = reply->readAll();
        reply->deleteLater();
        return id;
    }
};

int rowOf(const CallsScreen &screen, const QString &requestId)
{
    return screen.tableModel()->rowOfRequestId(requestId);
}

QString cell(const CallsScreen &screen, const QString &requestId, int column)
{
    return screen.tableModel()->index(rowOf(screen, requestId), column).data().toString();
}

void open(CallsScreen &screen, const QString &requestId)
{
    const QModelIndex index = screen.tableModel()->index(rowOf(screen, requestId), 1);
    QTest::mouseClick(screen.tableView()->viewport(), Qt::LeftButton, {},
                      screen.tableView()->visualRect(index).center());
}

} // namespace

class tst_CallsGateway : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(u"switchboard-tests"_s);
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    }

    void realCallsInTableAndDrawer_R_UI_5();
    void translatedStudioSameAnswersAndReceipts_R_UI_9_data();
    void translatedStudioSameAnswersAndReceipts_R_UI_9();
};

void tst_CallsGateway::realCallsInTableAndDrawer_R_UI_5()
{
    LiveGateway g;
    QVERIFY(g.start());
    const QString first = g.chat(u"t/first"_s);
    const QString failover = g.chat(u"t/failover"_s);
    const QString fallback = g.chat(u"org/fast"_s);
    const QString failed = g.chat(u"t/doomed"_s);
    const QString region = g.chat(u"t/first"_s, "ap-south-1");
    for (const QString &id : { first, failover, fallback, failed, region })
        QVERIFY(!id.isEmpty());
    QVERIFY(g.writer.flush().ok());

    auto db = Store::Database::open(g.temp.path(), Store::Database::Mode::ReadOnly);
    QVERIFY(db.ok());
    Store::ReceiptReader reader(*db.value());
    Ui::Common::WorkspaceSession session;
    session.load(g.ws, 1);
    CallsScreen screen(&reader, &session);
    screen.tableModel()->setLiveDelay(0);
    screen.attachWriter(&g.writer);
    screen.resize(1300, 700);
    screen.show();
    QVERIFY(QTest::qWaitForWindowExposed(&screen));

    using M = Ui::Calls::CallsTableModel;
    QCOMPARE(screen.tableModel()->rowCount(), 5);
    QCOMPARE(rowOf(screen, region), 0); // newest first
    QCOMPARE(cell(screen, first, M::StatusColumn), u"200"_s);
    QCOMPARE(cell(screen, first, M::ServedByColumn), u"sim-ok"_s);
    QCOMPARE(cell(screen, first, M::AttemptsColumn), u"1"_s);
    QCOMPARE(cell(screen, failover, M::StatusColumn), u"200 · retried"_s);
    QCOMPARE(cell(screen, failover, M::AttemptsColumn), u"2"_s);
    QCOMPARE(cell(screen, fallback, M::ModelAskedColumn), u"org/fast → t/broken"_s);
    QCOMPARE(cell(screen, fallback, M::ModelServedColumn), u"t/rescue"_s);
    QCOMPARE(cell(screen, fallback, M::StatusColumn), u"200 · fell back"_s);
    QCOMPARE(cell(screen, failed, M::StatusColumn), u"503 · no_healthy_route"_s);
    QCOMPARE(cell(screen, failed, M::AttemptsColumn), u"3"_s);
    QCOMPARE(cell(screen, region, M::StatusColumn), u"400 · route_constraints_unmet"_s);
    QCOMPARE(cell(screen, region, M::AttemptsColumn), u"0"_s);

    Ui::Calls::CallsDrawer *drawer = screen.drawer();
    open(screen, first);
    QVERIFY2(drawer->subtitleText().startsWith(u"1 attempt · "_s),
             qPrintable(drawer->subtitleText()));
    QVERIFY(drawer->subtitleText().endsWith(u" · 200"_s));
    QCOMPARE(drawer->servedByText(), u"Served by: sim-ok (simulator) · t/first · upstream first"_s);

    open(screen, failover);
    QVERIFY2(drawer->subtitleText().startsWith(u"2 attempts · "_s),
             qPrintable(drawer->subtitleText()));
    QStringList attempts = drawer->attemptTexts();
    QCOMPARE(attempts.size(), 2);
    QVERIFY2(attempts.at(0).startsWith(u"1. t/failover via sim-bad · us-east-1 · 503\n"_s),
             qPrintable(attempts.at(0)));
    QVERIFY2(attempts.at(1).startsWith(u"2. t/failover via sim-ok · us-east-1 · 200\n"_s),
             qPrintable(attempts.at(1)));
    QVERIFY2(attempts.at(1).contains(u"(backoff)"_s), qPrintable(attempts.at(1)));
    QCOMPARE(drawer->servedByText(),
             u"Served by: sim-ok (simulator) · t/failover · upstream failover"_s);

    open(screen, fallback);
    QVERIFY2(drawer->detailText(u"Fallback"_s).startsWith(u"t/rescue"_s),
             qPrintable(drawer->detailText(u"Fallback"_s)));
    QCOMPARE(drawer->detailText(u"Alias"_s), u"org/fast → t/broken"_s);
    attempts = drawer->attemptTexts();
    QVERIFY2(attempts.last().contains(u"fallback t/rescue"_s), qPrintable(attempts.join(u'|')));
    QVERIFY(drawer->servedByText().startsWith(u"Served by: sim-ok (simulator) · t/rescue"_s));

    open(screen, failed);
    QVERIFY2(drawer->subtitleText().startsWith(u"3 attempts · "_s),
             qPrintable(drawer->subtitleText()));
    QVERIFY(drawer->subtitleText().endsWith(u" · 503"_s));
    QCOMPARE(drawer->servedByText(), u"Served by: none (last reached sim-bad-2)"_s);
    attempts = drawer->attemptTexts();
    QCOMPARE(attempts.size(), 3);
    // A single candidate retries after the longest of backoff and its cooldown (R-REC-3).
    QVERIFY2(attempts.at(1).contains(u"(cooldown)"_s) || attempts.at(1).contains(u"(backoff)"_s),
             qPrintable(attempts.at(1)));
    QVERIFY2(attempts.at(1).contains(u"waited "_s), qPrintable(attempts.at(1)));

    open(screen, region);
    QCOMPARE(drawer->subtitleText().section(u" · "_s, 0, 0), u"0 attempts"_s);
    QCOMPARE(drawer->servedByText(), u"Served by: none"_s);
    QCOMPARE(drawer->skipTexts().size(), 1);
    QVERIFY2(drawer->skipTexts().first().startsWith(
                 u"sim-ok · out_of_region · serving region us-east-1 is not in the request's "
                 "regions ap-south-1"_s),
             qPrintable(drawer->skipTexts().first()));

    // Filters on what the gateway wrote.
    Ui::Calls::CallsFilterBar *bar = screen.filterBar();
    bar->statusBox()->setCurrentIndex(bar->statusBox()->findText(u"Fell back"_s));
    QCOMPARE(screen.tableModel()->rowCount(), 1);
    QCOMPARE(screen.tableModel()->receiptRow(0).requestId, fallback);
    bar->statusBox()->setCurrentIndex(0);
    QCOMPARE(screen.tableModel()->rowCount(), 5);

    // A live call shows up without a reload; the selection stays on the call the user had open.
    QCOMPARE(screen.selectedRequestId(), region);
    const QString live = g.chat(u"t/first"_s);
    QVERIFY(!live.isEmpty());
    QTRY_COMPARE(screen.tableModel()->rowCount(), 6);
    QCOMPARE(screen.tableModel()->receiptRow(0).requestId, live);
    QCOMPARE(screen.selectedRequestId(), region);
}

namespace {

// What callers and the database get from the same calls: the error bodies, and every text
// column of the receipts that routing fills (decisions, skip details, fallback reasons, errors).
struct Observed
{
    QList<QByteArray> bodies;
    QStringList stored;
    std::optional<Domain::Receipt> failover;
};

Observed callAndRead(LiveGateway &g)
{
    Observed o;
    QByteArray body;
    // Served (their bodies carry times and ids): a retry, and a fallback.
    const QString failover = g.chat(u"t/failover"_s);
    g.chat(u"org/fast"_s);
    for (const auto &[model, regions] :
         QList<std::pair<QString, QByteArray>> { { u"t/doomed"_s, {} },
                                                 { u"t/first"_s, "ap-south-1" },
                                                 { u"t/first"_s, "eu.west.1" },
                                                 { u"t/none"_s, {} } }) {
        g.chat(model, regions, &body);
        o.bodies << body;
    }
    if (!g.writer.flush().ok())
        return o;
    auto db = Store::Database::open(g.temp.path(), Store::Database::Mode::ReadOnly);
    if (!db.ok())
        return o;
    QSqlQuery q(db.value()->handle());
    for (const QString &sql :
         { // an attempt's decision and a skip's detail, as stored in their receipt's row
           u"SELECT json_extract(a.value, '$[14]') FROM receipt, json_each(receipt.attempts) AS a "
           "ORDER BY receipt.id, a.key"_s,
           u"SELECT json_extract(s.value, '$[5]') FROM receipt, json_each(receipt.skips) AS s "
           "ORDER BY receipt.id, s.key"_s,
           u"SELECT fallback_reason || '|' || error_code || '|' || error_message FROM receipt "
           "ORDER BY id"_s }) {
        q.exec(sql);
        while (q.next())
            o.stored << q.value(0).toString();
    }
    o.failover = Store::ReceiptReader(*db.value()).receiptByRequestId(failover);
    return o;
}

} // namespace

void tst_CallsGateway::translatedStudioSameAnswersAndReceipts_R_UI_9_data()
{
    QTest::addColumn<QString>("qm");
    QTest::addColumn<QString>("retried");
    QTest::newRow("de") << u":/i18n/switchboard_de.qm"_s << u"wiederholt: 503 ist vorübergehend"_s;
    QTest::newRow("fr") << u":/i18n/switchboard_fr.qm"_s << u"réessayé : 503 est transitoire"_s;
}

// A studio speaking German or French changes nothing a caller or the
// database gets (the same answer bodies and stored receipts as in English), while the drawer shows
// the translated text.
void tst_CallsGateway::translatedStudioSameAnswersAndReceipts_R_UI_9()
{
    QFETCH(QString, qm);
    QFETCH(QString, retried);
    Observed english;
    {
        LiveGateway g;
        QVERIFY(g.start());
        english = callAndRead(g);
    }
    QTranslator translator;
    QVERIFY(translator.load(qm));
    QCoreApplication::installTranslator(&translator);
    Observed translated;
    {
        LiveGateway g;
        QVERIFY(g.start());
        translated = callAndRead(g);
    }
    QVERIFY(english.failover && translated.failover);
    Ui::Calls::CallsDrawer drawer;
    drawer.setReceipt(translated.failover);
    const QStringList attempts = drawer.attemptTexts();
    QCoreApplication::removeTranslator(&translator);

    QCOMPARE(english.bodies.size(), 4);
    QVERIFY(english.bodies.at(0).contains("no_healthy_route"));
    QVERIFY(english.bodies.at(3).contains("model_not_found"));
    QCOMPARE(translated.bodies, english.bodies);
    QVERIFY(english.stored.size() > 6);
    QVERIFY2(english.stored.contains(uR"({"causes":[{"args":[503],"code":"status_transient"}],)"
                                     R"("code":"attempt_retried"})"_s),
             qPrintable(english.stored.join(u'\n')));
    QCOMPARE(translated.stored, english.stored);
    QCOMPARE(translated.failover->attempts.first().decision,
             english.failover->attempts.first().decision);
    QVERIFY2(attempts.first().contains(retried), qPrintable(attempts.first()));
}

QTEST_MAIN(tst_CallsGateway)
#include "tst_callsgateway.moc"
