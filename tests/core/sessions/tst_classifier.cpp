#include "sessions/classifier.h"
#include "sessions/classifierdom.h"
#include "sessions/textcues.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace Qt::StringLiterals;
using Domain::ClassifierSignal;
using Domain::Endpoint;
using Domain::TaskClass;

namespace {

using S = ClassifierSignal;
using Op = Domain::ClassifierCondition::Op;

// The accuracy bench_classifier prints for the default rules on the committed set, less a margin:
// a rule or lexicon change that costs more than that fails here.
constexpr double kMinAccuracy = 0.90;

QByteArray padded(QByteArray body)
{
    body.reserve(body.size() + 64); // as the gateway receives a body: read in place
    return body;
}

qint64 measured(const QByteArray &body, Endpoint endpoint, ClassifierSignal s)
{
    return Sessions::measure(padded(body), endpoint)[size_t(s)];
}

QByteArray chatUser(const QByteArray &text)
{
    return R"({"model":"m","messages":[{"role":"user","content":")" + text + R"("}]})";
}

struct Example
{
    TaskClass label;
    Endpoint endpoint;
    QByteArray body;
};

// The committed labelled set (tests/data/classifier, bench_classifier reads the same).
QList<Example> labelledSet()
{
    QFile file(QStringLiteral(SWITCHBOARD_CLASSIFIER_EXAMPLES));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QList<Example> out;
    while (!file.atEnd()) {
        const QJsonObject o = QJsonDocument::fromJson(file.readLine()).object();
        const auto label = Domain::taskClassFromString(o.value(u"label").toString());
        const auto endpoint = Domain::endpointFromString(o.value(u"endpoint").toString());
        if (!label || !endpoint)
            return {}; // a line the set must not have
        out.append(
            { *label, *endpoint, padded(QJsonDocument(o.value(u"body").toObject()).toJson()) });
    }
    return out;
}

Domain::ClassifierCondition atLeast(S s, qint64 v)
{
    return { s, Op::AtLeast, v };
}

Domain::ClassifierCondition atMost(S s, qint64 v)
{
    return { s, Op::AtMost, v };
}

} // namespace

class tst_Classifier : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void measuresEachSignal_data();
    void measuresEachSignal();
    void scansTheHeadAndTheTailOfTheLastUserTurn();
    void scansATurnOfHeadAndTailSizeWhole();
    void scansEachByteAtMostOnce();
    void scanWindowsEndAtUtf8AndPartBoundaries();
    void readsBodiesWithoutPaddingAndBeyondTheKeptBuffer();
    void unreadableBodiesMeasureZeros_data();
    void unreadableBodiesMeasureZeros();
    void wrongTypesAreSkipped();
    void firstHoldingRuleNamesTheClass();
    void atMostHoldsUpToItsValue();
    void ruleWithoutConditionsAlwaysHolds();
    void noRuleHeldIsChitChat();
    void decidingSignalsNameTheHeldConditions();
    void defaultRulesOnHardCases_data();
    void defaultRulesOnHardCases();
    void defaultRulesKeepTheirAccuracyOnTheLabelledSet();
    void aParsedBodyMeasuresAsItsBytes();
};

