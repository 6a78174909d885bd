#include "problem.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Config {

bool hasErrors(const QList<Problem> &problems)
{
    return std::any_of(problems.cbegin(), problems.cend(),
                       [](const Problem &p) { return p.severity == Problem::Severity::Error; });
}

QString severityName(Problem::Severity s)
{
    return s == Problem::Severity::Error ? u"error"_s : u"warning"_s;
}

} // namespace Config
