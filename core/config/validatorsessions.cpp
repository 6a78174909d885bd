#include "validatorparts.h"

using namespace Qt::StringLiterals;

namespace Config::Detail {
namespace {

void checkFloor(Checker &c, const Domain::SessionSettings &s, const QString &base,
                const QString &level, const QString &name)
{
    constexpr auto kFloor = Domain::SessionSettings::kQualityFloor;
    c.range(field(field(base, u"sessions"_s), u"qualityFloor"_s),
            ProblemCode::QualityFloorOutOfRange, { level, name }, s.qualityFloor, kFloor.lowest,
            kFloor.highest);
}

void checkQuality(Checker &c, const Domain::Model &m, const QString &base)
{
    constexpr auto kTier = Domain::QualityTiers::kTier;
    for (int i = 0; i < Domain::kTaskClassCount; ++i) {
        const QString name = Domain::toString(Domain::TaskClass(i));
        c.range(field(field(base, u"quality"_s), name), ProblemCode::QualityTierOutOfRange,
                { m.name, name }, m.quality.tier(Domain::TaskClass(i)), kTier.lowest,
                kTier.highest);
    }
}

void checkRule(Checker &c, const Domain::ClassifierRule &rule, const QString &base, qint64 number)
{
    const QString when = field(base, u"when"_s);
    if (rule.conditions.size() > Domain::ClassifierRule::kMaxConditions) {
        c.error(when, ProblemCode::TooManyConditions,
                { number, rule.conditions.size(), Domain::ClassifierRule::kMaxConditions });
    }
    constexpr auto kValue = Domain::ClassifierCondition::kValue;
    for (qsizetype j = 0; j < rule.conditions.size(); ++j) {
        const Domain::ClassifierCondition &cond = rule.conditions[j];
        const bool atLeast = cond.op == Domain::ClassifierCondition::Op::AtLeast;
        c.range(field(indexed(when, j), atLeast ? u"atLeast"_s : u"atMost"_s),
                ProblemCode::ConditionValueOutOfRange,
                { number, j + 1, Domain::toString(cond.signal) }, cond.value, kValue.lowest,
                kValue.highest);
    }
}

} // namespace

// Mixed-model sessions (docs/sessions.md): floors, tiers, the acceptance window and the
// classifier's rules within their bounds. No rules at all is allowed: every turn is chit-chat.
void checkSessions(Checker &c)
{
    const Domain::Workspace &ws = c.ws();
    const QString project = Domain::toString(Domain::DirectiveLevel::Project);
    for (qsizetype i = 0; i < ws.projects.size(); ++i)
        checkFloor(c, ws.projects[i].sessions, indexed(u"projects"_s, i), project,
                   ws.projects[i].id);
    const QString key = Domain::toString(Domain::DirectiveLevel::Key);
    for (qsizetype i = 0; i < ws.keys.size(); ++i)
        checkFloor(c, ws.keys[i].sessions, indexed(u"keys"_s, i), key, ws.keys[i].name);
    for (qsizetype i = 0; i < ws.models.size(); ++i)
        checkQuality(c, ws.models[i], indexed(u"models"_s, i));
    c.range(u"sessionWindowMinutes"_s, ProblemCode::SessionWindowOutOfRange, {},
            ws.sessionWindowMinutes, Domain::Workspace::kSessionWindowMinutes.lowest,
            Domain::Workspace::kSessionWindowMinutes.highest);
    if (ws.classifierRules.size() > Domain::kMaxClassifierRules) {
        c.error(u"classifierRules"_s, ProblemCode::TooManyClassifierRules,
                { ws.classifierRules.size(), Domain::kMaxClassifierRules });
    }
    for (qsizetype i = 0; i < ws.classifierRules.size(); ++i)
        checkRule(c, ws.classifierRules[i], indexed(u"classifierRules"_s, i), i + 1);
}

} // namespace Config::Detail
