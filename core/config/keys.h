#pragma once

#include <QDateTime>
#include <QString>
#include <domain/project.h>

namespace Config {

// A freshly created caller key. Only key.sha256Hex is stored; `secret` is shown once (SPEC §1).
struct NewKey
{
    Domain::Key key;
    QString secret; // "sb-" + 40 random url-safe characters
};

// Random from QRandomGenerator::system(). id "key_<12 hex>", prefix = first 10 chars of the secret.
NewKey makeKey(const QString &projectId, const QString &name, const QDateTime &now);

// Lowercase hex SHA-256 of the UTF-8 secret.
QString hashKey(const QString &secret);

} // namespace Config
