#include "probes/jsonschema.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QUrl>
#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace Probes {
namespace {

// $ref followed along one path: a reference loop, or a recursive schema nested this deep, stops.
constexpr int kMaxRefDepth = 32;
constexpr qsizetype kMaxShown = 60; // characters of a value quoted in a violation
constexpr qsizetype kMaxEnumShown = 6;

using Violation = std::optional<QString>;

Violation check(const QJsonValue &value, const QJsonValue &schema, const QString &path,
                const QJsonObject &root, int depth);

Violation fail(const QString &path, const QString &reason)
{
    return path + u": "_s + reason;
}

QString childPath(const QString &path, const QString &key)
{
    static const QRegularExpression plain(u"^[A-Za-z_$][A-Za-z0-9_$]*$"_s);
    if (plain.match(key).hasMatch())
        return path + u'.' + key;
    const QByteArray quoted = QJsonDocument(QJsonArray { key }).toJson(QJsonDocument::Compact);
    return path + QString::fromUtf8(quoted);
}

QString itemPath(const QString &path, qsizetype index)
{
    return path + u'[' + QString::number(index) + u']';
}

QString numberText(double d)
{
    if (std::isfinite(d) && std::floor(d) == d && std::fabs(d) < 1e15)
        return QString::number(qint64(d));
    return QString::number(d, 'g', 15);
}

// The value as JSON text, cut to a length that fits a one-line reason.
QString shown(const QJsonValue &v)
{
    QString text;
    if (v.isDouble()) {
        text = numberText(v.toDouble());
    } else {
        const QByteArray inArray = QJsonDocument(QJsonArray { v }).toJson(QJsonDocument::Compact);
        text = QString::fromUtf8(inArray.mid(1, inArray.size() - 2));
    }
    if (text.size() > kMaxShown)
        text = text.left(kMaxShown) + u'…';
    return text;
}

bool isInteger(const QJsonValue &v)
{
    const double d = v.toDouble();
    return v.isDouble() && std::isfinite(d) && std::floor(d) == d;
}

QString typeOf(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::Null:
        return u"null"_s;
    case QJsonValue::Bool:
        return u"boolean"_s;
    case QJsonValue::Double:
        return isInteger(v) ? u"integer"_s : u"number"_s;
    case QJsonValue::String:
        return u"string"_s;
    case QJsonValue::Array:
        return u"array"_s;
    case QJsonValue::Object:
        return u"object"_s;
    case QJsonValue::Undefined:
        break;
    }
    return u"undefined"_s;
}

bool hasType(const QJsonValue &v, const QString &type)
{
    if (type == u"number"_s)
        return v.isDouble();
    if (type == u"integer"_s)
        return isInteger(v);
    return typeOf(v) == type;
}

Violation checkType(const QJsonValue &value, const QJsonObject &schema, const QString &path)
{
    const QJsonValue type = schema.value(u"type"_s);
    QStringList allowed;
    if (type.isString())
        allowed = { type.toString() };
    for (const QJsonValue &t : type.toArray())
        allowed.append(t.toString());
    if (allowed.isEmpty())
        return std::nullopt;
    for (const QString &t : std::as_const(allowed)) {
        if (hasType(value, t))
            return std::nullopt;
    }
    QString got = typeOf(value);
    if (!value.isNull())
        got += u' ' + shown(value);
    return fail(path, u"expected "_s + allowed.join(u" or "_s) + u", got "_s + got);
}

Violation checkEnumConst(const QJsonValue &value, const QJsonObject &schema, const QString &path)
{
    if (schema.contains(u"const"_s) && value != schema.value(u"const"_s))
        return fail(path, shown(value) + u" is not the constant "_s + shown(schema[u"const"_s]));
    if (!schema.value(u"enum"_s).isArray())
        return std::nullopt;
    const QJsonArray choices = schema.value(u"enum"_s).toArray();
    if (choices.contains(value))
        return std::nullopt;
    QStringList names;
    for (const QJsonValue &c : choices) {
        if (names.size() == kMaxEnumShown) {
            names.append(u"…"_s);
            break;
        }
        names.append(shown(c));
    }
    return fail(path, shown(value) + u" is not one of "_s + names.join(u", "_s));
}

