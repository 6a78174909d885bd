#pragma once

#include <QHash>
#include <QList>
#include <QString>
#include <QVariant>
#include <domain/spendlimits.h>
#include <routing/spendbook.h>

namespace Ui::Keys {

// The spend the running gateway last reported, by scope and id (R-BILL-3). Unknown (the default)
// while the gateway is stopped or has not reported: the tables then show "—", not zero.
class SpendFigures
{
public:
    SpendFigures() = default;
    explicit SpendFigures(const QList<Routing::ScopeSpend> &spend);

    bool isKnown() const { return m_known; }
    // A scope the gateway has not charged since it started has spent nothing.
    Routing::ScopeSpend of(Domain::SpendScope scope, const QString &id) const;

private:
    bool m_known = false;
    QHash<QString, Routing::ScopeSpend> m_keys;
    QHash<QString, Routing::ScopeSpend> m_projects;
};

// The spend columns the keys and the projects tables share.
enum class SpendColumn { Budget, Spent, Remaining, Holds, RateLimits };

// A cell of `column` for one key or project: its limits as edited, its spend as reported. Display,
// tooltip and foreground (a budget used up reads in the error colour).
QVariant spendData(SpendColumn column, int role, const Domain::SpendLimits &limits,
                   const SpendFigures &figures, Domain::SpendScope scope, const QString &id);
QString spendHeader(SpendColumn column);
QString spendHeaderToolTip(SpendColumn column);

} // namespace Ui::Keys
