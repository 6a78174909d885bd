// Sessions::measure() and applyRules() on any bytes as a caller's body (docs/sessions.md, "The
// classifier"). Checks what classifier.h and textcues.h promise: every signal is at least 0,
// json_format is 0 or 1, the last user turn's characters are within every message's, the text
// signals count within the bytes scanned (at most TextCues::kScanBytes), and the default rules
// name a class with a rule in range.
//
// Input: the body, then one byte: the endpoint (bits 0-1: chat completions, messages, responses,
// embeddings) and whether the body has the gateway's padding after it (bit 2).

#include "fuzzsupport.h"
#include "sessions/classifier.h"
#include "sessions/textcues.h"

#include <QByteArray>
#include <algorithm>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Fuzz::quietQt();
    if (size == 0)
        return 0;
    const uint8_t control = data[size - 1];
    const Domain::Endpoint endpoint = Domain::Endpoint(control & 3);
    QByteArray body(reinterpret_cast<const char *>(data), qsizetype(size - 1));
    if (control & 4)
        body.reserve(body.size() + 64);
    else
        body.squeeze();

    using S = Domain::ClassifierSignal;
    const Sessions::Signals s = Sessions::measure(body, endpoint);
    const auto at = [&s](S signal) { return s[size_t(signal)]; };
    for (qint64 v : s)
        FUZZ_CHECK(v >= 0);
    FUZZ_CHECK(at(S::JsonFormat) <= 1);
    FUZZ_CHECK(at(S::UserChars) <= at(S::TotalChars));
    FUZZ_CHECK(at(S::TotalChars) <= qint64(size));
    const qint64 scanned = std::min<qint64>(at(S::UserChars), Sessions::TextCues::kScanBytes);
    for (S cue : { S::CodeFences, S::CodeWords, S::SummaryCue, S::ExtractionCue, S::ReasoningCue,
                   S::Digits, S::Questions })
        FUZZ_CHECK(at(cue) <= scanned);
    FUZZ_CHECK(at(S::CodeMarkers) <= 2 * scanned);

    const QList<Domain::ClassifierRule> rules = Domain::defaultClassifierRules();
    const Domain::Classification c = Sessions::applyRules(s, rules);
    FUZZ_CHECK(c.rule >= -1 && c.rule < rules.size());
    FUZZ_CHECK(c.rule >= 0 || c.taskClass == Domain::TaskClass::ChitChat);
    FUZZ_CHECK(c.signals == s);
    return 0;
}
