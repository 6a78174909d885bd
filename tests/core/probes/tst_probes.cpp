#include "probes/jsonschema.h"
#include "probes/probegrade.h"
#include "probes/probeset.h"
#include "simulator/simulatoranswer.h"
#include "simulator/simulatorbodies.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

// One JSON text (any value), as the tables write them.
QJsonValue json(const QByteArray &text)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson('[' + text + ']', &error);
    if (error.error != QJsonParseError::NoError || doc.array().size() != 1)
        qFatal("bad JSON in the test table: %s", text.constData());
    return doc.array().first();
}

QByteArray compact(const QJsonObject &o)
{
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

const Probes::ProbeTask &shippedTask(const QString &id)
{
    for (const Probes::ProbeTask &t : Probes::probeSet().tasks) {
        if (t.id == id)
            return t;
    }
    qFatal("no task %s in the shipped set", qPrintable(id));
    static const Probes::ProbeTask none;
    return none;
}

QByteArray completion(const QJsonObject &message, const QString &finishReason)
{
    QJsonObject m = message;
    m.insert(u"role"_s, u"assistant"_s);
    const QJsonObject choice { { u"index"_s, 0 },
                               { u"message"_s, m },
                               { u"finish_reason"_s, finishReason } };
    return compact(QJsonObject { { u"id"_s, u"chatcmpl-1"_s },
                                 { u"object"_s, u"chat.completion"_s },
                                 { u"created"_s, 1767225600 },
                                 { u"model"_s, u"probe-model"_s },
                                 { u"choices"_s, QJsonArray { choice } } });
}

// A chat completion whose message carries these tool calls (name, arguments as sent).
QByteArray toolCalls(const QList<std::pair<QString, QJsonValue>> &calls)
{
    QJsonArray array;
    int n = 0;
    for (const auto &[name, arguments] : calls) {
        const QJsonObject function { { u"name"_s, name }, { u"arguments"_s, arguments } };
        array.append(QJsonObject { { u"id"_s, QString(u"call_"_s + QString::number(++n)) },
                                   { u"type"_s, u"function"_s },
                                   { u"function"_s, function } });
    }
    return completion(
        QJsonObject { { u"content"_s, QJsonValue::Null }, { u"tool_calls"_s, array } },
        u"tool_calls"_s);
}

QByteArray toolCall(const QString &name, const QByteArray &arguments)
{
    return toolCalls({ { name, QString::fromUtf8(arguments) } });
}

QByteArray text(const QString &content, const QString &finishReason = u"stop"_s)
{
    return completion(QJsonObject { { u"content"_s, content } }, finishReason);
}

// Every keyword a schema uses, at any depth.
void collectKeywords(const QJsonValue &schema, QSet<QString> &out)
{
    const QJsonObject o = schema.toObject();
    for (auto it = o.begin(); it != o.end(); ++it) {
        out.insert(it.key());
        if (it.key() == u"type"_s && it.value().isArray())
            out.insert(u"type[]"_s);
        if (it.key() == u"properties"_s || it.key() == u"$defs"_s) {
            const QJsonObject children = it.value().toObject();
            for (const QJsonValue &child : children)
                collectKeywords(child, out);
        } else if (it.key() == u"items"_s && it.value().toObject().contains(u"properties"_s)) {
            out.insert(u"array of objects"_s);
            collectKeywords(it.value(), out);
        } else if (it.value().isObject()) {
            collectKeywords(it.value(), out);
        }
    }
}

const char kSetHead[] = R"({"version": "1", "tasks": [)";
const char kToolTask[] = R"({"id": "t", "kind": "tools", "expect": {"tool": "f"}, "request": {
    "messages": [{"role": "user", "content": "call f"}],
    "tools": [{"type": "function", "function": {"name": "f", "parameters": {"type": "object"}}}],
    "tool_choice": "required"}})";

} // namespace

class tst_Probes : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void validator_R_REL_1_data();
    void validator_R_REL_1();
    void gradeToolTasks_R_REL_1_data();
    void gradeToolTasks_R_REL_1();
    void gradeStructuredTasks_R_REL_1_data();
    void gradeStructuredTasks_R_REL_1();
    void toolCallAsTextFails_R_REL_1();
    void notAChatCompletion_R_REL_1_data();
    void notAChatCompletion_R_REL_1();
    void outputIsTruncatedOnACharacter_R_REL_1();
    void loaderRejectsBadSets_R_REL_1_data();
    void loaderRejectsBadSets_R_REL_1();
    void loaderReadsAGoodSet_R_REL_1();
    void shippedSetCoversTheKinds_R_REL_1();
    void shippedTasksAreSelfConsistent_R_REL_1_data();
    void shippedTasksAreSelfConsistent_R_REL_1();
};

