#pragma once

#include "problem.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <domain/workspace.h>
#include <optional>
#include <util/progress.h>

namespace Config {

// The export format (docs/config-format.md, R-CLI-2): deterministic, indented, never contains
// Credential::secret.
QByteArray exportWorkspace(const Domain::Workspace &ws);

struct ImportResult
{
    std::optional<Domain::Workspace> workspace;
    QList<Problem> problems;
    bool cancelled = false; // progress asked to stop: nothing is read or checked
};

// Parses and validates. workspace is set only when there is no Error-severity problem. Stored
// secrets of connections that exist by name in `current` are carried over (the file never has
// them). Progress counts kImportSteps: the file read, then checked.
ImportResult importWorkspace(const QByteArray &json, const Domain::Workspace *current = nullptr,
                             const Util::Progress &progress = {});
inline constexpr qint64 kImportSteps = 2;

// The same document as a JSON object; used by the store for version snapshots.
QJsonObject workspaceToJson(const Domain::Workspace &ws);

} // namespace Config
