#include "directiveset.h"

#include <array>

using namespace Qt::StringLiterals;

namespace Routing {
namespace {

using Domain::DirectiveLevel;
using Domain::FactCode;

struct LevelDirectives
{
    DirectiveLevel level;
    const Domain::Directives *directives;
};

QList<LevelDirectives> levelsOf(const Domain::Workspace &ws, const QString &projectId,
                                const QString &keyId)
{
    QList<LevelDirectives> out { { DirectiveLevel::Workspace, &ws.directives } };
    if (const Domain::Project *p = projectId.isEmpty() ? nullptr : ws.project(projectId))
        out.append({ DirectiveLevel::Project, &p->directives });
    if (const Domain::Key *k = keyId.isEmpty() ? nullptr : ws.keyById(keyId))
        out.append({ DirectiveLevel::Key, &k->directives });
    return out;
}

void mergeLists(EffectiveDirectives &e, const QList<LevelDirectives> &levels)
{
    for (const LevelDirectives &l : levels) {
        if (l.directives->allowedModels)
            e.allowedModelLists.append({ l.level, *l.directives->allowedModels });
        if (l.directives->allowedProviders)
            e.allowedProviderLists.append({ l.level, *l.directives->allowedProviders });
        for (const QString &p : l.directives->deniedProviders) {
            const bool known = std::any_of(e.deniedProviders.cbegin(), e.deniedProviders.cend(),
                                           [&](const auto &d) { return d.second == p; });
            if (!known)
                e.deniedProviders.append({ l.level, p });
        }
    }
}

// Any level turning a requirement on turns it on; the first such level is its source.
Sourced<bool> anyOn(const QList<LevelDirectives> &levels,
                    std::optional<bool> Domain::Directives::*member)
{
    Sourced<bool> out { false, DirectiveLevel::None, FactCode::RuleNoLevelRequires };
    for (const LevelDirectives &l : levels) {
        if ((l.directives->*member).value_or(false))
            return { true, l.level, FactCode::RuleAnyLevelTurnsOn };
    }
    return out;
}

void mergeScalars(EffectiveDirectives &e, const QList<LevelDirectives> &levels)
{
    e.requireZdr = anyOn(levels, &Domain::Directives::requireZdr);
    e.requireNoTraining = anyOn(levels, &Domain::Directives::requireNoTraining);
    e.minPrecision.rule = FactCode::RuleHighestPrecision;
    e.maxApplicationAttempts.rule = FactCode::RuleLowestCap;
    for (const LevelDirectives &l : levels) {
        const auto &p = l.directives->minPrecision;
        if (p && Domain::precisionRank(*p) > Domain::precisionRank(e.minPrecision.value)) {
            e.minPrecision.value = *p;
            e.minPrecision.level = l.level;
        }
        const auto &cap = l.directives->maxApplicationAttempts;
        if (cap && (e.maxApplicationAttempts.value == 0 || *cap < e.maxApplicationAttempts.value)) {
            e.maxApplicationAttempts.value = *cap;
            e.maxApplicationAttempts.level = l.level;
        }
    }
}

// R-FALL-*: the team decides whether fallback is allowed (unset = off); a project or key can turn
// it off or choose its own list but never turn it on; a preset alias's list turns it on unless a
// level explicitly set allowModelFallback false.
void mergeFallback(EffectiveDirectives &e, const QList<LevelDirectives> &levels,
                   const AliasResolution *alias)
{
    for (const LevelDirectives &l : levels) {
        if (l.directives->allowModelFallback == false) {
            e.allowModelFallback = { false, l.level, FactCode::RuleTurnedOffAtLevel };
            e.fallbackModels = { {}, l.level, e.allowModelFallback.rule };
            return;
        }
    }
    if (alias && !alias->aliasFallbackModels.isEmpty()) {
        e.allowModelFallback = { true, DirectiveLevel::Alias, FactCode::RulePresetAliasList };
        e.fallbackModels
            = { alias->aliasFallbackModels, DirectiveLevel::Alias, e.allowModelFallback.rule };
        return;
    }
    const LevelDirectives &team = levels.front();
    if (team.directives->allowModelFallback != true) {
        e.allowModelFallback
            = { false, DirectiveLevel::Workspace, FactCode::RuleTeamDecidesFallback };
        e.fallbackModels = { {}, DirectiveLevel::Workspace, e.allowModelFallback.rule };
        return;
    }
    e.allowModelFallback = { true, DirectiveLevel::Workspace, FactCode::RuleTeamAllowsFallback };
    e.fallbackModels = { {}, DirectiveLevel::None, FactCode::RuleNoFallbackList };
    for (auto it = levels.crbegin(); it != levels.crend(); ++it) {
        if (it->directives->fallbackModels) {
            e.fallbackModels
                = { *it->directives->fallbackModels, it->level, FactCode::RuleMostSpecificList };
            return;
        }
    }
}

} // namespace

bool modelPatternMatches(const QString &pattern, const QString &model)
{
    if (pattern.endsWith(u"/*"_s))
        return model.startsWith(pattern.left(pattern.size() - 1));
    return pattern == model;
}

bool EffectiveDirectives::modelAllowed(const QString &model, DirectiveLevel *deniedAt) const
{
    for (const auto &[level, list] : allowedModelLists) {
        const bool ok = std::any_of(list.cbegin(), list.cend(), [&](const QString &p) {
            return modelPatternMatches(p, model);
        });
        if (!ok) {
            if (deniedAt)
                *deniedAt = level;
            return false;
        }
    }
    return true;
}

bool EffectiveDirectives::providerAllowed(const QString &provider, DirectiveLevel *level) const
{
    // Denied beats allowed.
    for (const auto &[deniedAt, name] : deniedProviders) {
        if (name == provider) {
            if (level)
                *level = deniedAt;
            return false;
        }
    }
    for (const auto &[listLevel, list] : allowedProviderLists) {
        if (!list.contains(provider)) {
            if (level)
                *level = listLevel;
            return false;
        }
    }
    return true;
}

EffectiveDirectives mergeDirectives(const Domain::Workspace &ws, const QString &projectId,
                                    const QString &keyId, const AliasResolution *alias)
{
    const QList<LevelDirectives> levels = levelsOf(ws, projectId, keyId);
    EffectiveDirectives e;
    mergeLists(e, levels);
    mergeScalars(e, levels);
    mergeFallback(e, levels, alias);
    return e;
}

} // namespace Routing
