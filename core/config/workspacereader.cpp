#include "workspacereader.h"

#include <QJsonDocument>
#include <QJsonParseError>
#include <utility>

using namespace Qt::StringLiterals;

namespace Config::Detail {
namespace {

// The JSON type names of ProblemCode::WrongType.
QString typeName(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::Null:
        return u"null"_s;
    case QJsonValue::Bool:
        return u"boolean"_s;
    case QJsonValue::Double:
        return u"number"_s;
    case QJsonValue::String:
        return u"string"_s;
    case QJsonValue::Array:
        return u"array"_s;
    case QJsonValue::Object:
        return u"object"_s;
    case QJsonValue::Undefined:
        break;
    }
    return u"missing"_s;
}

// Line and column of a byte offset, counted in bytes from the start of the file, both 1-based.
std::pair<qint64, qint64> position(const QByteArray &json, qsizetype offset)
{
    offset = qBound<qsizetype>(0, offset, json.size());
    qint64 line = 1;
    qsizetype lineStart = 0;
    for (qsizetype i = 0; i < offset; ++i) {
        if (json[i] == '\n') {
            ++line;
            lineStart = i + 1;
        }
    }
    return { line, offset - lineStart + 1 };
}

bool isIntegral(double d)
{
    return d >= double(std::numeric_limits<int>::min())
        && d <= double(std::numeric_limits<int>::max()) && d == double(qint64(d));
}

} // namespace

void WorkspaceReader::error(const QString &path, ProblemCode code, QList<ProblemArg> args)
{
    m_problems << Problem { Problem::Severity::Error, path, code, std::move(args) };
}

void WorkspaceReader::warning(const QString &path, ProblemCode code, QList<ProblemArg> args)
{
    m_problems << Problem { Problem::Severity::Warning, path, code, std::move(args) };
}

bool WorkspaceReader::hasErrorAt(const QString &path) const
{
    for (const Problem &p : m_problems) {
        if (p.severity != Problem::Severity::Error)
            continue;
        if (p.path == path || path.startsWith(p.path + u'.') || path.startsWith(p.path + u'[')
            || p.path.startsWith(path + u'.') || p.path.startsWith(path + u'[')) {
            return true;
        }
    }
    return false;
}

void WorkspaceReader::wrongType(const QString &path, const QString &expected,
                                const QJsonValue &found)
{
    error(path, ProblemCode::WrongType, { expected, typeName(found) });
}

void WorkspaceReader::enumError(const QString &path, const QString &value, const QStringList &names)
{
    error(path, ProblemCode::UnknownValue, { value, names });
}

bool WorkspaceReader::present(const QJsonObject &o, const QString &key, const QString &path,
                              bool required)
{
    if (o.contains(key)) {
        m_read.insert(key);
        return true;
    }
    if (required) {
        error(joinPath(path, key), ProblemCode::RequiredMissing);
    }
    return false;
}

void WorkspaceReader::string(const QJsonObject &o, const QString &key, const QString &path,
                             QString &out, bool required)
{
    if (!present(o, key, path, required))
        return;
    const QJsonValue v = o.value(key);
    if (!v.isString())
        return wrongType(joinPath(path, key), u"string"_s, v);
    out = v.toString();
    if (required && out.isEmpty())
        error(joinPath(path, key), ProblemCode::MustNotBeEmpty);
}

void WorkspaceReader::boolean(const QJsonObject &o, const QString &key, const QString &path,
                              bool &out)
{
    if (!present(o, key, path, false))
        return;
    const QJsonValue v = o.value(key);
    if (!v.isBool())
        return wrongType(joinPath(path, key), u"boolean"_s, v);
    out = v.toBool();
}

void WorkspaceReader::integer(const QJsonObject &o, const QString &key, const QString &path,
                              int &out)
{
    if (!present(o, key, path, false))
        return;
    const QJsonValue v = o.value(key);
    if (!v.isDouble() || !isIntegral(v.toDouble()))
        return wrongType(joinPath(path, key), u"integer"_s, v);
    out = int(v.toDouble());
}

