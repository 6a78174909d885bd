#pragma once

#include "domain/enums.h"
#include "domain/spendlimits.h"
#include "simulator/injectedfault.h"
#include "store/receiptbacklog.h"

#include <QDate>
#include <QHostAddress>
#include <QList>
#include <QMetaType>
#include <QString>

namespace Gateway {

// How a gateway listens and times out callers. The defaults are the SPEC's. Upstream timeouts are
// recovery settings of the workspace and its models (R-REC-9), not options.
struct GatewayOptions
{
    QHostAddress address = QHostAddress::LocalHost; // R-SEC-1: loopback unless chosen otherwise
    quint16 port = 8640; // 0: any free port (tests)
    QString databasePath; // informational (shown by the headless app)
    qint64 maxBodyBytes = 16 * 1024 * 1024; // 413 above (R-SEC-2)
    qint64 maxHeaderBytes = 64 * 1024; // 431 above
    int idleTimeoutMs = 60000; // idle kept-alive caller connections closed
    int requestTimeoutMs = 30000; // a started request must arrive within
    int shutdownGraceMs = 10000; // stop(): in-flight calls may finish within
    // Caller connections open at once; a request on one beyond it is answered 503 + Retry-After
    // and the connection closed. Lowered at start to what the open-file limit allows.
    int maxConnections = 10000;
    // Bad caller keys per peer address (AuthThrottle): a burst, then this many per second; beyond,
    // a bad key is answered 429 + Retry-After at once. Good keys are never counted nor refused.
    int badKeyBurst = 10;
    double badKeysPerSecond = 2.0;
    // Strict receipts (also a workspace setting): an answer's last bytes go out only once its
    // receipt is committed (R-RCPT-1).
    bool strictReceipts = false;
    quint64 routingSeed = 0; // 0: seeded from the system
    quint32 simulatorSeed = 0; // 0: seeded from the system
    QDate today; // invalid: the real UTC date (tests inject)
    // What the store has settled this UTC day and month, holds of a stopped run included
    // (Store::SpendStore): the budgets start from it (R-BILL-3).
    QList<Domain::SettledSpend> settledSpend;
    // The kind stamped on every call's receipt: the fault lab's private gateway says Rehearsal.
    Domain::CallKind callKind = Domain::CallKind::Call;
    // Failures the simulator injects before its random ones (the fault lab).
    QList<InjectedFault> injectedFaults;
    // The gateway instance's name (Runtime::setInstance), a /metrics label; empty: none shown.
    QString instance;
    // Several gateways on one database: budgets are bounded by this instance's leases, given by
    // GatewayService::setBudgetLeases (Runtime::SharedLimits); until the first, a call of a key
    // or project with a budget is refused as budget_unavailable.
    bool leasedBudgets = false;
};

// What a worker has counted since it started: /metrics and the studio read the same numbers.
struct CallTotals
{
    qint64 calls = 0;
    qint64 attempts = 0; // upstream attempts of those calls
    qint64 errors = 0; // calls that failed

    bool operator==(const CallTotals &) const = default;
};

// Live figures for the studio, at most ~10 per second.
struct LiveStats
{
    bool running = false;
    QString address; // "127.0.0.1:8640"
    double callsPerSecond = 0;
    int inFlight = 0;
    int coolingDown = 0;
    int connections = 0;
    CallTotals totals;
    Store::ReceiptBacklog receipts; // waiting, dropped, failing (full disk)

    bool operator==(const LiveStats &) const = default;
};

// One candidate cooling down or drained (R-UI-11).
struct HealthEntry
{
    QString key; // "<connection>/<upstream model>" (Routing::Candidate::key())
    QString model; // the model that offers it, when known
    QString connection;
    qint64 cooldownRemainingMs = 0;
    bool drained = false;
    QString lastError; // error class wire name, "credential rejected" for upstream auth failures
    // Cooled or drained by another gateway on the same database (Routing::CooldownEntry::shared).
    bool shared = false;

    bool operator==(const HealthEntry &) const = default;
};

// What another gateway on the same database did to a candidate, for this gateway's cooldown book
// (GatewayService::applySharedHealth).
struct SharedHealth
{
    QString key; // Routing::Candidate::key()
    bool reenable = false; // re-enabled by hand: its drain and cooldown end first
    bool drained = false; // drained by hand
    qint64 cooldownRemainingMs = 0; // a cooldown that much longer from now; 0: none
    QString errorClass; // the cooldown's error class (Domain::toString), empty for none

    bool operator==(const SharedHealth &) const = default;
};

} // namespace Gateway

Q_DECLARE_METATYPE(Gateway::GatewayOptions)
Q_DECLARE_METATYPE(Gateway::LiveStats)
Q_DECLARE_METATYPE(Gateway::HealthEntry)
