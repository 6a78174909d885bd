#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <optional>
#include <simdjson.h>
#include <string_view>

// simdjson readers and a writer for the complete-answer and request translations (not part of the
// module's interface). Each reads what QJsonObject would: a repeated key's last value, a number as
// QJsonValue::toInteger() has it, "" for a string that is not one. What simdjson refuses (invalid
// UTF-8 Qt takes, numbers beyond 64 bits, large documents) is left to QJsonDocument by the callers.
namespace Translation::Internal {

using Element = simdjson::dom::element;

// The root of `json` when simdjson reads it as an object; `parser` is one of the two below.
std::optional<Element> fastObject(simdjson::dom::parser &parser, QByteArrayView json);
// One per thread: the document being translated, and a second one read while the first is in use
// (a tool call's arguments).
simdjson::dom::parser &documentParser();
simdjson::dom::parser &innerParser();

// The object `json` holds, read by innerParser(), as QJsonDocument::fromJson(json).object() reads
// it: `object` set, or left empty when Qt reads no object in it (not JSON, cut short, not an
// object); false when only Qt can say (a number beyond what simdjson reads, say).
bool innerObject(std::string_view json, std::optional<Element> &object);

// The first of a chat-completions answer's `choices`: nullopt when it has none (or no answer).
std::optional<Element> firstChoice(std::optional<Element> answer);

// The last member named `key` of v when v is an object.
std::optional<Element> field(Element v, std::string_view key);
std::optional<Element> field(std::optional<Element> v, std::string_view key);
// The string, "" when v is absent or not a string.
std::string_view stringOf(std::optional<Element> v);
// QJsonValue::toInteger(): an integer, or a double that is one exactly, else `defaultValue`.
qint64 integerOf(std::optional<Element> v, qint64 defaultValue = 0);
bool isSet(std::optional<Element> v); // present and not null
bool isEmptyObject(Element v);

// Appends v as QJsonDocument(…).toJson(Compact) writes it once Qt has read it (keys sorted, a
// number as Qt writes it); false when only Qt can say (a non-ASCII or repeated key), with `out`
// then left as it was.
bool appendAsQt(QByteArray &out, Element v);
// `"key":` then v by appendAsQt(); nothing when v is absent (QJsonObject drops an undefined
// value). `key` is plain ASCII.
bool appendMember(QByteArray &out, std::string_view key, std::optional<Element> v);

} // namespace Translation::Internal
