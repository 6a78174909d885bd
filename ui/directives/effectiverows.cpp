#include "effectiverows.h"

#include "common/facttext.h"
#include "common/tr.h"

#include <QStringList>

using namespace Qt::StringLiterals;

namespace Ui::Directives {
namespace {

using Domain::DirectiveLevel;

QString onOff(bool v)
{
    return v ? Tr::tr("on") : Tr::tr("off");
}

QString levelsOf(const QList<DirectiveLevel> &levels, const LevelNames &names)
{
    QStringList out;
    for (DirectiveLevel l : levels) {
        const QString n = names.name(l);
        if (!out.contains(n))
            out << n;
    }
    return out.isEmpty() ? names.name(DirectiveLevel::None) : out.join(u", "_s);
}

EffectiveRow allowedModelsRow(const Routing::EffectiveDirectives &e, const LevelNames &names)
{
    EffectiveRow row { Tr::tr("Allowed models"), Tr::tr("any model"),
                       names.name(DirectiveLevel::None), Tr::tr("no level restricts models") };
    if (e.allowedModelLists.isEmpty())
        return row;
    QStringList parts;
    QList<DirectiveLevel> levels;
    for (const auto &[level, list] : e.allowedModelLists) {
        parts << Tr::tr("%1: %2").arg(names.name(level),
                                      list.isEmpty() ? Tr::tr("none") : list.join(u", "_s));
        levels << level;
    }
    row.value = parts.join(u"; "_s);
    row.setBy = levelsOf(levels, names);
    row.rule = Tr::tr("a model must be allowed at every level");
    return row;
}

EffectiveRow allowedProvidersRow(const Domain::Workspace &ws, const Routing::EffectiveDirectives &e,
                                 const LevelNames &names)
{
    EffectiveRow row { Tr::tr("Allowed providers"), Tr::tr("any provider"),
                       names.name(DirectiveLevel::None), Tr::tr("no level restricts providers") };
    QList<DirectiveLevel> levels;
    for (const auto &entry : e.allowedProviderLists)
        levels << entry.first;
    QStringList usable;
    for (const Domain::Provider &p : ws.providers) {
        if (e.providerAllowed(p.id))
            usable << p.id;
    }
    if (levels.isEmpty() && e.deniedProviders.isEmpty())
        return row;
    row.value = usable.isEmpty() ? Tr::tr("none") : usable.join(u", "_s);
    if (!levels.isEmpty()) {
        row.setBy = levelsOf(levels, names);
        row.rule = Tr::tr("only providers on every level's list; denied beats allowed");
    } else {
        row.rule = Tr::tr("every provider except the denied ones");
    }
    return row;
}

EffectiveRow deniedProvidersRow(const Routing::EffectiveDirectives &e, const LevelNames &names)
{
    EffectiveRow row { Tr::tr("Denied providers"), Tr::tr("none"), names.name(DirectiveLevel::None),
                       Tr::tr("no level denies a provider") };
    if (e.deniedProviders.isEmpty())
        return row;
    QStringList parts;
    QList<DirectiveLevel> levels;
    for (const auto &[level, provider] : e.deniedProviders) {
        parts << Tr::tr("%1 (%2)").arg(provider, names.name(level));
        levels << level;
    }
    row.value = parts.join(u", "_s);
    row.setBy = levelsOf(levels, names);
    row.rule = Tr::tr("denied at any level; denied beats allowed");
    return row;
}

template<typename T>
EffectiveRow sourcedRow(const QString &field, const QString &value, const Routing::Sourced<T> &s,
                        const LevelNames &names)
{
    return { field, value, names.name(s.level), Common::ruleText(s.rule) };
}

QString precisionText(Domain::Precision p)
{
    return p == Domain::Precision::None ? Tr::tr("none (no minimum)") : Domain::toString(p);
}

QString fallbackListText(const Routing::EffectiveDirectives &e)
{
    if (!e.allowModelFallback.value)
        return Tr::tr("none (fallback is off)");
    return e.fallbackModels.value.isEmpty() ? Tr::tr("none named")
                                            : e.fallbackModels.value.join(u" → "_s);
}

} // namespace

QString LevelNames::name(DirectiveLevel level) const
{
    switch (level) {
    case DirectiveLevel::Workspace:
        return Tr::tr("workspace (team)");
    case DirectiveLevel::Project:
        return Tr::tr("project %1").arg(project);
    case DirectiveLevel::Key:
        return Tr::tr("key %1").arg(key);
    case DirectiveLevel::Alias:
        return Tr::tr("preset alias");
    default:
        return Tr::tr("default");
    }
}

QList<EffectiveRow> effectiveRows(const Domain::Workspace &ws,
                                  const Routing::EffectiveDirectives &e, const LevelNames &names)
{
    QList<EffectiveRow> rows;
    rows << allowedModelsRow(e, names) << allowedProvidersRow(ws, e, names)
         << deniedProvidersRow(e, names);
    rows << sourcedRow(Tr::tr("Require ZDR"), onOff(e.requireZdr.value), e.requireZdr, names);
    rows << sourcedRow(Tr::tr("Require no training"), onOff(e.requireNoTraining.value),
                       e.requireNoTraining, names);
    rows << sourcedRow(Tr::tr("Minimum precision"), precisionText(e.minPrecision.value),
                       e.minPrecision, names);
    const int cap = e.maxApplicationAttempts.value;
    rows << sourcedRow(Tr::tr("Max application attempts"),
                       cap == 0 ? Tr::tr("no cap (the model's Attempts apply)")
                                : QString::number(cap),
                       e.maxApplicationAttempts, names);
    rows << sourcedRow(Tr::tr("Allow model fallback"), onOff(e.allowModelFallback.value),
                       e.allowModelFallback, names);
    rows << sourcedRow(Tr::tr("Fallback models"), fallbackListText(e), e.fallbackModels, names);
    return rows;
}

} // namespace Ui::Directives