Violation checkNumber(double v, const QJsonObject &schema, const QString &path)
{
    const QString n = numberText(v);
    const QJsonValue exMin = schema.value(u"exclusiveMinimum"_s);
    const QJsonValue exMax = schema.value(u"exclusiveMaximum"_s);
    if (schema.value(u"minimum"_s).isDouble()) {
        const double min = schema.value(u"minimum"_s).toDouble();
        if (exMin.toBool() && v <= min) // draft 4: a boolean makes minimum exclusive
            return fail(path, n + u" is not above the exclusive minimum "_s + numberText(min));
        if (v < min)
            return fail(path, n + u" is below the minimum "_s + numberText(min));
    }
    if (schema.value(u"maximum"_s).isDouble()) {
        const double max = schema.value(u"maximum"_s).toDouble();
        if (exMax.toBool() && v >= max)
            return fail(path, n + u" is not below the exclusive maximum "_s + numberText(max));
        if (v > max)
            return fail(path, n + u" is above the maximum "_s + numberText(max));
    }
    if (exMin.isDouble() && v <= exMin.toDouble())
        return fail(path,
                    n + u" is not above the exclusive minimum "_s + numberText(exMin.toDouble()));
    if (exMax.isDouble() && v >= exMax.toDouble())
        return fail(path,
                    n + u" is not below the exclusive maximum "_s + numberText(exMax.toDouble()));
    return std::nullopt;
}

qsizetype codePoints(const QString &s)
{
    qsizetype n = s.size();
    for (const QChar c : s) {
        if (c.isLowSurrogate())
            --n;
    }
    return n;
}

Violation checkString(const QString &s, const QJsonObject &schema, const QString &path)
{
    const qsizetype length = codePoints(s);
    if (schema.value(u"minLength"_s).isDouble() && length < schema[u"minLength"_s].toDouble()) {
        return fail(path,
                    shown(s) + u" is shorter than the minimum length "_s
                        + numberText(schema[u"minLength"_s].toDouble()));
    }
    if (schema.value(u"maxLength"_s).isDouble() && length > schema[u"maxLength"_s].toDouble()) {
        return fail(path,
                    shown(s) + u" is longer than the maximum length "_s
                        + numberText(schema[u"maxLength"_s].toDouble()));
    }
    if (schema.value(u"pattern"_s).isString()) {
        const QString pattern = schema.value(u"pattern"_s).toString();
        const QRegularExpression re(pattern);
        // JSON Schema patterns are unanchored, as ECMA-262's RegExp.test().
        if (re.isValid() && !re.match(s).hasMatch())
            return fail(path, shown(s) + u" does not match the pattern "_s + pattern);
    }
    return std::nullopt;
}

Violation checkArray(const QJsonArray &a, const QJsonObject &schema, const QString &path,
                     const QJsonObject &root, int depth)
{
    const QString count = QString::number(a.size());
    if (schema.value(u"minItems"_s).isDouble() && a.size() < schema[u"minItems"_s].toDouble()) {
        return fail(path,
                    count + u" items, fewer than the minimum "_s
                        + numberText(schema[u"minItems"_s].toDouble()));
    }
    if (schema.value(u"maxItems"_s).isDouble() && a.size() > schema[u"maxItems"_s].toDouble()) {
        return fail(path,
                    count + u" items, more than the maximum "_s
                        + numberText(schema[u"maxItems"_s].toDouble()));
    }
    const QJsonValue items = schema.value(u"items"_s);
    const QJsonArray tuple = items.toArray();
    for (qsizetype i = 0; i < a.size(); ++i) {
        // A tuple (draft 4–7's items array) constrains the positions it names, no more.
        if (items.isArray() && i >= tuple.size())
            break;
        const QJsonValue itemSchema = items.isArray() ? tuple.at(i) : items;
        if (itemSchema.isUndefined())
            break;
        if (Violation v = check(a.at(i), itemSchema, itemPath(path, i), root, depth))
            return v;
    }
    return std::nullopt;
}

Violation checkObject(const QJsonObject &o, const QJsonObject &schema, const QString &path,
                      const QJsonObject &root, int depth)
{
    for (const QJsonValue &r : schema.value(u"required"_s).toArray()) {
        if (!o.contains(r.toString()))
            return fail(path, u"the required property "_s + shown(r) + u" is missing"_s);
    }
    const QJsonObject properties = schema.value(u"properties"_s).toObject();
    const QJsonValue additional = schema.value(u"additionalProperties"_s);
    for (auto it = o.begin(); it != o.end(); ++it) {
        const QString here = childPath(path, it.key());
        if (properties.contains(it.key())) {
            if (Violation v = check(it.value(), properties.value(it.key()), here, root, depth))
                return v;
        } else if (additional.isBool() && !additional.toBool()) {
            return fail(path, u"the property "_s + shown(it.key()) + u" is not allowed"_s);
        } else if (additional.isObject()) {
            if (Violation v = check(it.value(), additional, here, root, depth))
                return v;
        }
    }
    return std::nullopt;
}

