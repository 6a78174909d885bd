// The Keys screen's mixed-model session figures (ReceiptStats::sessionsByKey and the loader's
// StatsQuery::sessions): per key, its classified calls' class mix, suggestions, acceptance and
// projected savings, over a window of UTC days, callers' calls only.
#include "store/database.h"
#include "store/receiptstats.h"
#include "store/receiptwriter.h"
#include "store/statsloader.h"
#include "store/storeerror.h"

#include <QSignalSpy>
#include <QTest>
#include <pgdatabase.h>
#include <receiptfactory.h>

using namespace Qt::StringLiterals;
using Domain::SessionMode;
using Domain::TaskClass;
using Store::KeySessionStats;
using Store::ReceiptStats;
using Store::SessionDay;

namespace {

const QDate kDay0(2026, 11, 1);
const QDateTime kStart(kDay0, QTime(0, 0), Qt::UTC);
constexpr qint64 kDay = 24LL * 60 * 60 * 1000;
constexpr qint64 kHour = 60LL * 60 * 1000;

// A call of `key` at `atMs` after kStart; classified when mode is not Off. Savings are binary
// fractions, so that their sums are exact.
Domain::Receipt call(const QString &key, qint64 atMs, SessionMode mode,
                     TaskClass taskClass = TaskClass::ChitChat, const QString &suggested = {},
                     double saving = 0, bool accepted = false)
{
    static int serial = 0;
    Domain::Receipt r = makeReceipt(u"req_%1"_s.arg(++serial), kStart.addMSecs(atMs),
                                    u"big/model"_s, u"c1"_s, 100);
    r.keyId = key;
    r.projectId = u"default"_s;
    if (mode != SessionMode::Off)
        r.session = { mode, taskClass, u"messages=2 (≥ 1)"_s, suggested, saving, accepted };
    return r;
}

// key_a over three days: day 0 two Shadow code calls (one suggested, 0.25) and a Suggest
// extraction call suggested (0.5), not accepted; day 1 nothing; day 2 a Suggest chit-chat call
// suggested (0.125), not accepted, and a Suggest tool call that accepted an earlier suggestion.
// key_b on day 1: a Shadow reasoning call suggested (2.0) and a summarisation one. Not counted:
// key_a's call with sessions off, a classified probe and rehearsal, calls a millisecond before the
// window and at its end (key_c has only those).
QList<Domain::Receipt> knownCalls()
{
    const QString small = u"small/model"_s;
    QList<Domain::Receipt> calls {
        call(u"key_a"_s, 1 * kHour, SessionMode::Shadow, TaskClass::Code, small, 0.25),
        call(u"key_a"_s, 2 * kHour, SessionMode::Shadow, TaskClass::Code),
        call(u"key_a"_s, kDay - 1, SessionMode::Suggest, TaskClass::Extraction, small, 0.5),
        call(u"key_a"_s, 3 * kHour, SessionMode::Off),
        call(u"key_a"_s, 2 * kDay, SessionMode::Suggest, TaskClass::ChitChat, small, 0.125),
        call(u"key_a"_s, 2 * kDay + kHour, SessionMode::Suggest, TaskClass::ToolUse, {}, 0, true),
        call(u"key_b"_s, kDay + kHour, SessionMode::Shadow, TaskClass::Reasoning, small, 2.0),
        call(u"key_b"_s, kDay + 2 * kHour, SessionMode::Shadow, TaskClass::Summarisation),
        call(u"key_a"_s, kHour, SessionMode::Shadow, TaskClass::Code, small, 64.0),
        call(u"key_a"_s, kHour, SessionMode::Shadow, TaskClass::Code, small, 64.0),
        call(u"key_a"_s, -1, SessionMode::Shadow, TaskClass::Code, small, 64.0),
        call(u"key_c"_s, -1, SessionMode::Shadow, TaskClass::Code, small, 64.0),
        call(u"key_c"_s, 3 * kDay, SessionMode::Suggest, TaskClass::Code, small, 64.0, true),
    };
    calls[8].kind = Domain::CallKind::Probe;
    calls[9].kind = Domain::CallKind::Rehearsal;
    return calls;
}

SessionDay day(int n, int classified, int suggestions, int accepted, double saving)
{
    return { kDay0.addDays(n), classified, suggestions, accepted, saving };
}

KeySessionStats keyA()
{
    KeySessionStats a;
    a.keyId = u"key_a"_s;
    a.classified = 5;
    a.classMix
        = { 1, 1, 0, 2, 0, 1 }; // chit-chat, extraction, summarisation, code, reasoning, tool
    a.suggestions = 3;
    a.suggestOffers = 2;
    a.accepted = 1;
    a.projectedSaving = 0.875;
    a.days = { day(0, 3, 2, 0, 0.75), day(1, 0, 0, 0, 0), day(2, 2, 1, 1, 0.125) };
    return a;
}

KeySessionStats keyB()
{
    KeySessionStats b;
    b.keyId = u"key_b"_s;
    b.classified = 2;
    b.classMix = { 0, 0, 1, 0, 1, 0 };
    b.suggestions = 1;
    b.projectedSaving = 2.0;
    b.days = { day(0, 0, 0, 0, 0), day(1, 2, 1, 0, 2.0), day(2, 0, 0, 0, 0) };
    return b;
}

// `s` over a longer window: the days after its own at zero.
KeySessionStats padded(KeySessionStats s, int days)
{
    for (int n = int(s.days.size()); n < days; ++n)
        s.days << day(n, 0, 0, 0, 0);
    return s;
}

QString errorText(const Util::Result<QList<KeySessionStats>> &r)
{
    return r ? QString() : Util::logText(r.error());
}

} // namespace

