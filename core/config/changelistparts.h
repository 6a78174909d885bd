#pragma once

// Internal to core/config: the change list is split by entity so each file stays small.

#include "changelist.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace Config::Detail {

QString onOff(bool v);
QString listOr(const QStringList &list, const QString &whenEmpty); // "a, b" or whenEmpty
QString decimal(double v); // 2.5, 0.15, 1,000

// Collects the lines of one entity (one scope and subject).
class ChangeSink
{
public:
    ChangeSink(QList<Change> &out, QString scope, QString subject)
        : m_out(out)
        , m_scope(std::move(scope))
        , m_subject(std::move(subject))
    {
    }

    void add(const QString &text);
    // "<label>: <before> → <after>" when they differ.
    void diff(const QString &label, const QString &before, const QString &after);
    void diff(const QString &label, bool before, bool after);
    void diffNumber(const QString &label, qint64 before, qint64 after);
    void diffText(const QString &label, const QString &before,
                  const QString &after); // empty → none

private:
    QList<Change> &m_out;
    QString m_scope;
    QString m_subject;
};

// "<setting>: <before> → <after>" for each recovery setting that differs (R-REC-*, R-REC-9).
void recoverySettingChanges(ChangeSink &s, const Domain::RecoverySettings &b,
                            const Domain::RecoverySettings &a);

void modelChanges(QList<Change> &out, const Domain::Workspace &before,
                  const Domain::Workspace &after);

} // namespace Config::Detail
