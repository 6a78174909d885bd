#pragma once

#include "util/result.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>
#include <optional>

// The reliability probes (SPEC §2 step 9, R-REL-*): a fixed, versioned set of small tool-call and
// structured-output tasks, and their grading on what a caller's code would parse. Pure: the probe
// runner sends each task through the gateway and hands the answer to grade(). docs/probes.md.
namespace Probes {

enum class TaskKind {
    Tools, // the answer must be a real tool call, its arguments valid for the tool's parameters
    StructuredOutput, // the answer's content must be JSON valid for the sent json_schema
};

// "tools", "structured_output": the names the set's file and stored results use.
QString kindName(TaskKind kind);
std::optional<TaskKind> kindFromName(const QString &name);

struct ProbeTask
{
    QString id; // stable within a set version: [a-z0-9-]+
    TaskKind kind = TaskKind::Tools;
    // A chat-completions request body without `model` (the runner sets it).
    QJsonObject request;
    QString expectedTool; // Tools: the function the model must call; empty otherwise
};

struct ProbeSet
{
    QString version; // changes whenever any task changes: results of two versions do not mix
    QList<ProbeTask> tasks;
};

// The set shipped in the library (resources/probes.json), read once. A broken file is a broken
// build: it asserts, logs and gives an empty set.
const ProbeSet &probeSet();

// A probe set from its JSON. The error (code "probes.invalidSet") names the first offending field,
// as "tasks[1].expect.tool: \"lookup\" is not one of the request's tools".
Util::Result<ProbeSet> readProbeSet(const QByteArray &json);

// The names of a chat-completions request's function tools, in order.
QStringList toolNames(const QJsonObject &request);
// The parameters schema of the request's function tool `name` (an empty schema when it sends
// none); nullopt when the request has no such tool.
std::optional<QJsonObject> toolParameters(const QJsonObject &request, const QString &name);
// response_format.json_schema.schema when response_format's type is json_schema.
std::optional<QJsonObject> responseSchema(const QJsonObject &request);

} // namespace Probes