void tst_Classifier::measuresEachSignal_data()
{
    QTest::addColumn<Endpoint>("endpoint");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<ClassifierSignal>("signal");
    QTest::addColumn<qint64>("value");

    const auto row = [](const char *name, Endpoint e, const QByteArray &body, S s, qint64 v) {
        QTest::newRow(name) << e << body << s << v;
    };
    const Endpoint chat = Endpoint::ChatCompletions, msgs = Endpoint::Messages,
                   resp = Endpoint::Responses;

    row("chat: tools declared", chat, R"({"tools":[{"type":"function"},{}],"messages":[]})",
        S::Tools, 2);
    row("chat: legacy functions count as tools", chat, R"({"functions":[{"name":"f"}]})", S::Tools,
        1);
    row("messages: tools declared", msgs, R"({"tools":[{"name":"a"},{"name":"b"},{}]})", S::Tools,
        3);
    row("responses: tools declared", resp, R"({"tools":[{"type":"function","name":"a"}]})",
        S::Tools, 1);
    row("chat: tool result and assistant call", chat,
        R"({"messages":[{"role":"user","content":"hi"},{"role":"assistant","content":null,)"
        R"("tool_calls":[{"id":"1"}]},{"role":"tool","content":"x"}]})",
        S::ToolMessages, 2);
    row("chat: empty tool_calls is no call", chat,
        R"({"messages":[{"role":"assistant","content":"a","tool_calls":[]}]})", S::ToolMessages, 0);
    row("messages: tool_use and tool_result blocks", msgs,
        R"({"messages":[{"role":"assistant","content":[{"type":"text","text":"x"},)"
        R"({"type":"tool_use","id":"t","name":"f","input":{}}]},{"role":"user","content":)"
        R"([{"type":"tool_result","tool_use_id":"t","content":"ok"}]}]})",
        S::ToolMessages, 2);
    row("responses: function call and its output", resp,
        R"({"input":[{"role":"user","content":"x"},{"type":"function_call","name":"f"},)"
        R"({"type":"function_call_output","output":"y"}]})",
        S::ToolMessages, 2);
    row("chat: json_object format", chat, R"({"response_format":{"type":"json_object"}})",
        S::JsonFormat, 1);
    row("chat: json_schema format", chat,
        R"({"response_format":{"type":"json_schema","json_schema":{}}})", S::JsonFormat, 1);
    row("chat: text format is not JSON", chat, R"({"response_format":{"type":"text"}})",
        S::JsonFormat, 0);
    row("responses: text.format json_schema", resp,
        R"({"input":"x","text":{"format":{"type":"json_schema"}}})", S::JsonFormat, 1);
    row("messages: response_format is not Anthropic's", msgs,
        R"({"response_format":{"type":"json_object"}})", S::JsonFormat, 0);
    row("chat: messages with the system prompt", chat,
        R"({"messages":[{"role":"system","content":"s"},{"role":"user","content":"u"},)"
        R"({"role":"assistant","content":"a"}]})",
        S::Messages, 3);
    row("messages: top-level system counts one", msgs,
        R"({"system":"be brief","messages":[{"role":"user","content":"u"}]})", S::Messages, 2);
    row("responses: input string and instructions", resp,
        R"({"instructions":"be brief","input":"hello"})", S::Messages, 2);
    row("responses: input array counts its items", resp,
        R"({"input":[{"role":"user","content":"a"},{"role":"assistant","content":"b"},)"
        R"({"role":"user","content":"c"}]})",
        S::Messages, 3);
    row("chat: user chars of the last user turn only", chat,
        R"({"messages":[{"role":"user","content":"first question"},)"
        R"({"role":"assistant","content":"answer"},{"role":"user","content":"12345"}]})",
        S::UserChars, 5);
    row("chat: user chars sum the text parts", chat,
        R"({"messages":[{"role":"user","content":[{"type":"text","text":"abc"},)"
        R"({"type":"image_url","image_url":{"url":"x"}},{"type":"text","text":"de"}]}]})",
        S::UserChars, 5);
    row("chat: user chars are UTF-8 bytes", chat, chatUser("caf\u00e9"), S::UserChars, 5);
    row("messages: user chars of text blocks", msgs,
        R"({"messages":[{"role":"user","content":[{"type":"text","text":"four"}]}]})", S::UserChars,
        4);
    row("responses: user chars of input_text parts", resp,
        R"({"input":[{"role":"user","content":[{"type":"input_text","text":"seven!!"}]}]})",
        S::UserChars, 7);
    row("messages: total chars include system and assistant", msgs,
        R"({"system":"ab","messages":[{"role":"user","content":"cde"},)"
        R"({"role":"assistant","content":[{"type":"text","text":"f"}]}]})",
        S::TotalChars, 6);
    row("code fences", chat, chatUser(R"(fix:\n```python\nx = 1\n```)"), S::CodeFences, 2);
    row("code fences only in the last user turn", chat,
        R"({"messages":[{"role":"user","content":"```x```"},{"role":"user","content":"ok"}]})",
        S::CodeFences, 0);
    row("code markers", chat, chatUser("x => y; if (a == b) { f(); }"), S::CodeMarkers, 7);
    row("code markers: snake_case and camelCase", chat, chatUser("use my_var and getName"),
        S::CodeMarkers, 2);
    row("code markers: prose has none", chat, chatUser("Well-known words, and (notes)."),
        S::CodeMarkers, 0);
    row("code words, any case", chat, chatUser("A PYTHON Function"), S::CodeWords, 2);
    row("code words: whole words only", chat, chatUser("pythonic functional"), S::CodeWords, 0);
    row("code words: c++ and c#", chat, chatUser("c++ or C# or c"), S::CodeWords, 2);
    row("summary cue: tl;dr", chat, chatUser("TL;DR please"), S::SummaryCue, 1);
    row("summary cue: a phrase", msgs,
        R"({"messages":[{"role":"user","content":"the key points?"}]})", S::SummaryCue, 1);
    row("summary cue: half a phrase is none", chat, chatUser("the key is here"), S::SummaryCue, 0);
    row("extraction cue", resp, R"({"input":"Extract the fields as JSON"})", S::ExtractionCue, 3);
    row("reasoning cue: step by step", chat, chatUser("Solve it Step-By-Step"), S::ReasoningCue, 2);
    row("digits and operators", chat, chatUser("12 + 30 = 42"), S::Digits, 8);
    row("digits: a hyphen between words is none", chat, chatUser("a well-known x-ray"), S::Digits,
        0);
    row("questions", chat, chatUser("why? how??"), S::Questions, 3);
    row("embeddings are not measured", Endpoint::Embeddings, R"({"input":"summarise?"})",
        S::Messages, 0);
}

