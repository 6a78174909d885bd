#include "probes/probeset.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLoggingCategory>
#include <QRegularExpression>
#include <QSet>

using namespace Qt::StringLiterals;

// Resources of a static library are registered only when something references them.
static void initProbesResources()
{
    Q_INIT_RESOURCE(probes);
}

namespace Probes {
namespace {

Q_LOGGING_CATEGORY(lcProbes, "sb.probes")

Util::Error invalid(const QString &where, const QString &what)
{
    return Util::Error { u"probes.invalidSet"_s, where + u": "_s + what, {}, {} };
}

// A tool task is fair only when the model is made to call a tool: "required" or the named one.
bool forcesTool(const QJsonValue &choice, const QString &tool)
{
    if (choice.toString() == u"required"_s)
        return true;
    const QJsonObject named = choice.toObject();
    return named.value(u"type"_s).toString() == u"function"_s
        && named.value(u"function"_s).toObject().value(u"name"_s).toString() == tool;
}

std::optional<Util::Error> checkToolTask(const ProbeTask &task, const QString &where)
{
    const QStringList tools = toolNames(task.request);
    if (tools.isEmpty())
        return invalid(where + u".request.tools"_s, u"a tool task needs function tools"_s);
    if (task.expectedTool.isEmpty())
        return invalid(where + u".expect.tool"_s, u"a tool task names the tool it expects"_s);
    if (!tools.contains(task.expectedTool)) {
        return invalid(where + u".expect.tool"_s,
                       u"\""_s + task.expectedTool + u"\" is not one of the request's tools"_s);
    }
    if (!forcesTool(task.request.value(u"tool_choice"_s), task.expectedTool)) {
        return invalid(where + u".request.tool_choice"_s,
                       u"must be \"required\" or name the expected tool"_s);
    }
    return std::nullopt;
}

Util::Result<ProbeTask> readTask(const QJsonValue &value, const QString &where)
{
    static const QRegularExpression idPattern(u"^[a-z0-9][a-z0-9-]*$"_s);
    const QJsonObject o = value.toObject();
    ProbeTask task;
    task.id = o.value(u"id"_s).toString();
    if (!idPattern.match(task.id).hasMatch())
        return invalid(where + u".id"_s, u"lower-case letters, digits and dashes are required"_s);
    const std::optional<TaskKind> kind = kindFromName(o.value(u"kind"_s).toString());
    if (!kind)
        return invalid(where + u".kind"_s, u"must be \"tools\" or \"structured_output\""_s);
    task.kind = *kind;
    task.request = o.value(u"request"_s).toObject();
    if (task.request.contains(u"model"_s))
        return invalid(where + u".request.model"_s, u"the runner sets the model"_s);
    if (task.request.value(u"messages"_s).toArray().isEmpty())
        return invalid(where + u".request.messages"_s, u"a non-empty array is required"_s);
    task.expectedTool = o.value(u"expect"_s).toObject().value(u"tool"_s).toString();
    if (task.kind == TaskKind::Tools) {
        if (std::optional<Util::Error> e = checkToolTask(task, where))
            return *e;
    } else if (!responseSchema(task.request)) {
        return invalid(where + u".request.response_format"_s,
                       u"a json_schema response format with a schema is required"_s);
    }
    return task;
}

} // namespace

QString kindName(TaskKind kind)
{
    return kind == TaskKind::Tools ? u"tools"_s : u"structured_output"_s;
}

std::optional<TaskKind> kindFromName(const QString &name)
{
    if (name == u"tools"_s)
        return TaskKind::Tools;
    if (name == u"structured_output"_s)
        return TaskKind::StructuredOutput;
    return std::nullopt;
}

Util::Result<ProbeSet> readProbeSet(const QByteArray &json)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError)
        return invalid(u"$"_s, u"not JSON: "_s + error.errorString());
    if (!doc.isObject())
        return invalid(u"$"_s, u"a JSON object is required"_s);
    const QJsonObject root = doc.object();
    ProbeSet set;
    set.version = root.value(u"version"_s).toString();
    if (set.version.isEmpty())
        return invalid(u"version"_s, u"a non-empty string is required"_s);
    const QJsonArray tasks = root.value(u"tasks"_s).toArray();
    if (tasks.isEmpty())
        return invalid(u"tasks"_s, u"a non-empty array is required"_s);
    QSet<QString> ids;
    for (qsizetype i = 0; i < tasks.size(); ++i) {
        const QString where = u"tasks["_s + QString::number(i) + u']';
        Util::Result<ProbeTask> task = readTask(tasks.at(i), where);
        if (!task)
            return task.error();
        if (ids.contains(task->id))
            return invalid(where + u".id"_s, u"\""_s + task->id + u"\" is used twice"_s);
        ids.insert(task->id);
        set.tasks.append(std::move(task).value());
    }
    return set;
}

const ProbeSet &probeSet()
{
    static const ProbeSet set = [] {
        initProbesResources();
        QFile file(u":/switchboard/probes.json"_s);
        if (!file.open(QIODevice::ReadOnly)) {
            qCCritical(lcProbes) << "probe set resource missing:" << file.errorString();
            Q_ASSERT_X(false, "probeSet", "resources/probes.json is not in the library");
            return ProbeSet {};
        }
        Util::Result<ProbeSet> read = readProbeSet(file.readAll());
        if (!read) {
            qCCritical(lcProbes) << "probe set invalid:" << read.error().message;
            Q_ASSERT_X(false, "probeSet", "resources/probes.json is invalid");
            return ProbeSet {};
        }
        return std::move(read).value();
    }();
    return set;
}

QStringList toolNames(const QJsonObject &request)
{
    QStringList names;
    for (const QJsonValue &t : request.value(u"tools"_s).toArray()) {
        const QJsonObject tool = t.toObject();
        const QString name = tool.value(u"function"_s).toObject().value(u"name"_s).toString();
        if (tool.value(u"type"_s).toString() == u"function"_s && !name.isEmpty())
            names.append(name);
    }
    return names;
}

std::optional<QJsonObject> toolParameters(const QJsonObject &request, const QString &name)
{
    for (const QJsonValue &t : request.value(u"tools"_s).toArray()) {
        const QJsonObject tool = t.toObject();
        const QJsonObject function = tool.value(u"function"_s).toObject();
        if (tool.value(u"type"_s).toString() == u"function"_s
            && function.value(u"name"_s).toString() == name) {
            return function.value(u"parameters"_s).toObject();
        }
    }
    return std::nullopt;
}

std::optional<QJsonObject> responseSchema(const QJsonObject &request)
{
    const QJsonObject format = request.value(u"response_format"_s).toObject();
    const QJsonValue schema = format.value(u"json_schema"_s).toObject().value(u"schema"_s);
    if (format.value(u"type"_s).toString() != u"json_schema"_s || !schema.isObject())
        return std::nullopt;
    return schema.toObject();
}

} // namespace Probes
