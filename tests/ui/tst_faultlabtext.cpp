#include "uitestsupport.h"

#include <QSet>
#include <QTranslator>
#include <faultlab/faultlabtext.h>

using namespace Qt::StringLiterals;
namespace Lab = ::FaultLab;
namespace Text = Ui::FaultLab;

// Every enum the fault lab's core gives is worded by the studio, each differently, and in German
// and French as well as English (R-UI-9).
class tst_FaultLabText : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void everyRuleAndCaseIsWorded_data();
    void everyRuleAndCaseIsWorded();
    void callerSaw_data();
    void callerSaw();

private:
    static QStringList allWords();
};

QStringList tst_FaultLabText::allWords()
{
    QStringList words;
    for (int r = int(Lab::Rule::EveryAttemptMade); r <= int(Lab::Rule::ReceiptWritten); ++r)
        words << Text::ruleName(Lab::Rule(r));
    for (int f = int(Domain::SimulatedFailure::RateLimited);
         f <= int(Domain::SimulatedFailure::ConnectionRefused); ++f)
        words << Text::failureName(Domain::SimulatedFailure(f));
    for (int r = int(Lab::Relaxation::KeyBudget); r <= int(Lab::Relaxation::ProjectSessions); ++r)
        words << Text::relaxationName(Lab::Relaxation(r));
    return words;
}

void tst_FaultLabText::everyRuleAndCaseIsWorded_data()
{
    QTest::addColumn<QString>("qm");
    QTest::newRow("en") << QString();
    QTest::newRow("de") << u":/i18n/switchboard_de.qm"_s;
    QTest::newRow("fr") << u":/i18n/switchboard_fr.qm"_s;
}

void tst_FaultLabText::everyRuleAndCaseIsWorded()
{
    QFETCH(QString, qm);
    const QStringList english = allWords();
    QTranslator translator;
    if (!qm.isEmpty()) {
        QVERIFY(translator.load(qm));
        QCoreApplication::installTranslator(&translator);
    }
    const QStringList words = allWords();
    QCoreApplication::removeTranslator(&translator);
    QCOMPARE(words.size(), 15 + 11 + 6);
    QCOMPARE(QSet<QString>(words.cbegin(), words.cend()).size(), words.size());
    for (qsizetype i = 0; i < words.size(); ++i) {
        QVERIFY2(!words.at(i).isEmpty(), qPrintable(QString::number(i)));
        // Translated: only the words that are codes or numbers may read the same.
        if (!qm.isEmpty() && !english.at(i).startsWith(u'x') && !english.at(i).startsWith(u'5'))
            QVERIFY2(words.at(i) != english.at(i), qPrintable(english.at(i)));
    }
}

void tst_FaultLabText::callerSaw_data()
{
    QTest::addColumn<int>("status");
    QTest::addColumn<bool>("stream");
    QTest::addColumn<int>("events");
    QTest::addColumn<QString>("errorEvent");
    QTest::addColumn<bool>("done");
    QTest::addColumn<QString>("transport");
    QTest::addColumn<QString>("expected");
    QTest::newRow("plain error") << 503 << false << 0 << QString() << false << QString()
                                 << u"503 no_healthy_route"_s;
    QTest::newRow("stream cut") << 200 << true << 3 << u"stream_interrupted"_s << false << QString()
                                << u"200 · 3 events, then error event stream_interrupted · "
                                   u"no [DONE]"_s;
    QTest::newRow("stream whole") << 200 << true << 1 << QString() << true << QString()
                                  << u"200 · 1 event · [DONE]"_s;
    QTest::newRow("no answer") << 0 << false << 0 << QString() << false << u"timed out"_s
                               << u"no answer: timed out"_s;
}

void tst_FaultLabText::callerSaw()
{
    QFETCH(int, status);
    QFETCH(bool, stream);
    QFETCH(int, events);
    QFETCH(QString, errorEvent);
    QFETCH(bool, done);
    QFETCH(QString, transport);
    QFETCH(QString, expected);
    Ui::Common::installEnglishPlurals();
    Lab::CaseResult r;
    r.seen.status = status;
    r.seen.errorCode = status >= 400 ? u"no_healthy_route"_s : QString();
    r.seen.stream = stream;
    r.seen.events = events;
    r.seen.errorEventCode = errorEvent;
    r.seen.doneSeen = done;
    r.seen.transportError = transport;
    QCOMPARE(Text::callerSaw(r), expected);
}

QTEST_MAIN(tst_FaultLabText)
#include "tst_faultlabtext.moc"
