#pragma once

#include "directives.h"
#include "sessions.h"
#include "spendlimits.h"

#include <QDateTime>
#include <QString>

namespace Domain {

struct Project
{
    QString id; // "default", "research"
    QString name;
    Directives directives;
    SpendLimits limits; // for the project's keys together
    SessionSettings sessions; // its keys' whose own mode is Off

    bool operator==(const Project &) const = default;
};

// A caller key. Only the SHA-256 of the key is kept; the key itself is shown once at creation.
struct Key
{
    QString id; // stable id, e.g. "key_3f9a…"
    QString project; // Project::id
    QString name;
    QString prefix; // first characters of the key, for recognising it ("sb-3f9a…")
    QString sha256Hex; // hex SHA-256 of the whole key
    QDateTime createdAt;
    bool revoked = false;
    Directives directives;
    SpendLimits limits; // for this key alone, beside its project's
    SessionSettings sessions; // Off: the project's apply

    bool operator==(const Key &) const = default;
};

} // namespace Domain
