#pragma once

#include "probes/probeset.h"

#include <QByteArray>
#include <QString>

namespace Probes {

struct ProbeGrade
{
    bool passed = false;
    QString reason; // why it failed, one line of English; empty when it passed
    // The model's output as a caller sees it: each tool call as name(arguments), one per line, or
    // the message's content (or refusal); at most kMaxOutputBytes, cut on a character boundary.
    QByteArray output;
};

inline constexpr qsizetype kMaxOutputBytes = 2000;

// Grades a chat-completions answer to `task` on what a caller's code would parse (docs/probes.md):
// a tool task passes on a real tool call of the expected tool whose arguments are a JSON object
// valid for its parameters; a structured task on content that is JSON valid for the schema sent.
ProbeGrade grade(const ProbeTask &task, const QByteArray &chatCompletionAnswer);

} // namespace Probes
