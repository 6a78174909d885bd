// The impact preview's reader: the last N caller calls' request summaries, newest first, written
// by the receipt writer and read back with their shape (migration 12), never a probe's or a
// rehearsal's.
#include "store/database.h"
#include "store/pastrequests.h"
#include "store/receiptwriter.h"

#include <QTest>
#include <pgdatabase.h>
#include <receiptfactory.h>

using namespace Qt::StringLiterals;

namespace {

const QDateTime kBase(QDate(2026, 11, 1), QTime(12, 0), Qt::UTC);

Domain::Receipt call(int n, const QString &model)
{
    Domain::Receipt r = makeReceipt(u"req_%1"_s.arg(n), kBase.addSecs(n), model, u"c1"_s, 100);
    r.keyId = u"key_1"_s;
    r.projectId = u"default"_s;
    r.usage.inputTokens = 100 + n;
    r.usage.outputTokens = 10 + n;
    return r;
}

} // namespace

class tst_PastRequests : public QObject
{
    Q_OBJECT

    // One database per engine, written by init() before the first test function of its rows.
    EngineDatabases m_temps;
    EngineDatabase *m_temp = nullptr;
    std::map<QString, std::unique_ptr<Store::Database>> m_dbs;
    Store::Database *m_db = nullptr;

private Q_SLOTS:
    void initTestCase_data() { addEngineRows(); }

    // Five calls, a probe and a rehearsal between them; the fourth call uses tools and a JSON
    // schema on messages, streaming, from eu-west-1.
    void init()
    {
        REQUIRE_ENGINE();
        bool fresh = false;
        m_temp = &m_temps.current(&fresh);
        m_db = m_dbs[currentEngine()].get();
        if (!fresh)
            return;
        QList<Domain::Receipt> receipts;
        for (int n = 1; n <= 5; ++n)
            receipts << call(n, n % 2 ? u"demo/chat"_s : u"sim/solo"_s);
        Domain::Receipt &shaped = receipts[3];
        shaped.endpoint = Domain::Endpoint::Messages;
        shaped.stream = true;
        shaped.regionHeader = u"eu-west-1"_s;
        shaped.request = { true, false, false, true, 1234, 500 };
        Domain::Receipt probe = call(6, u"demo/chat"_s);
        probe.kind = Domain::CallKind::Probe;
        Domain::Receipt rehearsal = call(7, u"demo/chat"_s);
        rehearsal.kind = Domain::CallKind::Rehearsal;
        receipts.insert(2, probe);
        receipts.insert(4, rehearsal);
        Store::ReceiptWriter writer(m_temp->path());
        QVERIFY(writer.start().ok());
        for (const Domain::Receipt &r : std::as_const(receipts))
            writer.submit(r);
        QVERIFY(writer.flush().ok());
        writer.stop();
        auto db = Store::Database::open(m_temp->path(), Store::Database::Mode::ReadOnly);
        QVERIFY(db.ok());
        m_db = (m_dbs[currentEngine()] = std::move(db).value()).get();
    }

    void newestCallsFirst()
    {
        const auto all = Store::pastRequests(*m_db, 1000);
        QVERIFY(all.ok());
        QCOMPARE(all->size(), 5); // no probe, no rehearsal
        QStringList models;
        QList<qint64> inputs;
        for (const Store::PastRequest &p : *all) {
            models << p.model;
            inputs << p.inputTokens;
        }
        QCOMPARE(models,
                 QStringList({ u"demo/chat"_s, u"sim/solo"_s, u"demo/chat"_s, u"sim/solo"_s,
                               u"demo/chat"_s }));
        QCOMPARE(inputs, QList<qint64>({ 105, 104, 103, 102, 101 }));
        QCOMPARE(all->at(0).outputTokens, 15);
        QCOMPARE(all->at(0).keyId, u"key_1"_s);
        QCOMPARE(all->at(0).projectId, u"default"_s);
        QCOMPARE(all->at(0).shape, Domain::RequestShape {});
    }

    void shapeReadBack()
    {
        const auto all = Store::pastRequests(*m_db, 1000);
        QVERIFY(all.ok());
        const Store::PastRequest &p = all->at(1); // the fourth call
        QCOMPARE(Domain::toString(p.endpoint), Domain::toString(Domain::Endpoint::Messages));
        QVERIFY(p.stream);
        QCOMPARE(p.regionHeader, u"eu-west-1"_s);
        QVERIFY(p.shape.usesTools);
        QVERIFY(!p.shape.vision);
        QVERIFY(!p.shape.jsonObject);
        QVERIFY(p.shape.jsonSchema);
        QCOMPARE(p.shape.contextTokens, 1234);
        QCOMPARE(p.shape.maxOutputTokens, 500);
    }

    void lastNOnly()
    {
        const auto two = Store::pastRequests(*m_db, 2);
        QVERIFY(two.ok());
        QCOMPARE(two->size(), 2);
        QCOMPARE(two->at(0).inputTokens, 105);
        QCOMPARE(two->at(1).inputTokens, 104);
        const auto none = Store::pastRequests(*m_db, 0);
        QVERIFY(none.ok());
        QVERIFY(none->isEmpty());
    }
};

QTEST_GUILESS_MAIN(tst_PastRequests)
#include "tst_pastrequests.moc"
