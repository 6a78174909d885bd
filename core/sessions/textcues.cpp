#include "sessions/textcues.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>

namespace Sessions {
namespace {

enum class Kind : quint8 { Marker, Word, Summary, Extraction, Reasoning };

// The lexicons, one per Kind, entries separated by '|'. An entry is a lower-case word, or a
// phrase: its first word then the bytes that must follow it ("step by step", "c++", "tl;dr").
// docs/sessions.md lists them; English only.
constexpr std::string_view kLexicons[] = {
    // Kind::Marker: code syntax spelled as words.
    "def|elif|const|void|nullptr|printf|println|lambda|struct|typedef|namespace|import|await|int|"
    "bool|fn|func|impl|cout|sizeof|malloc|foreach|endif|null|undefined|stdout|argv",
    // Kind::Word: programming vocabulary.
    "python|javascript|typescript|java|js|golang|rust|kotlin|ruby|php|perl|haskell|scala|c++|c#|"
    "cpp|sql|mysql|postgres|postgresql|sqlite|regex|html|css|div|yaml|bash|shell|powershell|linux|"
    "terminal|vim|git|branch|commit|repo|docker|kubernetes|nginx|npm|pip|node|react|vue|webpack|"
    "django|flask|pandas|numpy|cmake|gcc|compile|compiler|compiles|compiling|function|"
    "functions|method|methods|class|variable|variables|loop|recursion|recursive|array|arrays|"
    "string|strings|integer|boolean|dict|dictionary|hashmap|pointer|mutable|exception|traceback|"
    "stacktrace|segfault|bug|debug|code|coding|programming|script|snippet|api|endpoint|library|"
    "framework|syntax|refactor|implement|query|database|deploy|async|thread|mutex|callback|"
    "iterate|iterator|unit test|runtime|typeerror|valueerror|keyerror|module|dependency|command",
    // Kind::Summary.
    "summarise|summarize|summarising|summarizing|summary|summaries|tldr|tl;dr|recap|condense|"
    "gist|takeaways|key points|main points|bullet points|sum up|boil down|shorten|synopsis|"
    "nutshell|main idea|brief|overview",
    // Kind::Extraction.
    "extract|extracts|extraction|parse|fields|json|csv|entities|emails|phone number|"
    "pull out|list all|list every|find all|as a table|classify|categorize|categorise|sentiment|"
    "schema|structured|fill in|tag|tags|keywords|key-value|normalize|normalise",
    // Kind::Reasoning.
    "prove|proof|step by step|step-by-step|calculate|solve|how many|how old|how long|how far|"
    "how high|probability|odds|logic|logically|puzzle|riddle|deduce|derive|equation|estimate|"
    "reason|reasoning|think it through|think through|think carefully|pros and cons|tradeoffs|"
    "trade-offs|therefore|theorem|integral|derivative|percent|average|divisible|twice|older|"
    "taller|faster|shortest|optimal|expected value|paradox|contradiction|truth",
};

struct Entry
{
    std::string_view word;
    Kind kind = Kind::Marker;
    std::string_view tail;
};

constexpr bool isWordByte(char c)
{
    return c >= 'a' && c <= 'z';
}

constexpr size_t countEntries()
{
    size_t n = 0;
    for (std::string_view lexicon : kLexicons)
        n += size_t(std::count(lexicon.begin(), lexicon.end(), '|')) + 1;
    return n;
}
constexpr size_t kLexiconSize = countEntries();

// The lexicons split into entries at compile time.
constexpr std::array<Entry, kLexiconSize> kLexicon = [] {
    std::array<Entry, kLexiconSize> entries {};
    size_t n = 0;
    for (size_t k = 0; k < std::size(kLexicons); ++k) {
        std::string_view rest = kLexicons[k];
        while (!rest.empty()) {
            const size_t bar = std::min(rest.find('|'), rest.size());
            const std::string_view entry = rest.substr(0, bar);
            size_t word = 0;
            while (word < entry.size() && isWordByte(entry[word]))
                ++word;
            entries[n++] = { entry.substr(0, word), Kind(k), entry.substr(word) };
            rest.remove_prefix(std::min(bar + 1, rest.size()));
        }
    }
    return entries;
}();

constexpr size_t kMaxWord = 16; // the longest word looked up

// A word as the lookup sees it: its lower-case bytes, zero-padded to kMaxWord.
struct Packed
{
    quint64 lo = 0;
    quint64 hi = 0;
    bool operator==(const Packed &) const = default;
};

// word() packs with memcpy, pack() with shifts: the same on a little-endian machine only.
static_assert(std::endian::native == std::endian::little);

constexpr Packed pack(std::string_view word)
{
    Packed p;
    for (size_t i = 0; i < word.size() && i < kMaxWord; ++i)
        (i < 8 ? p.lo : p.hi) |= quint64(uchar(word[i]) | 0x20) << (8 * (i % 8));
    return p;
}

constexpr size_t kSlotBits = 10;
constexpr size_t kSlots = size_t(1) << kSlotBits;
static_assert(kLexiconSize < kSlots / 2);

constexpr size_t slotOf(Packed w)
{
    return size_t((w.lo * 0x9E3779B97F4A7C15ull ^ w.hi * 0xC2B2AE3D27D4EB4Full)
                  >> (64 - kSlotBits));
}

constexpr bool wordsFit()
{
    for (const Entry &e : kLexicon) {
        if (e.word.empty() || e.word.size() > kMaxWord || e.tail.size() > kMaxWord)
            return false;
        for (char c : e.tail) {
            if (!(uchar(c) & 0x20)) // compared folded, as every byte of the text is
                return false;
        }
    }
    return true;
}
static_assert(wordsFit(), "lexicon words of 1 to kMaxWord bytes, tails as they fold");

// Open addressing over the lexicon, built at compile time: most words miss on the first probe.
struct Slot
{
    Packed word;
    qint16 entry = -1;
};
constexpr std::array<Slot, kSlots> kIndex = [] {
    std::array<Slot, kSlots> slots {};
    for (size_t i = 0; i < kLexiconSize; ++i) {
        const Packed w = pack(kLexicon[i].word);
        size_t s = slotOf(w);
        while (slots[s].entry >= 0)
            s = (s + 1) & (kSlots - 1);
        slots[s] = { w, qint16(i) };
    }
    return slots;
}();

constexpr std::array<Packed, kLexiconSize> kTail = [] {
    std::array<Packed, kLexiconSize> t {};
    for (size_t i = 0; i < kLexiconSize; ++i)
        t[i] = pack(kLexicon[i].tail);
    return t;
}();

enum Class : quint8 { Other, Space, Word, Digit, Punct };

constexpr std::array<quint8, 256> kClass = [] {
    std::array<quint8, 256> t {};
    for (int c = 0; c < 256; ++c) {
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c >= 0x80)
            t[c] = Word;
        else if (c >= '0' && c <= '9')
            t[c] = Digit;
        else if (c == ' ' || c == '\t' || c == '\n' || c == '\r')
            t[c] = Space;
    }
    for (char c : std::string_view("?`{};=!-:&|</#([+*^%\\"))
        t[uchar(c)] = Punct;
    return t;
}();

// Per byte: not 0 for a word byte, with a flag for an upper-case letter and for '_' (a word with
// either is looked at again as a possible identifier).
constexpr quint16 kUpper = 0x100, kUnderscore = 0x200;
constexpr std::array<quint16, 256> kFold = [] {
    std::array<quint16, 256> t {};
    for (int c = 0; c < 256; ++c) {
        if (c >= 'A' && c <= 'Z')
            t[c] = quint16((c | 0x20) | kUpper);
        else if (c == '_')
            t[c] = quint16(c | kUnderscore);
        else if ((c >= 'a' && c <= 'z') || c >= 0x80)
            t[c] = quint16(c);
    }
    return t;
}();

constexpr uchar lower(uchar c)
{
    return c >= 'A' && c <= 'Z' ? uchar(c | 0x20) : c;
}

bool isDigit(const char *p, const char *end)
{
    return p < end && kClass[uchar(*p)] == Digit;
}

// The text at p starts with `tail` (lower case), letters compared without case.
bool startsWith(const char *p, const char *end, std::string_view tail)
{
    if (size_t(end - p) < tail.size())
        return false;
    for (size_t i = 0; i < tail.size(); ++i) {
        if (lower(uchar(p[i])) != uchar(tail[i]))
            return false;
    }
    return true;
}

// snake_case (a '_' between word bytes) or camelCase (starts lower case, then an upper case
// letter after a lower-case one).
bool isIdentifier(const char *word, const char *end, quint16 flags)
{
    for (const char *p = word + 1; p + 1 < end; ++p) {
        if ((flags & kUnderscore) && *p == '_' && kFold[uchar(p[1])] != 0)
            return true;
    }
    if (!(flags & kUpper) || !(*word >= 'a' && *word <= 'z'))
        return false;
    for (const char *p = word + 1; p < end; ++p) {
        if (*p >= 'A' && *p <= 'Z' && p[-1] >= 'a' && p[-1] <= 'z')
            return true;
    }
    return false;
}

constexpr quint64 kCase = 0x2020202020202020ull; // set in a byte: an ASCII letter in lower case

// Which bytes of a packed word of each size are kept.
constexpr std::array<Packed, kMaxWord + 1> kKeep = [] {
    std::array<Packed, kMaxWord + 1> t {};
    for (size_t size = 0; size <= kMaxWord; ++size) {
        for (size_t i = 0; i < size; ++i)
            (i < 8 ? t[size].lo : t[size].hi) |= quint64(0xff) << (8 * (i % 8));
    }
    return t;
}();

// Per first two letters (the second 0 for a one-letter word), a bit per size that some lexicon
// word has: most words of a text are passed over without packing or probing. Letters of either
// case share an index (c & 31).
constexpr size_t firstTwo(uchar first, uchar second)
{
    return size_t(first & 31) << 5 | size_t(second & 31);
}
constexpr std::array<quint32, 32 * 32> kFirstTwoAndSize = [] {
    std::array<quint32, 32 * 32> t {};
    for (const Entry &e : kLexicon) {
        const uchar second = e.word.size() > 1 ? uchar(e.word[1]) : 0;
        t[firstTwo(uchar(e.word[0]), second)] |= quint32(1) << e.word.size();
    }
    return t;
}();

// The word of `size` bytes at p packed as pack() does (letters lower-cased by setting 0x20, which
// leaves the lexicon's words as they are): two loads when 16 bytes can be read, else bytewise.
Packed packAt(const char *p, size_t size, const char *end)
{
    Packed w;
    if (end - p >= qsizetype(kMaxWord)) {
        std::memcpy(&w.lo, p, 8);
        std::memcpy(&w.hi, p + 8, 8);
    } else {
        uchar buf[kMaxWord] = {};
        std::memcpy(buf, p, size);
        std::memcpy(&w.lo, buf, 8);
        std::memcpy(&w.hi, buf + 8, 8);
    }
    w.lo = (w.lo | kCase) & kKeep[size].lo;
    w.hi = (w.hi | kCase) & kKeep[size].hi;
    return w;
}

constexpr bool isWordAt(std::string_view text, size_t i)
{
    return kFold[uchar(text[i])] != 0;
}

constexpr bool isContinuation(char c)
{
    return (uchar(c) & 0xC0) == 0x80; // a UTF-8 byte after a sequence's first
}

// The head's end at `cut` in `text`; inside a word it moves back to the word's start ("tags" cut
// to "tag" would be a word of the lexicon). A word longer than any lexicon word is cut where it
// is, before a UTF-8 sequence, so the move is bounded.
size_t headCut(std::string_view text, size_t cut)
{
    if (cut == 0 || cut >= text.size() || !isWordAt(text, cut - 1) || !isWordAt(text, cut))
        return cut;
    size_t start = cut;
    while (start > 0 && cut - start <= kMaxWord && isWordAt(text, start - 1))
        --start;
    if (start == 0 || !isWordAt(text, start - 1))
        return start;
    while (cut > 0 && isContinuation(text[cut]))
        --cut;
    return cut;
}

// The tail's start at `cut` in `text`; inside a word it moves on to the word's end, or for a word
// longer than any lexicon word to the next UTF-8 sequence.
size_t tailCut(std::string_view text, size_t cut)
{
    if (cut == 0 || cut >= text.size() || !isWordAt(text, cut - 1) || !isWordAt(text, cut))
        return cut;
    size_t end = cut;
    while (end < text.size() && end - cut <= kMaxWord && isWordAt(text, end))
        ++end;
    if (end == text.size() || !isWordAt(text, end))
        return end;
    while (cut < text.size() && isContinuation(text[cut]))
        ++cut;
    return cut;
}

// The scanner's state for one window of a text: a cursor over the bytes and the counts.
struct Scanner
{
    TextCues &cues;
    const char *begin;
    const char *end;