void tst_Probes::validator_R_REL_1_data()
{
    QTest::addColumn<QByteArray>("schema");
    QTest::addColumn<QByteArray>("value");
    QTest::addColumn<QString>("violation"); // empty: valid

    const auto row
        = [](const char *name, const char *schema, const char *value, const QString &violation) {
              QTest::newRow(name) << QByteArray(schema) << QByteArray(value) << violation;
          };
    // type
    row("type string", R"({"type": "string"})", R"("a")", {});
    row("type string, integer given", R"({"type": "string"})", "1",
        u"$: expected string, got integer 1"_s);
    row("type integer, fraction given", R"({"type": "integer"})", "1.5",
        u"$: expected integer, got number 1.5"_s);
    row("type integer, 2.0 is an integer", R"({"type": "integer"})", "2.0", {});
    row("type number takes an integer", R"({"type": "number"})", "3", {});
    row("type integer, given as string", R"({"type": "integer"})", R"("7")",
        uR"($: expected integer, got string "7")"_s);
    row("type boolean, given as string", R"({"type": "boolean"})", R"("true")",
        uR"($: expected boolean, got string "true")"_s);
    row("type string, null given", R"({"type": "string"})", "null",
        u"$: expected string, got null"_s);
    row("nullable via type array, null", R"({"type": ["string", "null"]})", "null", {});
    row("nullable via type array, string", R"({"type": ["string", "null"]})", R"("a")", {});
    row("nullable via type array, integer", R"({"type": ["string", "null"]})", "3",
        u"$: expected string or null, got integer 3"_s);
    row("type object, array given", R"({"type": "object"})", "[]",
        u"$: expected object, got array []"_s);
    // properties
    row("properties nested, valid",
        R"({"properties": {"a": {"type": "object", "properties": {"b": {"type": "integer"}}}}})",
        R"({"a": {"b": 1}})", {});
    row("properties nested, invalid",
        R"({"properties": {"a": {"type": "object", "properties": {"b": {"type": "integer"}}}}})",
        R"({"a": {"b": "x"}})", uR"($.a.b: expected integer, got string "x")"_s);
    row("properties, a key that is not a name", R"({"properties": {"a b": {"type": "string"}}})",
        R"({"a b": 1})", uR"($["a b"]: expected string, got integer 1)"_s);
    // required
    row("required present", R"({"required": ["city"]})", R"({"city": "Lisbon"})", {});
    row("required missing", R"({"required": ["city"]})", "{}",
        uR"($: the required property "city" is missing)"_s);
    row("required ignores non-objects", R"({"required": ["city"]})", "3", {});
    // additionalProperties
    row("additionalProperties false, none extra",
        R"({"properties": {"a": {}}, "additionalProperties": false})", R"({"a": 1})", {});
    row("additionalProperties false, extra",
        R"({"properties": {"a": {}}, "additionalProperties": false})", R"({"a": 1, "b": 2})",
        uR"($: the property "b" is not allowed)"_s);
    row("additionalProperties schema, valid", R"({"additionalProperties": {"type": "integer"}})",
        R"({"x": 1})", {});
    row("additionalProperties schema, invalid", R"({"additionalProperties": {"type": "integer"}})",
        R"({"x": "y"})", uR"($.x: expected integer, got string "y")"_s);
    // items
    row("items, valid", R"({"items": {"type": "integer"}})", "[1, 2]", {});
    row("items, invalid", R"({"items": {"type": "integer"}})", R"([1, "a"])",
        uR"($[1]: expected integer, got string "a")"_s);
    row("items of objects, invalid", R"({"items": {"type": "object", "required": ["n"]}})",
        R"([{"n": 1}, {}])", uR"($[1]: the required property "n" is missing)"_s);
    row("items tuple, valid and longer", R"({"items": [{"type": "string"}, {"type": "integer"}]})",
        R"(["a", 1, true])", {});
    row("items tuple, invalid", R"({"items": [{"type": "string"}, {"type": "integer"}]})",
        R"(["a", "b"])", uR"($[1]: expected integer, got string "b")"_s);
    // minItems, maxItems
    row("minItems, enough", R"({"minItems": 1})", "[1]", {});
    row("minItems, too few", R"({"minItems": 1})", "[]", u"$: 0 items, fewer than the minimum 1"_s);
    row("maxItems, few enough", R"({"maxItems": 2})", "[1, 2]", {});
    row("maxItems, too many", R"({"maxItems": 2})", "[1, 2, 3]",
        u"$: 3 items, more than the maximum 2"_s);
    // enum, const
    row("enum, one of them", R"({"enum": ["celsius", "fahrenheit"]})", R"("celsius")", {});
    row("enum, another", R"({"enum": ["celsius", "fahrenheit"]})", R"("kelvin")",
        uR"($: "kelvin" is not one of "celsius", "fahrenheit")"_s);
    row("enum, numbers compare as numbers", R"({"enum": [1, 2]})", "2.0", {});
    row("enum, a long list is cut", R"({"enum": [1, 2, 3, 4, 5, 6, 7, 8]})", "9",
        u"$: 9 is not one of 1, 2, 3, 4, 5, 6, …"_s);
    row("const, equal", R"({"const": {"a": [1]}})", R"({"a": [1]})", {});
    row("const, different", R"({"const": "a"})", R"("b")", uR"($: "b" is not the constant "a")"_s);
    // minimum, maximum, exclusiveMinimum, exclusiveMaximum
    row("maximum, at it", R"({"maximum": 7})", "7", {});
    row("maximum, above", R"({"maximum": 7})", "9", u"$: 9 is above the maximum 7"_s);
    row("minimum, at it", R"({"minimum": 1})", "1", {});
    row("minimum, below", R"({"minimum": 1})", "0", u"$: 0 is below the minimum 1"_s);
    row("minimum, a fraction", R"({"minimum": 0.5})", "0.25",
        u"$: 0.25 is below the minimum 0.5"_s);
    row("exclusiveMaximum, below", R"({"exclusiveMaximum": 7})", "6.5", {});
    row("exclusiveMaximum, at it", R"({"exclusiveMaximum": 7})", "7",
        u"$: 7 is not below the exclusive maximum 7"_s);
    row("exclusiveMinimum, above", R"({"exclusiveMinimum": 0})", "0.5", {});
    row("exclusiveMinimum, at it", R"({"exclusiveMinimum": 0})", "0",
        u"$: 0 is not above the exclusive minimum 0"_s);
    row("draft 4 exclusiveMaximum true", R"({"maximum": 7, "exclusiveMaximum": true})", "7",
        u"$: 7 is not below the exclusive maximum 7"_s);
    row("draft 4 exclusiveMinimum true", R"({"minimum": 1, "exclusiveMinimum": true})", "1",
        u"$: 1 is not above the exclusive minimum 1"_s);
    row("draft 4 exclusiveMaximum false", R"({"maximum": 7, "exclusiveMaximum": false})", "7", {});
    row("bounds ignore strings", R"({"minimum": 1})", R"("a")", {});
    // minLength, maxLength, pattern
    row("minLength, long enough", R"({"minLength": 1})", R"("a")", {});
    row("minLength, empty", R"({"minLength": 1})", R"("")",
        uR"($: "" is shorter than the minimum length 1)"_s);
    row("maxLength, too long", R"({"maxLength": 3})", R"("abcd")",
        uR"($: "abcd" is longer than the maximum length 3)"_s);
    row("maxLength counts code points", R"({"maxLength": 1})", "\"\xF0\x9F\x98\x80\"", {});
    row("length ignores numbers", R"({"minLength": 5})", "3", {});
    row("pattern, matches", R"({"pattern": "^\\d{4}$"})", R"("2026")", {});
    row("pattern, does not match", R"({"pattern": "^\\d{4}$"})", R"("12a4")",
        uR"($: "12a4" does not match the pattern ^\d{4}$)"_s);
    row("pattern is unanchored", R"({"pattern": "b"})", R"("abc")", {});
    row("pattern invalid is ignored", R"({"pattern": "("})", R"("x")", {});
    // anyOf, oneOf, allOf
    row("anyOf, second matches", R"({"anyOf": [{"type": "string"}, {"type": "null"}]})", "null",
        {});
    row("anyOf, none matches", R"({"anyOf": [{"type": "string"}, {"type": "null"}]})", "3",
        u"$: matches none of the anyOf alternatives"_s);
    row("oneOf, exactly one", R"({"oneOf": [{"type": "integer"}, {"type": "string"}]})", "1", {});
    row("oneOf, two match", R"({"oneOf": [{"type": "integer"}, {"type": "number"}]})", "1",
        u"$: matches 2 of the oneOf alternatives, not exactly one"_s);
    row("oneOf, none matches", R"({"oneOf": [{"type": "integer"}, {"type": "number"}]})", R"("a")",
        u"$: matches none of the oneOf alternatives"_s);
    row("allOf, all match", R"({"allOf": [{"required": ["a"]}, {"required": ["b"]}]})",
        R"({"a": 1, "b": 2})", {});
    row("allOf, one fails", R"({"allOf": [{"required": ["a"]}, {"required": ["b"]}]})",
        R"({"a": 1})", uR"($: the required property "b" is missing)"_s);
    // $ref
    row("$ref to $defs, invalid",
        R"({"$defs": {"unit": {"enum": ["c", "f"]}}, "properties": {"u": {"$ref": "#/$defs/unit"}}})",
        R"({"u": "k"})", uR"($.u: "k" is not one of "c", "f")"_s);
    row("$ref to definitions, valid",
        R"({"definitions": {"n": {"type": "integer"}}, "items": {"$ref": "#/definitions/n"}})",
        "[1, 2]", {});
    row("$ref recursive, valid",
        R"({"type": "object", "properties": {"child": {"$ref": "#"}}, "additionalProperties": false})",
        R"({"child": {"child": {}}})", {});
    row("$ref recursive, invalid",
        R"({"type": "object", "properties": {"child": {"$ref": "#"}}, "additionalProperties": false})",
        R"({"child": {"x": 1}})", uR"($.child: the property "x" is not allowed)"_s);
    row("$ref escaped pointer", R"({"$defs": {"a/b": {"type": "string"}}, "$ref": "#/$defs/a~1b"})",
        "1", u"$: expected string, got integer 1"_s);
    row("$ref loop stops at the depth limit", R"({"$ref": "#"})", "1",
        u"$: $ref # nested deeper than 32"_s);
    row("$ref unresolvable", R"({"$ref": "#/$defs/missing"})", "1",
        uR"($: cannot resolve the $ref "#/$defs/missing")"_s);
    // boolean schemas, unknown keywords
    row("false schema", R"({"properties": {"a": false}})", R"({"a": 1})",
        u"$.a: no value is allowed here"_s);
    row("true schema", R"({"properties": {"a": true}})", R"({"a": 1})", {});
    row("unknown keywords are ignored",
        R"({"format": "email", "x-vendor": 1, "description": "d", "title": "t"})",
        R"("not an email")", {});
}

void tst_Probes::validator_R_REL_1()
{
    QFETCH(QByteArray, schema);
    QFETCH(QByteArray, value);
    QFETCH(QString, violation);
    const std::optional<QString> got = Probes::validate(json(value), json(schema).toObject());
    QCOMPARE(got.value_or(QString {}), violation);
    QCOMPARE(got.has_value(), !violation.isEmpty());
}

void tst_Probes::gradeToolTasks_R_REL_1_data()
{
    QTest::addColumn<QString>("task");
    QTest::addColumn<QByteArray>("answer");
    QTest::addColumn<QString>("reason"); // empty: passed
    QTest::addColumn<QByteArray>("output");

    const QString weather = u"weather-forecast"_s;
    const QByteArray good = R"({"city":"Lisbon","days":3,"unit":"celsius"})";
    const QString schema = u"the arguments of get_weather_forecast do not match its schema: "_s;
    const auto shown = [](const char *name, const QByteArray &arguments) -> QByteArray {
        return QByteArray(name) + '(' + arguments + ')';
    };
    QTest::newRow("good tool call") << weather << toolCall(u"get_weather_forecast"_s, good)
                                    << QString {} << shown("get_weather_forecast", good);
    QTest::newRow("arguments not JSON")
        << weather << toolCall(u"get_weather_forecast"_s, R"({"city": "Lisbon", "days": 3,)")
        << u"the arguments of get_weather_forecast are not JSON"_s
        << QByteArray(R"(get_weather_forecast({"city": "Lisbon", "days": 3,))");
    QTest::newRow("arguments not an object")
        << weather << toolCall(u"get_weather_forecast"_s, R"(["Lisbon", 3, "celsius"])")
        << u"the arguments of get_weather_forecast are not a JSON object"_s
        << QByteArray(R"(get_weather_forecast(["Lisbon", 3, "celsius"]))");
    QTest::newRow("arguments an object, not a string")
        << weather << toolCalls({ { u"get_weather_forecast"_s, json(good) } })
        << u"the arguments of get_weather_forecast are not a string of JSON"_s
        << shown("get_weather_forecast", good);
    QTest::newRow("arguments missing a required field")
        << weather << toolCall(u"get_weather_forecast"_s, R"({"city":"Lisbon","days":3})")
        << QString(schema + uR"($: the required property "unit" is missing)"_s)
        << QByteArray(R"(get_weather_forecast({"city":"Lisbon","days":3}))");
    QTest::newRow("wrong enum")
        << weather
        << toolCall(u"get_weather_forecast"_s, R"({"city":"Lisbon","days":3,"unit":"kelvin"})")
        << QString(schema + uR"($.unit: "kelvin" is not one of "celsius", "fahrenheit")"_s)
        << QByteArray(R"(get_weather_forecast({"city":"Lisbon","days":3,"unit":"kelvin"}))");
    QTest::newRow("integer given as string")
        << weather
        << toolCall(u"get_weather_forecast"_s, R"({"city":"Lisbon","days":"3","unit":"celsius"})")
        << QString(schema + uR"($.days: expected integer, got string "3")"_s)
        << QByteArray(R"(get_weather_forecast({"city":"Lisbon","days":"3","unit":"celsius"}))");
    QTest::newRow("integer above its maximum")
        << weather
        << toolCall(u"get_weather_forecast"_s, R"({"city":"Lisbon","days":9,"unit":"celsius"})")
        << QString(schema + u"$.days: 9 is above the maximum 7"_s)
        << QByteArray(R"(get_weather_forecast({"city":"Lisbon","days":9,"unit":"celsius"}))");
    QTest::newRow("a tool the request does not have")
        << weather << toolCall(u"get_weather"_s, good)
        << uR"(the tool call names "get_weather", which is not one of the request's tools)"_s
        << shown("get_weather", good);
    QTest::newRow("another of the request's tools")
        << weather << toolCall(u"get_local_time"_s, R"({"city":"Lisbon"})")
        << uR"(called "get_local_time", not the expected "get_weather_forecast")"_s
        << QByteArray(R"(get_local_time({"city":"Lisbon"}))");
    QTest::newRow("parallel calls, both valid")
        << weather
        << toolCalls({ { u"get_local_time"_s, uR"({"city":"Lisbon"})"_s },
                       { u"get_weather_forecast"_s, QString::fromUtf8(good) } })
        << QString {}
        << QByteArray(R"(get_local_time({"city":"Lisbon"}))"
                      "\n"
                      + shown("get_weather_forecast", good));
    QTest::newRow("plain text answer")
        << weather << text(u"Lisbon will be sunny, around 19 degrees."_s)
        << u"no tool_calls entry: the model answered in text"_s
        << QByteArray("Lisbon will be sunny, around 19 degrees.");
    QTest::newRow("no content at all")
        << weather << text(QString {}) << u"no tool_calls entry and no content"_s << QByteArray();
    const QByteArray calendarStart = R"({"title":"Budget review","start":"2026-03-12T14:00:00Z",)"
                                     R"("duration_minutes":45,"priority":"high","attendees":)";
    QTest::newRow("nested array of objects, valid")
        << u"calendar-event"_s
        << toolCall(u"create_calendar_event"_s,
                    calendarStart
                        + QByteArray(R"([{"name":"Ana Lima","email":"ana@example.com"},)"
                                     R"({"name":"Tom Berg","email":"tom@example.com"}]})"))
        << QString {} << QByteArray();
    QTest::newRow("nested array of objects, missing field")
        << u"calendar-event"_s
        << toolCall(u"create_calendar_event"_s,
                    calendarStart
                        + QByteArray(R"([{"name":"Ana Lima","email":"ana@example.com"},)"
                                     R"({"name":"Tom Berg"}]})"))
        << u"the arguments of create_calendar_event do not match its schema: "
           u"$.attendees[1]: the required property \"email\" is missing"_s
        << QByteArray();
    QTest::newRow("nested object, exclusive minimum")
        << u"product-search"_s
        << toolCall(u"search_products"_s,
                    R"({"query":"hiking boots","limit":5,)"
                    R"("filters":{"max_price":0,"currency":"EUR","in_stock":true}})")
        << u"the arguments of search_products do not match its schema: "
           u"$.filters.max_price: 0 is not above the exclusive minimum 0"_s
        << QByteArray();
    QTest::newRow("refusal") << weather
                             << completion(
                                    QJsonObject { { u"content"_s, QJsonValue::Null },
                                                  { u"refusal"_s, u"I can't help with that."_s } },
                                    u"stop"_s)
                             << u"the model refused: I can't help with that."_s
                             << QByteArray("I can't help with that.");
}

void tst_Probes::gradeToolTasks_R_REL_1()
{
    QFETCH(QString, task);
    QFETCH(QByteArray, answer);
    QFETCH(QString, reason);
    QFETCH(QByteArray, output);
    const Probes::ProbeGrade g = Probes::grade(shippedTask(task), answer);
    QCOMPARE(g.reason, reason);
    QCOMPARE(g.passed, reason.isEmpty());
    if (!output.isEmpty() || reason.startsWith(u"no tool_calls entry and"_s))
        QCOMPARE(g.output, output);
}

void tst_Probes::gradeStructuredTasks_R_REL_1_data()
{
    QTest::addColumn<QString>("task");
    QTest::addColumn<QByteArray>("answer");
    QTest::addColumn<QString>("reason"); // empty: passed

    const QString contact = u"contact-extraction"_s;
    const QString schema = u"the content does not match the schema: "_s;
    const QString good = uR"({"name":"Dana Reyes","email":"dana.reyes@northwind.example",)"
                         uR"("company":"Northwind Traders","phone":null,"role":"executive"})"_s;
    QTest::newRow("good structured JSON") << contact << text(good) << QString {};
    QTest::newRow("good, surrounded by whitespace")
        << contact << text(u"\n  "_s + good + u"\n"_s) << QString {};
    QTest::newRow("JSON ignoring the schema")
        << contact << text(uR"({"contact":{"name":"Dana Reyes","title":"CTO"}})"_s)
        << QString(schema + uR"($: the required property "name" is missing)"_s);
    QTest::newRow("wrong enum")
        << contact << text(QString(good).replace(u"executive"_s, u"cto"_s))
        << QString(schema
                   + uR"($.role: "cto" is not one of "executive", "engineer", "sales", "other")"_s);
    QTest::newRow("null where no null is allowed")
        << contact << text(QString(good).replace(u"\"Dana Reyes\""_s, u"null"_s))
        << QString(schema + u"$.name: expected string, got null"_s);
    QTest::newRow("a property the schema forbids")
        << contact << text(QString(good).replace(u"\"phone\""_s, u"\"title\":\"CTO\",\"phone\""_s))
        << QString(schema + uR"($: the property "title" is not allowed)"_s);
    QTest::newRow("a JSON scalar")
        << contact << text(u"42"_s) << QString(schema + u"$: expected object, got integer 42"_s);
    QTest::newRow("not JSON: prose around it")
        << contact << text(u"Here is the contact: "_s + good) << u"the content is not JSON"_s;
    QTest::newRow("not JSON: a code fence")
        << contact << text(u"```json\n"_s + good + u"\n```"_s) << u"the content is not JSON"_s;
    QTest::newRow("not JSON: cut at max_tokens") << contact << text(good.left(40), u"length"_s)
                                                 << u"the content is not JSON: cut at max_tokens"_s;
    QTest::newRow("empty content") << contact << text(QString {}) << u"empty content"_s;
    QTest::newRow("a tool call instead") << contact << toolCall(u"save_contact"_s, "{}")
                                         << u"empty content: the model called a tool instead"_s;
    QTest::newRow("refusal")
        << contact
        << completion(QJsonObject { { u"content"_s, QJsonValue::Null },
                                    { u"refusal"_s, u"I'm sorry, I can't assist with that."_s } },
                      u"stop"_s)
        << u"the model refused: I'm sorry, I can't assist with that."_s;
    QTest::newRow("ticket, good")
        << u"ticket-triage"_s
        << text(uR"({"category":"billing","urgency":"high","summary":"Charged twice for March",)"
                uR"("needs_human":true})"_s)
        << QString {};
    QTest::newRow("ticket, boolean as string")
        << u"ticket-triage"_s
        << text(uR"({"category":"billing","urgency":"high","summary":"Charged twice",)"
                uR"("needs_human":"yes"})"_s)
        << QString(schema + uR"($.needs_human: expected boolean, got string "yes")"_s);
    const QString invoice = uR"({"invoice_number":"2041","currency":"EUR","lines":[)"
                            uR"({"description":"Desk lamp","quantity":3,"unit_price":24.5},)"
                            uR"({"description":"Office chair","quantity":1,"unit_price":189}],)"
                            uR"("total":262.5,"due_date":null})"_s;
    QTest::newRow("invoice, good") << u"invoice-lines"_s << text(invoice) << QString {};
    QTest::newRow("invoice, fractional quantity")
        << u"invoice-lines"_s
        << text(QString(invoice).replace(u"\"quantity\":3"_s, u"\"quantity\":3.5"_s))
        << QString(schema + u"$.lines[0].quantity: expected integer, got number 3.5"_s);
}

void tst_Probes::gradeStructuredTasks_R_REL_1()
{
    QFETCH(QString, task);
    QFETCH(QByteArray, answer);
    QFETCH(QString, reason);
    const Probes::ProbeGrade g = Probes::grade(shippedTask(task), answer);
    QCOMPARE(g.reason, reason);
    QCOMPARE(g.passed, reason.isEmpty());
    // What the caller got: the content (or the refusal), as it came.
    const QJsonObject message = QJsonDocument::fromJson(answer)
                                    .object()
                                    .value(u"choices"_s)
                                    .toArray()
                                    .at(0)
                                    .toObject()
                                    .value(u"message"_s)
                                    .toObject();
    const QString refusal = message[u"refusal"_s].toString();
    QCOMPARE(g.output, (refusal.isEmpty() ? message[u"content"_s].toString() : refusal).toUtf8());
}

// A recorded answer of an open-weights model behind an OpenAI-compatible server that writes its
// call into the content instead of tool_calls: a caller's tool loop sees no call.
void tst_Probes::toolCallAsTextFails_R_REL_1()
{
    const QByteArray answer
        = R"({"id":"chatcmpl-7f3a","object":"chat.completion","created":1767225600,
        "model":"llama-3.1-8b-instruct","choices":[{"index":0,"message":{"role":"assistant",
        "content":"<tool_call>\n{\"name\": \"get_weather_forecast\", \"arguments\": {\"city\": \"Lisbon\", \"days\": 3, \"unit\": \"celsius\"}}\n</tool_call>",
        "tool_calls":[]},"finish_reason":"stop"}],
        "usage":{"prompt_tokens":231,"completion_tokens":38,"total_tokens":269}})";
    const Probes::ProbeGrade g = Probes::grade(shippedTask(u"weather-forecast"_s), answer);
    QVERIFY(!g.passed);
    QCOMPARE(g.reason, u"no tool_calls entry: the call was written as plain text in content"_s);
    QVERIFY(g.output.startsWith("<tool_call>\n{\"name\": \"get_weather_forecast\""));

    // Naming the tool without any JSON is also a call written out.
    const Probes::ProbeGrade named = Probes::grade(
        shippedTask(u"weather-forecast"_s), text(u"get_weather_forecast(city=Lisbon, days=3)"_s));
    QCOMPARE(named.reason, u"no tool_calls entry: the call was written as plain text in content"_s);
}

