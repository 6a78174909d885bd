#pragma once

#include <QList>
#include <QString>

namespace Config {

// One finding of validation or import. `path` is the JSON path of the field in the export format,
// index based ("models[3].pool.deployments[1].weight"), so the studio and the headless import can
// point at the exact place; `message` is a full sentence naming the subject.
struct Problem
{
    enum class Severity { Error, Warning };
    Severity severity = Severity::Error;
    QString path;
    QString message;

    bool operator==(const Problem &) const = default;
};

bool hasErrors(const QList<Problem> &problems);

// "error" / "warning", for the headless import's output.
QString severityName(Problem::Severity s);

} // namespace Config
