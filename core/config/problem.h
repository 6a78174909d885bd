#pragma once

#include <QList>
#include <QString>
#include <QStringList>
#include <domain/fact.h>
#include <optional>

namespace Config {

// What validation or import found, as a code with typed arguments (STYLE.md "Errors"): the studio
// words it in its language, the headless import in English, and tests compare codes. Arguments
// are listed per code; "level, owner" name whose directives they are (a Domain::DirectiveLevel
// wire name and the project's id or the key's name; the workspace has no owner).
enum class ProblemCode {
    None,
    // Reading the file (import).
    JsonSyntax, // args: line, column, the parser's detail, byte offset
    NotAnObject,
    NotAWorkspace, // args: the format name expected
    UnsupportedVersion, // args: the version read, the version found as written
    WrongType, // args: expected, found (JSON type names: boolean, number, integer, string,
               // strings, array, object, null, missing)
    UnknownValue, // args: the value, the names allowed
    RequiredMissing,
    MustNotBeEmpty,
    BadDate, // args: the text
    BadDateTime, // args: the text
    UnknownField,
    SecretNotCarried, // args: connection
    // Names of a list (entity: model, provider, connection, alias, project, key).
    NameEmpty, // args: entity, row number from 1, field
    NameTwice, // args: entity, name, path of the first
    // Region names (R-REG-6); args: the name, then, on a workspace field, the field's key
    // (servingRegionOverride, allowedRegions, region) and its model or connection.
    RegionEmpty,
    RegionTooLong,
    RegionBadCharacter,
    RegionListEmptyEntry,
    // Models, pools and offerings.
    ModelNameForm, // args: name
    InputPriceNegative, // args: model
    OutputPriceNegative, // args: model
    ContextWindowTooSmall, // args: model, tokens
    MaxOutputTokensOutOfRange, // args: model, tokens, lowest, highest
    WeightOutOfRange, // args: deployment, weight, lowest, highest
    PoolListsItself, // args: pool
    DeploymentNotAModel, // args: deployment, pool
    DeploymentIsAPool, // args: deployment, pool
    DeploymentOtherModality, // args: deployment, pool, its modality, the pool's modality
    DeploymentOff, // args: deployment, pool
    DeploymentTwice, // args: deployment, pool
    PoolEmpty, // args: pool
    PoolTooLarge, // args: pool, deployments, most allowed
    OfferingConnectionMissing, // args: offering number from 1, model, connection
    OfferingNoUpstreamModel, // args: offering number from 1, model
    ToolProbesInvalid, // args: offering number from 1, model
    StructuredProbesInvalid, // args: offering number from 1, model
    NoOfferings, // args: model
    // Recovery settings (R-REC-*, R-REC-9); owner: the model, "" for the workspace defaults.
    RecoveryOutOfRange, // args: setting key (RecoveryFieldSpec::key), owner, value, lowest, highest
    BackoffNegative, // args: owner, backoff
    BackoffAboveMaximum, // args: owner, backoff, maximum
    // Connections.
    ConnectionNameForm, // args: name
    ProviderMissing, // args: connection, provider
    AzureNeedsApiVersion, // args: connection
    BaseUrlNotHttp, // args: connection, URL
    CaFileUnreadable, // args: connection, file
    CredentialEnvUnnamed, // args: connection
    CredentialFileUnnamed, // args: connection
    FailureRateOutOfRange, // args: connection, rate as written, lowest, highest
    NoFailureKinds, // args: connection
    SimulatorOutOfRange, // args: setting key (latencyMs, tokensPerSecond, retryAfterSeconds,
                         // cutAfterEvents), connection, value, lowest, highest
    // Provider listings (docs/listings.md).
    ListingSourceForm, // args: provider, source
    ListingOutOfRange, // args: setting key (listingRefreshMinutes, listingMaxAgeHours), value,
                       // lowest, highest
    // Reliability probes (docs/probes.md).
    ProbeOutOfRange, // args: setting key (probeIntervalHours, probeWindowHours), value, lowest,
                     // highest
    // Budgets and rate limits (R-BILL-3, R-BILL-4).
    LimitOutOfRange, // args: level (project, key), name, setting key (dailyUsd, monthlyUsd,
                     // requestsPerMinute, tokensPerMinute), value, lowest, highest (as text)
    BudgetAlertOutOfRange, // args: value, lowest, highest
    // Mixed-model sessions (docs/sessions.md).
    QualityFloorOutOfRange, // args: level (project, key), name, value, lowest, highest
    QualityTierOutOfRange, // args: model, task class (wire name), value, lowest, highest
    SessionWindowOutOfRange, // args: value, lowest, highest
    TooManyClassifierRules, // args: rules, most allowed
    TooManyConditions, // args: rule number from 1, conditions, most allowed
    ConditionNeedsOneBound, // args: rule number from 1, condition number from 1
    ConditionValueOutOfRange, // args: rule number from 1, condition number from 1, signal (wire
                              // name), value, lowest, highest
    // Aliases.
    AliasIsAModel, // args: alias
    AliasNameForm, // args: alias
    AliasTargetsAlias, // args: alias, target
    AliasTargetMissing, // args: alias, target ("" for none)
    DeprecatedNoReplacement, // args: alias, date (yyyy-MM-dd)
    ReplacementMissing, // args: replacement, alias
    ReplacementCycle, // args: alias, the chain of names
    AliasFallbackMissing, // args: model, alias
    // Directives (R-DIR-*), of the workspace, a project or a key.
    AllowedVendorNoModels, // args: level, owner, vendor pattern
    AllowedModelMissing, // args: level, owner, model
    AllowedProviderMissing, // args: level, owner, provider
    DeniedProviderMissing, // args: level, owner, provider
    MaxAttemptsOutOfRange, // args: level, owner, value, lowest, highest
    FallbackModelMissing, // args: level, owner, model
    // Keys.
    KeyProjectMissing, // args: key, project
    KeyHashForm, // args: key
};

// Stable snake_case names ("pool_empty"); an empty name past the last code.
QString toString(ProblemCode code);
std::optional<ProblemCode> problemCodeFromString(const QString &name);

// A number, a name, or a list of names, as a fact's.
using ProblemArg = Domain::FactArg;

// One finding. `path` is the JSON path of the field in the export format, index based
// ("models[3].pool.deployments[1].weight"), so the studio and the headless import can point at the
// exact place; empty for the file as a whole.
struct Problem
{
    enum class Severity { Error, Warning };
    Severity severity = Severity::Error;
    QString path;
    ProblemCode code = ProblemCode::None;
    QList<ProblemArg> args;

    qint64 number(qsizetype i) const { return Domain::argNumber(args, i); }
    QString name(qsizetype i) const { return Domain::argName(args, i); }
    QStringList names(qsizetype i) const { return Domain::argNames(args, i); }

    bool operator==(const Problem &) const = default;
};

bool hasErrors(const QList<Problem> &problems);

// "error" / "warning", for the headless import's output.
QString severityName(Problem::Severity s);

// "pool_empty(demo/chat)": the code and its arguments without words, for logs and tests.
QString describe(const Problem &p);

} // namespace Config
