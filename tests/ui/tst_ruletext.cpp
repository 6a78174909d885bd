#include <QTest>
#include <workspace/ruletext.h>

using namespace Qt::StringLiterals;
using Cond = Domain::ClassifierCondition;
using S = Domain::ClassifierSignal;
using Op = Cond::Op;

Q_DECLARE_METATYPE(Domain::ClassifierCondition)

// The text of a classifier rule's conditions on the Workspace settings screen: parsed back to
// what it was formatted from, and every malformed text refused with a reason; the
// limits on values and counts are the validator's.
class tst_RuleText : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void parses_data();
    void parses();
    void refuses_data();
    void refuses();
    void formatsAndRoundTripsTheDefaults();
};

void tst_RuleText::parses_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QList<Cond>>("expected");
    QTest::newRow("empty: always") << QString() << QList<Cond> {};
    QTest::newRow("blank: always") << u"   "_s << QList<Cond> {};
    QTest::newRow("one, at least")
        << u"code_fences ≥ 1"_s << QList<Cond> { { S::CodeFences, Op::AtLeast, 1 } };
    QTest::newRow("ascii operators, no spaces")
        << u"tools>=2,user_chars<=400"_s
        << QList<Cond> { { S::Tools, Op::AtLeast, 2 }, { S::UserChars, Op::AtMost, 400 } };
    QTest::newRow("two, typographic")
        << u"code_fences ≥ 1, user_chars ≤ 400"_s
        << QList<Cond> { { S::CodeFences, Op::AtLeast, 1 }, { S::UserChars, Op::AtMost, 400 } };
    QTest::newRow("upper case signal, trailing comma")
        << u"  Digits >= 6 ,"_s << QList<Cond> { { S::Digits, Op::AtLeast, 6 } };
    QTest::newRow("zero and the highest value")
        << u"questions ≤ 0, total_chars ≥ 100000000"_s
        << QList<Cond> { { S::Questions, Op::AtMost, 0 },
                         { S::TotalChars, Op::AtLeast, 100000000 } };
    // Out of range and too many are the validator's to report, from the draft.
    QTest::newRow("negative") << u"tools >= -1"_s << QList<Cond> { { S::Tools, Op::AtLeast, -1 } };
    QTest::newRow("beyond the validator's highest")
        << u"user_chars ≤ 100000001"_s << QList<Cond> { { S::UserChars, Op::AtMost, 100000001 } };
    QTest::newRow("nine conditions") << u"tools>=1,tools>=1,tools>=1,tools>=1,tools>=1,tools>=1,"
                                        "tools>=1,tools>=1,tools>=1"_s
                                     << QList<Cond>(9, { S::Tools, Op::AtLeast, 1 });
}

void tst_RuleText::parses()
{
    QFETCH(QString, text);
    QFETCH(QList<Cond>, expected);
    const Ui::Workspace::ParsedConditions parsed = Ui::Workspace::parseConditions(text);
    QVERIFY2(parsed.ok(), qPrintable(parsed.error));
    QCOMPARE(parsed.conditions, expected);
}

void tst_RuleText::refuses_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("error");
    QTest::newRow("unknown signal")
        << u"code_blocks ≥ 1"_s
        << u"\"code_blocks\" is not a signal; the signals are tools, tool_messages, json_format, "
           "messages, user_chars, total_chars, code_fences, code_markers, code_words, "
           "summary_cue, extraction_cue, reasoning_cue, digits, questions."_s;
    QTest::newRow("strict operator")
        << u"tools > 1"_s
        << u"\"tools > 1\" is not a condition: write a signal, ≥ or ≤ and a whole number, e.g. "
           "\"user_chars ≤ 400\"."_s;
    QTest::newRow("no value")
        << u"tools ≥"_s
        << u"\"tools ≥\" is not a condition: write a signal, ≥ or ≤ and a whole number, e.g. "
           "\"user_chars ≤ 400\"."_s;
    QTest::newRow("words") << u"when it is code"_s
                           << u"\"when it is code\" is not a condition: write a signal, ≥ or ≤ "
                              "and a whole number, e.g. \"user_chars ≤ 400\"."_s;
    QTest::newRow("fraction")
        << u"digits ≥ 1.5"_s << u"The value of \"digits ≥ 1.5\" must be a whole number (is 1.5)."_s;
    QTest::newRow("beyond qint64")
        << u"tools ≥ 1, user_chars ≤ 9223372036854775808"_s
        << u"The value of \"user_chars ≤ 9223372036854775808\" must be a whole number (is "
           "9223372036854775808)."_s;
}

void tst_RuleText::refuses()
{
    QFETCH(QString, text);
    QFETCH(QString, error);
    const Ui::Workspace::ParsedConditions parsed = Ui::Workspace::parseConditions(text);
    QVERIFY(!parsed.ok());
    QCOMPARE(parsed.error, error);
    QVERIFY(parsed.conditions.isEmpty());
}

void tst_RuleText::formatsAndRoundTripsTheDefaults()
{
    QCOMPARE(Ui::Workspace::conditionsText(
                 { { S::CodeFences, Op::AtLeast, 1 }, { S::UserChars, Op::AtMost, 400 } }),
             u"code_fences ≥ 1, user_chars ≤ 400"_s);
    QCOMPARE(Ui::Workspace::conditionsText({}), QString());
    for (const Domain::ClassifierRule &rule : Domain::defaultClassifierRules()) {
        const QString text = Ui::Workspace::conditionsText(rule.conditions);
        const Ui::Workspace::ParsedConditions parsed = Ui::Workspace::parseConditions(text);
        QVERIFY2(parsed.ok(), qPrintable(text));
        QCOMPARE(parsed.conditions, rule.conditions);
    }
}

QTEST_GUILESS_MAIN(tst_RuleText)
#include "tst_ruletext.moc"
