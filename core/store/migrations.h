#pragma once

#include <QList>
#include <QStringList>

namespace Store {

enum class Engine { Sqlite, Postgres };

// The numbered schema migrations of an engine: element i holds the statements of version i + 1.
// A released migration is never edited; a change is a new migration appended at the end. Both
// engines have the same versions and, at each, the same tables, columns and indexes.
const QList<QStringList> &schemaMigrations(Engine engine = Engine::Sqlite);

// A statement that rewrites every receipt binds :after and :upto (after < id <= upto): the
// migration runs it one range of receipts at a time, all in its one transaction, and reports the
// receipts done as progress. Consecutive such statements run range by range together.
inline constexpr QLatin1StringView kReceiptRange { ":upto" };

// The conditions of the partial indexes of migration 3, written exactly so in a query's WHERE:
// SQLite uses a partial index only when the query names its condition (or, for IS NOT NULL, an
// equality on the column). A served call's receipt without alias or fallback enters none of them.
namespace PartialIndex {
inline constexpr QLatin1StringView kUnusualStatus { "status_class <> 'ok'" };
inline constexpr QLatin1StringView kAnError { "error_class <> 'none'" };
inline constexpr QLatin1StringView kResolvedElsewhere {
    "model_resolved IS DISTINCT FROM model_asked"
};
// Migration 6: only calls that did not arrive on chat completions enter the endpoint index.
inline constexpr QLatin1StringView kNotChat { "endpoint <> 'chat_completions'" };
// Migration 8: only probes and rehearsals enter the kind index, a caller's call never.
inline constexpr QLatin1StringView kNotCall { "kind <> 'call'" };
// Migration 11: only calls classified for a mixed-model session enter the session index.
inline constexpr QLatin1StringView kClassified { "session_mode IS NOT NULL" };
} // namespace PartialIndex

} // namespace Store
