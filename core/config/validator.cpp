#include "validator.h"

#include "changelist.h"
#include "tr.h"
#include "validatorparts.h"

#include <QRegularExpression>
#include <QSet>

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

QString regionNameError(const QString &name)
{
    if (name.isEmpty())
        return Tr::tr("A region name must not be empty.");
    if (name.size() > kMaxRegionLength) {
        return Tr::tr("Region name \"%1…\" is longer than 64 characters.").arg(name.left(16));
    }
    for (QChar c : name) {
        if (!isRegionChar(c)) {
            return Tr::tr("Region name \"%1\" may contain only letters, digits, '-' and '_'.")
                .arg(name);
        }
    }
    return {};
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

QString regionListError(const QString &commaSeparated)
{
    const QStringList names = splitRegionList(commaSeparated);
    for (const QString &name : names) {
        if (name.isEmpty())
            return Tr::tr("The list of regions has an empty entry between commas.");
        const QString error = regionNameError(name);
        if (!error.isEmpty())
            return error;
    }
    return {};
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

void Checker::error(const QString &path, const QString &message)
{
    m_problems << Problem { Problem::Severity::Error, path, message };
}

void Checker::warning(const QString &path, const QString &message)
{
    m_problems << Problem { Problem::Severity::Warning, path, message };
}

// "must be between 1 and 10,000 (is 0)": ranges read with thousands separators.
bool Checker::range(const QString &path, const QString &what, qint64 value, qint64 lo, qint64 hi,
                    const QString &unit)
{
    if (value >= lo && value <= hi)
        return true;
    error(path,
          Tr::tr("%1 must be between %2 and %3%4 (is %5).")
              .arg(what, groupedNumber(lo), groupedNumber(hi), unit, groupedNumber(value)));
    return false;
}

void Checker::region(const QString &path, const QString &what, const QString &name)
{
    const QString problem = regionNameError(name);
    if (!problem.isEmpty())
        error(path, u"%1: %2"_s.arg(what, problem));
}

bool isVendorPattern(const QString &name)
{
    static const QRegularExpression re(u"^[A-Za-z0-9][A-Za-z0-9._-]*/\\*$"_s);
    return re.match(name).hasMatch();
}

// Names that occur more than once are reported at their second and later occurrence.
void checkUnique(Checker &c, const QStringList &names, const QString &listPath,
                 const QString &fieldName, const QString &noun)
{
    QHash<QString, qsizetype> first;
    for (qsizetype i = 0; i < names.size(); ++i) {
        const QString path = field(indexed(listPath, i), fieldName);
        if (names[i].isEmpty()) {
            c.error(path,
                    Tr::tr("%1 %2 has an empty %3.").arg(noun, QString::number(i + 1), fieldName));
            continue;
        }
        const auto it = first.constFind(names[i]);
        if (it != first.cend()) {
            c.error(path,
                    Tr::tr("%1 %2 is defined twice (also at %3).")
                        .arg(noun, names[i], indexed(listPath, *it)));
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
    Detail::checkRecoverySettings(c, ws.recoveryDefaults, u"recoveryDefaults"_s,
                                  Tr::tr("the workspace defaults"));
    Detail::checkModels(c);
    Detail::checkAliases(c);
    Detail::checkDirectives(c, ws.directives, u"directives"_s, Tr::tr("the workspace"));
    Detail::checkProjectsAndKeys(c);
    return c.problems();
}

} // namespace Config