void tst_Probes::notAChatCompletion_R_REL_1_data()
{
    QTest::addColumn<QByteArray>("answer");
    QTest::newRow("an error body")
        << QByteArray(R"({"error":{"message":"Rate limit reached","type":"rate_limit_error"}})");
    QTest::newRow("HTML") << QByteArray("<html><body>502 Bad Gateway</body></html>");
    QTest::newRow("empty") << QByteArray();
    QTest::newRow("no choices") << QByteArray(R"({"object":"chat.completion","choices":[]})");
    QTest::newRow("a choice without message")
        << QByteArray(R"({"choices":[{"index":0,"text":"hello"}]})");
    QTest::newRow("a messages answer") << QByteArray(
        R"({"type":"message","role":"assistant","content":[{"type":"text","text":"hi"}]})");
}

void tst_Probes::notAChatCompletion_R_REL_1()
{
    QFETCH(QByteArray, answer);
    for (const Probes::ProbeTask &task : Probes::probeSet().tasks) {
        const Probes::ProbeGrade g = Probes::grade(task, answer);
        QVERIFY(!g.passed);
        QCOMPARE(g.reason, u"not a chat completion"_s);
        QCOMPARE(g.output, answer);
    }
}

void tst_Probes::outputIsTruncatedOnACharacter_R_REL_1()
{
    // 3,000 bytes of three-byte characters: the cut falls inside one, so it moves back to 1,998.
    const QString content = QString(1000, QChar(0x20AC));
    const Probes::ProbeGrade g = Probes::grade(shippedTask(u"ticket-triage"_s), text(content));
    QCOMPARE(g.reason, u"the content is not JSON"_s);
    QCOMPARE(g.output.size(), 1998);
    QCOMPARE(QString::fromUtf8(g.output), QString(666, QChar(0x20AC)));
    QVERIFY(g.output.size() <= Probes::kMaxOutputBytes);
}