// The schema a local $ref points to, by JSON pointer from the root; nullopt when there is none.
std::optional<QJsonValue> resolve(const QString &ref, const QJsonObject &root)
{
    if (!ref.startsWith(u'#'))
        return std::nullopt;
    const QString pointer = QUrl::fromPercentEncoding(ref.mid(1).toUtf8());
    if (pointer.isEmpty())
        return QJsonValue(root);
    if (!pointer.startsWith(u'/'))
        return std::nullopt;
    QJsonValue at = root;
    for (QString token : pointer.mid(1).split(u'/')) {
        token.replace(u"~1"_s, u"/"_s).replace(u"~0"_s, u"~"_s);
        if (at.isObject() && at.toObject().contains(token)) {
            at = at.toObject().value(token);
        } else {
            bool isIndex = false;
            const int index = token.toInt(&isIndex);
            if (!at.isArray() || !isIndex || index < 0 || index >= at.toArray().size())
                return std::nullopt;
            at = at.toArray().at(index);
        }
    }
    return at;
}

Violation checkRef(const QJsonValue &value, const QJsonObject &schema, const QString &path,
                   const QJsonObject &root, int depth)
{
    if (!schema.contains(u"$ref"_s))
        return std::nullopt;
    const QString ref = schema.value(u"$ref"_s).toString();
    if (depth >= kMaxRefDepth)
        return fail(path,
                    u"$ref "_s + ref + u" nested deeper than "_s + QString::number(kMaxRefDepth));
    const std::optional<QJsonValue> target = resolve(ref, root);
    if (!target)
        return fail(path, u"cannot resolve the $ref "_s + shown(ref));
    return check(value, *target, path, root, depth + 1);
}

Violation checkCombinators(const QJsonValue &value, const QJsonObject &schema, const QString &path,
                           const QJsonObject &root, int depth)
{
    for (const QJsonValue &part : schema.value(u"allOf"_s).toArray()) {
        if (Violation v = check(value, part, path, root, depth))
            return v;
    }
    if (schema.value(u"anyOf"_s).isArray()) {
        const QJsonArray alternatives = schema.value(u"anyOf"_s).toArray();
        const bool any
            = std::any_of(alternatives.begin(), alternatives.end(),
                          [&](const QJsonValue &a) { return !check(value, a, path, root, depth); });
        if (!any)
            return fail(path, u"matches none of the anyOf alternatives"_s);
    }
    if (schema.value(u"oneOf"_s).isArray()) {
        const QJsonArray alternatives = schema.value(u"oneOf"_s).toArray();
        const auto matches
            = std::count_if(alternatives.begin(), alternatives.end(), [&](const QJsonValue &a) {
                  return !check(value, a, path, root, depth);
              });
        if (matches == 0)
            return fail(path, u"matches none of the oneOf alternatives"_s);
        if (matches > 1) {
            return fail(path,
                        u"matches "_s + QString::number(matches)
                            + u" of the oneOf alternatives, not exactly one"_s);
        }
    }
    return std::nullopt;
}

Violation check(const QJsonValue &value, const QJsonValue &schemaValue, const QString &path,
                const QJsonObject &root, int depth)
{
    if (schemaValue.isBool()) {
        if (schemaValue.toBool())
            return std::nullopt;
        return fail(path, u"no value is allowed here"_s);
    }
    const QJsonObject schema = schemaValue.toObject(); // anything else constrains nothing
    if (Violation v = checkType(value, schema, path))
        return v;
    if (Violation v = checkEnumConst(value, schema, path))
        return v;
    Violation v;
    if (value.isDouble())
        v = checkNumber(value.toDouble(), schema, path);
    else if (value.isString())
        v = checkString(value.toString(), schema, path);
    else if (value.isArray())
        v = checkArray(value.toArray(), schema, path, root, depth);
    else if (value.isObject())
        v = checkObject(value.toObject(), schema, path, root, depth);
    if (v)
        return v;
    if (Violation r = checkRef(value, schema, path, root, depth))
        return r;
    return checkCombinators(value, schema, path, root, depth);
}

} // namespace

std::optional<QString> validate(const QJsonValue &value, const QJsonObject &schema)
{
    return check(value, schema, u"$"_s, schema, 0);
}

} // namespace Probes
