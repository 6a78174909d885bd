#include "rules.h"
#include "validatorparts.h"

#include <QFileInfo>
#include <QRegularExpression>
#include <QSet>
#include <QUrl>
#include <domain/listing.h>

using namespace Qt::StringLiterals;

namespace Config::Detail {
namespace {

bool isPlainName(const QString &name)
{
    static const QRegularExpression re(u"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$"_s);
    return re.match(name).hasMatch();
}

bool isHttpUrl(const QString &text)
{
    const QUrl url(text, QUrl::StrictMode);
    return url.isValid() && (url.scheme() == u"http"_s || url.scheme() == u"https"_s)
        && !url.host().isEmpty();
}

void checkCredential(Checker &c, const Domain::Connection &conn, const QString &base)
{
    using Kind = Domain::Credential::Kind;
    const QString path = field(base, u"credential.reference"_s);
    if (conn.credential.kind == Kind::EnvironmentVariable && conn.credential.reference.isEmpty())
        c.error(path, ProblemCode::CredentialEnvUnnamed, { conn.name });
    else if (conn.credential.kind == Kind::File && conn.credential.reference.isEmpty())
        c.error(path, ProblemCode::CredentialFileUnnamed, { conn.name });
}

void checkSimulator(Checker &c, const Domain::Connection &conn, const QString &base)
{
    using Limits = Domain::SimulatorSettings;
    const Domain::SimulatorSettings &s = conn.simulator;
    const QString path = field(base, u"simulator"_s);
    if (!Limits::kFailureRate.contains(s.failureRate)) {
        c.error(field(path, u"failureRate"_s), ProblemCode::FailureRateOutOfRange,
                { conn.name, QString::number(s.failureRate),
                  QString::number(Limits::kFailureRate.lowest),
                  QString::number(Limits::kFailureRate.highest) });
    } else if (s.failureRate > 0.0 && s.failureKinds.isEmpty()) {
        c.warning(field(path, u"failureKinds"_s), ProblemCode::NoFailureKinds, { conn.name });
    }
    if (!Limits::kFailureRate.contains(s.malformedRate)) {
        c.error(field(path, u"malformedRate"_s), ProblemCode::FailureRateOutOfRange,
                { conn.name, QString::number(s.malformedRate),
                  QString::number(Limits::kFailureRate.lowest),
                  QString::number(Limits::kFailureRate.highest) });
    }
    const auto range = [&](const QString &key, int value, Domain::Bounds<int> limits) {
        c.range(field(path, key), ProblemCode::SimulatorOutOfRange, { key, conn.name }, value,
                limits.lowest, limits.highest);
    };
    range(u"latencyMs"_s, s.latencyMs, Limits::kLatencyMs);
    range(u"tokensPerSecond"_s, s.tokensPerSecond, Limits::kTokensPerSecond);
    range(u"retryAfterSeconds"_s, s.retryAfterSeconds, Limits::kRetryAfterSeconds);
    range(u"cutAfterEvents"_s, s.cutAfterEvents, Limits::kCutAfterEvents);
}

void checkConnection(Checker &c, const Domain::Connection &conn, const QString &base)
{
    if (!conn.name.isEmpty() && !isPlainName(conn.name)) {
        c.error(field(base, u"name"_s), ProblemCode::ConnectionNameForm, { conn.name });
    }
    if (!c.ws().provider(conn.provider)) {
        c.error(field(base, u"provider"_s), ProblemCode::ProviderMissing,
                { conn.name, conn.provider });
    }
    if (conn.kind == Domain::Dialect::AzureOpenAi && conn.apiVersion.isEmpty())
        c.error(field(base, u"apiVersion"_s), ProblemCode::AzureNeedsApiVersion, { conn.name });
    if (conn.kind == Domain::Dialect::Simulator) {
        checkSimulator(c, conn, base);
    } else if (!isHttpUrl(conn.baseUrl)) {
        c.error(field(base, u"baseUrl"_s), ProblemCode::BaseUrlNotHttp,
                { conn.name, conn.baseUrl });
    }
    // A warning, not an error: the file may exist only where the gateway runs.
    if (!conn.caFile.isEmpty() && !QFileInfo(conn.caFile).isReadable()) {
        c.warning(field(base, u"caFile"_s), ProblemCode::CaFileUnreadable,
                  { conn.name, conn.caFile });
    }
    if (!conn.region.isEmpty())
        c.region(field(base, u"region"_s), u"region"_s, conn.name, conn.region);
    checkCredential(c, conn, base);
}

// Follows replacements through aliases; a chain that comes back to `start` is a cycle.
QStringList replacementCycle(const Domain::Workspace &ws, const Domain::Alias &start)
{
    QStringList chain { start.name };
    const Domain::Alias *a = &start;
    while (!a->replacement.isEmpty()) {
        chain << a->replacement;
        if (a->replacement == start.name)
            return chain;
        if (chain.count(a->replacement) > 1)
            return {}; // a cycle that does not pass through start: reported at its own aliases
        a = ws.alias(a->replacement);
        if (!a)
            return {};
    }
    return {};
}

void checkAliasTarget(Checker &c, const Domain::Alias &a, const QString &base)
{
    const QString path = field(base, u"target"_s);
    if (c.ws().alias(a.target))
        c.error(path, ProblemCode::AliasTargetsAlias, { a.name, a.target });
    else if (!c.ws().model(a.target))
        c.error(path, ProblemCode::AliasTargetMissing, { a.name, a.target });
}

void checkAliasDeprecation(Checker &c, const Domain::Alias &a, const QString &base)
{
    const QString path = field(base, u"replacement"_s);
    if (a.isDeprecated() && a.replacement.isEmpty()) {
        c.error(path, ProblemCode::DeprecatedNoReplacement,
                { a.name, a.deprecationDate.toString(Qt::ISODate) });
    }
    if (a.replacement.isEmpty())
        return;
    if (!c.ws().model(a.replacement) && !c.ws().alias(a.replacement)) {
        c.error(path, ProblemCode::ReplacementMissing, { a.replacement, a.name });
        return;
    }
    const QStringList cycle = replacementCycle(c.ws(), a);
    if (!cycle.isEmpty())
        c.error(path, ProblemCode::ReplacementCycle, { a.name, cycle });
}

void checkAlias(Checker &c, const Domain::Alias &a, const QString &base)
{
    if (c.ws().model(a.name))
        c.error(field(base, u"name"_s), ProblemCode::AliasIsAModel, { a.name });
    else if (!a.name.isEmpty() && (a.name.contains(u',') || a.name.contains(u' ')))
        c.error(field(base, u"name"_s), ProblemCode::AliasNameForm, { a.name });
    checkAliasTarget(c, a, base);
    checkAliasDeprecation(c, a, base);
    for (qsizetype j = 0; j < a.fallbackModels.size(); ++j) {
        if (!c.ws().model(a.fallbackModels[j])) {
            c.error(indexed(field(base, u"fallbackModels"_s), j), ProblemCode::AliasFallbackMissing,
                    { a.fallbackModels[j], a.name });
        }
    }
}

bool vendorHasModels(const Domain::Workspace &ws, const QString &vendor)
{
    for (const Domain::Model &m : ws.models) {
        if (m.name.startsWith(vendor + u'/'))
            return true;
    }
    return false;
}

// The arguments of a directive's problem: whose directives, then what is wrong.
QList<ProblemArg> of(const DirectiveOwner &who, const ProblemArg &arg)
{
    return { who.level, who.name, arg };
}

void checkAllowedModels(Checker &c, const QStringList &names, const QString &path,
                        const DirectiveOwner &who)
{
    for (qsizetype j = 0; j < names.size(); ++j) {
        const QString &n = names[j];
        const QString at = indexed(path, j);
        if (isVendorPattern(n)) {
            if (!vendorHasModels(c.ws(), n.chopped(2)))
                c.warning(at, ProblemCode::AllowedVendorNoModels, of(who, n));
        } else if (!c.ws().model(n)) {
            c.error(at, ProblemCode::AllowedModelMissing, of(who, n));
        }
    }
}

void checkProviderList(Checker &c, const QStringList &ids, const QString &path, ProblemCode code,
                       const DirectiveOwner &who)
{
    for (qsizetype j = 0; j < ids.size(); ++j) {
        if (!c.ws().provider(ids[j]))
            c.error(indexed(path, j), code, of(who, ids[j]));
    }
}

} // namespace

void checkProviders(Checker &c)
{
    const Domain::Workspace &ws = c.ws();
    checkUnique(c, ws.providers, &Domain::Provider::id, u"providers"_s, u"id"_s, u"provider"_s);
    for (qsizetype i = 0; i < ws.providers.size(); ++i) {
        const Domain::Provider &p = ws.providers[i];
        if (Domain::classifyListingSource(p.listingSource).kind
            == Domain::ListingSourceKind::Invalid)
            c.error(field(indexed(u"providers"_s, i), u"listingSource"_s),
                    ProblemCode::ListingSourceForm, { p.id, p.listingSource });
    }
    c.range(u"listingRefreshMinutes"_s, ProblemCode::ListingOutOfRange,
            { u"listingRefreshMinutes"_s }, ws.listingRefreshMinutes,
            Domain::Workspace::kListingRefreshMinutes.lowest,
            Domain::Workspace::kListingRefreshMinutes.highest);
    c.range(u"listingMaxAgeHours"_s, ProblemCode::ListingOutOfRange, { u"listingMaxAgeHours"_s },
            ws.listingMaxAgeHours, Domain::Workspace::kListingMaxAgeHours.lowest,
            Domain::Workspace::kListingMaxAgeHours.highest);
    c.range(u"probeIntervalHours"_s, ProblemCode::ProbeOutOfRange, { u"probeIntervalHours"_s },
            ws.probeIntervalHours, Domain::Workspace::kProbeIntervalHours.lowest,
            Domain::Workspace::kProbeIntervalHours.highest);
    c.range(u"probeWindowHours"_s, ProblemCode::ProbeOutOfRange, { u"probeWindowHours"_s },
            ws.probeWindowHours, Domain::Workspace::kProbeWindowHours.lowest,
            Domain::Workspace::kProbeWindowHours.highest);
    c.range(u"budgetAlertPercent"_s, ProblemCode::BudgetAlertOutOfRange, {}, ws.budgetAlertPercent,
            Domain::Workspace::kBudgetAlertPercent.lowest,
            Domain::Workspace::kBudgetAlertPercent.highest);
}

void checkConnections(Checker &c)
{
    checkUnique(c, c.ws().connections, &Domain::Connection::name, u"connections"_s, u"name"_s,
                u"connection"_s);
    for (qsizetype i = 0; i < c.ws().connections.size(); ++i)
        checkConnection(c, c.ws().connections[i], indexed(u"connections"_s, i));
}

void checkAliases(Checker &c)
{
    checkUnique(c, c.ws().aliases, &Domain::Alias::name, u"aliases"_s, u"name"_s, u"alias"_s);
    for (qsizetype i = 0; i < c.ws().aliases.size(); ++i)
        checkAlias(c, c.ws().aliases[i], indexed(u"aliases"_s, i));
}

void checkDirectives(Checker &c, const Domain::Directives &d, const QString &path,
                     const DirectiveOwner &who)
{
    if (d.allowedModels)
        checkAllowedModels(c, *d.allowedModels, field(path, u"allowedModels"_s), who);
    if (d.allowedProviders) {
        checkProviderList(c, *d.allowedProviders, field(path, u"allowedProviders"_s),
                          ProblemCode::AllowedProviderMissing, who);
    }
    checkProviderList(c, d.deniedProviders, field(path, u"deniedProviders"_s),
                      ProblemCode::DeniedProviderMissing, who);
    if (d.maxApplicationAttempts) {
        c.range(field(path, u"maxApplicationAttempts"_s), ProblemCode::MaxAttemptsOutOfRange,
                { who.level, who.name }, *d.maxApplicationAttempts, kMinApplicationAttempts,
                kMaxApplicationAttempts);
    }
    if (!d.fallbackModels)
        return;
    for (qsizetype j = 0; j < d.fallbackModels->size(); ++j) {
        const QString &m = d.fallbackModels->at(j);
        if (!c.ws().model(m)) {
            c.error(indexed(field(path, u"fallbackModels"_s), j), ProblemCode::FallbackModelMissing,
                    of(who, m));
        }
    }
}

// R-BILL-3, R-BILL-4: each set limit within its bounds (a budget of 0 refuses every call).
void checkLimits(Checker &c, const Domain::SpendLimits &l, const QString &path,
                 const QString &level, const QString &name)
{
    // Decimals without an exponent: a budget's bound is 1000000000, not 1e+09.
    const auto plain = [](auto v) {
        return QString::number(double(v), 'f', 15).remove(QRegularExpression(u"\\.?0+$"_s));
    };
    using L = Domain::SpendLimits;
    const auto check = [&](const QString &key, auto value, auto bounds) {
        if (!value || bounds.contains(*value))
            return;
        c.error(field(field(path, u"limits"_s), key), ProblemCode::LimitOutOfRange,
                { level, name, key, plain(*value), plain(bounds.lowest), plain(bounds.highest) });
    };
    check(u"dailyUsd"_s, l.dailyUsd, L::kBudgetUsd);
    check(u"monthlyUsd"_s, l.monthlyUsd, L::kBudgetUsd);
    check(u"requestsPerMinute"_s, l.requestsPerMinute, L::kRequestsPerMinute);
    check(u"tokensPerMinute"_s, l.tokensPerMinute, L::kTokensPerMinute);
}

void checkProjectsAndKeys(Checker &c)
{
    const Domain::Workspace &ws = c.ws();
    checkUnique(c, ws.projects, &Domain::Project::id, u"projects"_s, u"id"_s, u"project"_s);
    const QString project = Domain::toString(Domain::DirectiveLevel::Project);
    for (qsizetype i = 0; i < ws.projects.size(); ++i) {
        checkDirectives(c, ws.projects[i].directives,
                        field(indexed(u"projects"_s, i), u"directives"_s),
                        { project, ws.projects[i].id });
        checkLimits(c, ws.projects[i].limits, indexed(u"projects"_s, i), project,
                    ws.projects[i].id);
    }
    checkUnique(c, ws.keys, &Domain::Key::id, u"keys"_s, u"id"_s, u"key"_s);
    static const QRegularExpression hex(u"^[0-9a-f]{64}$"_s);
    for (qsizetype i = 0; i < ws.keys.size(); ++i) {
        const Domain::Key &k = ws.keys[i];
        const QString base = indexed(u"keys"_s, i);
        if (!ws.project(k.project))
            c.error(field(base, u"project"_s), ProblemCode::KeyProjectMissing,
                    { k.name, k.project });
        if (!hex.match(k.sha256Hex).hasMatch())
            c.error(field(base, u"sha256Hex"_s), ProblemCode::KeyHashForm, { k.name });
        checkDirectives(c, k.directives, field(base, u"directives"_s),
                        { Domain::toString(Domain::DirectiveLevel::Key), k.name });
        checkLimits(c, k.limits, base, Domain::toString(Domain::DirectiveLevel::Key), k.name);
    }
}

} // namespace Config::Detail
