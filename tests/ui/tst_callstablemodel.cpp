#include "tst_callsfixture.h"

#include <QAbstractItemModelTester>
#include <QLocale>
#include <QSignalSpy>
#include <QTest>
#include <calls/callstablemodel.h>

using namespace Qt::StringLiterals;
using Ui::Calls::CallsTableModel;

class tst_CallsTableModel : public QObject
{
    Q_OBJECT

private:
    static QStringList requestIds(const CallsTableModel &m)
    {
        QStringList ids;
        for (int i = 0; i < m.rowCount(); ++i)
            ids << m.index(i, 0).data(CallsTableModel::RequestIdRole).toString();
        return ids;
    }

    static QList<Domain::Receipt> numbered(int n, int firstSecond = 0)
    {
        QList<Domain::Receipt> out;
        for (int i = 0; i < n; ++i) {
            Domain::Receipt r = CallsFixture::servedFirstTime();
            r.requestId = u"req_%1"_s.arg(firstSecond + i, 4, 10, QChar(u'0'));
            r.startedAt = CallsFixture::baseTime().addSecs(firstSecond + i);
            out << r;
        }
        return out;
    }

private Q_SLOTS:
    void initTestCase() { QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates)); }

    void columns_R_UI_5_data()
    {
        QTest::addColumn<QString>("requestId");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("display");
        QTest::addColumn<QString>("toolTip");

        QTest::newRow("time relative, exact in tooltip")
            << u"req_first"_s << int(CallsTableModel::TimeColumn) << u"42 s ago"_s
            << QLocale().toString(CallsFixture::baseTime().toLocalTime(), QLocale::LongFormat);
        QTest::newRow("model asked through an alias")
            << u"req_fallback"_s << int(CallsTableModel::ModelAskedColumn)
            << u"org/fast → demo/chat"_s << u"Alias org/fast resolved to demo/chat"_s;
        QTest::newRow("model served by fallback")
            << u"req_fallback"_s << int(CallsTableModel::ModelServedColumn) << u"demo/small"_s
            << QString();
        QTest::newRow("model served none")
            << u"req_failed"_s << int(CallsTableModel::ModelServedColumn) << u"—"_s << QString();
        QTest::newRow("status ok") << u"req_first"_s << int(CallsTableModel::StatusColumn)
                                   << u"200"_s << u"served first time"_s;
        QTest::newRow("status retried") << u"req_failover"_s << int(CallsTableModel::StatusColumn)
                                        << u"200 · retried"_s << u"served after retries"_s;
        QTest::newRow("status fell back")
            << u"req_fallback"_s << int(CallsTableModel::StatusColumn) << u"200 · fell back"_s
            << u"served by a fallback model"_s;
        QTest::newRow("status failed")
            << u"req_failed"_s << int(CallsTableModel::StatusColumn) << u"503 · no_healthy_route"_s
            << u"failed: no_healthy_route (transport)"_s;
        QTest::newRow("attempts") << u"req_failed"_s << int(CallsTableModel::AttemptsColumn)
                                  << u"3"_s << QString();
        QTest::newRow("no attempts")
            << u"req_region"_s << int(CallsTableModel::AttemptsColumn) << u"0"_s << QString();
        QTest::newRow("served by") << u"req_failover"_s << int(CallsTableModel::ServedByColumn)
                                   << u"azure-eu"_s << u"azure-eu"_s;
        QTest::newRow("served by none") << u"req_region"_s << int(CallsTableModel::ServedByColumn)
                                        << u"—"_s << u"No upstream answered"_s;
        QTest::newRow("latency with separators")
            << u"req_failed"_s << int(CallsTableModel::LatencyColumn) << u"7,400"_s << QString();
        QTest::newRow("tokens in")
            << u"req_first"_s << int(CallsTableModel::TokensInColumn) << u"120"_s << QString();
        QTest::newRow("tokens out")
            << u"req_first"_s << int(CallsTableModel::TokensOutColumn) << u"45"_s << QString();
        QTest::newRow("cost") << u"req_first"_s << int(CallsTableModel::CostColumn) << u"0.0012"_s
                              << QString();
    }

    void columns_R_UI_5()
    {
        QFETCH(QString, requestId);
        QFETCH(int, column);
        QFETCH(QString, display);
        QFETCH(QString, toolTip);
        CallsFixture::Store store;
        QVERIFY(store.open(CallsFixture::fiveCalls()));
        CallsTableModel model(store.reader.get());
        QAbstractItemModelTester tester(&model);
        model.setNow([] { return CallsFixture::baseTime().addSecs(42); });
        model.reload();
        const int row = model.rowOfRequestId(requestId);
        QVERIFY(row >= 0);
        QCOMPARE(model.index(row, column).data().toString(), display);
        QCOMPARE(model.index(row, column).data(Qt::ToolTipRole).toString(), toolTip);
    }

    void newestFirst_R_UI_5()
    {
        CallsFixture::Store store;
        QVERIFY(store.open(CallsFixture::fiveCalls()));
        CallsTableModel model(store.reader.get());
        QAbstractItemModelTester tester(&model);
        model.reload();
        QCOMPARE(requestIds(model),
                 (QStringList { u"req_region"_s, u"req_failed"_s, u"req_fallback"_s,
                                u"req_failover"_s, u"req_first"_s }));
        QCOMPARE(model.columnCount(), int(CallsTableModel::ColumnCount));
        QCOMPARE(model.headerData(CallsTableModel::ServedByColumn, Qt::Horizontal).toString(),
                 u"Served by"_s);
    }

    void keysetPages_R_UI_5()
    {
        CallsFixture::Store store;
        QVERIFY(store.open(numbered(25)));
        CallsTableModel model(store.reader.get());
        QAbstractItemModelTester tester(&model);
        model.setPageSize(10);
        model.reload();
        QCOMPARE(model.rowCount(), 10);
        QCOMPARE(model.receiptRow(0).requestId, u"req_0024"_s);
        QVERIFY(model.canFetchMore({}));
        model.fetchMore({});
        QCOMPARE(model.rowCount(), 20);
        QCOMPARE(model.receiptRow(10).requestId, u"req_0014"_s);
        model.fetchMore({});
        QCOMPARE(model.rowCount(), 25);
        QCOMPARE(model.receiptRow(24).requestId, u"req_0000"_s);
        QVERIFY(!model.canFetchMore({}));
    }

    void filters_R_UI_5_data()
    {
        QTest::addColumn<Store::ReceiptFilter>("filter");
        QTest::addColumn<QStringList>("expected");

        Store::ReceiptFilter f;
        f.model = u"demo/small"_s;
        QTest::newRow("model served") << f << QStringList { u"req_fallback"_s };
        f = {};
        f.model = u"org/fast"_s;
        QTest::newRow("model asked (alias)") << f << QStringList { u"req_fallback"_s };
        f = {};
        f.servedBy = u"azure-eu"_s;
        QTest::newRow("served by") << f << QStringList { u"req_failover"_s };
        f = {};
        f.statusClass = Domain::StatusClass::Ok;
        QTest::newRow("ok") << f << QStringList { u"req_first"_s };
        f.statusClass = Domain::StatusClass::RetriedOk;
        QTest::newRow("retried ok") << f << QStringList { u"req_failover"_s };
        f.statusClass = Domain::StatusClass::FellBack;
        QTest::newRow("fell back") << f << QStringList { u"req_fallback"_s };
        f.statusClass = Domain::StatusClass::Failed;
        QTest::newRow("failed") << f << QStringList { u"req_region"_s, u"req_failed"_s };
        f = {};
        f.errorClass = Domain::ErrorClass::Transport;
        QTest::newRow("error class") << f << QStringList { u"req_failed"_s };
        f = {};
        f.from = CallsFixture::baseTime().addSecs(15);
        f.to = CallsFixture::baseTime().addSecs(35);
        QTest::newRow("time range") << f << QStringList { u"req_failed"_s, u"req_fallback"_s };
        f = {};
        f.requestId = u"req_failover"_s;
        QTest::newRow("request id") << f << QStringList { u"req_failover"_s };
        f.requestId = u"req_nope"_s;
        QTest::newRow("unknown request id") << f << QStringList {};
    }

    void filters_R_UI_5()
    {
        QFETCH(Store::ReceiptFilter, filter);
        QFETCH(QStringList, expected);
        CallsFixture::Store store;
        QVERIFY(store.open(CallsFixture::fiveCalls()));
        CallsTableModel model(store.reader.get());
        QAbstractItemModelTester tester(&model);
        model.reload();
        QCOMPARE(model.rowCount(), 5);
        model.setFilter(filter);
        QCOMPARE(requestIds(model), expected);
    }

    void liveRowsAtTop_R_UI_5()
    {
        CallsFixture::Store store;
        QVERIFY(store.open(numbered(3)));
        CallsTableModel model(store.reader.get());
        QAbstractItemModelTester tester(&model);
        model.setLiveDelay(0);
        model.reload();
        connect(store.writer.get(), &Store::ReceiptWriter::receiptsWritten, &model,
                &CallsTableModel::noteReceiptsWritten, Qt::QueuedConnection);
        QSignalSpy inserted(&model, &CallsTableModel::liveRowsInserted);
        QVERIFY(store.write(numbered(2, 100)));
        QTRY_COMPARE(model.rowCount(), 5);
        QCOMPARE(requestIds(model),
                 (QStringList { u"req_0101"_s, u"req_0100"_s, u"req_0002"_s, u"req_0001"_s,
                                u"req_0000"_s }));
        QVERIFY(!inserted.isEmpty());
    }

    void liveRowsRespectFilter_R_UI_5()
    {
        CallsFixture::Store store;
        QVERIFY(store.open(CallsFixture::fiveCalls()));
        CallsTableModel model(store.reader.get());
        QAbstractItemModelTester tester(&model);
        model.setLiveDelay(0);
        Store::ReceiptFilter failed;
        failed.statusClass = Domain::StatusClass::Failed;
        model.setFilter(failed);
        QCOMPARE(model.rowCount(), 2);
        connect(store.writer.get(), &Store::ReceiptWriter::receiptsWritten, &model,
                &CallsTableModel::noteReceiptsWritten, Qt::QueuedConnection);
        QSignalSpy inserted(&model, &CallsTableModel::liveRowsInserted);
        Domain::Receipt ok = CallsFixture::servedFirstTime();
        ok.requestId = u"req_live_ok"_s;
        Domain::Receipt bad = CallsFixture::failedEverywhere();
        bad.requestId = u"req_live_failed"_s;
        QVERIFY(store.write({ ok, bad }));
        QTRY_COMPARE(model.rowCount(), 3);
        QCOMPARE(model.receiptRow(0).requestId, u"req_live_failed"_s);
        QCOMPARE(inserted.size(), 1);
    }

    void pageAndLiveNeverOverlap_R_UI_5()
    {
        // A page read after a burst of live rows continues below the oldest loaded row: no row
        // twice.
        CallsFixture::Store store;
        QVERIFY(store.open(numbered(4)));
        CallsTableModel model(store.reader.get());
        QAbstractItemModelTester tester(&model);
        model.setLiveDelay(0);
        model.setPageSize(2);
        model.reload();
        connect(store.writer.get(), &Store::ReceiptWriter::receiptsWritten, &model,
                &CallsTableModel::noteReceiptsWritten, Qt::QueuedConnection);
        QVERIFY(store.write(numbered(3, 50)));
        QTRY_COMPARE(model.rowCount(), 5);
        while (model.canFetchMore({}))
            model.fetchMore({});
        QStringList ids = requestIds(model);
        QCOMPARE(ids.size(), 7);
        ids.removeDuplicates();
        QCOMPARE(ids.size(), 7);
        QCOMPARE(ids.last(), u"req_0000"_s);
    }
};

QTEST_MAIN(tst_CallsTableModel)
#include "tst_callstablemodel.moc"
