#include "receiptfactory.h"
#include "tst_callsfixture.h"

#include <QApplication>
#include <QClipboard>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>
#include <calls/callsdrawer.h>
#include <config/receiptjson.h>

using namespace Qt::StringLiterals;
using Ui::Calls::CallsDrawer;

class tst_CallsDrawer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates)); }

    void subtitleAndServedBy_R_UI_5_data()
    {
        QTest::addColumn<Domain::Receipt>("receipt");
        QTest::addColumn<QString>("subtitle");
        QTest::addColumn<QString>("servedBy");

        QTest::newRow("served first time")
            << CallsFixture::servedFirstTime() << u"1 attempt · 310 ms · 200"_s
            << u"Served by: openai-2 (openai) · openai-2/gpt-4o · upstream gpt-4o"_s;
        QTest::newRow("failed over 503 to 200")
            << CallsFixture::failedOver() << u"2 attempts · 1,240 ms · 200"_s
            << u"Served by: azure-eu (azure) · azure-eu/gpt-4o · upstream gpt-4o"_s;
        QTest::newRow("fell back") << CallsFixture::fellBack() << u"2 attempts · 640 ms · 200"_s
                                   << u"Served by: sim-east · sim-east/small · upstream gpt-4o"_s;
        QTest::newRow("failed on every attempt")
            << CallsFixture::failedEverywhere() << u"3 attempts · 7,400 ms · 503"_s
            << u"Served by: none (last reached openai-2)"_s;
        QTest::newRow("rejected by region") << CallsFixture::regionRejected()
                                            << u"0 attempts · 2 ms · 400"_s << u"Served by: none"_s;
    }

    void subtitleAndServedBy_R_UI_5()
    {
        QFETCH(Domain::Receipt, receipt);
        QFETCH(QString, subtitle);
        QFETCH(QString, servedBy);
        Domain::Workspace ws;
        ws.connections = { { u"openai-2"_s, u"openai"_s }, { u"azure-eu"_s, u"azure"_s } };
        CallsDrawer drawer;
        drawer.setWorkspace(&ws);
        drawer.setReceipt(receipt);
        QCOMPARE(drawer.titleText(), u"Call %1"_s.arg(receipt.requestId));
        QCOMPARE(drawer.subtitleText(), subtitle);
        QCOMPARE(drawer.servedByText(), servedBy);
        QCOMPARE(drawer.attemptTexts().size(), receipt.attempts.size());
        QCOMPARE(drawer.skipTexts().size(), receipt.skips.size());
    }

    void attempts_R_UI_5_data()
    {
        QTest::addColumn<Domain::Receipt>("receipt");
        QTest::addColumn<QStringList>("attempts");

        QTest::newRow("failed over")
            << CallsFixture::failedOver()
            << QStringList {
                   u"1. openai-2/gpt-4o via openai-2 · us-east-1 · 503\nat +0 ms · overloaded · "
                   u"retried: "
                   "503 is transient · 110 ms · 300 B sent, 120 B received · upstream gpt-4o"_s,
                   u"2. azure-eu/gpt-4o via azure-eu · eu-west-1 · 200\nwaited 100 ms (backoff) · "
                   u"at +230 "
                   "ms · served · 120 ms · 300 B sent, 900 B received · upstream gpt-4o"_s
               };
        QTest::newRow("fallback attempt named")
            << CallsFixture::fellBack()
            << QStringList {
                   u"1. openai-2/gpt-4o via openai-2 · us-east-1 · 503\nat +0 ms · overloaded · "
                   u"retried: "
                   "503 is transient · 110 ms · 300 B sent, 120 B received · upstream gpt-4o"_s,
                   u"2. sim-east/small via sim-east · us-east-1 · 200 · fallback "
                   u"demo/small\nwaited 100 ms "
                   "(backoff) · at +0 ms · served · 120 ms · 300 B sent, 900 B received · upstream gpt-4o"_s
               };
        QTest::newRow("cooldown and Retry-After waits, transport error")
            << CallsFixture::failedEverywhere()
            << QStringList {
                   u"1. openai-2/gpt-4o via openai-2 · us-east-1 · 503\nat +0 ms · overloaded · "
                   u"retried: "
                   "503 is transient · 110 ms · 300 B sent, 120 B received · upstream gpt-4o"_s,
                   u"2. openai-2/gpt-4o via openai-2 · us-east-1 · 503\nwaited 5,000 ms (cooldown) "
                   u"· at +0 "
                   "ms · overloaded · retried: 503 is transient · 120 ms · 300 B sent, 120 B "
                   "received · "
                   "upstream gpt-4o"_s,
                   u"3. openai-2/gpt-4o via openai-2 · us-east-1 · connection refused\nwaited "
                   u"2,000 ms "
                   "(Retry-After) · at +0 ms · transport · Connection refused · final: transport "
                   "before an answer is "
                   "transient, but no attempt is left · 130 ms · 300 "
                   "B sent, "
                   "120 B received · upstream gpt-4o"_s
               };
    }

    void attempts_R_UI_5()
    {
        QFETCH(Domain::Receipt, receipt);
        QFETCH(QStringList, attempts);
        CallsDrawer drawer;
        drawer.setReceipt(receipt);
        QCOMPARE(drawer.attemptTexts(), attempts);
    }

    // How the transport failed is a kind the studio words, the system's words beside it; a
    // timeout's detail is its length (R-REC-7/8).
    void transportFailureInWords_R_UI_5_data()
    {
        using Domain::TransportFailure;
        QTest::addColumn<int>("status");
        QTest::addColumn<Domain::TransportError>("error");
        QTest::addColumn<QString>("headline"); // its last part
        QTest::addColumn<QString>("detail"); // a part of the detail line, "" for none expected
        QTest::newRow("TLS, the system's words apart")
            << 0 << Domain::TransportError { TransportFailure::Tls, u"self-signed"_s }
            << u"TLS handshake failed"_s << u"self-signed"_s;
        QTest::newRow("first byte timeout, its length")
            << 0 << Domain::TransportError { TransportFailure::FirstByteTimeout, u"30000"_s }
            << u"no status line within 30,000 ms"_s << QString();
        QTest::newRow("after a status, said in the detail")
            << 200 << Domain::TransportError { TransportFailure::StreamIdle, u"1500"_s } << u"200"_s
            << u"the stream sent nothing for 1,500 ms"_s;
        QTest::newRow("error event with the upstream's words")
            << 200
            << Domain::TransportError { TransportFailure::ErrorEvent, u"overloaded_error: Busy"_s }
            << u"200"_s << u"an error event in the stream: overloaded_error: Busy"_s;
        QTest::newRow("a sentence from before kinds, as it is")
            << 0
            << Domain::TransportError { TransportFailure::Unclassified,
                                        u"connection closed before answering"_s }
            << u"connection closed before answering"_s << QString();
    }

    void transportFailureInWords_R_UI_5()
    {
        QFETCH(int, status);
        QFETCH(Domain::TransportError, error);
        QFETCH(QString, headline);
        QFETCH(QString, detail);
        Domain::Attempt a = CallsFixture::failedEverywhere().attempts.at(2);
        a.httpStatus = status;
        a.transportError = error;
        QVERIFY2(CallsDrawer::attemptHeadline(a).endsWith(u" · "_s + headline),
                 qPrintable(CallsDrawer::attemptHeadline(a)));
        const QString line = CallsDrawer::attemptDetail(a);
        if (!detail.isEmpty())
            QVERIFY2(line.contains(u" · "_s + detail + u" · "_s), qPrintable(line));
        QVERIFY2(!line.contains(Domain::toString(error.failure)), qPrintable(line)); // no code
    }

    void translatedAttemptSaysWhichWay_R_XLAT_5()
    {
        Domain::Attempt a = CallsFixture::failedEverywhere().attempts.at(2);
        QVERIFY(!CallsDrawer::attemptHeadline(a).contains(u"translated"_s));
        a.translation = Domain::ApiTranslation::ChatToMessages;
        QVERIFY2(CallsDrawer::attemptHeadline(a).endsWith(u" · translated chat → messages"_s),
                 qPrintable(CallsDrawer::attemptHeadline(a)));
        a.translation = Domain::ApiTranslation::MessagesToChat;
        QVERIFY2(CallsDrawer::attemptHeadline(a).endsWith(u" · translated messages → chat"_s),
                 qPrintable(CallsDrawer::attemptHeadline(a)));
    }

    void skipsWithReasonAndLevel_R_PLAN_4()
    {
        CallsDrawer drawer;
        drawer.setReceipt(CallsFixture::regionRejected());
        QCOMPARE(
            drawer.skipTexts(),
            (QStringList { u"openai-2/gpt-4o via openai-2 · out_of_region · serving region "
                           "us-east-1 is not in the request's regions ap-south-1"_s,
                           u"azure-eu/gpt-4o via azure-eu · policy_denied · project directive · "
                           "provider azure is not allowed by the project directives"_s }));
        QCOMPARE(drawer.detailText(u"Region header"_s), u"ap-south-1"_s);
        QCOMPARE(
            drawer.detailText(u"Error"_s),
            u"route_constraints_unmet: No authorized deployment meets the route constraints."_s);
    }

    void details_R_UI_5_data()
    {
        QTest::addColumn<Domain::Receipt>("receipt");
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("text");

        Domain::Receipt deprecated = CallsFixture::fellBack();
        deprecated.aliasDeprecation = u"date=2026-12-01; replacement=org/new"_s;
        QTest::newRow("alias") << CallsFixture::fellBack() << u"Alias"_s
                               << u"org/fast → demo/chat"_s;
        QTest::newRow("deprecation")
            << deprecated << u"Deprecated"_s << u"date=2026-12-01; replacement=org/new"_s;
        QTest::newRow("fallback") << CallsFixture::fellBack() << u"Fallback"_s
                                  << u"demo/small: demo/chat has no candidate left"_s;
        QTest::newRow("usage") << CallsFixture::servedFirstTime() << u"Usage"_s
                               << u"120 tokens in, 45 out"_s;
        QTest::newRow("cost and holds")
            << CallsFixture::servedFirstTime() << u"Cost"_s << u"0.0012 (held 0.0040)"_s;
        QTest::newRow("no alias row without alias")
            << CallsFixture::servedFirstTime() << u"Alias"_s << QString();
        // The endpoint by the name the Calls filter gives it, not its wire name.
        QTest::newRow("endpoint") << CallsFixture::servedFirstTime() << u"Endpoint"_s
                                  << u"Chat completions"_s;
        Domain::Receipt streamed = CallsFixture::servedFirstTime();
        streamed.stream = true;
        streamed.endpoint = Domain::Endpoint::Responses;
        QTest::newRow("endpoint, streaming")
            << streamed << u"Endpoint"_s << u"Responses, streaming"_s;
        QTest::newRow("kind: a caller's call")
            << CallsFixture::servedFirstTime() << u"Kind"_s << u"Call"_s;
        Domain::Receipt probe = CallsFixture::servedFirstTime();
        probe.kind = Domain::CallKind::Probe;
        QTest::newRow("kind: a probe")
            << probe << u"Kind"_s
            << u"Probe: a reliability probe the gateway sent itself, not caller traffic"_s;
    }

    void details_R_UI_5()
    {
        QFETCH(Domain::Receipt, receipt);
        QFETCH(QString, field);
        QFETCH(QString, text);
        CallsDrawer drawer;
        drawer.setReceipt(receipt);
        QCOMPARE(drawer.detailText(field), text);
    }

    void actions_R_UI_5()
    {
        CallsDrawer drawer;
        QVERIFY(!drawer.copyJsonButton()->isEnabled());
        drawer.setReceipt(CallsFixture::failedOver());
        QSignalSpy explain(&drawer, &CallsDrawer::explainRequested);
        QTest::mouseClick(drawer.copyRequestIdButton(), Qt::LeftButton);
        QCOMPARE(QApplication::clipboard()->text(), u"req_failover"_s);
        QTest::mouseClick(drawer.copyJsonButton(), Qt::LeftButton);
        const QJsonObject json
            = QJsonDocument::fromJson(QApplication::clipboard()->text().toUtf8()).object();
        QCOMPARE(json.value(u"schema"_s).toString(), u"switchboard.receipt/1"_s);
        QCOMPARE(json.value(u"requestId"_s).toString(), u"req_failover"_s);
        QTest::mouseClick(drawer.explainButton(), Qt::LeftButton);
        QCOMPARE(explain.size(), 1);
        QCOMPARE(explain.at(0).at(0).value<Domain::Receipt>().requestId, u"req_failover"_s);
    }

    // Following the selection does not build a new widget tree per receipt; the
    // drawer's labels are updated and only shown or hidden.
    void keepsItsWidgets_R_UI_5()
    {
        CallsDrawer drawer;
        drawer.setReceipt(CallsFixture::failedEverywhere()); // 3 attempts, no skips
        const QList<QLabel *> labels = drawer.findChildren<QLabel *>();
        const QList<QLabel *> attemptLabels = drawer.findChildren<QLabel *>(u"attempt"_s);
        QCOMPARE(attemptLabels.size(), 3);
        for (int i = 0; i < 20; ++i) {
            drawer.setReceipt(i % 2 ? CallsFixture::failedEverywhere()
                                    : CallsFixture::servedFirstTime());
        }
        QCOMPARE(drawer.findChildren<QLabel *>(), labels);
        drawer.setReceipt(CallsFixture::servedFirstTime());
        QCOMPARE(drawer.attemptTexts().size(), 1);
        QVERIFY(attemptLabels.at(0)->isVisibleTo(&drawer));
        QVERIFY(!attemptLabels.at(1)->isVisibleTo(&drawer));
        QVERIFY(drawer.detailText(u"Error"_s).isEmpty());
        QVERIFY(drawer.skipTexts().isEmpty());
        // Two skips need two more labels, made once.
        drawer.setReceipt(CallsFixture::regionRejected());
        QCOMPARE(drawer.skipTexts().size(), 2);
        const qsizetype withSkips = drawer.findChildren<QLabel *>().size();
        QCOMPARE(withSkips, labels.size() + 2);
        drawer.setReceipt(CallsFixture::failedEverywhere());
        drawer.setReceipt(CallsFixture::regionRejected());
        QCOMPARE(drawer.findChildren<QLabel *>().size(), withSkips);
        QCOMPARE(drawer.detailText(u"Error"_s),
                 u"route_constraints_unmet: No authorized deployment meets the route "
                 "constraints."_s);
        drawer.setReceipt(std::nullopt);
        QCOMPARE(drawer.titleText(), u"No call selected"_s);
        QVERIFY(drawer.detailText(u"Error"_s).isEmpty());
    }

    // Mixed-model sessions (SPEC §6): a classified call's verdict; none for a call not classified.
    void sessionVerdict()
    {
        Domain::Receipt r = makeReceipt(u"req-s1"_s, CallsFixture::baseTime(), u"demo/chat"_s,
                                        u"sim-east"_s, 310);
        CallsDrawer drawer;
        drawer.resize(420, 900);
        drawer.show();
        drawer.setReceipt(r);
        const QLabel *title = nullptr;
        for (const QLabel *l : drawer.findChildren<QLabel *>()) {
            if (l->text() == u"Session"_s)
                title = l;
        }
        QVERIFY(title);
        QVERIFY(!title->isVisible());
        QVERIFY(drawer.detailText(u"Mode"_s).isEmpty());

        r.session.mode = Domain::SessionMode::Suggest;
        r.session.taskClass = Domain::TaskClass::Code;
        r.session.signals = u"code_fences=2 (≥ 1)"_s;
        r.session.suggestedModel = u"sim-east/gpt-4o-mini"_s;
        r.session.projectedSaving = 0.0012;
        r.session.accepted = true;
        drawer.setReceipt(r);
        QVERIFY(title->isVisible());
        QCOMPARE(drawer.detailText(u"Mode"_s), u"Suggest"_s);
        QCOMPARE(drawer.detailText(u"Task class"_s), u"Code"_s);
        QCOMPARE(drawer.detailText(u"Signals"_s), u"code_fences=2 (≥ 1)"_s);
        QCOMPARE(drawer.detailText(u"Suggested model"_s), u"sim-east/gpt-4o-mini"_s);
        QCOMPARE(drawer.detailText(u"Projected saving"_s), u"$0.0012"_s);
        QCOMPARE(drawer.sessionAcceptedText(), u"Accepted a suggestion"_s);
        // Not a check: the drawer, when SWITCHBOARD_SCREENSHOTS names a folder.
        if (const QString dir = qEnvironmentVariable("SWITCHBOARD_SCREENSHOTS"); !dir.isEmpty())
            drawer.grab().save(dir + u"/calls-drawer-session.png"_s);

        // Shadow with nothing cheaper that qualifies.
        r.session.mode = Domain::SessionMode::Shadow;
        r.session.suggestedModel.clear();
        r.session.projectedSaving = 0;
        r.session.accepted = false;
        drawer.setReceipt(r);
        QCOMPARE(drawer.detailText(u"Mode"_s), u"Shadow"_s);
        QCOMPARE(drawer.detailText(u"Suggested model"_s),
                 u"None: the asked model is already the cheapest that qualifies"_s);
        QVERIFY(drawer.detailText(u"Projected saving"_s).isEmpty());
        QVERIFY(drawer.sessionAcceptedText().isEmpty());

        // The two phrases of the stored signals are worded by the drawer; the names stay.
        r.session.signals = u"rule 9 (always)"_s;
        drawer.setReceipt(r);
        QCOMPARE(drawer.detailText(u"Signals"_s), u"Rule 9 (always holds)"_s);
        r.session.signals = u"no rule held"_s;
        drawer.setReceipt(r);
        QCOMPARE(drawer.detailText(u"Signals"_s), u"No rule held"_s);
        r.session.signals = u"no rule held: user_chars=12 questions=1"_s;
        drawer.setReceipt(r);
        QCOMPARE(drawer.detailText(u"Signals"_s), u"No rule held: user_chars=12 questions=1"_s);

        r.session = {};
        drawer.setReceipt(r);
        QVERIFY(!title->isVisible());
        QVERIFY(drawer.detailText(u"Task class"_s).isEmpty());
    }
};

QTEST_MAIN(tst_CallsDrawer)
#include "tst_callsdrawer.moc"
