#include "fact.h"

#include "enumtable.h"
#include "util/bytes.h"
#include "util/jsonliteral.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <array>
#include <utility>

using namespace Qt::StringLiterals;

namespace Domain {
namespace {

constexpr std::array<std::pair<FactCode, const char16_t *>, 78> kFactCode { {
    { FactCode::None, u"none" },
    { FactCode::Served, u"served" },
    { FactCode::CallerHungUp, u"caller_hung_up" },
    { FactCode::DeadlinePassed, u"deadline_passed" },
    { FactCode::TransportTransient, u"transport_transient" },
    { FactCode::StoppedAnswering, u"stopped_answering" },
    { FactCode::ReplyUndecodable, u"reply_undecodable" },
    { FactCode::ContentRefusal, u"content_refusal" },
    { FactCode::StatusTransient, u"status_transient" },
    { FactCode::CredentialRejected, u"credential_rejected" },
    { FactCode::CallerError, u"caller_error" },
    { FactCode::AnswerReachedCaller, u"answer_reached_caller" },
    { FactCode::NoAnswerTransient, u"no_answer_transient" },
    { FactCode::AttemptServed, u"attempt_served" },
    { FactCode::AttemptRetried, u"attempt_retried" },
    { FactCode::AttemptFinal, u"attempt_final" },
    { FactCode::AttemptFinalGaveUp, u"attempt_final_gave_up" },
    { FactCode::NoAttemptLeft, u"no_attempt_left" },
    { FactCode::LastAttemptReserved, u"last_attempt_reserved" },
    { FactCode::NextWaitPastDeadline, u"next_wait_past_deadline" },
    { FactCode::NoCandidateLeft, u"no_candidate_left" },
    { FactCode::AllCoolingDown, u"all_cooling_down" },
    { FactCode::DrainedByHand, u"drained_by_hand" },
    { FactCode::CoolingDownFor, u"cooling_down_for" },
    { FactCode::RegionNotInPool, u"region_not_in_pool" },
    { FactCode::RegionNotInHeader, u"region_not_in_header" },
    { FactCode::ModalityMismatch, u"modality_mismatch" },
    { FactCode::EndpointNotServed, u"endpoint_not_served" },
    { FactCode::FieldNotCarried, u"field_not_carried" },
    { FactCode::NoTools, u"no_tools" },
    { FactCode::NoStructuredOutput, u"no_structured_output" },
    { FactCode::NoVision, u"no_vision" },
    { FactCode::NoWebSearchTool, u"no_web_search_tool" },
    { FactCode::NotCertified, u"not_certified" },
    { FactCode::ProviderDenied, u"provider_denied" },
    { FactCode::ProviderNoZdr, u"provider_no_zdr" },
    { FactCode::ProviderNoTraining, u"provider_no_training" },
    { FactCode::ListingMissing, u"listing_missing" },
    { FactCode::ListingStale, u"listing_stale" },
    { FactCode::PrecisionBelowMinimum, u"precision_below_minimum" },
    { FactCode::ModelOff, u"model_off" },
    { FactCode::ModelMissing, u"model_missing" },
    { FactCode::ConnectionMissing, u"connection_missing" },
    { FactCode::ConnectionOff, u"connection_off" },
    { FactCode::PooledDeployment, u"pooled_deployment" },
    { FactCode::NoOfferings, u"no_offerings" },
    { FactCode::ProbesPassed, u"probes_passed" },
    { FactCode::RuleNoLevelRequires, u"rule_no_level_requires" },
    { FactCode::RuleAnyLevelTurnsOn, u"rule_any_level_turns_on" },
    { FactCode::RuleHighestPrecision, u"rule_highest_precision" },
    { FactCode::RuleLowestCap, u"rule_lowest_cap" },
    { FactCode::RuleTurnedOffAtLevel, u"rule_turned_off_at_level" },
    { FactCode::RulePresetAliasList, u"rule_preset_alias_list" },
    { FactCode::RuleTeamDecidesFallback, u"rule_team_decides_fallback" },
    { FactCode::RuleTeamAllowsFallback, u"rule_team_allows_fallback" },
    { FactCode::RuleNoFallbackList, u"rule_no_fallback_list" },
    { FactCode::RuleMostSpecificList, u"rule_most_specific_list" },
    { FactCode::FallbackNoSuchModel, u"fallback_no_such_model" },
    { FactCode::FallbackIsRequested, u"fallback_is_requested" },
    { FactCode::FallbackModelOff, u"fallback_model_off" },
    { FactCode::FallbackNotAllowed, u"fallback_not_allowed" },
    { FactCode::FallbackOtherModality, u"fallback_other_modality" },
    { FactCode::FallbackContextTooSmall, u"fallback_context_too_small" },
    { FactCode::FallbackCanTake, u"fallback_can_take" },
    { FactCode::FallbackNoCandidate, u"fallback_no_candidate" },
    { FactCode::OverviewModelOff, u"overview_model_off" },
    { FactCode::OverviewPoolEmpty, u"overview_pool_empty" },
    { FactCode::OverviewPool, u"overview_pool" },
    { FactCode::OverviewDirectEmpty, u"overview_direct_empty" },
    { FactCode::OverviewDirectOne, u"overview_direct_one" },
    { FactCode::OverviewDirect, u"overview_direct" },
    { FactCode::OverviewRegionOverride, u"overview_region_override" },
    { FactCode::OverviewDeploymentIn, u"overview_deployment_in" },
    { FactCode::OverviewRecovery, u"overview_recovery" },
    { FactCode::ConnectTimeoutIs, u"connect_timeout_is" },
    { FactCode::StreamStartTimeoutIs, u"stream_start_timeout_is" },
    { FactCode::StreamIdleTimeoutIs, u"stream_idle_timeout_is" },
    { FactCode::DeadlineCannotFit, u"deadline_cannot_fit" },
} };

QJsonValue argToJson(const FactArg &a)
{
    if (const auto *n = std::get_if<qint64>(&a))
        return double(*n);
    if (const auto *s = std::get_if<QString>(&a))
        return *s;
    return QJsonArray::fromStringList(std::get<QStringList>(a));
}

FactArg argFromJson(const QJsonValue &v)
{
    if (v.isDouble())
        return qint64(v.toDouble());
    if (v.isArray()) {
        QStringList names;
        for (const QJsonValue &e : v.toArray())
            names << e.toString();
        return names;
    }
    return v.toString();
}

} // namespace

QString toString(FactCode v)
{
    return EnumTable::nameOf(kFactCode, v);
}

std::optional<FactCode> factCodeFromString(const QString &s)
{
    return EnumTable::valueOf(kFactCode, s);
}

qint64 argNumber(const QList<FactArg> &args, qsizetype i)
{
    if (i < 0 || i >= args.size())
        return 0;
    const auto *n = std::get_if<qint64>(&args.at(i));
    return n ? *n : 0;
}

QString argName(const QList<FactArg> &args, qsizetype i)
{
    if (i < 0 || i >= args.size())
        return {};
    if (const auto *s = std::get_if<QString>(&args.at(i)))
        return *s;
    if (const auto *n = std::get_if<qint64>(&args.at(i)))
        return QString::number(*n);
    return std::get<QStringList>(args.at(i)).join(u", "_s);
}

QStringList argNames(const QList<FactArg> &args, qsizetype i)
{
    if (i < 0 || i >= args.size())
        return {};
    if (const auto *l = std::get_if<QStringList>(&args.at(i)))
        return *l;
    return { argName(args, i) };
}

Fact fact(FactCode code, QList<FactArg> args, std::vector<Fact> causes)
{
    Fact f;
    f.code = code;
    f.args = std::move(args);
    f.causes = std::move(causes);
    return f;
}

QJsonValue factToJson(const Fact &f)
{
    if (f.code == FactCode::None)
        return QJsonValue::Null;
    QJsonObject o { { u"code"_s, toString(f.code) } };
    if (!f.args.isEmpty()) {
        QJsonArray args;
        for (const FactArg &a : f.args)
            args.append(argToJson(a));
        o.insert(u"args"_s, args);
    }
    if (!f.causes.empty()) {
        QJsonArray causes;
        for (const Fact &c : f.causes)
            causes.append(factToJson(c));
        o.insert(u"causes"_s, causes);
    }
    return o;
}

Fact factFromJson(const QJsonValue &v)
{
    Fact f;
    const QJsonObject o = v.toObject();
    const auto code = factCodeFromString(o.value(u"code"_s).toString());
    if (!code)
        return f;
    f.code = *code;
    for (const QJsonValue &a : o.value(u"args"_s).toArray())
        f.args << argFromJson(a);
    for (const QJsonValue &c : o.value(u"causes"_s).toArray())
        f.causes.push_back(factFromJson(c));
    return f;
}

namespace {

// items as a JSON array, each written by appendOne.
template<typename Items, typename AppendOne>
void appendArray(QByteArray &out, const Items &items, AppendOne appendOne)
{
    Util::appendByte(out, '[');
    bool first = true;
    for (const auto &item : items) {
        if (!first)
            Util::appendByte(out, ',');
        first = false;
        appendOne(item);
    }
    Util::appendByte(out, ']');
}

// factToJson(f) as QJsonDocument::toJson(Compact) writes it (keys in order, numbers as doubles),
// without building the document: the receipt writer encodes several facts per receipt.
void appendFact(QByteArray &out, const Fact &f)
{
    if (f.code == FactCode::None) {
        Util::appendAll(out, "null");
        return;
    }
    Util::appendByte(out, '{');
    if (!f.args.isEmpty()) {
        Util::appendAll(out, "\"args\":");
        appendArray(out, f.args, [&out](const FactArg &a) {
            if (const auto *n = std::get_if<qint64>(&a)) {
                // An integral double: QJsonDocument writes it in 'f' form, shortest digits.
                constexpr qint64 kExact = qint64(1) << 53; // a double holds every integer below
                if (*n > -kExact && *n < kExact)
                    Util::appendAll(out, Util::Decimal(*n));
                else
                    out += QByteArray::number(double(*n), 'f', QLocale::FloatingPointShortest);
            } else if (const auto *s = std::get_if<QString>(&a)) {
                Util::appendJsonString(out, *s);
            } else {
                appendArray(out, std::get<QStringList>(a),
                            [&out](const QString &name) { Util::appendJsonString(out, name); });
            }
        });
        Util::appendByte(out, ',');
    }
    if (!f.causes.empty()) {
        Util::appendAll(out, "\"causes\":");
        appendArray(out, f.causes, [&out](const Fact &cause) { appendFact(out, cause); });
        Util::appendByte(out, ',');
    }
    Util::appendAll(out, "\"code\":");
    Util::appendJsonString(out, toString(f.code));
    Util::appendByte(out, '}');
}

} // namespace

void appendFactJson(QByteArray &out, const Fact &f)
{
    appendFact(out, f);
}

QString encodeFact(const Fact &f)
{
    if (f.code == FactCode::None)
        return {};
    QByteArray out;
    appendFact(out, f);
    return QString::fromUtf8(out);
}

Fact decodeFact(const QString &stored)
{
    if (!stored.startsWith(u'{'))
        return {};
    return factFromJson(QJsonDocument::fromJson(stored.toUtf8()).object());
}

} // namespace Domain