void tst_Probes::loaderRejectsBadSets_R_REL_1_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("error");

    const QByteArray head = kSetHead;
    const QByteArray tool = kToolTask;
    const auto task = [&](const char *from, const char *to) -> QByteArray {
        QByteArray t = tool;
        if (!t.contains(from))
            qFatal("the test's task has no %s", from);
        return head + t.replace(from, to) + "]}";
    };
    QTest::newRow("not JSON") << QByteArray("{\"version\": ") << u"$: not JSON: "_s;
    QTest::newRow("not an object") << QByteArray("[]") << u"$: a JSON object is required"_s;
    QTest::newRow("no version") << QByteArray(R"({"tasks": [)" + tool + "]}")
                                << u"version: a non-empty string is required"_s;
    QTest::newRow("version a number") << QByteArray(R"({"version": 1, "tasks": [)" + tool + "]}")
                                      << u"version: a non-empty string is required"_s;
    QTest::newRow("no tasks") << QByteArray(R"({"version": "1", "tasks": []})")
                              << u"tasks: a non-empty array is required"_s;
    QTest::newRow("bad id") << task(R"("id": "t")", R"("id": "Weather Forecast")")
                            << u"tasks[0].id: lower-case letters, digits and dashes are required"_s;
    QTest::newRow("bad kind") << task(R"("kind": "tools")", R"("kind": "tool")")
                              << uR"(tasks[0].kind: must be "tools" or "structured_output")"_s;
    QTest::newRow("model set") << task(R"("request": {)", R"("request": {"model": "m",)")
                               << u"tasks[0].request.model: the runner sets the model"_s;
    QTest::newRow("no messages") << task(R"("messages")", R"("prompt")")
                                 << u"tasks[0].request.messages: a non-empty array is required"_s;
    QTest::newRow("no tools") << task(R"("tools": [)", R"("functions": [)")
                              << u"tasks[0].request.tools: a tool task needs function tools"_s;
    QTest::newRow("no expected tool")
        << task(R"("expect": {"tool": "f"}, )", "")
        << u"tasks[0].expect.tool: a tool task names the tool it expects"_s;
    QTest::newRow("expected tool not sent")
        << task(R"({"tool": "f"})", R"({"tool": "lookup"})")
        << uR"(tasks[0].expect.tool: "lookup" is not one of the request's tools)"_s;
    QTest::newRow("tool_choice auto")
        << task(R"("tool_choice": "required")", R"("tool_choice": "auto")")
        << uR"(tasks[0].request.tool_choice: must be "required" or name the expected tool)"_s;
    QTest::newRow("tool_choice names another tool")
        << task(R"("tool_choice": "required")",
                R"("tool_choice": {"type": "function", "function": {"name": "g"}})")
        << uR"(tasks[0].request.tool_choice: must be "required" or name the expected tool)"_s;
    QTest::newRow("structured without a schema")
        << task(R"("kind": "tools")", R"("kind": "structured_output")")
        << u"tasks[0].request.response_format: a json_schema response format with a schema is required"_s;
    QTest::newRow("json_object is not a schema")
        << task(R"("kind": "tools")", R"("kind": "structured_output")")
               .replace(R"("tool_choice": "required")",
                        R"("response_format": {"type": "json_object"})")
        << u"tasks[0].request.response_format: a json_schema response format with a schema is required"_s;
    QTest::newRow("duplicate id") << QByteArray(head + tool + ',' + tool + "]}")
                                  << uR"(tasks[1].id: "t" is used twice)"_s;
}