void tst_Classifier::measuresEachSignal()
{
    QFETCH(Endpoint, endpoint);
    QFETCH(QByteArray, body);
    QFETCH(ClassifierSignal, signal);
    QFETCH(qint64, value);
    QCOMPARE(measured(body, endpoint, signal), value);
}

std::string_view view(const QByteArray &bytes)
{
    return { bytes.constData(), size_t(bytes.size()) };
}

void tst_Classifier::scansTheHeadAndTheTailOfTheLastUserTurn()
{
    const Endpoint chat = Endpoint::ChatCompletions;
    const QByteArray pasted = QByteArray("lorem ").repeated(1024); // 6 KiB

    // An instruction after a long pasted text is in the tail, one before it in the head.
    const QByteArray after = chatUser(pasted + "\\n\\nSummarise the above?");
    QCOMPARE(measured(after, chat, S::SummaryCue), 1);
    QCOMPARE(measured(after, chat, S::Questions), 1);
    QCOMPARE(measured(after, chat, S::UserChars), pasted.size() + 22);
    const QByteArray before = chatUser("Summarise this? " + pasted);
    QCOMPARE(measured(before, chat, S::SummaryCue), 1);
    QCOMPARE(measured(before, chat, S::Questions), 1);

    // In the middle of 10 KiB, outside both windows: not seen, though every byte is counted.
    const QByteArray half = QByteArray("lorem ").repeated(853);
    const QByteArray middle = chatUser(half + "summarise? " + half);
    QCOMPARE(measured(middle, chat, S::SummaryCue), 0);
    QCOMPARE(measured(middle, chat, S::Questions), 0);
    QCOMPARE(measured(middle, chat, S::UserChars), 2 * half.size() + 11);
    QCOMPARE(measured(middle, chat, S::TotalChars), 2 * half.size() + 11);
    const QByteArray afterLonger = chatUser(half + half + "\\n\\nSummarise the above.");
    QCOMPARE(measured(afterLonger, chat, S::SummaryCue), 1);

    // The windows are over the turn's text parts together: the tail in the last part, and a tail
    // that begins in the part before.
    const QByteArray parts = R"({"messages":[{"role":"user","content":[{"type":"text","text":")"
        + pasted + R"("},{"type":"text","text":"Summarise the above."}]}]})";
    QCOMPARE(measured(parts, Endpoint::Messages, S::SummaryCue), 1);
    const QByteArray earlier = R"({"messages":[{"role":"user","content":[{"type":"text","text":")"
        + pasted + R"( tl;dr?"},{"type":"text","text":"thanks"}]}]})";
    QCOMPARE(measured(earlier, Endpoint::Messages, S::SummaryCue), 1);
    QCOMPARE(measured(earlier, Endpoint::Messages, S::Questions), 1);
}