    void count(Kind kind)
    {
        switch (kind) {
        case Kind::Marker:
            ++cues.codeMarkers;
            break;
        case Kind::Word:
            ++cues.codeWords;
            break;
        case Kind::Summary:
            ++cues.summaryCue;
            break;
        case Kind::Extraction:
            ++cues.extractionCue;
            break;
        case Kind::Reasoning:
            ++cues.reasoningCue;
            break;
        }
    }

    // Looks the word up; a phrase also needs its tail at p. Returns where to go on.
    const char *lookUp(Packed word, const char *p)
    {
        const char *next = p;
        Packed after; // the folded bytes at p, packed when a phrase first needs them
        bool packed = false;
        for (size_t s = slotOf(word); kIndex[s].entry >= 0; s = (s + 1) & (kSlots - 1)) {
            if (!(kIndex[s].word == word))
                continue;
            const size_t i = size_t(kIndex[s].entry);
            const size_t tail = kLexicon[i].tail.size();
            if (tail > 0) {
                if (!packed) {
                    after = packAt(p, size_t(std::min<qsizetype>(end - p, kMaxWord)), end);
                    packed = true;
                }
                const Packed keep = kKeep[tail];
                if ((after.lo & keep.lo) != kTail[i].lo || (after.hi & keep.hi) != kTail[i].hi)
                    continue;
                next = p + tail;
            }
            count(kLexicon[i].kind);
        }
        return next;
    }

