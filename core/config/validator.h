#pragma once

#include "problem.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <domain/workspace.h>

namespace Config {

// Every problem of the whole workspace (SPEC §1, §2, §5): errors block a save or an import,
// warnings (a disabled deployment, R-PLAN-6; a vendor pattern with no models yet) do not.
QList<Problem> validate(const Domain::Workspace &ws);

// Empty when valid: 1–64 of letters, digits, '-', '_' (R-REG-6).
QString regionNameError(const QString &name);
// For the "Allowed regions" field as typed (comma-separated, spaces around commas ignored).
// Empty when valid; an empty field is valid (no restriction).
QString regionListError(const QString &commaSeparated);
// Splits at commas and trims each name; an empty or blank string gives an empty list.
QStringList splitRegionList(const QString &commaSeparated);

} // namespace Config