class tst_SessionStats : public QObject
{
    Q_OBJECT

    // One database per engine, written by init() before the first test function of its rows.
    EngineDatabases m_temps;
    EngineDatabase *m_temp = nullptr;
    std::map<QString, std::unique_ptr<Store::Database>> m_dbs;
    Store::Database *m_db = nullptr;

private Q_SLOTS:
    void initTestCase_data() { addEngineRows(); }

    void init()
    {
        REQUIRE_ENGINE();
        bool fresh = false;
        m_temp = &m_temps.current(&fresh);
        m_db = m_dbs[currentEngine()].get();
        if (!fresh)
            return;
        Store::ReceiptWriter writer(m_temp->path());
        QVERIFY(writer.start().ok());
        for (const Domain::Receipt &r : knownCalls())
            writer.submit(r);
        QVERIFY(writer.flush().ok());
        writer.stop();
        auto db = Store::Database::open(m_temp->path(), Store::Database::Mode::ReadOnly);
        QVERIFY(db.ok());
        m_db = (m_dbs[currentEngine()] = std::move(db).value()).get();
    }

    // Each key apart, by key id: its class mix, suggestions (either mode) and offers (Suggest
    // mode), acceptances, savings in total and per day, every day of the window present.
    void perKeyOverTheWindow()
    {
        const auto result = ReceiptStats(*m_db).sessionsByKey(kStart, 3 * kDay);
        QVERIFY2(result.ok(), qPrintable(errorText(result)));
        QCOMPARE(result->size(), 2);
        QCOMPARE(result->at(0).keyId, u"key_a"_s);
        QCOMPARE(result->at(0).classMix, keyA().classMix);
        QCOMPARE(result->at(0).days, keyA().days);
        QCOMPARE(result->at(0), keyA());
        QCOMPARE(result->at(1), keyB());
    }

    // Acceptance counts Suggest mode's offers only: a Shadow suggestion was never offered.
    void acceptanceRate()
    {
        QCOMPARE(keyA().acceptanceRate(), 0.5);
        QCOMPARE(keyB().acceptanceRate(), 0.0); // Shadow only: nothing offered
        const auto result = ReceiptStats(*m_db).sessionsByKey(kStart, 3 * kDay);
        QVERIFY(result.ok());
        QCOMPARE(result->at(0).acceptanceRate(), 0.5);
    }

