#include "rules.h"
#include "tr.h"
#include "validatorparts.h"

#include <QFileInfo>
#include <QRegularExpression>
#include <QSet>
#include <QUrl>

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
    if (conn.credential.kind == Kind::EnvironmentVariable && conn.credential.reference.isEmpty()) {
        c.error(path,
                Tr::tr("Connection %1 reads its credential from an environment variable but names "
                       "none.")
                    .arg(conn.name));
    } else if (conn.credential.kind == Kind::File && conn.credential.reference.isEmpty()) {
        c.error(path,
                Tr::tr("Connection %1 reads its credential from a file but names none.")
                    .arg(conn.name));
    }
}

void checkSimulator(Checker &c, const Domain::Connection &conn, const QString &base)
{
    using Limits = Domain::SimulatorSettings;
    const Domain::SimulatorSettings &s = conn.simulator;
    const QString path = field(base, u"simulator"_s);
    if (!Limits::kFailureRate.contains(s.failureRate)) {
        c.error(field(path, u"failureRate"_s),
                Tr::tr("Failure rate of connection %1 must be between 0 and 1 (is %2).")
                    .arg(conn.name, QString::number(s.failureRate)));
    } else if (s.failureRate > 0.0 && s.failureKinds.isEmpty()) {
        c.warning(
            field(path, u"failureKinds"_s),
            Tr::tr("Connection %1 has a failure rate but no failure kinds, so it never fails.")
                .arg(conn.name));
    }
    c.range(field(path, u"latencyMs"_s), Tr::tr("Latency of connection %1").arg(conn.name),
            s.latencyMs, Limits::kLatencyMs.lowest, Limits::kLatencyMs.highest, Tr::tr(" ms"));
    c.range(field(path, u"tokensPerSecond"_s),
            Tr::tr("Tokens per second of connection %1").arg(conn.name), s.tokensPerSecond,
            Limits::kTokensPerSecond.lowest, Limits::kTokensPerSecond.highest);
    c.range(field(path, u"retryAfterSeconds"_s),
            Tr::tr("Retry-After of connection %1").arg(conn.name), s.retryAfterSeconds,
            Limits::kRetryAfterSeconds.lowest, Limits::kRetryAfterSeconds.highest, Tr::tr(" s"));
    c.range(field(path, u"cutAfterEvents"_s), Tr::tr("Stream cut of connection %1").arg(conn.name),
            s.cutAfterEvents, Limits::kCutAfterEvents.lowest, Limits::kCutAfterEvents.highest,
            Tr::tr(" events"));
}

void checkConnection(Checker &c, const Domain::Connection &conn, const QString &base)
{
    if (!conn.name.isEmpty() && !isPlainName(conn.name)) {
        c.error(field(base, u"name"_s),
                Tr::tr("Connection name \"%1\" must be 1 to 64 letters, digits, '.', '-' or '_'.")
                    .arg(conn.name));
    }
    if (!c.ws().provider(conn.provider)) {
        c.error(field(base, u"provider"_s),
                Tr::tr("Connection %1 names provider \"%2\", which does not exist.")
                    .arg(conn.name, conn.provider));
    }
    if (conn.kind == Domain::Dialect::AzureOpenAi && conn.apiVersion.isEmpty()) {
        c.error(field(base, u"apiVersion"_s),
                Tr::tr("Connection %1 is an Azure OpenAI connection and needs an API version.")
                    .arg(conn.name));
    }
    if (conn.kind == Domain::Dialect::Simulator) {
        checkSimulator(c, conn, base);
    } else if (!isHttpUrl(conn.baseUrl)) {
        c.error(field(base, u"baseUrl"_s),
                Tr::tr("Base URL of connection %1 must be an http or https URL (is \"%2\").")
                    .arg(conn.name, conn.baseUrl));
    }
    // A warning, not an error: the file may exist only where the gateway runs.
    if (!conn.caFile.isEmpty() && !QFileInfo(conn.caFile).isReadable()) {
        c.warning(field(base, u"caFile"_s),
                  Tr::tr("The CA file of connection %1 cannot be read (%2); its calls will fail.")
                      .arg(conn.name, conn.caFile));
    }
    if (!conn.region.isEmpty())
        c.region(field(base, u"region"_s), Tr::tr("Region of connection %1").arg(conn.name),
                 conn.region);
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
    if (c.ws().alias(a.target)) {
        c.error(
            path,
            Tr::tr("Alias %1 targets alias %2; an alias must name a model.").arg(a.name, a.target));
    } else if (!c.ws().model(a.target)) {
        c.error(path,
                Tr::tr("Alias %1 targets %2, which is not a model of this workspace.")
                    .arg(a.name, a.target.isEmpty() ? u"nothing"_s : a.target));
    }
}

void checkAliasDeprecation(Checker &c, const Domain::Alias &a, const QString &base)
{
    const QString path = field(base, u"replacement"_s);
    if (a.isDeprecated() && a.replacement.isEmpty()) {
        c.error(path,
                Tr::tr("Alias %1 is deprecated on %2 but names no replacement.")
                    .arg(a.name, a.deprecationDate.toString(Qt::ISODate)));
    }
    if (a.replacement.isEmpty())
        return;
    if (!c.ws().model(a.replacement) && !c.ws().alias(a.replacement)) {
        c.error(path,
                Tr::tr("Replacement %1 of alias %2 is neither a model nor an alias.")
                    .arg(a.replacement, a.name));
        return;
    }
    const QStringList cycle = replacementCycle(c.ws(), a);
    if (!cycle.isEmpty()) {
        c.error(
            path,
            Tr::tr("Replacements of alias %1 form a cycle: %2.").arg(a.name, cycle.join(u" → "_s)));
    }
}

