#include "recoveryfields.h"

using namespace Qt::StringLiterals;

namespace Config {

const QList<RecoveryFieldSpec> &recoveryFields()
{
    using F = Domain::RecoveryField;
    static const QList<RecoveryFieldSpec> fields {
        { F::Attempts, u"attempts"_s, 1, 8 },
        { F::DeadlineMs, u"deadlineMs"_s, 1, 600000 },
        { F::BackoffFirstMs, u"backoffFirstMs"_s, 0, 30000 },
        { F::BackoffMaxMs, u"backoffMaxMs"_s, 0, 30000 },
        { F::CooldownMs, u"cooldownMs"_s, 0, 120000 },
        { F::ConnectTimeoutMs, u"connectTimeoutMs"_s, 100, 60000 },
        { F::StreamStartTimeoutMs, u"streamStartTimeoutMs"_s, 1000, 600000 },
        { F::StreamIdleTimeoutMs, u"streamIdleTimeoutMs"_s, 1000, 600000 },
    };
    return fields;
}

const RecoveryFieldSpec &recoveryField(Domain::RecoveryField field)
{
    return recoveryFields().at(int(field));
}

} // namespace Config
