#pragma once

#include <QtGlobal>
#include <string_view>

// What the classifier counts in the last user turn's text (docs/sessions.md, "The classifier"):
// bytes are scanned once, words lower-cased on the fly and looked up in fixed lexicons. Only the
// counts are kept, never the text.
namespace Sessions {

struct TextCues
{
    // At most this many bytes of a turn are scanned: the cost is bounded whatever the caller sends.
    static constexpr qsizetype kScanBytes = 8 * 1024;

    qint64 codeFences = 0; // runs of three or more backticks (a fenced block has two)
    qint64 codeMarkers = 0; // code syntax: "{", "=>", "::", "f(", snake_case, "#include", "def", …
    qint64 codeWords = 0; // programming vocabulary: "python", "function", "compile", …
    qint64 summaryCue = 0;
    qint64 extractionCue = 0;
    qint64 reasoningCue = 0;
    qint64 digits = 0; // digits, and the operators + * / ^ = % (and "-" next to a digit)
    qint64 questions = 0; // question marks

    // Adds what `text` holds to the counts; scans only what is left of the kScanBytes budget.
    void scan(std::string_view text);

private:
    qsizetype m_budget = kScanBytes;
};

} // namespace Sessions
