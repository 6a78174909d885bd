#include "sessions/textcues.h"

#include <algorithm>
#include <array>
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
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
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

constexpr quint32 hashStep(quint32 h, uchar c)
{
    return h * 33u + c;
}

constexpr quint32 hashOf(std::string_view word)
{
    quint32 h = 0;
    for (char c : word)
        h = hashStep(h, uchar(c));
    return h;
}

// Open addressing over the lexicon, built at compile time: a lookup is one or two probes.
constexpr size_t kSlots = 1024;
static_assert(kLexiconSize < kSlots / 2);
constexpr std::array<qint16, kSlots> kIndex = [] {
    std::array<qint16, kSlots> slots {};
    for (qint16 &s : slots)
        s = -1;
    for (size_t i = 0; i < kLexiconSize; ++i) {
        size_t s = hashOf(kLexicon[i].word) & (kSlots - 1);
        while (slots[s] >= 0)
            s = (s + 1) & (kSlots - 1);
        slots[s] = qint16(i);
    }
    return slots;
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

constexpr size_t kMaxWord = 16; // the longest word looked up

constexpr bool wordsFit()
{
    for (const Entry &e : kLexicon) {
        if (e.word.empty() || e.word.size() > kMaxWord)
            return false;
    }
    return true;
}
static_assert(wordsFit(), "every lexicon entry starts with a word of 1 to kMaxWord bytes");

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

} // namespace

namespace {

// The scanner's state for one call of scan(): a cursor over the bytes and the counts.
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

    // Looks the lower-cased word up; a phrase also needs its tail at p. Returns where to go on.
    const char *lookUp(const char *word, size_t size, quint32 hash, const char *p)
    {
        const char *next = p;
        for (size_t s = hash & (kSlots - 1); kIndex[s] >= 0; s = (s + 1) & (kSlots - 1)) {
            const Entry &e = kLexicon[kIndex[s]];
            if (e.word.size() != size || std::memcmp(e.word.data(), word, size) != 0)
                continue;
            if (e.tail.empty()) {
                count(e.kind);
            } else if (startsWith(p, end, e.tail)) {
                count(e.kind);
                next = p + e.tail.size();
            }
        }
        return next;
    }

    // A run of letters, '_', digits and non-ASCII bytes: looked up, and counted as code when
    // it is an identifier (snake_case, camelCase) or a call ("f(").
    const char *word(const char *p)
    {
        char buf[kMaxWord];
        size_t size = 0;
        quint32 hash = 0;
        const bool startsLower = *p >= 'a' && *p <= 'z';
        bool prevLower = false, identifier = false;
        for (; p < end; ++p) {
            const uchar c = uchar(*p);
            const quint8 k = kClass[c];
            if (k == Digit)
                ++cues.digits;
            else if (k != Word)
                break;
            if (c == '_' && size > 0 && p + 1 < end && kClass[uchar(p[1])] == Word)
                identifier = true;
            if (c >= 'A' && c <= 'Z' && prevLower && startsLower)
                identifier = true;
            prevLower = c >= 'a' && c <= 'z';
            const uchar lc = lower(c);
            if (size < kMaxWord)
                buf[size] = char(lc);
            ++size;
            hash = hashStep(hash, lc);
        }
        if (identifier || (p < end && *p == '('))
            ++cues.codeMarkers;
        return size <= kMaxWord ? lookUp(buf, size, hash, p) : p;
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
            switch (kClass[uchar(*p)]) {
            case Word:
                p = word(p);
                break;
            case Digit:
                ++cues.digits;
                ++p;
                break;
            case Punct:
                p = punct(p);
                break;
            default:
                ++p;
                break;
            }
        }
    }
};

} // namespace

void TextCues::scan(std::string_view text)
{
    const qsizetype size = qMin(qsizetype(text.size()), m_budget);
    if (size <= 0)
        return;
    m_budget -= size;
    Scanner scanner { *this, text.data(), text.data() + size };
    scanner.run();
}

} // namespace Sessions