void tst_Classifier::scansATurnOfHeadAndTailSizeWhole()
{
    using Sessions::TextCues;
    const Endpoint chat = Endpoint::ChatCompletions;
    // "summarise" over byte kHeadBytes (bytes 1020 to 1028), a question mark at each end.
    const QByteArray start = "why?" + QByteArray(TextCues::kHeadBytes - 8, ' ') + "summarise";
    const QByteArray whole
        = start + QByteArray(TextCues::kScanBytes - start.size() - 4, ' ') + "why?";
    QCOMPARE(whole.size(), TextCues::kScanBytes);
    QCOMPARE(measured(chatUser(whole), chat, S::SummaryCue), 1);
    QCOMPARE(measured(chatUser(whole), chat, S::Questions), 2);

    // One byte more: the head ends before the word and the tail begins after it; no piece of it
    // is looked up as a word.
    const QByteArray longer
        = start + QByteArray(TextCues::kScanBytes - start.size() - 3, ' ') + "why?";
    QCOMPARE(measured(chatUser(longer), chat, S::SummaryCue), 0);
    QCOMPARE(measured(chatUser(longer), chat, S::Questions), 2);
    QCOMPARE(measured(chatUser(longer), chat, S::UserChars), TextCues::kScanBytes + 1);
}

void tst_Classifier::scansEachByteAtMostOnce()
{
    using Sessions::TextCues;
    for (qsizetype n : { 1, 1023, 1024, 1025, 1535, 1536, 1537, 1600, 2048, 2561, 5000 }) {
        const QByteArray marks(n, '?');
        const qint64 scanned = qMin(n, TextCues::kScanBytes);
        QCOMPARE(measured(chatUser(marks), Endpoint::ChatCompletions, S::Questions), scanned);
        // Split in two text parts anywhere: the same.
        for (qsizetype at : { qsizetype(0), n / 3, n - TextCues::kTailBytes, n - 1 }) {
            const qsizetype split = qBound(qsizetype(0), at, n);
            TextCues cues(n);
            cues.scan(view(marks.left(split)));
            cues.scan(view(marks.mid(split)));
            QCOMPARE(cues.questions, scanned);
        }
    }
}

void tst_Classifier::scanWindowsEndAtUtf8AndPartBoundaries()
{
    using Sessions::TextCues;
    const Endpoint chat = Endpoint::ChatCompletions;
    // "é€?" is 6 bytes: both window edges (1024 and 3000 - 512) fall inside a "€".
    const QByteArray turn = QByteArray("\xc3\xa9\xe2\x82\xac?").repeated(500);
    const qint64 expected
        = turn.left(TextCues::kHeadBytes).count('?') + turn.right(TextCues::kTailBytes).count('?');
    QCOMPARE(expected, 170 + 86);
    QCOMPARE(measured(chatUser(turn), chat, S::Questions), expected);
    QCOMPARE(measured(chatUser(turn), chat, S::CodeMarkers), 0);
    QCOMPARE(measured(chatUser(turn), chat, S::UserChars), turn.size());
    // In text parts split anywhere, inside a UTF-8 sequence too: the same, no byte twice.
    for (qsizetype split : { 1, 1023, 1024, 1025, 1500, 2487, 2488, 2489, 2999 }) {
        TextCues cues(turn.size());
        cues.scan(view(turn.left(split)));
        cues.scan(view(turn.mid(split)));
        QCOMPARE(cues.questions, expected);
        QCOMPARE(cues.codeMarkers, 0);
    }

    // One word of 3000 bytes: the edges move only to the next character, not past the word.
    const QByteArray euros = QByteArray("\xe2\x82\xac").repeated(1000);
    QCOMPARE(measured(chatUser("why?" + euros + "why?"), chat, S::Questions), 2);
    QCOMPARE(measured(chatUser(euros), chat, S::UserChars), euros.size());
}

void tst_Classifier::readsBodiesWithoutPaddingAndBeyondTheKeptBuffer()
{
    static const char raw[] = R"({"messages":[{"role":"user","content":"python code?"}]})";
    const QByteArray unpadded = QByteArray::fromRawData(raw, qsizetype(sizeof(raw) - 1));
    const Sessions::Signals s = Sessions::measure(unpadded, Endpoint::ChatCompletions);
    QCOMPARE(s[size_t(S::CodeWords)], 2);
    QCOMPARE(s[size_t(S::Questions)], 1);

    // Over the thread parser's kept size (1 MiB): read by a parser of its own.
    const QByteArray big = QByteArray("word ").repeated(300000);
    QCOMPARE(measured(chatUser(big), Endpoint::ChatCompletions, S::UserChars), big.size());
}