void checkAlias(Checker &c, const Domain::Alias &a, const QString &base)
{
    if (c.ws().model(a.name)) {
        c.error(field(base, u"name"_s),
                Tr::tr("Alias %1 has the same name as a model.").arg(a.name));
    } else if (!a.name.isEmpty() && (a.name.contains(u',') || a.name.contains(u' '))) {
        c.error(field(base, u"name"_s),
                Tr::tr("Alias name \"%1\" must not contain spaces or commas.").arg(a.name));
    }
    checkAliasTarget(c, a, base);
    checkAliasDeprecation(c, a, base);
    for (qsizetype j = 0; j < a.fallbackModels.size(); ++j) {
        if (!c.ws().model(a.fallbackModels[j])) {
            c.error(indexed(field(base, u"fallbackModels"_s), j),
                    Tr::tr("Fallback model %1 of alias %2 is not a model of this workspace.")
                        .arg(a.fallbackModels[j], a.name));
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

void checkAllowedModels(Checker &c, const QStringList &names, const QString &path,
                        const QString &who)
{
    for (qsizetype j = 0; j < names.size(); ++j) {
        const QString &n = names[j];
        const QString at = indexed(path, j);
        if (isVendorPattern(n)) {
            const QString vendor = n.chopped(2);
            if (!vendorHasModels(c.ws(), vendor)) {
                c.warning(at,
                          Tr::tr("Allowed models of %1 name vendor %2, which has no models yet.")
                              .arg(who, n));
            }
        } else if (!c.ws().model(n)) {
            c.error(
                at,
                Tr::tr("Allowed model %1 of %2 is neither a model of this workspace nor a vendor "
                       "pattern such as openai/*.")
                    .arg(n, who));
        }
    }
}

void checkProviderList(Checker &c, const QStringList &ids, const QString &path, const QString &noun,
                       const QString &who)
{
    for (qsizetype j = 0; j < ids.size(); ++j) {
        if (!c.ws().provider(ids[j])) {
            c.error(indexed(path, j),
                    Tr::tr("%1 \"%2\" of %3 does not exist.").arg(noun, ids[j], who));
        }
    }
}

} // namespace

void checkProviders(Checker &c)
{
    checkUnique(c, c.ws().providers, &Domain::Provider::id, u"providers"_s, u"id"_s, u"Provider"_s);
}

void checkConnections(Checker &c)
{
    checkUnique(c, c.ws().connections, &Domain::Connection::name, u"connections"_s, u"name"_s,
                u"Connection"_s);
    for (qsizetype i = 0; i < c.ws().connections.size(); ++i)
        checkConnection(c, c.ws().connections[i], indexed(u"connections"_s, i));
}

void checkAliases(Checker &c)
{
    checkUnique(c, c.ws().aliases, &Domain::Alias::name, u"aliases"_s, u"name"_s, u"Alias"_s);
    for (qsizetype i = 0; i < c.ws().aliases.size(); ++i)
        checkAlias(c, c.ws().aliases[i], indexed(u"aliases"_s, i));
}

void checkDirectives(Checker &c, const Domain::Directives &d, const QString &path,
                     const QString &who)
{
    if (d.allowedModels)
        checkAllowedModels(c, *d.allowedModels, field(path, u"allowedModels"_s), who);
    if (d.allowedProviders) {
        checkProviderList(c, *d.allowedProviders, field(path, u"allowedProviders"_s),
                          Tr::tr("Allowed provider"), who);
    }
    checkProviderList(c, d.deniedProviders, field(path, u"deniedProviders"_s),
                      Tr::tr("Denied provider"), who);
    if (d.maxApplicationAttempts) {
        c.range(field(path, u"maxApplicationAttempts"_s),
                Tr::tr("Max application attempts of %1").arg(who), *d.maxApplicationAttempts,
                kMinApplicationAttempts, kMaxApplicationAttempts);
    }
    if (!d.fallbackModels)
        return;
    for (qsizetype j = 0; j < d.fallbackModels->size(); ++j) {
        const QString &m = d.fallbackModels->at(j);
        if (!c.ws().model(m)) {
            c.error(
                indexed(field(path, u"fallbackModels"_s), j),
                Tr::tr("Fallback model %1 of %2 is not a model of this workspace.").arg(m, who));
        }
    }
}

void checkProjectsAndKeys(Checker &c)
{
    const Domain::Workspace &ws = c.ws();
    checkUnique(c, ws.projects, &Domain::Project::id, u"projects"_s, u"id"_s, u"Project"_s);
    for (qsizetype i = 0; i < ws.projects.size(); ++i) {
        checkDirectives(c, ws.projects[i].directives,
                        field(indexed(u"projects"_s, i), u"directives"_s),
                        Tr::tr("project %1").arg(ws.projects[i].id));
    }
    checkUnique(c, ws.keys, &Domain::Key::id, u"keys"_s, u"id"_s, u"Key"_s);
    static const QRegularExpression hex(u"^[0-9a-f]{64}$"_s);
    for (qsizetype i = 0; i < ws.keys.size(); ++i) {
        const Domain::Key &k = ws.keys[i];
        const QString base = indexed(u"keys"_s, i);
        if (!ws.project(k.project)) {
            c.error(field(base, u"project"_s),
                    Tr::tr("Key %1 belongs to project \"%2\", which does not exist.")
                        .arg(k.name, k.project));
        }
        if (!hex.match(k.sha256Hex).hasMatch()) {
            c.error(field(base, u"sha256Hex"_s),
                    Tr::tr("Key %1 must carry a SHA-256 as 64 lowercase hex digits.").arg(k.name));
        }
        checkDirectives(c, k.directives, field(base, u"directives"_s),
                        Tr::tr("key %1").arg(k.name));
    }
}

} // namespace Config::Detail
