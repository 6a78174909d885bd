#pragma once

// Internal to core/config: the change list is split by entity so each file stays small.

#include "changelist.h"

#include <QJsonArray>
#include <QList>
#include <QString>
#include <QStringList>

namespace Config::Detail {

QJsonValue optionalList(const std::optional<QStringList> &v); // null when unset

// Collects the facts of one entity.
class ChangeSink
{
public:
    ChangeSink(QList<Change> &out, Change::Entity entity, QString id)
        : m_out(out)
        , m_entity(entity)
        , m_id(std::move(id))
    {
    }

    void add(const QString &field, const QJsonValue &before = {}, const QJsonValue &after = {},
             const QString &item = {});
    // A fact when the values differ.
    void diff(const QString &field, const QJsonValue &before, const QJsonValue &after,
              const QString &item = {});
    void diff(const QString &field, const QStringList &before, const QStringList &after,
              const QString &item = {});

private:
    QList<Change> &m_out;
    Change::Entity m_entity;
    QString m_id;
};

// One fact per recovery setting that differs, field "recovery.<key>" (R-REC-*, R-REC-9).
void recoverySettingChanges(ChangeSink &s, const Domain::RecoverySettings &b,
                            const Domain::RecoverySettings &a);

void modelChanges(QList<Change> &out, const Domain::Workspace &before,
                  const Domain::Workspace &after);

} // namespace Config::Detail
