#pragma once

#include <QDate>
#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace Domain {

// A team name such as "org/fast" for a model; optionally a preset and optionally deprecated.
struct Alias
{
    QString name;
    QString target; // a model (aliases never name aliases: validated, no cycles)
    QJsonObject
        presetDefaults; // request fields filled in when the caller left them out (R-ALIAS-3)
    QStringList fallbackModels; // preset's own fallback list (R-FALL-4)
    QDate deprecationDate; // invalid: not deprecated
    QString replacement; // a model or alias used on and after deprecationDate

    bool isDeprecated() const { return deprecationDate.isValid(); }
    bool operator==(const Alias &) const = default;
};

} // namespace Domain