void tst_Probes::loaderRejectsBadSets_R_REL_1()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QString, error);
    const Util::Result<Probes::ProbeSet> read = Probes::readProbeSet(bytes);
    QVERIFY(!read.ok());
    QCOMPARE(read.error().code, u"probes.invalidSet"_s);
    if (error.endsWith(u": "_s))
        QVERIFY2(read.error().message.startsWith(error), qPrintable(read.error().message));
    else
        QCOMPARE(read.error().message, error);
}

void tst_Probes::loaderReadsAGoodSet_R_REL_1()
{
    const QByteArray structured = R"({"id": "s-1", "kind": "structured_output", "request": {
        "messages": [{"role": "user", "content": "answer"}],
        "response_format": {"type": "json_schema",
            "json_schema": {"name": "a", "strict": true, "schema": {"type": "object"}}}}})";
    const Util::Result<Probes::ProbeSet> read
        = Probes::readProbeSet(QByteArray(kSetHead) + kToolTask + ',' + structured + "]}");
    QVERIFY2(read.ok(), qPrintable(read.ok() ? QString {} : read.error().message));
    QCOMPARE(read->version, u"1"_s);
    QCOMPARE(read->tasks.size(), 2);
    QCOMPARE(read->tasks[0].id, u"t"_s);
    QVERIFY(read->tasks[0].kind == Probes::TaskKind::Tools);
    QCOMPARE(read->tasks[0].expectedTool, u"f"_s);
    QCOMPARE(read->tasks[1].id, u"s-1"_s);
    QVERIFY(read->tasks[1].kind == Probes::TaskKind::StructuredOutput);
    QCOMPARE(Probes::responseSchema(read->tasks[1].request).value_or(QJsonObject {}),
             QJsonObject({ { u"type"_s, u"object"_s } }));
    QCOMPARE(Probes::kindName(Probes::TaskKind::StructuredOutput), u"structured_output"_s);
    QVERIFY(Probes::kindFromName(u"tools"_s) == Probes::TaskKind::Tools);
    QVERIFY(!Probes::kindFromName(u"tool"_s));
}

