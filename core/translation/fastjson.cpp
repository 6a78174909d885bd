#include "translation/fastjson.h"

#include "util/jsonliteral.h"

#include <QLocale>
#include <QVarLengthArray>
#include <algorithm>
#include <cmath>

namespace Translation::Internal {
namespace {

using simdjson::SUCCESS;

// Larger documents are read by Qt rather than growing the thread's parser buffers for good.
constexpr size_t kFastMaxBytes = 1024 * 1024;

bool isAscii(std::string_view s)
{
    return std::all_of(s.begin(), s.end(), [](char c) { return uchar(c) < 0x80; });
}

// A double as QJsonDocument::toJson() writes it: integral values up to 2^53 as integers (-0 as 0),
// the others in the shortest form that reads back the same.
void appendDouble(QByteArray &out, double d)
{
    if (std::trunc(d) == d && std::abs(d) <= 9007199254740992.0)
        out += QByteArray::number(qint64(d));
    else
        out += QByteArray::number(d, 'g', QLocale::FloatingPointShortest);
}

bool appendValue(QByteArray &out, Element v)
{
    switch (v.type()) {
    case simdjson::dom::element_type::OBJECT: {
        simdjson::dom::object o;
        if (v.get_object().get(o) != SUCCESS)
            return false;
        // QJsonObject keeps its keys sorted; byte order is its order for ASCII keys.
        QVarLengthArray<std::pair<std::string_view, Element>, 16> members;
        for (const simdjson::dom::key_value_pair member : o) {
            if (!isAscii(member.key))
                return false;
            members.append({ member.key, member.value });
        }
        std::sort(members.begin(), members.end(),
                  [](const auto &a, const auto &b) { return a.first < b.first; });
        out += '{';
        for (qsizetype i = 0; i < members.size(); ++i) {
            if (i > 0) {
                if (members[i].first == members[i - 1].first)
                    return false;
                out += ',';
            }
            Util::appendJsonStringUtf8(out, members[i].first);
            out += ':';
            if (!appendValue(out, members[i].second))
                return false;
        }
        out += '}';
        return true;
    }
    case simdjson::dom::element_type::ARRAY: {
        simdjson::dom::array a;
        if (v.get_array().get(a) != SUCCESS)
            return false;
        out += '[';
        bool first = true;
        for (const Element e : a) {
            if (!first)
                out += ',';
            first = false;
            if (!appendValue(out, e))
                return false;
        }
        out += ']';
        return true;
    }
    case simdjson::dom::element_type::STRING: {
        std::string_view s;
        if (v.get_string().get(s) != SUCCESS)
            return false;
        Util::appendJsonStringUtf8(out, s);
        return true;
    }
    case simdjson::dom::element_type::INT64: {
        int64_t i;
        if (v.get_int64().get(i) != SUCCESS)
            return false;
        out += QByteArray::number(qint64(i));
        return true;
    }
    case simdjson::dom::element_type::BOOL: {
        bool b;
        if (v.get_bool().get(b) != SUCCESS)
            return false;
        out += b ? "true" : "false";
        return true;
    }
    case simdjson::dom::element_type::NULL_VALUE:
        out += "null";
        return true;
    case simdjson::dom::element_type::UINT64: { // beyond qint64: a double to Qt
        uint64_t u;
        if (v.get_uint64().get(u) != SUCCESS)
            return false;
        appendDouble(out, double(u));
        return true;
    }
    case simdjson::dom::element_type::DOUBLE: {
        double d;
        if (v.get_double().get(d) != SUCCESS || !std::isfinite(d))
            return false;
        appendDouble(out, d);
        return true;
    }
    }
    return false;
}

} // namespace

simdjson::dom::parser &documentParser()
{
    thread_local simdjson::dom::parser parser(kFastMaxBytes);
    return parser;
}

simdjson::dom::parser &innerParser()
{
    thread_local simdjson::dom::parser parser(kFastMaxBytes);
    return parser;
}

std::optional<Element> fastObject(simdjson::dom::parser &parser, QByteArrayView json)
{
    // Empty: no document, and a view of nothing may hold no pointer to give the parser.
    if (json.isEmpty() || size_t(json.size()) > kFastMaxBytes)
        return std::nullopt;
    Element root;
    if (parser.parse(json.data(), size_t(json.size())).get(root) != SUCCESS || !root.is_object())
        return std::nullopt;
    return root;
}

bool innerObject(std::string_view json, std::optional<Element> &object)
{
    object.reset();
    if (json.empty())
        return true; // not JSON to any reader, as simdjson's EMPTY below
    Element root;
    switch (innerParser().parse(json.data(), json.size()).get(root)) {
    case SUCCESS:
        if (root.is_object())
            object = root;
        return true;
    // Not JSON to any reader: structure, a string left open, a misspelt literal, nothing.
    case simdjson::EMPTY:
    case simdjson::TAPE_ERROR:
    case simdjson::UNCLOSED_STRING:
    case simdjson::T_ATOM_ERROR:
    case simdjson::F_ATOM_ERROR:
    case simdjson::N_ATOM_ERROR:
        return true;
    default:
        return false;
    }
}

std::optional<Element> firstChoice(std::optional<Element> answer)
{
    simdjson::dom::array choices;
    Element choice;
    const std::optional<Element> c = field(answer, "choices");
    if (!c || c->get_array().get(choices) != SUCCESS || choices.size() == 0
        || choices.at(0).get(choice) != SUCCESS)
        return std::nullopt;
    return choice;
}

std::optional<Element> field(Element v, std::string_view key)
{
    simdjson::dom::object o;
    if (v.get_object().get(o) != SUCCESS)
        return std::nullopt;
    std::optional<Element> found;
    for (const simdjson::dom::key_value_pair member : o) {
        if (member.key == key)
            found = member.value;
    }
    return found;
}

std::optional<Element> field(std::optional<Element> v, std::string_view key)
{
    return v ? field(*v, key) : std::nullopt;
}

std::string_view stringOf(std::optional<Element> v)
{
    std::string_view s;
    if (!v || v->get_string().get(s) != SUCCESS)
        return {};
    return s;
}

qint64 integerOf(std::optional<Element> v, qint64 defaultValue)
{
    if (!v)
        return defaultValue;
    if (int64_t i; v->get_int64().get(i) == SUCCESS)
        return i;
    if (double d; v->get_double().get(d) == SUCCESS && d >= -9223372036854775808.0
        && d < 9223372036854775808.0 && double(qint64(d)) == d)
        return qint64(d);
    return defaultValue;
}

bool isSet(std::optional<Element> v)
{
    return v && !v->is_null();
}

bool isEmptyObject(Element v)
{
    simdjson::dom::object o;
    return v.get_object().get(o) == SUCCESS && o.size() == 0;
}

bool appendAsQt(QByteArray &out, Element v)
{
    const qsizetype old = out.size();
    if (appendValue(out, v))
        return true;
    out.truncate(old);
    return false;
}

bool appendMember(QByteArray &out, std::string_view key, std::optional<Element> v)
{
    if (!v)
        return true;
    out += '"';
    out.append(key.data(), qsizetype(key.size()));
    out += "\":";
    return appendAsQt(out, *v);
}

} // namespace Translation::Internal
