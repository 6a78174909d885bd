#include "sessions/textcues.h"

#include <array>
#include <cstring>

namespace Sessions {
namespace {

enum class Kind : quint8 { Marker, Word, Summary, Extraction, Reasoning };

// A lexicon entry: a lower-case word, and for a phrase the bytes that must follow it ("step" then
// " by step"). docs/sessions.md lists them; they are English only.
struct Entry
{
    std::string_view word;
    Kind kind;
    std::string_view tail = {};
};

constexpr Entry kLexicon[] = {
    // Code syntax spelled as words.
    { "def", Kind::Marker },
    { "elif", Kind::Marker },
    { "const", Kind::Marker },
    { "void", Kind::Marker },
    { "nullptr", Kind::Marker },
    { "printf", Kind::Marker },
    { "println", Kind::Marker },
    { "lambda", Kind::Marker },
    { "struct", Kind::Marker },
    { "typedef", Kind::Marker },
    { "namespace", Kind::Marker },
    { "import", Kind::Marker },
    { "await", Kind::Marker },
    { "int", Kind::Marker },
    { "bool", Kind::Marker },
    { "fn", Kind::Marker },
    { "func", Kind::Marker },
    { "impl", Kind::Marker },
    { "cout", Kind::Marker },
    { "sizeof", Kind::Marker },
    { "malloc", Kind::Marker },
    { "foreach", Kind::Marker },
    { "endif", Kind::Marker },
    { "null", Kind::Marker },
    { "undefined", Kind::Marker },
    { "stdout", Kind::Marker },
    { "argv", Kind::Marker },
    // Programming vocabulary.
    { "python", Kind::Word },
    { "javascript", Kind::Word },
    { "typescript", Kind::Word },
    { "java", Kind::Word },
    { "golang", Kind::Word },
    { "rust", Kind::Word },
    { "kotlin", Kind::Word },
    { "ruby", Kind::Word },
    { "php", Kind::Word },
    { "perl", Kind::Word },
    { "haskell", Kind::Word },
    { "scala", Kind::Word },
    { "c", Kind::Word, "++" },
    { "c", Kind::Word, "#" },
    { "cpp", Kind::Word },
    { "sql", Kind::Word },
    { "mysql", Kind::Word },
    { "postgres", Kind::Word },
    { "postgresql", Kind::Word },
    { "sqlite", Kind::Word },
    { "regex", Kind::Word },
    { "html", Kind::Word },
    { "css", Kind::Word },
    { "bash", Kind::Word },
    { "shell", Kind::Word },
    { "powershell", Kind::Word },
    { "git", Kind::Word },
    { "docker", Kind::Word },
    { "kubernetes", Kind::Word },
    { "npm", Kind::Word },
    { "pip", Kind::Word },
    { "node", Kind::Word },
    { "react", Kind::Word },
    { "django", Kind::Word },
    { "flask", Kind::Word },
    { "pandas", Kind::Word },
    { "numpy", Kind::Word },
    { "cmake", Kind::Word },
    { "gcc", Kind::Word },
    { "compile", Kind::Word },
    { "compiler", Kind::Word },
    { "compiles", Kind::Word },
    { "compiling", Kind::Word },
    { "function", Kind::Word },
    { "functions", Kind::Word },
    { "method", Kind::Word },
    { "methods", Kind::Word },
    { "variable", Kind::Word },
    { "variables", Kind::Word },
    { "loop", Kind::Word },
    { "recursion", Kind::Word },
    { "recursive", Kind::Word },
    { "array", Kind::Word },
    { "arrays", Kind::Word },
    { "list", Kind::Word },
    { "string", Kind::Word },
    { "strings", Kind::Word },
    { "integer", Kind::Word },
    { "dict", Kind::Word },
    { "dictionary", Kind::Word },
    { "hashmap", Kind::Word },
    { "pointer", Kind::Word },
    { "exception", Kind::Word },
    { "traceback", Kind::Word },
    { "stacktrace", Kind::Word },
    { "segfault", Kind::Word },
    { "bug", Kind::Word },
    { "debug", Kind::Word },
    { "code", Kind::Word },
    { "coding", Kind::Word },
    { "programming", Kind::Word },
    { "script", Kind::Word },
    { "snippet", Kind::Word },
    { "api", Kind::Word },
    { "endpoint", Kind::Word },
    { "library", Kind::Word },
    { "framework", Kind::Word },
    { "syntax", Kind::Word },
    { "refactor", Kind::Word },
    { "implement", Kind::Word },
    { "query", Kind::Word },
    { "database", Kind::Word },
    { "repo", Kind::Word },
    { "commit", Kind::Word },
    { "deploy", Kind::Word },
    { "async", Kind::Word },
    { "thread", Kind::Word },
    { "mutex", Kind::Word },
    { "callback", Kind::Word },
    { "iterate", Kind::Word },
    { "iterator", Kind::Word },
    { "unit", Kind::Word, " test" },
    { "runtime", Kind::Word },
    { "typeerror", Kind::Word },
    { "valueerror", Kind::Word },
    { "keyerror", Kind::Word },
    { "module", Kind::Word },
    { "dependency", Kind::Word },
    { "class", Kind::Word },
    { "linux", Kind::Word },
    { "terminal", Kind::Word },
    { "command", Kind::Word },
    { "boolean", Kind::Word },
    { "vue", Kind::Word },
    { "webpack", Kind::Word },
    // Summarisation.
    { "summarise", Kind::Summary },
    { "summarize", Kind::Summary },
    { "summarising", Kind::Summary },
    { "summarizing", Kind::Summary },
    { "summary", Kind::Summary },
    { "summaries", Kind::Summary },
    { "tldr", Kind::Summary },
    { "tl", Kind::Summary, ";dr" },
    { "recap", Kind::Summary },
    { "condense", Kind::Summary },
    { "gist", Kind::Summary },
    { "takeaways", Kind::Summary },
    { "key", Kind::Summary, " points" },
    { "main", Kind::Summary, " points" },
    { "bullet", Kind::Summary, " points" },
    { "sum", Kind::Summary, " up" },
    { "boil", Kind::Summary, " down" },
    { "shorten", Kind::Summary },
    { "synopsis", Kind::Summary },
    { "nutshell", Kind::Summary },
    { "main", Kind::Summary, " idea" },
    { "brief", Kind::Summary, " overview" },
    // Extraction.
    { "extract", Kind::Extraction },
    { "extracts", Kind::Extraction },
    { "extraction", Kind::Extraction },
    { "parse", Kind::Extraction },
    { "fields", Kind::Extraction },
    { "json", Kind::Extraction },
    { "csv", Kind::Extraction },
    { "yaml", Kind::Extraction },
    { "entities", Kind::Extraction },
    { "emails", Kind::Extraction },
    { "phone", Kind::Extraction, " number" },
    { "pull", Kind::Extraction, " out" },
    { "list", Kind::Extraction, " all" },
    { "find", Kind::Extraction, " all" },
    { "classify", Kind::Extraction },
    { "categorize", Kind::Extraction },
    { "categorise", Kind::Extraction },
    { "sentiment", Kind::Extraction },
    { "schema", Kind::Extraction },
    { "structured", Kind::Extraction },
    { "fill", Kind::Extraction, " in" },
    { "tag", Kind::Extraction },
    { "label", Kind::Extraction },
    { "key", Kind::Extraction, "-value" },
    { "normalize", Kind::Extraction },
    // Reasoning.
    { "prove", Kind::Reasoning },
    { "proof", Kind::Reasoning },
    { "step", Kind::Reasoning, " by step" },
    { "step", Kind::Reasoning, "-by-step" },
    { "calculate", Kind::Reasoning },
    { "solve", Kind::Reasoning },
    { "how", Kind::Reasoning, " many" },
    { "probability", Kind::Reasoning },
    { "odds", Kind::Reasoning },
    { "logic", Kind::Reasoning },
    { "logically", Kind::Reasoning },
    { "puzzle", Kind::Reasoning },
    { "riddle", Kind::Reasoning },
    { "deduce", Kind::Reasoning },
    { "derive", Kind::Reasoning },
    { "equation", Kind::Reasoning },
    { "estimate", Kind::Reasoning },
    { "reasoning", Kind::Reasoning },
    { "pros", Kind::Reasoning, " and cons" },
    { "tradeoffs", Kind::Reasoning },
    { "trade", Kind::Reasoning, "-offs" },
    { "therefore", Kind::Reasoning },
    { "theorem", Kind::Reasoning },
    { "integral", Kind::Reasoning },
    { "derivative", Kind::Reasoning },
    { "percent", Kind::Reasoning },
    { "average", Kind::Reasoning },
    { "divisible", Kind::Reasoning },
    { "older", Kind::Reasoning },
    { "taller", Kind::Reasoning },
    { "faster", Kind::Reasoning },
    { "optimal", Kind::Reasoning },
    { "expected", Kind::Reasoning, " value" },
    { "paradox", Kind::Reasoning },
    { "contradiction", Kind::Reasoning },
};
constexpr size_t kLexiconSize = sizeof(kLexicon) / sizeof(kLexicon[0]);

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
    for (char c : std::string_view("?`{};=!-:&|</#([+*^%"))
        t[uchar(c)] = Punct;
    return t;
}();

constexpr uchar lower(uchar c)
{
    return c >= 'A' && c <= 'Z' ? uchar(c | 0x20) : c;
}

constexpr size_t kMaxWord = 16; // longer than every lexicon word

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
