#include "problem.h"

#include <algorithm>
#include <array>
#include <domain/enumtable.h>
#include <utility>

using namespace Qt::StringLiterals;

namespace Config {
namespace {

constexpr std::array<std::pair<ProblemCode, const char16_t *>, 79> kProblemCode { {
    { ProblemCode::None, u"none" },
    { ProblemCode::JsonSyntax, u"json_syntax" },
    { ProblemCode::NotAnObject, u"not_an_object" },
    { ProblemCode::NotAWorkspace, u"not_a_workspace" },
    { ProblemCode::UnsupportedVersion, u"unsupported_version" },
    { ProblemCode::WrongType, u"wrong_type" },
    { ProblemCode::UnknownValue, u"unknown_value" },
    { ProblemCode::RequiredMissing, u"required_missing" },
    { ProblemCode::MustNotBeEmpty, u"must_not_be_empty" },
    { ProblemCode::BadDate, u"bad_date" },
    { ProblemCode::BadDateTime, u"bad_date_time" },
    { ProblemCode::UnknownField, u"unknown_field" },
    { ProblemCode::SecretNotCarried, u"secret_not_carried" },
    { ProblemCode::NameEmpty, u"name_empty" },
    { ProblemCode::NameTwice, u"name_twice" },
    { ProblemCode::RegionEmpty, u"region_empty" },
    { ProblemCode::RegionTooLong, u"region_too_long" },
    { ProblemCode::RegionBadCharacter, u"region_bad_character" },
    { ProblemCode::RegionListEmptyEntry, u"region_list_empty_entry" },
    { ProblemCode::ModelNameForm, u"model_name_form" },
    { ProblemCode::InputPriceNegative, u"input_price_negative" },
    { ProblemCode::OutputPriceNegative, u"output_price_negative" },
    { ProblemCode::ContextWindowTooSmall, u"context_window_too_small" },
    { ProblemCode::MaxOutputTokensOutOfRange, u"max_output_tokens_out_of_range" },
    { ProblemCode::WeightOutOfRange, u"weight_out_of_range" },
    { ProblemCode::PoolListsItself, u"pool_lists_itself" },
    { ProblemCode::DeploymentNotAModel, u"deployment_not_a_model" },
    { ProblemCode::DeploymentIsAPool, u"deployment_is_a_pool" },
    { ProblemCode::DeploymentOtherModality, u"deployment_other_modality" },
    { ProblemCode::DeploymentOff, u"deployment_off" },
    { ProblemCode::DeploymentTwice, u"deployment_twice" },
    { ProblemCode::PoolEmpty, u"pool_empty" },
    { ProblemCode::PoolTooLarge, u"pool_too_large" },
    { ProblemCode::OfferingConnectionMissing, u"offering_connection_missing" },
    { ProblemCode::OfferingNoUpstreamModel, u"offering_no_upstream_model" },
    { ProblemCode::ToolProbesInvalid, u"tool_probes_invalid" },
    { ProblemCode::StructuredProbesInvalid, u"structured_probes_invalid" },
    { ProblemCode::NoOfferings, u"no_offerings" },
    { ProblemCode::RecoveryOutOfRange, u"recovery_out_of_range" },
    { ProblemCode::BackoffNegative, u"backoff_negative" },
    { ProblemCode::BackoffAboveMaximum, u"backoff_above_maximum" },
    { ProblemCode::ConnectionNameForm, u"connection_name_form" },
    { ProblemCode::ProviderMissing, u"provider_missing" },
    { ProblemCode::AzureNeedsApiVersion, u"azure_needs_api_version" },
    { ProblemCode::BaseUrlNotHttp, u"base_url_not_http" },
    { ProblemCode::CaFileUnreadable, u"ca_file_unreadable" },
    { ProblemCode::CredentialEnvUnnamed, u"credential_env_unnamed" },
    { ProblemCode::CredentialFileUnnamed, u"credential_file_unnamed" },
    { ProblemCode::FailureRateOutOfRange, u"failure_rate_out_of_range" },
    { ProblemCode::NoFailureKinds, u"no_failure_kinds" },
    { ProblemCode::SimulatorOutOfRange, u"simulator_out_of_range" },
    { ProblemCode::ListingSourceForm, u"listing_source_form" },
    { ProblemCode::ListingOutOfRange, u"listing_out_of_range" },
    { ProblemCode::ProbeOutOfRange, u"probe_out_of_range" },
    { ProblemCode::LimitOutOfRange, u"limit_out_of_range" },
    { ProblemCode::BudgetAlertOutOfRange, u"budget_alert_out_of_range" },
    { ProblemCode::QualityFloorOutOfRange, u"quality_floor_out_of_range" },
    { ProblemCode::QualityTierOutOfRange, u"quality_tier_out_of_range" },
    { ProblemCode::SessionWindowOutOfRange, u"session_window_out_of_range" },
    { ProblemCode::TooManyClassifierRules, u"too_many_classifier_rules" },
    { ProblemCode::TooManyConditions, u"too_many_conditions" },
    { ProblemCode::ConditionNeedsOneBound, u"condition_needs_one_bound" },
    { ProblemCode::ConditionValueOutOfRange, u"condition_value_out_of_range" },
    { ProblemCode::AliasIsAModel, u"alias_is_a_model" },
    { ProblemCode::AliasNameForm, u"alias_name_form" },
    { ProblemCode::AliasTargetsAlias, u"alias_targets_alias" },
    { ProblemCode::AliasTargetMissing, u"alias_target_missing" },
    { ProblemCode::DeprecatedNoReplacement, u"deprecated_no_replacement" },
    { ProblemCode::ReplacementMissing, u"replacement_missing" },
    { ProblemCode::ReplacementCycle, u"replacement_cycle" },
    { ProblemCode::AliasFallbackMissing, u"alias_fallback_missing" },
    { ProblemCode::AllowedVendorNoModels, u"allowed_vendor_no_models" },
    { ProblemCode::AllowedModelMissing, u"allowed_model_missing" },
    { ProblemCode::AllowedProviderMissing, u"allowed_provider_missing" },
    { ProblemCode::DeniedProviderMissing, u"denied_provider_missing" },
    { ProblemCode::MaxAttemptsOutOfRange, u"max_attempts_out_of_range" },
    { ProblemCode::FallbackModelMissing, u"fallback_model_missing" },
    { ProblemCode::KeyProjectMissing, u"key_project_missing" },
    { ProblemCode::KeyHashForm, u"key_hash_form" },
} };

} // namespace

QString toString(ProblemCode code)
{
    return Domain::EnumTable::nameOf(kProblemCode, code);
}

std::optional<ProblemCode> problemCodeFromString(const QString &name)
{
    return Domain::EnumTable::valueOf(kProblemCode, name);
}

bool hasErrors(const QList<Problem> &problems)
{
    return std::any_of(problems.cbegin(), problems.cend(),
                       [](const Problem &p) { return p.severity == Problem::Severity::Error; });
}

QString severityName(Problem::Severity s)
{
    return s == Problem::Severity::Error ? u"error"_s : u"warning"_s;
}

QString describe(const Problem &p)
{
    QStringList args;
    for (qsizetype i = 0; i < p.args.size(); ++i)
        args << (std::holds_alternative<QStringList>(p.args[i])
                     ? u'[' + p.names(i).join(u", "_s) + u']'
                     : p.name(i));
    return toString(p.code) + u'(' + args.join(u", "_s) + u')';
}

} // namespace Config
