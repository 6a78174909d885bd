#pragma once

// Internal to core/config: the validator is split by entity so each file stays small.

#include "problem.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <domain/workspace.h>

namespace Config::Detail {

QString indexed(const QString &base, qsizetype i); // "models" → "models[3]"
QString field(const QString &base, const QString &name); // "models[3]" → "models[3].name"

bool isVendorPattern(const QString &name); // "<vendor>/*"

class Checker
{
public:
    explicit Checker(const Domain::Workspace &ws)
        : m_ws(ws)
    {
    }

    const Domain::Workspace &ws() const { return m_ws; }
    QList<Problem> problems() const { return m_problems; }

    void error(const QString &path, ProblemCode code, QList<ProblemArg> args = {});
    void warning(const QString &path, ProblemCode code, QList<ProblemArg> args = {});
    // Out of range: reports `code` with the subject's arguments, then value, lo and hi, and
    // returns false.
    bool range(const QString &path, ProblemCode code, QList<ProblemArg> subject, qint64 value,
               qint64 lo, qint64 hi);
    // A region name of the field `key` of `owner` (a model or a connection), R-REG-6.
    void region(const QString &path, const QString &key, const QString &owner, const QString &name);

private:
    const Domain::Workspace &m_ws;
    QList<Problem> m_problems;
};

// `entity` names the kind of row in problems: model, provider, connection, alias, project, key.
void checkUnique(Checker &c, const QStringList &names, const QString &listPath,
                 const QString &fieldName, const QString &entity);

// checkUnique over the names or ids of a workspace list: `key` is the member compared.
template<typename T>
void checkUnique(Checker &c, const QList<T> &items, QString T::*key, const QString &listPath,
                 const QString &fieldName, const QString &entity)
{
    QStringList keys;
    keys.reserve(items.size());
    for (const T &item : items)
        keys << item.*key;
    checkUnique(c, keys, listPath, fieldName, entity);
}

void checkProviders(Checker &c);
void checkConnections(Checker &c);
void checkModels(Checker &c);
// `owner`: the model whose Override they are, empty for the workspace's defaults.
void checkRecoverySettings(Checker &c, const Domain::RecoverySettings &r, const QString &path,
                           const QString &owner);
void checkAliases(Checker &c);
// Whose directives, as problems name them: a Domain::DirectiveLevel wire name and the project's
// id or the key's name (empty for the workspace).
struct DirectiveOwner
{
    QString level;
    QString name;
};
void checkDirectives(Checker &c, const Domain::Directives &d, const QString &path,
                     const DirectiveOwner &who);
void checkProjectsAndKeys(Checker &c);
void checkSessions(Checker &c);

} // namespace Config::Detail
