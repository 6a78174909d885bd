#pragma once

// Internal to core/config: reads the export format into a Workspace, collecting a Problem with its
// JSON path for every wrong type, unknown enum value, missing required field and unknown field.

#include "problem.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QSet>
#include <domain/workspace.h>
#include <functional>

namespace Config::Detail {

inline const QString kFormatName = QStringLiteral("switchboard-workspace");
constexpr int kFormatVersion = 1;

// "models[2]" + "enabled" → "models[2].enabled"; at the root the key alone.
inline QString joinPath(const QString &path, const QString &key)
{
    return path.isEmpty() ? key : path + u'.' + key;
}

// Parses the bytes into the root object, or reports the syntax error with its line and column.
bool readDocument(const QByteArray &json, QJsonObject &root, QList<Problem> &problems);

class WorkspaceReader
{
public:
    // False when the document could not be read at all (syntax error, not a workspace file).
    bool read(const QByteArray &json, Domain::Workspace &ws);

    QList<Problem> problems() const { return m_problems; }
    void error(const QString &path, ProblemCode code, QList<ProblemArg> args = {});
    void warning(const QString &path, ProblemCode code, QList<ProblemArg> args = {});
    // True when the reader reported an error at `path` or at a field inside or above it.
    bool hasErrorAt(const QString &path) const;

    // Field readers: a missing optional field leaves `out` unchanged.
    void string(const QJsonObject &o, const QString &key, const QString &path, QString &out,
                bool required = false);
    void boolean(const QJsonObject &o, const QString &key, const QString &path, bool &out);
    void integer(const QJsonObject &o, const QString &key, const QString &path, int &out);
    void number(const QJsonObject &o, const QString &key, const QString &path, double &out);
    void strings(const QJsonObject &o, const QString &key, const QString &path, QStringList &out);
    void date(const QJsonObject &o, const QString &key, const QString &path, QDate &out);
    void dateTime(const QJsonObject &o, const QString &key, const QString &path, QDateTime &out);
    // Enum by wire name; `fromString`/`toString` are the domain's (enums.h).
    template<typename E>
    void enumeration(const QJsonObject &o, const QString &key, const QString &path, E &out,
                     std::optional<E> (*fromString)(const QString &), QString (*toString)(E),
                     bool required = false);
    // Reports an unknown wire name at `at`; true when `text` named a value.
    template<typename E>
    bool parseEnum(const QString &text, const QString &at, E &out,
                   std::optional<E> (*fromString)(const QString &), QString (*toString)(E));
    // Any JSON object, taken as it is (request defaults of a preset alias).
    void freeObject(const QJsonObject &o, const QString &key, const QString &path,
                    QJsonObject &out);
    // Reads the fields of one object, given with its path. A field it does not read is unknown:
    // a warning, and ignored.
    using ReadItem = std::function<void(const QJsonObject &, const QString &)>;
    // Calls readItem on the object o[key]; nothing when it is missing or not an object.
    void object(const QJsonObject &o, const QString &key, const QString &path,
                const ReadItem &readItem);
    // The same for each element of the array o[key] that is an object.
    void objects(const QJsonObject &o, const QString &key, const QString &path,
                 const ReadItem &readItem);

    void directives(const QJsonObject &parent, const QString &path, Domain::Directives &out);
    void limits(const QJsonObject &parent, const QString &path, Domain::SpendLimits &out);

private:
    void readEntities(const QJsonObject &root, Domain::Workspace &ws);
    void directiveFields(const QJsonObject &o, const QString &at, Domain::Directives &out);
    // Calls readItem on `o`, then reports every field of `o` that it did not read.
    void readObject(const QJsonObject &o, const QString &at, const ReadItem &readItem);
    // `expected` is a JSON type name of ProblemCode::WrongType.
    void wrongType(const QString &path, const QString &expected, const QJsonValue &found);
    void enumError(const QString &path, const QString &value, const QStringList &names);
    bool present(const QJsonObject &o, const QString &key, const QString &path, bool required);

    QList<Problem> m_problems;
    QSet<QString> m_read; // the fields of the object being read that were looked at
};

template<typename E>
void WorkspaceReader::enumeration(const QJsonObject &o, const QString &key, const QString &path,
                                  E &out, std::optional<E> (*fromString)(const QString &),
                                  QString (*toString)(E), bool required)
{
    QString text;
    const QString at = joinPath(path, key);
    if (!present(o, key, path, required))
        return;
    string(o, key, path, text);
    if (!o.value(key).isString())
        return;
    parseEnum(text, at, out, fromString, toString);
}

template<typename E>
bool WorkspaceReader::parseEnum(const QString &text, const QString &at, E &out,
                                std::optional<E> (*fromString)(const QString &),
                                QString (*toString)(E))
{
    if (const std::optional<E> v = fromString(text)) {
        out = *v;
        return true;
    }
    // The enums are dense from 0, and toString gives an empty name past the last value.
    QStringList names;
    for (int i = 0; !toString(E(i)).isEmpty(); ++i)
        names << toString(E(i));
    enumError(at, text, names);
    return false;
}

// The settings of a recovery table at `at` (a model's Override or the workspace's defaults); a
// setting left out keeps the value `out` has (R-REC-9).
void readRecoverySettings(WorkspaceReader &r, const QJsonObject &o, const QString &at,
                          Domain::RecoverySettings &out);
// The root's "recoveryDefaults", when present.
void readRecoveryDefaults(WorkspaceReader &r, const QJsonObject &root,
                          Domain::RecoverySettings &out);

// Carries over the stored secrets of connections that `current` already has (the file has none).
void carrySecrets(Domain::Workspace &ws, const Domain::Workspace *current, WorkspaceReader &reader);

} // namespace Config::Detail
