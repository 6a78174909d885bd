#include "sessionsjson.h"

#include "workspacereader.h"

#include <limits>

using namespace Qt::StringLiterals;

namespace Config::Detail {
namespace {

using Item = const QJsonObject &;
using Op = Domain::ClassifierCondition::Op;

// "classifierRules[3]" → 4: problems number rules and conditions from 1.
qint64 numberOf(const QString &at)
{
    const qsizetype open = at.lastIndexOf(u'[');
    return at.mid(open + 1, at.size() - open - 2).toLongLong() + 1;
}

void readCondition(WorkspaceReader &r, Item o, const QString &at, qint64 rule,
                   QList<Domain::ClassifierCondition> &out)
{
    Domain::ClassifierCondition &c = out.emplace_back();
    r.enumeration(o, u"signal"_s, at, c.signal, Domain::classifierSignalFromString,
                  Domain::toString, true);
    const bool atLeast = o.contains(u"atLeast"_s);
    int value = 0;
    r.integer(o, u"atLeast"_s, at, value);
    r.integer(o, u"atMost"_s, at, value);
    if (atLeast == o.contains(u"atMost"_s))
        r.error(at, ProblemCode::ConditionNeedsOneBound, { rule, numberOf(at) });
    c.op = atLeast ? Op::AtLeast : Op::AtMost;
    c.value = value; // the validator checks the range
}

} // namespace

void putSessions(QJsonObject &o, const Domain::SessionSettings &s)
{
    if (s == Domain::SessionSettings {})
        return;
    o.insert(u"sessions"_s,
             QJsonObject { { u"mode"_s, Domain::toString(s.mode) },
                           { u"qualityFloor"_s, s.qualityFloor } });
}

void putQuality(QJsonObject &o, const Domain::QualityTiers &q)
{
    if (q.isEmpty())
        return;
    QJsonObject tiers;
    for (int i = 0; i < Domain::kTaskClassCount; ++i) {
        const auto c = Domain::TaskClass(i);
        if (q.tier(c) != 0)
            tiers.insert(Domain::toString(c), q.tier(c));
    }
    o.insert(u"quality"_s, tiers);
}

QJsonArray classifierRulesToJson(const QList<Domain::ClassifierRule> &rules)
{
    QJsonArray out;
    for (const Domain::ClassifierRule &rule : rules) {
        QJsonArray when;
        for (const Domain::ClassifierCondition &c : rule.conditions) {
            const QString bound = c.op == Op::AtLeast ? u"atLeast"_s : u"atMost"_s;
            when.append(
                QJsonObject { { u"signal"_s, Domain::toString(c.signal) }, { bound, c.value } });
        }
        out.append(
            QJsonObject { { u"class"_s, Domain::toString(rule.taskClass) }, { u"when"_s, when } });
    }
    return out;
}

void readSessions(WorkspaceReader &r, Item parent, const QString &path,
                  Domain::SessionSettings &out)
{
    r.object(parent, u"sessions"_s, path, [&](Item o, const QString &at) {
        r.enumeration(o, u"mode"_s, at, out.mode, Domain::sessionModeFromString, Domain::toString);
        r.integer(o, u"qualityFloor"_s, at, out.qualityFloor);
    });
}

void readQuality(WorkspaceReader &r, Item parent, const QString &path, const QString &model,
                 Domain::QualityTiers &out)
{
    r.object(parent, u"quality"_s, path, [&](Item o, const QString &at) {
        // Each key names a class: an unknown one is an error naming the classes, not a warning.
        for (auto it = o.constBegin(); it != o.constEnd(); ++it) {
            const QString where = joinPath(at, it.key());
            int tier = 0;
            r.integer(o, it.key(), at, tier);
            auto c = Domain::TaskClass::ChitChat;
            if (!r.parseEnum(it.key(), where, c, Domain::taskClassFromString, Domain::toString)
                || !it.value().isDouble()) {
                continue;
            }
            // The validator checks 0..5; a tier too large to hold is reported here, as written.
            if (tier < std::numeric_limits<qint8>::min()
                || tier > std::numeric_limits<qint8>::max()) {
                r.error(where, ProblemCode::QualityTierOutOfRange,
                        { model, it.key(), tier, Domain::QualityTiers::kTier.lowest,
                          Domain::QualityTiers::kTier.highest });
                continue;
            }
            out.setTier(c, tier);
        }
    });
}

void readClassifierRules(WorkspaceReader &r, Item root, QList<Domain::ClassifierRule> &out)
{
    if (root.value(u"classifierRules"_s).isArray())
        out.clear(); // present: the file's rules, even none (every turn is chit-chat)
    r.objects(root, u"classifierRules"_s, QString(), [&](Item o, const QString &at) {
        Domain::ClassifierRule &rule = out.emplace_back();
        r.enumeration(o, u"class"_s, at, rule.taskClass, Domain::taskClassFromString,
                      Domain::toString, true);
        const qint64 number = numberOf(at);
        r.objects(o, u"when"_s, at, [&](Item c, const QString &cat) {
            readCondition(r, c, cat, number, rule.conditions);
        });
    });
}

} // namespace Config::Detail
