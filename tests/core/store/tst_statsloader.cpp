// The dashboard's statistics off the caller's thread (R-UI-7): answers, the latest question wins,
// and a missing database is an answer with an error, not a hang.
#include "store/receiptwriter.h"
#include "store/statsloader.h"
#include "store/storeerror.h"

#include <QSignalSpy>
#include <QTest>
#include <pgdatabase.h>
#include <receiptfactory.h>

using namespace Qt::StringLiterals;
using Store::StatsAnswer;
using Store::StatsQuery;

namespace {

const QDateTime kBase(QDate(2026, 11, 1), QTime(12, 0), Qt::UTC);
constexpr qint64 kMinute = 60000;

StatsQuery minutes(int count, const QString &model = {})
{
    StatsQuery q;
    q.from = kBase;
    q.bucketMs = kMinute;
    q.count = count;
    q.filter.model = model;
    return q;
}

} // namespace

class tst_StatsLoader : public QObject
{
    Q_OBJECT

    // One database per engine, written by init() before the first test function of its rows.
    EngineDatabases m_temps;
    EngineDatabase *m_temp = nullptr;

private Q_SLOTS:
    void initTestCase_data() { addEngineRows(); }

    void init()
    {
        REQUIRE_ENGINE();
        bool fresh = false;
        m_temp = &m_temps.current(&fresh);
        if (!fresh)
            return;
        Store::ReceiptWriter writer(m_temp->path());
        QVERIFY(writer.start().ok());
        writer.submit(makeReceipt(u"req_1"_s, kBase.addSecs(1), u"a"_s, u"c1"_s, 100));
        writer.submit(makeReceipt(u"req_2"_s, kBase.addSecs(70), u"a"_s, u"c1"_s, 200));
        writer.submit(makeReceipt(u"req_3"_s, kBase.addSecs(80), u"b"_s, u"c2"_s, 300));
        QVERIFY(writer.flush().ok());
        writer.stop();
    }

    void answersWithBuckets_R_UI_7()
    {
        Store::StatsLoader loader(m_temp->path());
        QSignalSpy answered(&loader, &Store::StatsLoader::answered);
        loader.request(minutes(2));
        QVERIFY(loader.isBusy());
        QVERIFY(answered.wait(10000));
        const auto answer = answered.at(0).at(0).value<StatsAnswer>();
        QVERIFY2(!answer.error,
                 qPrintable(answer.error ? Util::logText(*answer.error) : QString()));
        QCOMPARE(answer.query, minutes(2));
        QCOMPARE(answer.buckets.size(), 2);
        QCOMPARE(answer.buckets.at(0).calls, 1);
        QCOMPARE(answer.buckets.at(1).calls, 2);
        // The whole window by endpoint: all three are chat completions, none of another.
        QCOMPARE(answer.endpoints.size(), 4);
        QCOMPARE(Domain::toString(answer.endpoints.at(0).endpoint), u"chat_completions"_s);
        QCOMPARE(answer.endpoints.at(0).calls, 3);
        for (int i = 1; i < answer.endpoints.size(); ++i)
            QCOMPARE(answer.endpoints.at(i).calls, 0);
        QVERIFY(answer.failures.isEmpty()); // each served at its only attempt
        QVERIFY(!loader.isBusy());
    }

    // While one query runs, newer requests replace the waiting one: only the latest is answered.
    void latestQuestionWins_R_UI_7()
    {
        Store::StatsLoader loader(m_temp->path());
        QSignalSpy answered(&loader, &Store::StatsLoader::answered);
        loader.request(minutes(2));
        loader.request(minutes(2, u"a"_s));
        loader.request(minutes(2, u"b"_s));
        QTRY_COMPARE_WITH_TIMEOUT(loader.isBusy(), false, 10000);
        QCOMPARE(answered.size(), 1);
        const auto answer = answered.at(0).at(0).value<StatsAnswer>();
        QCOMPARE(answer.query, minutes(2, u"b"_s));
        QCOMPARE(answer.buckets.at(0).calls, 0);
        QCOMPARE(answer.buckets.at(1).calls, 1);
    }

    void noDatabaseAnswersWithAnError()
    {
        Store::StatsLoader loader(QString {});
        QSignalSpy answered(&loader, &Store::StatsLoader::answered);
        loader.request(minutes(1));
        QVERIFY(answered.wait(10000));
        const auto answer = answered.at(0).at(0).value<StatsAnswer>();
        QVERIFY(answer.error);
        QCOMPARE(answer.error->code, Store::toString(Store::ErrorCode::NoPath));
        QVERIFY(answer.buckets.isEmpty());
    }
};

QTEST_GUILESS_MAIN(tst_StatsLoader)
#include "tst_statsloader.moc"
