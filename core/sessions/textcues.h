#pragma once

#include <QtGlobal>
#include <string_view>

// What the classifier counts in the last user turn's text (docs/sessions.md, "The classifier"):
// bytes are scanned once, words lower-cased on the fly and looked up in fixed lexicons. Only the
// counts are kept, never the text.
namespace Sessions {

struct TextCues
{
    // A turn's first and last bytes are scanned, not the middle: the cost is bounded whatever the
    // caller sends, and the request is before or after a pasted text, seldom inside it.
    static constexpr qsizetype kHeadBytes = 1024; // the question, or the instruction before a text
    static constexpr qsizetype kTailBytes = 512; // "…\n\nSummarise the above." after a text
    // A turn of at most this many bytes is scanned whole; no turn has more bytes scanned.
    static constexpr qsizetype kScanBytes = kHeadBytes + kTailBytes;

    qint64 codeFences = 0; // runs of three or more backticks (a fenced block has two)
    qint64 codeMarkers = 0; // code syntax: "{", "=>", "::", "f(", snake_case, "#include", "def", …
    qint64 codeWords = 0; // programming vocabulary: "python", "function", "compile", …
    qint64 summaryCue = 0;
    qint64 extractionCue = 0;
    qint64 reasoningCue = 0;
    qint64 digits = 0; // digits, and the operators + * / ^ = % (and "-" next to a digit)
    qint64 questions = 0; // question marks

    // `turnBytes`: the size of the whole turn, the sum of the texts scan() is then given in order.
    explicit TextCues(qint64 turnBytes);

    // Adds to the counts what the part of `text` inside the head or the tail window holds. A
    // window edge inside a word moves to the word's edge outside the window, so no byte is
    // scanned twice and no piece of a word is looked up as a word.
    void scan(std::string_view text);

private:
    qint64 m_offset = 0; // where the next text starts in the turn
    qint64 m_headEnd = kScanBytes; // the head is [0, m_headEnd) of the turn
    qint64 m_tailBegin = kScanBytes; // the tail is [m_tailBegin, m_tailEnd)
    qint64 m_tailEnd = kScanBytes;
};

} // namespace Sessions
