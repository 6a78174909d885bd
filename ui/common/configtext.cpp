#include "configtext.h"

#include "common/format.h"
#include "common/tr.h"

#include <cmath>
#include <config/changelist.h>
#include <config/recoveryfields.h>
#include <domain/enums.h>

using namespace Qt::StringLiterals;

namespace Ui::Common {
namespace {

using Config::Problem;
using Config::ProblemCode;
using Text = std::optional<QString>;

// Numbers in sentences read with thousands separators, as the change list writes them.
QString grouped(const Problem &p, qsizetype i)
{
    return Config::groupedNumber(p.number(i));
}

// The JSON type names of ProblemCode::WrongType.
QString typeText(const QString &type)
{
    if (type == u"boolean")
        return Tr::tr("a boolean");
    if (type == u"number")
        return Tr::tr("a number");
    if (type == u"integer")
        return Tr::tr("an integer");
    if (type == u"string")
        return Tr::tr("a string");
    if (type == u"strings")
        return Tr::tr("an array of strings");
    if (type == u"array")
        return Tr::tr("an array");
    if (type == u"object")
        return Tr::tr("an object");
    if (type == u"missing")
        return Tr::tr("nothing");
    return type; // "null"
}

// The kind of row of ProblemCode::NameEmpty and NameTwice.
QString entityText(const QString &entity)
{
    if (entity == u"model")
        return Tr::tr("Model");
    if (entity == u"provider")
        return Tr::tr("Provider");
    if (entity == u"connection")
        return Tr::tr("Connection");
    if (entity == u"alias")
        return Tr::tr("Alias");
    if (entity == u"project")
        return Tr::tr("Project");
    if (entity == u"key")
        return Tr::tr("Key");
    return entity;
}

// Whose directives: a Domain::DirectiveLevel wire name and the project or key.
QString ownerText(const Problem &p, qsizetype level)
{
    const QString name = p.name(level + 1);
    if (p.name(level) == Domain::toString(Domain::DirectiveLevel::Project))
        return Tr::tr("project %1").arg(name);
    if (p.name(level) == Domain::toString(Domain::DirectiveLevel::Key))
        return Tr::tr("key %1").arg(name);
    return Tr::tr("the workspace");
}

// Whose recovery settings: a model, or the workspace's defaults.
QString recoveryOwnerText(const QString &model)
{
    return model.isEmpty() ? Tr::tr("the workspace defaults") : model;
}

// "<what> must be between <lo> and <hi><unit> (is <value>).", the value and range after `what`'s
// arguments at `first`.
QString rangeText(const Problem &p, const QString &what, qsizetype first, const QString &unit = {})
{
    return Tr::tr("%1 must be between %2 and %3%4 (is %5).")
        .arg(what, grouped(p, first + 1), grouped(p, first + 2), unit, grouped(p, first));
}

QString limitRangeText(const Problem &p)
{
    const QString key = p.name(2);
    const QString what = key == u"dailyUsd" ? Tr::tr("Daily budget")
        : key == u"monthlyUsd"              ? Tr::tr("Monthly budget")
        : key == u"requestsPerMinute"       ? Tr::tr("Requests per minute")
                                            : Tr::tr("Tokens per minute");
    const QString owner = p.name(0) == u"project" ? Tr::tr("project %1").arg(p.name(1))
                                                  : Tr::tr("key %1").arg(p.name(1));
    // The validator writes the values as plain decimals ("1000000000", "2.5"): grouped here.
    const auto value = [&](qsizetype i) {
        bool isNumber = false;
        const double v = p.name(i).toDouble(&isNumber);
        return isNumber ? Common::number(v, v == std::floor(v) ? 0 : 2) : p.name(i);
    };
    return Tr::tr("%1 of %2 must be between %3 and %4 (is %5).")
        .arg(what, owner, value(4), value(5), value(3));
}

QString recoveryRangeText(const Problem &p)
{
    const QString owner = recoveryOwnerText(p.name(1));
    const QString ms = Tr::tr(" ms");
    using F = Domain::RecoveryField;
    for (const Config::RecoveryFieldSpec &spec : Config::recoveryFields()) {
        if (spec.key != p.name(0))
            continue;
        switch (spec.field) {
        case F::Attempts:
            return rangeText(p, Tr::tr("Attempts of %1").arg(owner), 2);
        case F::DeadlineMs:
            return rangeText(p, Tr::tr("Deadline of %1").arg(owner), 2, ms);
        case F::BackoffFirstMs:
            return rangeText(p, Tr::tr("Backoff of %1").arg(owner), 2, ms);
        case F::BackoffMaxMs:
            return rangeText(p, Tr::tr("Backoff maximum of %1").arg(owner), 2, ms);
        case F::CooldownMs:
            return rangeText(p, Tr::tr("Cooldown of %1").arg(owner), 2, ms);
        case F::ConnectTimeoutMs:
            return rangeText(p, Tr::tr("Connect timeout of %1").arg(owner), 2, ms);
        case F::StreamStartTimeoutMs:
            return rangeText(p, Tr::tr("Stream start timeout of %1").arg(owner), 2, ms);
        case F::StreamIdleTimeoutMs:
            return rangeText(p, Tr::tr("Stream idle timeout of %1").arg(owner), 2, ms);
        }
    }
    return rangeText(p, u"%1 (%2)"_s.arg(p.name(0), owner), 2); // written by a newer version
}

QString simulatorRangeText(const Problem &p)
{
    const QString key = p.name(0);
    const QString connection = p.name(1);
    if (key == u"latencyMs")
        return rangeText(p, Tr::tr("Latency of connection %1").arg(connection), 2, Tr::tr(" ms"));
    if (key == u"tokensPerSecond")
        return rangeText(p, Tr::tr("Tokens per second of connection %1").arg(connection), 2);
    if (key == u"retryAfterSeconds")
        return rangeText(p, Tr::tr("Retry-After of connection %1").arg(connection), 2,
                         Tr::tr(" s"));
    if (key == u"cutAfterEvents") {
        return rangeText(p, Tr::tr("Stream cut of connection %1").arg(connection), 2,
                         Tr::tr(" events"));
    }
    return rangeText(p, u"%1 (%2)"_s.arg(key, connection), 2);
}

// A region name's problem; on a field of the workspace, after the field it is in.
QString regionText(const Problem &p)
{
    QString text;
    switch (p.code) {
    case ProblemCode::RegionEmpty:
        text = Tr::tr("A region name must not be empty.");
        break;
    case ProblemCode::RegionTooLong:
        text = Tr::tr("Region name \"%1…\" is longer than 64 characters.").arg(p.name(0).left(16));
        break;
    default:
        text = Tr::tr("Region name \"%1\" may contain only letters, digits, '-' and '_'.")
                   .arg(p.name(0));
        break;
    }
    const QString key = p.name(1);
    const QString owner = p.name(2);
    if (key == u"servingRegionOverride")
        return u"%1: %2"_s.arg(Tr::tr("Serving region of %1").arg(owner), text);
    if (key == u"allowedRegions")
        return u"%1: %2"_s.arg(Tr::tr("Allowed regions of %1").arg(owner), text);
    if (key == u"region")
        return u"%1: %2"_s.arg(Tr::tr("Region of connection %1").arg(owner), text);
    return text;
}

// Reading the file (import); the path is shown beside the text.
Text readerText(const Problem &p)
{
    switch (p.code) {
    case ProblemCode::JsonSyntax:
        return Tr::tr("%1: %2 (byte offset %3).")
            .arg(Tr::tr("line %1, column %2").arg(p.name(0), p.name(1)), p.name(2), p.name(3));
    case ProblemCode::NotAnObject:
        return Tr::tr("The file must hold one JSON object, a Switchboard workspace.");
    case ProblemCode::NotAWorkspace:
        return Tr::tr("This is not a Switchboard workspace file (expected \"%1\").").arg(p.name(0));
    case ProblemCode::UnsupportedVersion:
        return Tr::tr("This Switchboard reads version %1 of the format (found %2).")
            .arg(p.name(0), p.name(1));
    case ProblemCode::WrongType:
        return Tr::tr("Expected %1 (found %2).").arg(typeText(p.name(0)), typeText(p.name(1)));
    case ProblemCode::UnknownValue:
        return Tr::tr("Unknown value \"%1\"; expected one of %2.").arg(p.name(0), p.name(1));
    case ProblemCode::RequiredMissing:
        return Tr::tr("Required field is missing.");
    case ProblemCode::MustNotBeEmpty:
        return Tr::tr("Must not be empty.");
    case ProblemCode::BadDate:
        return Tr::tr("Expected a date as yyyy-MM-dd (found \"%1\").").arg(p.name(0));
    case ProblemCode::BadDateTime:
        return Tr::tr("Expected an ISO 8601 UTC date and time such as 2026-11-29T19:00:00.000Z "
                      "(found \"%1\").")
            .arg(p.name(0));
    case ProblemCode::UnknownField:
        return Tr::tr("Unknown field, ignored.");
    case ProblemCode::SecretNotCarried:
        return Tr::tr("Connection %1 keeps its credential in the database and the file carries no "
                      "secret; enter it again after the import.")
            .arg(p.name(0));
    default:
        return std::nullopt;
    }
}

// Names of a list and region names.
Text namesText(const Problem &p)
{
    switch (p.code) {
    case ProblemCode::NameEmpty:
        return Tr::tr("%1 %2 has an empty %3.").arg(entityText(p.name(0)), p.name(1), p.name(2));
    case ProblemCode::NameTwice:
        return Tr::tr("%1 %2 is defined twice (also at %3).")
            .arg(entityText(p.name(0)), p.name(1), p.name(2));
    case ProblemCode::RegionEmpty:
    case ProblemCode::RegionTooLong:
    case ProblemCode::RegionBadCharacter:
        return regionText(p);
    case ProblemCode::RegionListEmptyEntry:
        return Tr::tr("The list of regions has an empty entry between commas.");
    default:
        return std::nullopt;
    }
}

Text modelText(const Problem &p)
{
    switch (p.code) {
    case ProblemCode::ModelNameForm:
        return Tr::tr("Model name \"%1\" must have the form <namespace>/<id>.").arg(p.name(0));
    case ProblemCode::InputPriceNegative:
        return Tr::tr("Input price of %1 must not be negative.").arg(p.name(0));
    case ProblemCode::OutputPriceNegative:
        return Tr::tr("Output price of %1 must not be negative.").arg(p.name(0));
    case ProblemCode::ContextWindowTooSmall:
        return Tr::tr("Context window of %1 must be at least 1 token (is %2).")
            .arg(p.name(0), grouped(p, 1));
    case ProblemCode::MaxOutputTokensOutOfRange:
        return rangeText(p, Tr::tr("Max output tokens of %1").arg(p.name(0)), 1);
    case ProblemCode::NoOfferings:
        return Tr::tr("Model %1 has no offerings; calls to it cannot be served.").arg(p.name(0));
    case ProblemCode::OfferingConnectionMissing:
        return Tr::tr("Offering %1 of %2 names connection \"%3\", which does not exist.")
            .arg(p.name(0), p.name(1), p.name(2));
    case ProblemCode::OfferingNoUpstreamModel:
        return Tr::tr("Offering %1 of %2 has no upstream model id.").arg(p.name(0), p.name(1));
    case ProblemCode::ToolProbesInvalid:
        return Tr::tr("Tool probes of offering %1 of %2 must pass between 0 and their total.")
            .arg(p.name(0), p.name(1));
    case ProblemCode::StructuredProbesInvalid:
        return Tr::tr("Structured-output probes of offering %1 of %2 must pass between 0 and their "
                      "total.")
            .arg(p.name(0), p.name(1));
    default:
        return std::nullopt;
    }
}

Text poolText(const Problem &p)
{
    switch (p.code) {
    case ProblemCode::WeightOutOfRange:
        return rangeText(p, Tr::tr("Weight of %1").arg(p.name(0)), 1);
    case ProblemCode::PoolListsItself:
        return Tr::tr("Pool %1 cannot list itself as a deployment.").arg(p.name(0));
    case ProblemCode::DeploymentNotAModel:
        return Tr::tr("Deployment %1 of %2 is not a model of this workspace.")
            .arg(p.name(0), p.name(1));
    case ProblemCode::DeploymentIsAPool:
        return Tr::tr("Deployment %1 of %2 is itself a pool; a deployment must be a Direct model.")
            .arg(p.name(0), p.name(1));
    case ProblemCode::DeploymentOtherModality:
        return Tr::tr("Deployment %1 of %2 has modality %3; %2 has modality %4.")
            .arg(p.name(0), p.name(1), p.name(2), p.name(3));
    case ProblemCode::DeploymentOff:
        return Tr::tr("Deployment %1 of %2 is turned off; calls skip it as disabled.")
            .arg(p.name(0), p.name(1));
    case ProblemCode::DeploymentTwice:
        return Tr::tr("Deployment %1 is listed more than once in %2.").arg(p.name(0), p.name(1));
    case ProblemCode::PoolEmpty:
        return Tr::tr("Pool %1 has no deployments; add one or switch it to Direct.").arg(p.name(0));
    case ProblemCode::PoolTooLarge:
        return Tr::tr("Pool %1 has %2 deployments; at most %3 are allowed.")
            .arg(p.name(0), p.name(1), p.name(2));
    default:
        return std::nullopt;
    }
}

Text recoveryText(const Problem &p)
{
    switch (p.code) {
    case ProblemCode::RecoveryOutOfRange:
        return recoveryRangeText(p);
    case ProblemCode::BackoffNegative:
        return Tr::tr("Backoff of %1 must not be negative (is %2).")
            .arg(recoveryOwnerText(p.name(0)), grouped(p, 1));
    case ProblemCode::BackoffAboveMaximum:
        return Tr::tr("Backoff of %1 must not exceed its maximum (%2 ms > %3 ms).")
            .arg(recoveryOwnerText(p.name(0)), grouped(p, 1), grouped(p, 2));
    default:
        return std::nullopt;
    }
}

Text connectionText(const Problem &p)
{
    const QString connection = p.name(0);
    switch (p.code) {
    case ProblemCode::ConnectionNameForm:
        return Tr::tr("Connection name \"%1\" must be 1 to 64 letters, digits, '.', '-' or '_'.")
            .arg(connection);
    case ProblemCode::ProviderMissing:
        return Tr::tr("Connection %1 names provider \"%2\", which does not exist.")
            .arg(connection, p.name(1));
    case ProblemCode::AzureNeedsApiVersion:
        return Tr::tr("Connection %1 is an Azure OpenAI connection and needs an API version.")
            .arg(connection);
    case ProblemCode::BaseUrlNotHttp:
        return Tr::tr("Base URL of connection %1 must be an http or https URL (is \"%2\").")
            .arg(connection, p.name(1));
    case ProblemCode::CaFileUnreadable:
        return Tr::tr("The CA file of connection %1 cannot be read (%2); its calls will fail.")
            .arg(connection, p.name(1));
    case ProblemCode::CredentialEnvUnnamed:
        return Tr::tr("Connection %1 reads its credential from an environment variable but names "
                      "none.")
            .arg(connection);
    case ProblemCode::CredentialFileUnnamed:
        return Tr::tr("Connection %1 reads its credential from a file but names none.")
            .arg(connection);
    case ProblemCode::ListingSourceForm:
        return Tr::tr("Listing source of provider %1 must be an http or https URL, an absolute "
                      "file path or a file:// URL (is \"%2\").")
            .arg(p.name(0), p.name(1));
    case ProblemCode::ListingOutOfRange:
        return p.name(0) == u"listingRefreshMinutes"
            ? rangeText(p, Tr::tr("Listing refresh interval"), 1, Tr::tr(" min"))
            : rangeText(p, Tr::tr("Listing maximum age"), 1, Tr::tr(" h"));
    case ProblemCode::ProbeOutOfRange:
        return p.name(0) == u"probeIntervalHours"
            ? rangeText(p, Tr::tr("Probe interval"), 1, Tr::tr(" h"))
            : rangeText(p, Tr::tr("Probe window"), 1, Tr::tr(" h"));
    case ProblemCode::BudgetAlertOutOfRange:
        return rangeText(p, Tr::tr("Budget alert threshold"), 0, Tr::tr(" %"));
    case ProblemCode::LimitOutOfRange:
        return limitRangeText(p);
    default:
        return std::nullopt;
    }
}

// Classes and signals are named as the file writes them: these problems come from a file.
Text sessionText(const Problem &p)
{
    switch (p.code) {
    case ProblemCode::QualityFloorOutOfRange:
        return rangeText(p, Tr::tr("Quality floor of %1").arg(ownerText(p, 0)), 2);
    case ProblemCode::QualityTierOutOfRange:
        return rangeText(p, Tr::tr("Quality tier \"%1\" of model %2").arg(p.name(1), p.name(0)), 2);
    case ProblemCode::SessionWindowOutOfRange:
        return rangeText(p, Tr::tr("Session window"), 0, Tr::tr(" min"));
    case ProblemCode::TooManyClassifierRules:
        return Tr::tr("The classifier has %1 rules; at most %2 are allowed.")
            .arg(grouped(p, 0), grouped(p, 1));
    case ProblemCode::TooManyConditions:
        return Tr::tr("Classifier rule %1 has %2 conditions; at most %3 are allowed.")
            .arg(grouped(p, 0), grouped(p, 1), grouped(p, 2));
    case ProblemCode::ConditionNeedsOneBound:
        return Tr::tr("Condition %1 of classifier rule %2 needs exactly one of \"atLeast\" and "
                      "\"atMost\".")
            .arg(grouped(p, 1), grouped(p, 0));
    case ProblemCode::ConditionValueOutOfRange:
        return rangeText(p,
                         Tr::tr("Condition %1 (%2) of classifier rule %3")
                             .arg(grouped(p, 1), p.name(2), grouped(p, 0)),
                         3);
    default:
        return std::nullopt;
    }
}

Text simulatorText(const Problem &p)
{
    switch (p.code) {
    case ProblemCode::FailureRateOutOfRange:
        return Tr::tr("Failure rate of connection %1 must be between %3 and %4 (is %2).")
            .arg(p.name(0), p.name(1), p.name(2), p.name(3));
    case ProblemCode::NoFailureKinds:
        return Tr::tr("Connection %1 has a failure rate but no failure kinds, so it never fails.")
            .arg(p.name(0));
    case ProblemCode::SimulatorOutOfRange:
        return simulatorRangeText(p);
    default:
        return std::nullopt;
    }
}

Text aliasText(const Problem &p)
{
    switch (p.code) {
    case ProblemCode::AliasIsAModel:
        return Tr::tr("Alias %1 has the same name as a model.").arg(p.name(0));
    case ProblemCode::AliasNameForm:
        return Tr::tr("Alias name \"%1\" must not contain spaces or commas.").arg(p.name(0));
    case ProblemCode::AliasTargetsAlias:
        return Tr::tr("Alias %1 targets alias %2; an alias must name a model.")
            .arg(p.name(0), p.name(1));
    case ProblemCode::AliasTargetMissing:
        return Tr::tr("Alias %1 targets %2, which is not a model of this workspace.")
            .arg(p.name(0), p.name(1).isEmpty() ? Tr::tr("nothing") : p.name(1));
    case ProblemCode::DeprecatedNoReplacement:
        return Tr::tr("Alias %1 is deprecated on %2 but names no replacement.")
            .arg(p.name(0), p.name(1));
    case ProblemCode::ReplacementMissing:
        return Tr::tr("Replacement %1 of alias %2 is neither a model nor an alias.")
            .arg(p.name(0), p.name(1));
    case ProblemCode::ReplacementCycle:
        return Tr::tr("Replacements of alias %1 form a cycle: %2.")
            .arg(p.name(0), p.names(1).join(u" → "_s));
    case ProblemCode::AliasFallbackMissing:
        return Tr::tr("Fallback model %1 of alias %2 is not a model of this workspace.")
            .arg(p.name(0), p.name(1));
    default:
        return std::nullopt;
    }
}

// Directives of the workspace, a project or a key; then the keys themselves.
Text directiveText(const Problem &p)
{
    const QString who = ownerText(p, 0);
    switch (p.code) {
    case ProblemCode::AllowedVendorNoModels:
        return Tr::tr("Allowed models of %1 name vendor %2, which has no models yet.")
            .arg(who, p.name(2));
    case ProblemCode::AllowedModelMissing:
        return Tr::tr("Allowed model %1 of %2 is neither a model of this workspace nor a vendor "
                      "pattern such as openai/*.")
            .arg(p.name(2), who);
    case ProblemCode::AllowedProviderMissing:
        return Tr::tr("%1 \"%2\" of %3 does not exist.")
            .arg(Tr::tr("Allowed provider"), p.name(2), who);
    case ProblemCode::DeniedProviderMissing:
        return Tr::tr("%1 \"%2\" of %3 does not exist.")
            .arg(Tr::tr("Denied provider"), p.name(2), who);
    case ProblemCode::MaxAttemptsOutOfRange:
        return rangeText(p, Tr::tr("Max application attempts of %1").arg(who), 2);
    case ProblemCode::FallbackModelMissing:
        return Tr::tr("Fallback model %1 of %2 is not a model of this workspace.")
            .arg(p.name(2), who);
    case ProblemCode::KeyProjectMissing:
        return Tr::tr("Key %1 belongs to project \"%2\", which does not exist.")
            .arg(p.name(0), p.name(1));
    case ProblemCode::KeyHashForm:
        return Tr::tr("Key %1 must carry a SHA-256 as 64 lowercase hex digits.").arg(p.name(0));
    default:
        return std::nullopt;
    }
}

} // namespace

QString problemText(const Problem &problem)
{
    for (const auto words :
         { readerText, namesText, modelText, poolText, recoveryText, connectionText, simulatorText,
           aliasText, directiveText, sessionText }) {
        if (Text text = words(problem))
            return *text;
    }
    // A code of a newer version: its name and arguments are still clearer than nothing.
    return Config::describe(problem);
}

QString problemText(const std::optional<Problem> &problem)
{
    return problem ? problemText(*problem) : QString();
}

QString problemLine(const Problem &problem)
{
    const QString text = problemText(problem);
    return problem.path.isEmpty() ? text : u"%1: %2"_s.arg(problem.path, text);
}

QString recoveryFieldLabel(Domain::RecoveryField field)
{
    switch (field) {
    case Domain::RecoveryField::Attempts:
        return Tr::tr("Attempts");
    case Domain::RecoveryField::DeadlineMs:
        return Tr::tr("Deadline, ms");
    case Domain::RecoveryField::BackoffFirstMs:
        return Tr::tr("Backoff, ms");
    case Domain::RecoveryField::BackoffMaxMs:
        return Tr::tr("Backoff maximum, ms");
    case Domain::RecoveryField::CooldownMs:
        return Tr::tr("Cooldown, ms");
    case Domain::RecoveryField::ConnectTimeoutMs:
        return Tr::tr("Connect timeout, ms");
    case Domain::RecoveryField::StreamStartTimeoutMs:
        return Tr::tr("Stream start timeout, ms");
    case Domain::RecoveryField::StreamIdleTimeoutMs:
        break;
    }
    return Tr::tr("Stream idle timeout, ms");
}

QString simulatorApiLabel(Domain::SimulatorApi api)
{
    switch (api) {
    case Domain::SimulatorApi::OpenAi:
        return Tr::tr("OpenAI only");
    case Domain::SimulatorApi::Anthropic:
        return Tr::tr("Anthropic only");
    case Domain::SimulatorApi::Both:
        break;
    }
    return Tr::tr("Both APIs");
}

QString translationText(Domain::ApiTranslation translation)
{
    switch (translation) {
    case Domain::ApiTranslation::ChatToMessages:
        return Tr::tr("translated chat → messages");
    case Domain::ApiTranslation::MessagesToChat:
        return Tr::tr("translated messages → chat");
    case Domain::ApiTranslation::ResponsesToChat:
        return Tr::tr("translated responses → chat");
    case Domain::ApiTranslation::ResponsesToMessages:
        return Tr::tr("translated responses → messages");
    case Domain::ApiTranslation::None:
        break;
    }
    return {};
}

} // namespace Ui::Common