void tst_Classifier::unreadableBodiesMeasureZeros_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::newRow("empty") << QByteArray();
    QTest::newRow("not JSON") << QByteArray("summarise this please?");
    QTest::newRow("truncated") << QByteArray(R"({"messages":[{"role":"user","content":"hi)");
    QTest::newRow("an array") << QByteArray(R"([{"role":"user","content":"why?"}])");
    QTest::newRow("a number") << QByteArray("42");
    QTest::newRow("a string") << QByteArray(R"("python code?")");
    QTest::newRow("deep nesting") << QByteArray(R"({"messages":)") + QByteArray(100000, '[')
            + QByteArray(100000, ']') + '}';
    QTest::newRow("invalid UTF-8") << QByteArray("{\"messages\":[{\"role\":\"user\",\"content\":"
                                                 "\"\xff\xfe?\"}]}");
    QTest::newRow("NUL inside") << QByteArray("{\"messages\":\0[]}", 16);
}

void tst_Classifier::unreadableBodiesMeasureZeros()
{
    QFETCH(QByteArray, body);
    for (Endpoint e : { Endpoint::ChatCompletions, Endpoint::Messages, Endpoint::Responses })
        QCOMPARE(Sessions::measure(padded(body), e), Sessions::Signals {});
}

void tst_Classifier::wrongTypesAreSkipped()
{
    const QByteArray body = R"({"tools":{"a":1},"messages":"hi","response_format":"json",)"
                            R"("system":7,"input":null,"text":{"format":[]}})";
    for (Endpoint e : { Endpoint::ChatCompletions, Endpoint::Messages, Endpoint::Responses })
        QCOMPARE(Sessions::measure(padded(body), e), Sessions::Signals {});

    const QByteArray parts = R"({"messages":[1,null,{"role":"user","content":[7,{"type":3},)"
                             R"({"type":"text","text":5},{"type":"text","text":"ok?"}]}]})";
    const Sessions::Signals s = Sessions::measure(padded(parts), Endpoint::ChatCompletions);
    QCOMPARE(s[size_t(S::Messages)], 1);
    QCOMPARE(s[size_t(S::UserChars)], 3);
    QCOMPARE(s[size_t(S::Questions)], 1);
}

void tst_Classifier::firstHoldingRuleNamesTheClass()
{
    const QList<Domain::ClassifierRule> rules {
        { TaskClass::ToolUse, { atLeast(S::Tools, 1) } },
        { TaskClass::Code, { atLeast(S::CodeWords, 1) } },
        { TaskClass::Reasoning, { atLeast(S::CodeWords, 1), atLeast(S::Questions, 1) } },
    };
    Sessions::Signals s {};
    s[size_t(S::CodeWords)] = 2;
    s[size_t(S::Questions)] = 1;
    const Domain::Classification c = Sessions::applyRules(s, rules);
    QCOMPARE(Domain::toString(c.taskClass), u"code"_s);
    QCOMPARE(c.rule, 1);
    QCOMPARE(c.signals, s);
}

void tst_Classifier::atMostHoldsUpToItsValue()
{
    const QList<Domain::ClassifierRule> rules {
        { TaskClass::Code, { atLeast(S::CodeWords, 1), atMost(S::UserChars, 300) } },
    };
    Sessions::Signals s {};
    s[size_t(S::CodeWords)] = 1;
    s[size_t(S::UserChars)] = 300;
    QCOMPARE(Sessions::applyRules(s, rules).rule, 0);
    s[size_t(S::UserChars)] = 301;
    QCOMPARE(Sessions::applyRules(s, rules).rule, -1);
}

void tst_Classifier::ruleWithoutConditionsAlwaysHolds()
{
    const QList<Domain::ClassifierRule> rules {
        { TaskClass::Code, { atLeast(S::CodeFences, 1) } },
        { TaskClass::Summarisation, {} },
        { TaskClass::Code, {} },
    };
    const Domain::Classification c = Sessions::applyRules({}, rules);
    QCOMPARE(Domain::toString(c.taskClass), u"summarisation"_s);
    QCOMPARE(c.rule, 1);
}

