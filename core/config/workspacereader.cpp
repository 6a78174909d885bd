#include "workspacereader.h"

#include "tr.h"

#include <QJsonDocument>
#include <QJsonParseError>

using namespace Qt::StringLiterals;

namespace Config::Detail {
namespace {

QString typeName(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::Null:
        return u"null"_s;
    case QJsonValue::Bool:
        return Tr::tr("a boolean");
    case QJsonValue::Double:
        return Tr::tr("a number");
    case QJsonValue::String:
        return Tr::tr("a string");
    case QJsonValue::Array:
        return Tr::tr("an array");
    case QJsonValue::Object:
        return Tr::tr("an object");
    case QJsonValue::Undefined:
        break;
    }
    return u"nothing"_s;
}

// "line 3, column 5": counted in bytes from the start of the file, both 1-based.
QString position(const QByteArray &json, qsizetype offset)
{
    offset = qBound<qsizetype>(0, offset, json.size());
    int line = 1;
    qsizetype lineStart = 0;
    for (qsizetype i = 0; i < offset; ++i) {
        if (json[i] == '\n') {
            ++line;
            lineStart = i + 1;
        }
    }
    return Tr::tr("line %1, column %2")
        .arg(QString::number(line), QString::number(offset - lineStart + 1));
}

bool isIntegral(double d)
{
    return d >= double(std::numeric_limits<int>::min())
        && d <= double(std::numeric_limits<int>::max()) && d == double(qint64(d));
}

} // namespace

void WorkspaceReader::error(const QString &path, const QString &message)
{
    m_problems << Problem { Problem::Severity::Error, path, message };
}

void WorkspaceReader::warning(const QString &path, const QString &message)
{
    m_problems << Problem { Problem::Severity::Warning, path, message };
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

void WorkspaceReader::wrongType(const QString &path, const char16_t *expected,
                                const QJsonValue &found)
{
    error(path,
          Tr::tr("%1: expected %2 (found %3).")
              .arg(path, QString::fromUtf16(expected), typeName(found)));
}

void WorkspaceReader::enumError(const QString &path, const QString &value, const QStringList &names)
{
    error(path,
          Tr::tr("%1: unknown value \"%2\"; expected one of %3.")
              .arg(path, value, names.join(u", "_s)));
}

bool WorkspaceReader::present(const QJsonObject &o, const QString &key, const QString &path,
                              bool required)
{
    if (o.contains(key))
        return true;
    if (required) {
        const QString at = joinPath(path, key);
        error(at, Tr::tr("%1: required field is missing.").arg(at));
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
        return wrongType(joinPath(path, key), u"a string", v);
    out = v.toString();
    if (required && out.isEmpty()) {
        const QString at = joinPath(path, key);
        error(at, Tr::tr("%1: must not be empty.").arg(at));
    }
}

void WorkspaceReader::boolean(const QJsonObject &o, const QString &key, const QString &path,
                              bool &out)
{
    if (!present(o, key, path, false))
        return;
    const QJsonValue v = o.value(key);
    if (!v.isBool())
        return wrongType(joinPath(path, key), u"a boolean", v);
    out = v.toBool();
}

void WorkspaceReader::integer(const QJsonObject &o, const QString &key, const QString &path,
                              int &out)
{
    if (!present(o, key, path, false))
        return;
    const QJsonValue v = o.value(key);
    if (!v.isDouble() || !isIntegral(v.toDouble()))
        return wrongType(joinPath(path, key), u"an integer", v);
    out = int(v.toDouble());
}

void WorkspaceReader::number(const QJsonObject &o, const QString &key, const QString &path,
                             double &out)
{
    if (!present(o, key, path, false))
        return;
    const QJsonValue v = o.value(key);
    if (!v.isDouble())
        return wrongType(joinPath(path, key), u"a number", v);
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
        return wrongType(at, u"an array of strings", v);
    QStringList list;
    const QJsonArray array = v.toArray();
    for (qsizetype i = 0; i < array.size(); ++i) {
        if (!array[i].isString())
            wrongType(at + u'[' + QString::number(i) + u']', u"a string", array[i]);
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
    if (!out.isValid()) {
        const QString at = joinPath(path, key);
        error(at, Tr::tr("%1: expected a date as yyyy-MM-dd (found \"%2\").").arg(at, text));
    }
}

void WorkspaceReader::dateTime(const QJsonObject &o, const QString &key, const QString &path,
                               QDateTime &out)
{
    QString text;
    string(o, key, path, text);
    if (text.isEmpty())
        return;
    out = QDateTime::fromString(text, Qt::ISODateWithMs);
    if (!out.isValid()) {
        const QString at = joinPath(path, key);
        error(at,
              Tr::tr("%1: expected an ISO 8601 UTC date and time such as 2026-11-29T19:00:00.000Z "
                     "(found \"%2\").")
                  .arg(at, text));
    }
}

void WorkspaceReader::checkKnown(const QJsonObject &o, const QString &path,
                                 std::initializer_list<QStringView> known)
{
    for (auto it = o.constBegin(); it != o.constEnd(); ++it) {
        if (std::find(known.begin(), known.end(), QStringView(it.key())) == known.end()) {
            const QString at = joinPath(path, it.key());
            warning(at, Tr::tr("%1: unknown field, ignored.").arg(at));
        }
    }
}

void WorkspaceReader::freeObject(const QJsonObject &o, const QString &key, const QString &path,
                                 QJsonObject &out)
{
    if (!present(o, key, path, false))
        return;
    const QJsonValue v = o.value(key);
    if (!v.isObject())
        return wrongType(joinPath(path, key), u"an object", v);
    out = v.toObject();
}

bool WorkspaceReader::object(const QJsonObject &o, const QString &key, const QString &path,
                             QJsonObject &out, std::initializer_list<QStringView> known)
{
    if (!present(o, key, path, false))
        return false;
    const QString at = joinPath(path, key);
    const QJsonValue v = o.value(key);
    if (!v.isObject()) {
        wrongType(at, u"an object", v);
        return false;
    }
    out = v.toObject();
    checkKnown(out, at, known);
    return true;
}

void WorkspaceReader::objects(
    const QJsonObject &o, const QString &key, const QString &path,
    std::initializer_list<QStringView> known,
    const std::function<void(const QJsonObject &, const QString &)> &readItem)
{
    if (!present(o, key, path, false))
        return;
    const QString at = joinPath(path, key);
    const QJsonValue v = o.value(key);
    if (!v.isArray())
        return wrongType(at, u"an array", v);
    const QJsonArray array = v.toArray();
    for (qsizetype i = 0; i < array.size(); ++i) {
        const QString itemPath = at + u'[' + QString::number(i) + u']';
        if (!array[i].isObject()) {
            wrongType(itemPath, u"an object", array[i]);
            continue;
        }
        checkKnown(array[i].toObject(), itemPath, known);
        readItem(array[i].toObject(), itemPath);
    }
}

bool readDocument(const QByteArray &json, QJsonObject &root, QList<Problem> &problems)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        problems << Problem { Problem::Severity::Error, QString(),
                              Tr::tr("%1: %2 (byte offset %3).")
                                  .arg(position(json, parseError.offset), parseError.errorString(),
                                       QString::number(parseError.offset)) };
        return false;
    }
    if (!doc.isObject()) {
        problems << Problem { Problem::Severity::Error, QString(),
                              Tr::tr(
                                  "The file must hold one JSON object, a Switchboard workspace.") };
        return false;
    }
    root = doc.object();
    return true;
}

} // namespace Config::Detail
