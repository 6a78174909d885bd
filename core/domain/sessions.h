#pragma once

#include "bounds.h"

#include <QList>
#include <QString>
#include <QtGlobal>
#include <array>
#include <optional>

// Mixed-model sessions (SPEC §6, docs/sessions.md): each turn of an opted-in key is classified by
// the shape of its request; Shadow records the cheaper model that would have met the key's quality
// floor, Suggest also tells the caller.
namespace Domain {

// The fixed list of task classes, in the order tables and charts show them.
enum class TaskClass : quint8 { ChitChat, Extraction, Summarisation, Code, Reasoning, ToolUse };
constexpr int kTaskClassCount = 6;
QString toString(TaskClass v); // "chit_chat", "extraction", "summarisation", "code", …
std::optional<TaskClass> taskClassFromString(const QString &s);

enum class SessionMode : quint8 { Off, Shadow, Suggest };
QString toString(SessionMode v); // "off", "shadow", "suggest"
std::optional<SessionMode> sessionModeFromString(const QString &s);

// What the classifier measures of a request; never text, only counts and lengths (no prompt text
// leaves the classifier). Wire names in sessions.cpp; docs/sessions.md says what each counts.
enum class ClassifierSignal : quint8 {
    Tools, // tools (or functions) the request declares
    ToolMessages, // tool results and assistant tool calls in the conversation
    JsonFormat, // 1 when a JSON response format (json_object or json_schema) is asked for
    Messages, // messages in the conversation (a system prompt included)
    UserChars, // bytes of UTF-8 text of the last user turn
    TotalChars, // bytes of UTF-8 text of every message
    CodeFences, // ``` fences in the last user turn
    CodeMarkers, // code-like tokens in the last user turn (";", "{", "=>", "def ", "#include", …)
    CodeWords, // programming words in the last user turn ("function", "python", "compile", …)
    SummaryCue, // "summarise", "tl;dr", "key points", … in the last user turn
    ExtractionCue, // "extract", "parse", "fields", "as json", … in the last user turn
    ReasoningCue, // "prove", "step by step", "why", "calculate", … in the last user turn
    Digits, // digits and arithmetic operators in the last user turn
    Questions, // question marks in the last user turn
};
constexpr int kClassifierSignalCount = 14;
QString toString(ClassifierSignal v); // "tools", "tool_messages", "json_format", …
std::optional<ClassifierSignal> classifierSignalFromString(const QString &s);

// One test of a rule: the signal's value is at least (or at most) `value`.
struct ClassifierCondition
{
    enum class Op : quint8 { AtLeast, AtMost };
    ClassifierSignal signal = ClassifierSignal::Tools;
    Op op = Op::AtLeast;
    qint64 value = 0;

    static constexpr Bounds<qint64> kValue { 0, 100000000 };
    bool operator==(const ClassifierCondition &) const = default;
};

// The classifier's rules are data: the first rule whose conditions all hold names the class; a
// rule without conditions always holds; when none holds the turn is chit-chat.
struct ClassifierRule
{
    TaskClass taskClass = TaskClass::ChitChat;
    QList<ClassifierCondition> conditions;

    static constexpr qsizetype kMaxConditions = 8;
    bool operator==(const ClassifierRule &) const = default;
};
constexpr qsizetype kMaxClassifierRules = 64;

// The rules a new workspace starts with, measured on tests/data/classifier (bench_classifier).
QList<ClassifierRule> defaultClassifierRules();

// How good a model is at each task class, 1 (weakest) to 5; 0: not rated, never suggested.
struct QualityTiers
{
    std::array<qint8, kTaskClassCount> tiers {};

    static constexpr Bounds<int> kTier { 0, 5 };
    int tier(TaskClass c) const { return tiers[size_t(c)]; }
    void setTier(TaskClass c, int t) { tiers[size_t(c)] = qint8(t); }
    bool isEmpty() const { return tiers == std::array<qint8, kTaskClassCount> {}; }
    bool operator==(const QualityTiers &) const = default;
};

// A key's or a project's session setting. A key whose mode is Off follows its project's.
struct SessionSettings
{
    SessionMode mode = SessionMode::Off;
    int qualityFloor = 3; // a model qualifies for a turn when its tier for the class is ≥ this

    static constexpr Bounds<int> kQualityFloor { 1, 5 };
    bool operator==(const SessionSettings &) const = default;
};

// What the classifier measured of one request and which rule decided.
struct Classification
{
    TaskClass taskClass = TaskClass::ChitChat;
    int rule = -1; // index of the rule that held; -1: none did
    std::array<qint64, kClassifierSignalCount> signals {};

    qint64 signal(ClassifierSignal s) const { return signals[size_t(s)]; }
    bool operator==(const Classification &) const = default;
};

// The signals that decided, as the receipt and the drawer show them: the held rule's conditions
// with the measured values ("tools=2 (≥ 1)"), or "no rule held" with the signals that are not 0.
QString decidingSignals(const Classification &c, const QList<ClassifierRule> &rules);

// What a call's receipt says of its session (mode Off: the call was not classified).
struct SessionVerdict
{
    SessionMode mode = SessionMode::Off;
    TaskClass taskClass = TaskClass::ChitChat;
    QString signals; // decidingSignals(); no prompt text
    // Empty: the asked model is already the cheapest that qualifies, or the call failed.
    QString suggestedModel;
    double projectedSaving = 0.0; // USD: the call's tokens at its served and the suggested price
    bool accepted = false; // the call named the model its session was suggested, in the window

    bool classified() const { return mode != SessionMode::Off; }
    bool operator==(const SessionVerdict &) const = default;
};

} // namespace Domain
