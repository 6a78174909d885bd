#pragma once

#include <QList>
#include <QString>
#include <domain/model.h>

namespace Config {

// One row of SPEC §2 step 5's recovery table (R-REC-*, R-REC-9): its name in the workspace file and
// its allowed range. The reader, the writer, the validator, the change list and the studio's hints
// all walk this table, so a setting is added in one place.
struct RecoveryFieldSpec
{
    Domain::RecoveryField field;
    QString key; // "connectTimeoutMs"
    int min;
    int max; // backoffFirstMs: also at most backoffMaxMs
};

// Every setting, in the table's order.
const QList<RecoveryFieldSpec> &recoveryFields();
const RecoveryFieldSpec &recoveryField(Domain::RecoveryField field);

} // namespace Config
