#include "validator.h"

#include "validatorparts.h"

#include <QRegularExpression>
#include <QSet>
#include <algorithm>

using namespace Qt::StringLiterals;

namespace Config {
namespace {

constexpr int kMaxRegionLength = 64;

bool isRegionChar(QChar c)
{
    return (c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z') || (c >= u'0' && c <= u'9')
        || c == u'-' || c == u'_';
}

} // namespace

std::optional<Problem> regionNameError(const QString &name)
{
    const auto problem = [&](ProblemCode code) {
        return Problem { Problem::Severity::Error, QString(), code, { name } };
    };
    if (name.isEmpty())
        return problem(ProblemCode::RegionEmpty);
    if (name.size() > kMaxRegionLength)
        return problem(ProblemCode::RegionTooLong);
    if (!std::all_of(name.cbegin(), name.cend(), isRegionChar))
        return problem(ProblemCode::RegionBadCharacter);
    return std::nullopt;
}

QStringList splitRegionList(const QString &commaSeparated)
{
    if (commaSeparated.trimmed().isEmpty())
        return {};
    QStringList out;
    const QStringList parts = commaSeparated.split(u',');
    for (const QString &part : parts)
        out << part.trimmed();
    return out;
}

std::optional<Problem> regionListError(const QString &commaSeparated)
{
    const QStringList names = splitRegionList(commaSeparated);
    for (const QString &name : names) {
        if (name.isEmpty())
            return Problem { Problem::Severity::Error, QString(),
                             ProblemCode::RegionListEmptyEntry };
        if (auto problem = regionNameError(name))
            return problem;
    }
    return std::nullopt;
}

namespace Detail {

QString indexed(const QString &base, qsizetype i)
{
    return base % u'[' % QString::number(i) % u']';
}

QString field(const QString &base, const QString &name)
{
    return base % u'.' % name;
}

void Checker::error(const QString &path, ProblemCode code, QList<ProblemArg> args)
{
    m_problems << Problem { Problem::Severity::Error, path, code, std::move(args) };
}

void Checker::warning(const QString &path, ProblemCode code, QList<ProblemArg> args)
{
    m_problems << Problem { Problem::Severity::Warning, path, code, std::move(args) };
}

bool Checker::range(const QString &path, ProblemCode code, QList<ProblemArg> subject, qint64 value,
                    qint64 lo, qint64 hi)
{
    if (value >= lo && value <= hi)
        return true;
    subject << value << lo << hi;
    error(path, code, std::move(subject));
    return false;
}

void Checker::region(const QString &path, const QString &key, const QString &owner,
                     const QString &name)
{
    if (std::optional<Problem> problem = regionNameError(name))
        error(path, problem->code, { name, key, owner });
}

bool isVendorPattern(const QString &name)
{
    static const QRegularExpression re(u"^[A-Za-z0-9][A-Za-z0-9._-]*/\\*$"_s);
    return re.match(name).hasMatch();
}

// Names that occur more than once are reported at their second and later occurrence.
void checkUnique(Checker &c, const QStringList &names, const QString &listPath,
                 const QString &fieldName, const QString &entity)
{
    QHash<QString, qsizetype> first;
    for (qsizetype i = 0; i < names.size(); ++i) {
        const QString path = field(indexed(listPath, i), fieldName);
        if (names[i].isEmpty()) {
            c.error(path, ProblemCode::NameEmpty, { entity, i + 1, fieldName });
            continue;
        }
        const auto it = first.constFind(names[i]);
        if (it != first.cend()) {
            c.error(path, ProblemCode::NameTwice, { entity, names[i], indexed(listPath, *it) });
        } else {
            first.insert(names[i], i);
        }
    }
}

} // namespace Detail

QList<Problem> validate(const Domain::Workspace &ws)
{
    Detail::Checker c(ws);
    Detail::checkProviders(c);
    Detail::checkConnections(c);
    Detail::checkRecoverySettings(c, ws.recoveryDefaults, u"recoveryDefaults"_s, QString());
    Detail::checkModels(c);
    Detail::checkAliases(c);
    Detail::checkDirectives(c, ws.directives, u"directives"_s,
                            { Domain::toString(Domain::DirectiveLevel::Workspace), QString() });
    Detail::checkProjectsAndKeys(c);
    Detail::checkSessions(c);
    return c.problems();
}

} // namespace Config