    // A run of letters, '_' and non-ASCII bytes: looked up, and counted as code when it is an
    // identifier or a call ("f(").
    const char *word(const char *p)
    {
        const char *start = p;
        quint16 flags = 0;
        quint16 f = kFold[uchar(*p)];
        do {
            flags |= f;
            ++p;
        } while (p < end && (f = kFold[uchar(*p)]) != 0);
        if (((flags & (kUpper | kUnderscore)) && isIdentifier(start, p, flags))
            || (p < end && *p == '('))
            ++cues.codeMarkers;
        const size_t size = size_t(p - start);
        const uchar second = size > 1 ? uchar(start[1]) : 0;
        if (size > kMaxWord || !(kFirstTwoAndSize[firstTwo(uchar(*start), second)] >> size & 1))
            return p;
        return lookUp(packAt(start, size, end), p);
    }

    // The nearest byte on either side, past one space, is a digit: an operator of arithmetic.
    bool nearDigit(const char *p) const
    {
        const char *before = p - 1;
        if (before >= begin && *before == ' ')
            --before;
        const char *after = p + 1;
        if (after < end && *after == ' ')
            ++after;
        return (before >= begin && kClass[uchar(*before)] == Digit) || isDigit(after, end);
    }

    const char *backticks(const char *p)
    {
        const char *run = p;
        while (p < end && *p == '`')
            ++p;
        if (p - run >= 3)
            ++cues.codeFences;
        else
            ++cues.codeMarkers;
        return p;
    }

