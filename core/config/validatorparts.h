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

    void error(const QString &path, const QString &message);
    void warning(const QString &path, const QString &message);
    // Reports "<what> must be between <lo> and <hi><unit> (is <value>)." and returns false when out
    // of range.
    bool range(const QString &path, const QString &what, qint64 value, qint64 lo, qint64 hi,
               const QString &unit = {});
    void region(const QString &path, const QString &what, const QString &name);

private:
    const Domain::Workspace &m_ws;
    QList<Problem> m_problems;
};

void checkUnique(Checker &c, const QStringList &names, const QString &listPath,
                 const QString &fieldName, const QString &noun);

// checkUnique over the names or ids of a workspace list: `key` is the member compared.
template<typename T>
void checkUnique(Checker &c, const QList<T> &items, QString T::*key, const QString &listPath,
                 const QString &fieldName, const QString &noun)
{
    QStringList keys;
    keys.reserve(items.size());
    for (const T &item : items)
        keys << item.*key;
    checkUnique(c, keys, listPath, fieldName, noun);
}

void checkProviders(Checker &c);
void checkConnections(Checker &c);
void checkModels(Checker &c);
// `owner` names whose settings they are in messages: a model's name, "the workspace defaults".
void checkRecoverySettings(Checker &c, const Domain::RecoverySettings &r, const QString &path,
                           const QString &owner);
void checkAliases(Checker &c);
// `who` names the level in messages: "the workspace", "project research", "key ci-bot".
void checkDirectives(Checker &c, const Domain::Directives &d, const QString &path,
                     const QString &who);
void checkProjectsAndKeys(Checker &c);

} // namespace Config::Detail
