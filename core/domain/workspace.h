#pragma once

#include "alias.h"
#include "connection.h"
#include "directives.h"
#include "model.h"
#include "project.h"

#include <QList>
#include <QString>
#include <memory>

namespace Domain {

// Everything one studio manages, as one immutable-once-published value. The gateway routes on a
// std::shared_ptr<const Workspace> snapshot; the studio edits a copy.
struct Workspace
{
    QString name = QStringLiteral("Workspace");
    Directives directives; // workspace (team) level
    RecoverySettings recoveryDefaults; // what a model's Default recovery means (R-REC-9)
    // An answer's last bytes wait until its receipt is committed (R-RCPT-1).
    bool strictReceipts = false;
    // Provider listings (docs/listings.md): how often each source is fetched, and the age after
    // which a listing counts as neither zero data retention nor no-training (SPEC §2 step 9).
    int listingRefreshMinutes = 60;
    int listingMaxAgeHours = 48;
    static constexpr Bounds<int> kListingRefreshMinutes { 5, 10080 };
    static constexpr Bounds<int> kListingMaxAgeHours { 1, 8760 };
    // Reliability probes (docs/probes.md, R-REL-*): how often each certified offering on a
    // connection that is not metered is probed (0: never on a schedule), and the window of results
    // that count.
    int probeIntervalHours = 6;
    int probeWindowHours = 72;
    static constexpr Bounds<int> kProbeIntervalHours { 0, 720 };
    static constexpr Bounds<int> kProbeWindowHours { 1, 2160 };
    // Budgets (R-BILL-3): a key's or project's spend crossing this share of a budget is announced
    // (status bar, /metrics); 0: never.
    int budgetAlertPercent = 80;
    static constexpr Bounds<int> kBudgetAlertPercent { 0, 100 };
    // Mixed-model sessions (docs/sessions.md): how long a suggestion waits to be accepted by a
    // later call of its session, and the classifier's rules, in order.
    int sessionWindowMinutes = 30;
    static constexpr Bounds<int> kSessionWindowMinutes { 1, 1440 };
    QList<ClassifierRule> classifierRules = defaultClassifierRules();
    QList<Provider> providers;
    QList<Connection> connections;
    QList<Model> models;
    QList<Alias> aliases;
    QList<Project> projects;
    QList<Key> keys;

    // The session setting that applies to a key: its own, else (mode Off) its project's.
    SessionSettings sessions(const Key &key) const;

    const Provider *provider(const QString &id) const;
    const Connection *connection(const QString &name) const;
    const Model *model(const QString &name) const;
    Model *model(const QString &name);
    const Alias *alias(const QString &name) const;
    const Project *project(const QString &id) const;
    const Key *keyById(const QString &id) const;
    const Key *keyByHash(const QString &sha256Hex) const;

    // The serving region of one offering, in a pool as in a Direct plan: the model's override,
    // else its own connection's; empty when none is known (R-REG-*, R-DET).
    QString servingRegion(const Model &m, const Offering &o) const;
    // Those of all its offerings, each once, in their order.
    QStringList servingRegions(const Model &m) const;

    // The recovery settings that apply to a model: its Override, else the workspace's defaults.
    RecoverySettings recovery(const Model &m) const
    {
        return m.recovery.effective(recoveryDefaults);
    }

    // Names of the pool models that list `model` as a deployment, and aliases that target it.
    QStringList poolsUsing(const QString &model) const;
    QStringList aliasesTargeting(const QString &model) const;

    bool operator==(const Workspace &) const = default;
};

using WorkspaceSnapshot = std::shared_ptr<const Workspace>;

} // namespace Domain