void tst_Classifier::noRuleHeldIsChitChat()
{
    Sessions::Signals s {};
    s[size_t(S::Tools)] = 0;
    const QList<Domain::ClassifierRule> rules { { TaskClass::ToolUse, { atLeast(S::Tools, 1) } } };
    for (const auto &r : { rules, QList<Domain::ClassifierRule> {} }) {
        const Domain::Classification c = Sessions::applyRules(s, r);
        QCOMPARE(Domain::toString(c.taskClass), u"chit_chat"_s);
        QCOMPARE(c.rule, -1);
    }
}

void tst_Classifier::decidingSignalsNameTheHeldConditions()
{
    const QList<Domain::ClassifierRule> rules {
        { TaskClass::Code, { atLeast(S::CodeWords, 1), atMost(S::UserChars, 300) } },
        { TaskClass::Summarisation, {} },
    };
    Domain::Classification c;
    c.signals[size_t(S::CodeWords)] = 2;
    c.signals[size_t(S::UserChars)] = 40;
    c.rule = 0;
    QCOMPARE(Domain::decidingSignals(c, rules), u"code_words=2 (≥ 1) user_chars=40 (≤ 300)"_s);
    c.rule = 1;
    QCOMPARE(Domain::decidingSignals(c, rules), u"rule 2 (always)"_s);
    c.rule = -1;
    QCOMPARE(Domain::decidingSignals(c, rules), u"no rule held: user_chars=40 code_words=2"_s);
    QCOMPARE(Domain::decidingSignals(Domain::Classification {}, rules), u"no rule held"_s);
}

void tst_Classifier::defaultRulesOnHardCases_data()
{
    QTest::addColumn<Endpoint>("endpoint");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("taskClass");

    QTest::newRow("short code question without a fence")
        << Endpoint::ChatCompletions << chatUser("how do I reverse a list in python?") << u"code"_s;
    QTest::newRow("tools declared, no tool message yet")
        << Endpoint::Messages
        << QByteArray(R"({"tools":[{"name":"get_weather"}],"messages":[{"role":"user",)"
                      R"("content":"Is it raining in Oslo?"}]})")
        << u"tool_use"_s;
    QTest::newRow("long friendly turn")
        << Endpoint::ChatCompletions
        << chatUser(QByteArray("We went to the lake and the dog hid behind a chair all day. ")
                        .repeated(8))
        << u"chit_chat"_s;
    QTest::newRow("summary asked in the responses API")
        << Endpoint::Responses << QByteArray(R"({"input":"tl;dr of the thread below: ..."})")
        << u"summarisation"_s;
}

void tst_Classifier::defaultRulesOnHardCases()
{
    QFETCH(Endpoint, endpoint);
    QFETCH(QByteArray, body);
    QFETCH(QString, taskClass);
    const auto c = Sessions::classify(padded(body), endpoint, Domain::defaultClassifierRules());
    QCOMPARE(Domain::toString(c.taskClass), taskClass);
}

void tst_Classifier::defaultRulesKeepTheirAccuracyOnTheLabelledSet()
{
    const QList<Example> examples = labelledSet();
    QVERIFY(examples.size() >= 240);
    const QList<Domain::ClassifierRule> rules = Domain::defaultClassifierRules();
    int right = 0;
    std::array<int, Domain::kTaskClassCount> perClass {};
    for (const Example &e : examples) {
        ++perClass[size_t(e.label)];
        right += Sessions::classify(e.body, e.endpoint, rules).taskClass == e.label;
    }
    for (int n : perClass)
        QVERIFY(n >= 30);
    const double accuracy = double(right) / double(examples.size());
    QVERIFY2(accuracy >= kMinAccuracy,
             qPrintable(u"%1 of %2 right"_s.arg(right).arg(examples.size())));
}

void tst_Classifier::aParsedBodyMeasuresAsItsBytes()
{
    const QList<Example> examples = labelledSet();
    QVERIFY(!examples.isEmpty());
    simdjson::dom::parser parser;
    for (const Example &e : examples) {
        simdjson::dom::object object;
        QVERIFY(parser.parse(e.body.constData(), size_t(e.body.size())).get(object)
                == simdjson::SUCCESS);
        QCOMPARE(Sessions::measure(object, e.endpoint), Sessions::measure(e.body, e.endpoint));
    }
}

QTEST_GUILESS_MAIN(tst_Classifier)
#include "tst_classifier.moc"
