#pragma once

#include <QList>
#include <QStringList>

namespace Store {

// The numbered schema migrations: element i holds the statements of version i + 1. A released
// migration is never edited; a change is a new migration appended at the end.
const QList<QStringList> &schemaMigrations();

} // namespace Store
