#pragma once

#include "aliasresolver.h"
#include "domain/directives.h"
#include "domain/fact.h"
#include "domain/workspace.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <utility>

namespace Routing {

// One effective value with where it came from and the merge rule that chose it, so the studio and
// the route explainer can say why (R-DIR-*, R-UI-8).
template<typename T> struct Sourced
{
    T value {};
    Domain::DirectiveLevel level = Domain::DirectiveLevel::None; // None: no level set it
    // The merge rule that chose it (rule_highest_precision, rule_lowest_cap, …); the studio words
    // it.
    Domain::FactCode rule = Domain::FactCode::None;
};

// The merge of workspace (team), project and key directives, plus a preset alias's fallback list.
// Levels only narrow (R-DIR-*, R-PREC-*, R-FALL-*).
struct EffectiveDirectives
{
    // Every level's allowed-model list; a model must be allowed by each of them (R-DIR-1).
    QList<std::pair<Domain::DirectiveLevel, QStringList>> allowedModelLists;
    // Every level's allowed-provider list; the effective set is their intersection.
    QList<std::pair<Domain::DirectiveLevel, QStringList>> allowedProviderLists;
    // Union of every level's denied providers, each with the first level that denied it; wins.
    QList<std::pair<Domain::DirectiveLevel, QString>> deniedProviders;

    Sourced<bool> requireZdr; // any level on → on
    Sourced<bool> requireNoTraining; // any level on → on
    Sourced<Domain::Precision> minPrecision; // highest set applies
    Sourced<int> maxApplicationAttempts; // lowest set applies; 0 = no level sets it
    Sourced<bool> allowModelFallback; // effective on/off with the level that decided it
    Sourced<QStringList> fallbackModels; // the list in force (empty when fallback is off)

    // True when every level's allowed-model list admits `model` ("vendor/*" admits "vendor/…").
    // On false, *deniedAt names the first level that does not allow it.
    bool modelAllowed(const QString &model, Domain::DirectiveLevel *deniedAt = nullptr) const;
    // Denied wins over allowed; an allowed list that omits the provider also refuses it.
    // On false, *level names the deciding level; on true it is left unchanged.
    bool providerAllowed(const QString &provider, Domain::DirectiveLevel *level = nullptr) const;
    // Whether model fallback is on and the ordered list to use.
    bool fallbackEnabled() const
    {
        return allowModelFallback.value && !fallbackModels.value.isEmpty();
    }
};

// Merges the workspace, the project (may be empty/unknown) and the key (may be empty/unknown).
// `alias` contributes its preset fallback list (R-FALL-4); pass nullptr when none was named.
EffectiveDirectives mergeDirectives(const Domain::Workspace &ws, const QString &projectId,
                                    const QString &keyId, const AliasResolution *alias = nullptr);

// True when `pattern` ("org/model" or "vendor/*") names `model` (R-DIR-1).
bool modelPatternMatches(const QString &pattern, const QString &model);

} // namespace Routing
