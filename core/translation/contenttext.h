#pragma once

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>

// Helpers shared by the request and answer translations (not part of the module's interface).
namespace Translation::Internal {

// The text of a content that is a string or an array of parts/blocks: the `text` of each
// {type: "text"} element, joined by `separator`. Other elements are skipped.
inline QString joinedText(const QJsonValue &content, QStringView separator)
{
    using namespace Qt::StringLiterals;
    if (content.isString())
        return content.toString();
    QString out;
    bool first = true;
    for (const QJsonValue &v : content.toArray()) {
        const QJsonObject part = v.toObject();
        if (part.value(u"type"_s).toString() != u"text")
            continue;
        if (!first)
            out += separator;
        out += part.value(u"text"_s).toString();
        first = false;
    }
    return out;
}

// A value present and not null (a JSON `null` asks for the default, as if absent).
inline bool isSet(const QJsonValue &v)
{
    return !v.isUndefined() && !v.isNull();
}

// A tool call's arguments (a JSON string) as a tool_use input. Arguments that are not a JSON
// object (cut short by a length stop, say) are given as {}.
inline QJsonObject toolInput(const QJsonValue &arguments)
{
    return QJsonDocument::fromJson(arguments.toString().toUtf8()).object();
}

// A tool_use input as a tool call's arguments: compact JSON.
inline QString toolArguments(const QJsonValue &input)
{
    return QString::fromUtf8(QJsonDocument(input.toObject()).toJson(QJsonDocument::Compact));
}

} // namespace Translation::Internal