// The shipped set has what the brief of the probes asks for: at least three tasks of each kind,
// and between them the schema features real callers use.
void tst_Probes::shippedSetCoversTheKinds_R_REL_1()
{
    const Probes::ProbeSet &set = Probes::probeSet();
    QCOMPARE(set.version, u"1"_s);
    QSet<QString> toolKeywords, structuredKeywords;
    int tools = 0, structured = 0;
    for (const Probes::ProbeTask &task : set.tasks) {
        if (task.kind == Probes::TaskKind::Tools) {
            ++tools;
            collectKeywords(*Probes::toolParameters(task.request, task.expectedTool), toolKeywords);
        } else {
            ++structured;
            collectKeywords(*Probes::responseSchema(task.request), structuredKeywords);
        }
    }
    QVERIFY(tools >= 3);
    QVERIFY(structured >= 3);
    for (const QString &k : { u"required"_s, u"enum"_s, u"minimum"_s, u"maximum"_s,
                              u"array of objects"_s, u"additionalProperties"_s })
        QVERIFY2(toolKeywords.contains(k), qPrintable(k));
    for (const QString &k : { u"required"_s, u"enum"_s, u"array of objects"_s, u"type[]"_s,
                              u"additionalProperties"_s })
        QVERIFY2(structuredKeywords.contains(k), qPrintable(k));
}

