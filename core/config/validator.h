#pragma once

#include "problem.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <domain/workspace.h>
#include <optional>

namespace Config {

// Every problem of the whole workspace (SPEC §1, §2, §5): errors block a save or an import,
// warnings (a disabled deployment, R-PLAN-6; a vendor pattern with no models yet) do not.
QList<Problem> validate(const Domain::Workspace &ws);

// None when valid: 1–64 of letters, digits, '-', '_' (R-REG-6). The problem has no path.
std::optional<Problem> regionNameError(const QString &name);
// For the "Allowed regions" field as typed (comma-separated, spaces around commas ignored).
// None when valid; an empty field is valid (no restriction).
std::optional<Problem> regionListError(const QString &commaSeparated);
// Splits at commas and trims each name; an empty or blank string gives an empty list.
QStringList splitRegionList(const QString &commaSeparated);

} // namespace Config