void WorkspaceReader::number(const QJsonObject &o, const QString &key, const QString &path,
                             double &out)
{
    if (!present(o, key, path, false))
        return;
    const QJsonValue v = o.value(key);
    if (!v.isDouble())
        return wrongType(joinPath(path, key), u"number"_s, v);
    out = v.toDouble();
}

void WorkspaceReader::strings(const QJsonObject &o, const QString &key, const QString &path,
                              QStringList &out)
{
    if (!present(o, key, path, false))
        return;
    const QString at = joinPath(path, key);
    const QJsonValue v = o.value(key);
    if (!v.isArray())
        return wrongType(at, u"strings"_s, v);
    QStringList list;
    const QJsonArray array = v.toArray();
    for (qsizetype i = 0; i < array.size(); ++i) {
        if (!array[i].isString())
            wrongType(at + u'[' + QString::number(i) + u']', u"string"_s, array[i]);
        else
            list << array[i].toString();
    }
    out = list;
}

void WorkspaceReader::date(const QJsonObject &o, const QString &key, const QString &path,
                           QDate &out)
{
    QString text;
    string(o, key, path, text);
    if (text.isEmpty())
        return;
    out = QDate::fromString(text, Qt::ISODate);
    if (!out.isValid())
        error(joinPath(path, key), ProblemCode::BadDate, { text });
}

void WorkspaceReader::dateTime(const QJsonObject &o, const QString &key, const QString &path,
                               QDateTime &out)
{
    QString text;
    string(o, key, path, text);
    if (text.isEmpty())
        return;
    out = QDateTime::fromString(text, Qt::ISODateWithMs);
    if (!out.isValid())
        error(joinPath(path, key), ProblemCode::BadDateTime, { text });
}

void WorkspaceReader::readObject(const QJsonObject &o, const QString &at, const ReadItem &readItem)
{
    QSet<QString> outer = std::exchange(m_read, {});
    readItem(o, at);
    for (auto it = o.constBegin(); it != o.constEnd(); ++it) {
        if (!m_read.contains(it.key()))
            warning(joinPath(at, it.key()), ProblemCode::UnknownField);
    }
    m_read = std::move(outer);
}

void WorkspaceReader::freeObject(const QJsonObject &o, const QString &key, const QString &path,
                                 QJsonObject &out)
{
    if (!present(o, key, path, false))
        return;
    const QJsonValue v = o.value(key);
    if (!v.isObject())
        return wrongType(joinPath(path, key), u"object"_s, v);
    out = v.toObject();
}

void WorkspaceReader::object(const QJsonObject &o, const QString &key, const QString &path,
                             const ReadItem &readItem)
{
    if (!present(o, key, path, false))
        return;
    const QString at = joinPath(path, key);
    const QJsonValue v = o.value(key);
    if (!v.isObject())
        return wrongType(at, u"object"_s, v);
    readObject(v.toObject(), at, readItem);
}

void WorkspaceReader::objects(const QJsonObject &o, const QString &key, const QString &path,
                              const ReadItem &readItem)
{
    if (!present(o, key, path, false))
        return;
    const QString at = joinPath(path, key);
    const QJsonValue v = o.value(key);
    if (!v.isArray())
        return wrongType(at, u"array"_s, v);
    const QJsonArray array = v.toArray();
    for (qsizetype i = 0; i < array.size(); ++i) {
        const QString itemPath = at + u'[' + QString::number(i) + u']';
        if (!array[i].isObject()) {
            wrongType(itemPath, u"object"_s, array[i]);
            continue;
        }
        readObject(array[i].toObject(), itemPath, readItem);
    }
}

bool readDocument(const QByteArray &json, QJsonObject &root, QList<Problem> &problems)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        const auto [line, column] = position(json, parseError.offset);
        problems << Problem { Problem::Severity::Error,
                              QString(),
                              ProblemCode::JsonSyntax,
                              { line, column, parseError.errorString(), parseError.offset } };
        return false;
    }
    if (!doc.isObject()) {
        problems << Problem { Problem::Severity::Error, QString(), ProblemCode::NotAnObject };
        return false;
    }
    root = doc.object();
    return true;
}

} // namespace Config::Detail