    const char *punct(const char *p)
    {
        const char c = *p;
        const char n = p + 1 < end ? p[1] : '\0';
        switch (c) {
        case '?':
            ++cues.questions;
            break;
        case '`':
            return backticks(p);
        case '{':
        case '}':
            ++cues.codeMarkers;
            break;
        case ';':
            if (n == '\0' || n == '\n' || n == '\r' || (p > begin && p[-1] == ')'))
                ++cues.codeMarkers;
            break;
        case '=':
        case '!':
        case '-':
        case ':':
        case '&':
        case '|':
        case '<':
        case '(':
        case '[':
            if ((c == '=' && (n == '>' || n == '=')) || (c == '!' && n == '=')
                || (c == '-' && n == '>') || (c == ':' && n == ':') || (c == '&' && n == '&')
                || (c == '|' && n == '|') || (c == '<' && n == '/') || (c == '(' && n == ')')
                || (c == '[' && n == ']')) {
                ++cues.codeMarkers;
                return p + 2;
            }
            if ((c == '=' || c == '-') && nearDigit(p))
                ++cues.digits;
            break;
        case '\\':
            if (kClass[uchar(n)] == Word)
                ++cues.codeMarkers; // an escape such as \d or \n
            break;
        case '#':
            if (startsWith(p + 1, end, "include") || startsWith(p + 1, end, "define")
                || startsWith(p + 1, end, "!/"))
                ++cues.codeMarkers;
            break;
        default: // '/', '+', '*', '^', '%'
            if (nearDigit(p))
                ++cues.digits;
            break;
        }
        return p + 1;
    }

    void run()
    {
        const char *p = begin;
        while (p < end) {
            const quint8 k = kClass[uchar(*p)];
            if (k == Word) {
                p = word(p);
            } else if (k == Space || k == Other) {
                ++p;
            } else if (k == Digit) {
                ++cues.digits;
                ++p;
            } else {
                p = punct(p);
            }
        }
    }
};

} // namespace

TextCues::TextCues(qint64 turnBytes)
{
    if (turnBytes > kScanBytes) {
        m_headEnd = kHeadBytes;
        m_tailBegin = turnBytes - kTailBytes;
        m_tailEnd = turnBytes;
    }
}

void TextCues::scan(std::string_view text)
{
    const qint64 at = m_offset;
    const qint64 size = qint64(text.size());
    m_offset += size;
    // A window of the turn in the text's own offsets, cut to the text.
    const auto local = [at, size](qint64 turnOffset) {
        return size_t(std::clamp<qint64>(turnOffset - at, 0, size));
    };
    const size_t headEnd = headCut(text, local(m_headEnd));
    const size_t tailBegin = std::max(headEnd, tailCut(text, local(m_tailBegin)));
    const size_t tailEnd = local(m_tailEnd);
    if (headEnd > 0) {
        Scanner head { *this, text.data(), text.data() + headEnd };
        head.run();
    }
    if (tailBegin < tailEnd) {
        Scanner tail { *this, text.data() + tailBegin, text.data() + tailEnd };
        tail.run();
    }
}

} // namespace Sessions
