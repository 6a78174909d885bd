#pragma once

#include "bounds.h"
#include "enums.h"

#include <QDateTime>
#include <QList>
#include <QString>
#include <QStringList>

namespace Domain {

// A company or service that serves models, with its data-policy facts as its listing states them.
struct Provider
{
    QString id; // "openai", "azure", "anthropic", "simulator", …
    QString displayName;
    bool zeroDataRetention = false;
    bool noTraining = false;
    QString
        policySource; // where the facts came from ("provider listing 2026-11-01", "set by hand")
    // Empty: the two facts are set by hand. Else an http(s) URL, a file path, a file:// URL or a
    // qrc: resource (demo, tests) whose listing states them (docs/listings.md).
    QString listingSource;

    // Runtime only, set on the gateway's snapshot by the listing refresher; never exported and
    // not part of the configuration (operator== ignores them). Invalid: no listing fetched.
    QDateTime listingFetchedAt;
    QString listingError; // the last refresh's failure, empty when it succeeded
    quint64 listingRefreshFailures = 0; // failed refreshes since the process started
    bool listingStale = false; // fetched, but longer ago than the workspace's maximum age

    bool operator==(const Provider &o) const
    {
        return id == o.id && displayName == o.displayName
            && zeroDataRetention == o.zeroDataRetention && noTraining == o.noTraining
            && policySource == o.policySource && listingSource == o.listingSource;
    }
};

// Where a connection's secret lives (SPEC R-SEC-3). The secret itself is never exported or shown.
struct Credential
{
    enum class Kind { None, EnvironmentVariable, File, Stored };
    Kind kind = Kind::None;
    QString reference; // variable name or file path; empty for None/Stored
    QString secret; // only for Stored: kept in the database, never exported, never logged

    bool operator==(const Credential &) const = default;
};

QString toString(Credential::Kind v);
std::optional<Credential::Kind> credentialKindFromString(const QString &s);

// Failure kinds the built-in simulator can inject (the fault lab).
enum class SimulatedFailure {
    RateLimited, // 429 with Retry-After
    ServerError, // 500
    Unavailable, // 503
    Overloaded, // 529
    TimeoutBeforeStatus,
    DropBeforeAnswer,
    StreamCut, // stream ends after cutAfterEvents events
    Stall, // stream stops sending and stays open
    UndecodableBody,
    ContentRefusal,
    ConnectionRefused, // the connection is refused at once (FailurePhase::ConnectRefused)
};

QString toString(SimulatedFailure v);
std::optional<SimulatedFailure> simulatedFailureFromString(const QString &s);

// Which API the built-in simulator answers in: Both answers each call in its own API's shape;
// OpenAi and Anthropic answer only that API's calls, like a connection of that kind.
enum class SimulatorApi { Both, OpenAi, Anthropic };

QString toString(SimulatorApi v);
std::optional<SimulatorApi> simulatorApiFromString(const QString &s);

struct SimulatorSettings
{
    int latencyMs = 150; // before the status line
    int tokensPerSecond = 60; // stream pacing
    double failureRate = 0.0; // chance that a call fails with one of failureKinds
    QList<SimulatedFailure> failureKinds; // chosen uniformly when a call fails
    int retryAfterSeconds = 1; // for RateLimited
    int cutAfterEvents = 3; // for StreamCut
    SimulatorApi api = SimulatorApi::Both;
    // Chance that an answer a caller's code would parse comes back unusable: a tool call written
    // as text, JSON that ignores the requested schema (what reliability probes catch).
    double malformedRate = 0.0;

    // The limits of each setting: the validator and the studio's editor both read these.
    static constexpr Bounds<int> kLatencyMs { 0, 600000 };
    static constexpr Bounds<int> kTokensPerSecond { 1, 100000 };
    static constexpr Bounds<double> kFailureRate { 0.0, 1.0 };
    static constexpr Bounds<int> kRetryAfterSeconds { 0, 3600 };
    static constexpr Bounds<int> kCutAfterEvents { 0, 100000 };

    bool operator==(const SimulatorSettings &) const = default;
};

// An account/endpoint at a provider.
struct Connection
{
    QString name; // "openai-2", "azure-eu"
    QString provider; // Provider::id
    Dialect kind = Dialect::OpenAi;
    QString baseUrl; // e.g. https://api.openai.com/v1 ; unused for the simulator
    QString apiVersion; // azure-openai only
    Credential credential;
    QString region; // serving region, optional
    bool enabled = true;
    bool aggregator = false; // receives directives as OpenRouter-style request fields (R-DIR-5)
    SimulatorSettings simulator; // only for Dialect::Simulator
    QString caFile; // PEM file of CAs trusted for https besides the system ones (self-hosted)
    // Calls cost money: scheduled probes leave it alone (a file without the field: every kind but
    // the simulator is metered).
    bool metered = true;

    bool operator==(const Connection &) const = default;
};

// The dialect a call to this connection is answered in: a simulator that speaks only one API
// counts as a connection of that API (translation decides by it); otherwise the connection's kind.
Dialect effectiveDialect(const Connection &c);

} // namespace Domain