void tst_Probes::shippedTasksAreSelfConsistent_R_REL_1_data()
{
    QTest::addColumn<int>("index");
    const QList<Probes::ProbeTask> &tasks = Probes::probeSet().tasks;
    QVERIFY(!tasks.isEmpty());
    for (int i = 0; i < tasks.size(); ++i)
        QTest::newRow(qPrintable(tasks[i].id)) << i;
}

void tst_Probes::shippedTasksAreSelfConsistent_R_REL_1()
{
    QFETCH(int, index);
    const Probes::ProbeTask &task = Probes::probeSet().tasks.at(index);
    QVERIFY(!task.request.contains(u"model"_s));
    QVERIFY(task.request.value(u"max_tokens"_s).toInt() > 0);
    QVERIFY(task.request.value(u"max_tokens"_s).toInt() <= 200);
    if (task.kind == Probes::TaskKind::Tools) {
        QVERIFY(Probes::toolNames(task.request).contains(task.expectedTool));
        for (const QString &name : Probes::toolNames(task.request)) {
            const QJsonObject parameters = *Probes::toolParameters(task.request, name);
            QVERIFY2(!parameters.value(u"required"_s).toArray().isEmpty(), qPrintable(name));
            const QJsonValue example = Gateway::Simulated::exampleOf(parameters);
            const std::optional<QString> v = Probes::validate(example, parameters);
            QVERIFY2(!v, qPrintable(name + u": "_s + v.value_or(QString {})));
        }
    } else {
        QVERIFY(task.expectedTool.isEmpty());
        const QJsonObject format = task.request.value(u"response_format"_s).toObject();
        QCOMPARE(format[u"json_schema"_s][u"strict"_s], QJsonValue(true));
        QVERIFY(!format[u"json_schema"_s][u"name"_s].toString().isEmpty());
        const QJsonObject schema = *Probes::responseSchema(task.request);
        const std::optional<QString> v
            = Probes::validate(Gateway::Simulated::exampleOf(schema), schema);
        QVERIFY2(!v, qPrintable(v.value_or(QString {})));
    }
    // The simulator's whole answer to the request, as the runner would get it, passes.
    namespace Sim = Gateway::Simulated;
    const Sim::Answer answer = Sim::answerFor(Sim::Api::Chat, task.request, { u"Hello."_s });
    const QByteArray body = Sim::completeBody(Sim::Api::Chat, u"sim"_s, answer, 10);
    const Probes::ProbeGrade g = Probes::grade(task, body);
    QVERIFY2(g.passed, qPrintable(g.reason + u"\n"_s + QString::fromUtf8(g.output)));
    QVERIFY(!g.output.isEmpty());
}

QTEST_GUILESS_MAIN(tst_Probes)
#include "tst_probes.moc"