    // A window that starts and ends inside a day has the days it touches, counting only its
    // own calls: key_a's 01:00 and 02:00 calls are before it, its day-0 extraction call in it.
    void windowOfPartialDays()
    {
        const auto result
            = ReceiptStats(*m_db).sessionsByKey(kStart.addMSecs(12 * kHour), 2 * kDay);
        QVERIFY2(result.ok(), qPrintable(errorText(result)));
        QCOMPARE(result->size(), 2);
        const KeySessionStats &a = result->at(0);
        QCOMPARE(a.classified, 3);
        QCOMPARE(a.projectedSaving, 0.625);
        QCOMPARE(a.days,
                 (QList { day(0, 1, 1, 0, 0.5), day(1, 0, 0, 0, 0), day(2, 2, 1, 1, 0.125) }));
        QCOMPARE(result->at(1).days.size(), 3);
    }

    // No classified call in the window: no key; a window past the limit is refused.
    void emptyAndRefusedWindows()
    {
        const auto empty = ReceiptStats(*m_db).sessionsByKey(kStart.addMSecs(10 * kDay), kDay);
        QVERIFY2(empty.ok(), qPrintable(errorText(empty)));
        QVERIFY(empty->isEmpty());
        const auto tooLong
            = ReceiptStats(*m_db).sessionsByKey(kStart, ReceiptStats::kMaxSessionWindowMs + 1);
        QVERIFY(!tooLong.ok());
        QCOMPARE(tooLong.error().code, Store::toString(Store::ErrorCode::BadStatisticsWindow));
    }

    // Off the caller's thread: a query of 30 days asks for the sessions (past the Dashboard's
    // limits, whose figures are left out, without an error); one without them gets none; a day
    // of hours gets both.
    void loaderAnswersSessions()
    {
        Store::StatsLoader loader(m_temp->path());
        QSignalSpy answered(&loader, &Store::StatsLoader::answered);
        Store::StatsQuery days;
        days.from = kStart;
        days.bucketMs = kDay;
        days.count = 30;
        days.sessions = true;
        loader.request(days);
        QVERIFY(answered.wait(10000));
        auto answer = answered.takeFirst().at(0).value<Store::StatsAnswer>();
        QVERIFY2(!answer.error,
                 qPrintable(answer.error ? Util::logText(*answer.error) : QString()));
        QCOMPARE(answer.sessions.size(), 3); // key_c's call at the end of day 2 is in these
        QCOMPARE(answer.sessions.at(0).days.size(), 30);
        QCOMPARE(answer.sessions.at(0), padded(keyA(), 30));
        QCOMPARE(answer.sessions.at(2).keyId, u"key_c"_s);
        QCOMPARE(answer.sessions.at(2).accepted, 1);
        QCOMPARE(answer.sessions.at(2).days.at(3), day(3, 1, 1, 1, 64.0));
        QVERIFY(answer.buckets.isEmpty());

        Store::StatsQuery hours;
        hours.from = kStart;
        hours.bucketMs = kHour;
        hours.count = 24;
        loader.request(hours);
        QVERIFY(answered.wait(10000));
        answer = answered.takeFirst().at(0).value<Store::StatsAnswer>();
        QVERIFY(!answer.error);
        QVERIFY(answer.sessions.isEmpty());
        QCOMPARE(answer.buckets.size(), 24);

        hours.sessions = true; // a window both fit: both answered
        loader.request(hours);
        QVERIFY(answered.wait(10000));
        answer = answered.takeFirst().at(0).value<Store::StatsAnswer>();
        QVERIFY(!answer.error);
        QCOMPARE(answer.buckets.size(), 24);
        QCOMPARE(answer.sessions.size(), 1);
        QCOMPARE(answer.sessions.at(0).classified, 3); // key_a's day 0
        QCOMPARE(answer.sessions.at(0).days, QList { day(0, 3, 2, 0, 0.75) });
    }
};

QTEST_GUILESS_MAIN(tst_SessionStats)
#include "tst_sessionstats.moc"
