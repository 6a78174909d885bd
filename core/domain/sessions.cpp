#include "sessions.h"

#include "enumtable.h"

#include <array>
#include <utility>

using namespace Qt::StringLiterals;

namespace Domain {
namespace {

constexpr std::array<std::pair<TaskClass, const char16_t *>, kTaskClassCount> kTaskClass { {
    { TaskClass::ChitChat, u"chit_chat" },
    { TaskClass::Extraction, u"extraction" },
    { TaskClass::Summarisation, u"summarisation" },
    { TaskClass::Code, u"code" },
    { TaskClass::Reasoning, u"reasoning" },
    { TaskClass::ToolUse, u"tool_use" },
} };
constexpr std::array<std::pair<SessionMode, const char16_t *>, 3> kSessionMode { {
    { SessionMode::Off, u"off" },
    { SessionMode::Shadow, u"shadow" },
    { SessionMode::Suggest, u"suggest" },
} };
constexpr std::array<std::pair<ClassifierSignal, const char16_t *>, kClassifierSignalCount>
    kSignal { {
        { ClassifierSignal::Tools, u"tools" },
        { ClassifierSignal::ToolMessages, u"tool_messages" },
        { ClassifierSignal::JsonFormat, u"json_format" },
        { ClassifierSignal::Messages, u"messages" },
        { ClassifierSignal::UserChars, u"user_chars" },
        { ClassifierSignal::TotalChars, u"total_chars" },
        { ClassifierSignal::CodeFences, u"code_fences" },
        { ClassifierSignal::CodeMarkers, u"code_markers" },
        { ClassifierSignal::CodeWords, u"code_words" },
        { ClassifierSignal::SummaryCue, u"summary_cue" },
        { ClassifierSignal::ExtractionCue, u"extraction_cue" },
        { ClassifierSignal::ReasoningCue, u"reasoning_cue" },
        { ClassifierSignal::Digits, u"digits" },
        { ClassifierSignal::Questions, u"questions" },
    } };

} // namespace

QString toString(TaskClass v)
{
    return EnumTable::nameOf(kTaskClass, v);
}
std::optional<TaskClass> taskClassFromString(const QString &s)
{
    return EnumTable::valueOf(kTaskClass, s);
}
QString toString(SessionMode v)
{
    return EnumTable::nameOf(kSessionMode, v);
}
std::optional<SessionMode> sessionModeFromString(const QString &s)
{
    return EnumTable::valueOf(kSessionMode, s);
}
QString toString(ClassifierSignal v)
{
    return EnumTable::nameOf(kSignal, v);
}
std::optional<ClassifierSignal> classifierSignalFromString(const QString &s)
{
    return EnumTable::valueOf(kSignal, s);
}

QList<ClassifierRule> defaultClassifierRules()
{
    // In this order, each rule before the looser ones it would shadow: what the request declares
    // (tools, a JSON format), then code fences, the cue words, and last the shapes (a short
    // question naming a language, a short text full of numbers, a long pasted text).
    using S = ClassifierSignal;
    using Op = ClassifierCondition::Op;
    const auto atLeast = [](S s, qint64 v) { return ClassifierCondition { s, Op::AtLeast, v }; };
    const auto atMost = [](S s, qint64 v) { return ClassifierCondition { s, Op::AtMost, v }; };
    return {
        { TaskClass::ToolUse, { atLeast(S::Tools, 1) } },
        { TaskClass::ToolUse, { atLeast(S::ToolMessages, 1) } },
        { TaskClass::Extraction, { atLeast(S::JsonFormat, 1) } },
        { TaskClass::Code, { atLeast(S::CodeFences, 1) } },
        { TaskClass::Summarisation, { atLeast(S::SummaryCue, 1) } },
        { TaskClass::Code, { atLeast(S::CodeWords, 2) } },
        { TaskClass::Extraction, { atLeast(S::ExtractionCue, 1) } },
        { TaskClass::Code, { atLeast(S::CodeMarkers, 3) } },
        { TaskClass::Reasoning, { atLeast(S::ReasoningCue, 1) } },
        { TaskClass::Code, { atLeast(S::CodeWords, 1), atMost(S::UserChars, 300) } },
        { TaskClass::Reasoning, { atLeast(S::Digits, 4), atMost(S::UserChars, 500) } },
        { TaskClass::Summarisation, { atLeast(S::UserChars, 800) } },
    };
}

QString decidingSignals(const Classification &c, const QList<ClassifierRule> &rules)
{
    QString out;
    const auto add = [&out](ClassifierSignal s, qint64 value) {
        if (!out.isEmpty())
            out += u' ';
        out += toString(s) + u'=' + QString::number(value);
    };
    if (c.rule >= 0 && c.rule < rules.size()) {
        const ClassifierRule &rule = rules.at(c.rule);
        for (const ClassifierCondition &cond : rule.conditions) {
            add(cond.signal, c.signal(cond.signal));
            out += (cond.op == ClassifierCondition::Op::AtLeast ? u" (≥ "_s : u" (≤ "_s)
                + QString::number(cond.value) + u')';
        }
        if (rule.conditions.isEmpty())
            out = u"rule %1 (always)"_s.arg(c.rule + 1);
        return out;
    }
    for (int i = 0; i < kClassifierSignalCount; ++i) {
        if (c.signals[size_t(i)] != 0)
            add(ClassifierSignal(i), c.signals[size_t(i)]);
    }
    return out.isEmpty() ? u"no rule held"_s : u"no rule held: "_s + out;
}

} // namespace Domain
