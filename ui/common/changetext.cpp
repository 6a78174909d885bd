#include "changetext.h"

#include "configtext.h"
#include "format.h"
#include "sessiontext.h"
#include "tr.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <config/recoveryfields.h>

using namespace Qt::StringLiterals;

namespace Ui::Common {
namespace {

using Config::Change;
using Entity = Config::Change::Entity;

// How one field reads: its label ("%1" is the change's item) and the words for an unset value
// and an empty list, where those differ from "unset" and "none".
struct FieldWords
{
    const char *label;
    const char *unset = nullptr;
    const char *empty = nullptr;
};

const QHash<QString, FieldWords> &fieldWords()
{
    static const QHash<QString, FieldWords> words {
        { u"name"_s, { QT_TRANSLATE_NOOP("Ui", "Name") } },
        { u"directives.allowedModels"_s,
          { QT_TRANSLATE_NOOP("Ui", "Allowed models"), QT_TRANSLATE_NOOP("Ui", "any") } },
        { u"directives.allowedProviders"_s,
          { QT_TRANSLATE_NOOP("Ui", "Allowed providers"), QT_TRANSLATE_NOOP("Ui", "any") } },
        { u"directives.deniedProviders"_s, { QT_TRANSLATE_NOOP("Ui", "Denied providers") } },
        { u"directives.requireZdr"_s, { QT_TRANSLATE_NOOP("Ui", "Require ZDR") } },
        { u"directives.requireNoTraining"_s, { QT_TRANSLATE_NOOP("Ui", "Require no training") } },
        { u"directives.minPrecision"_s, { QT_TRANSLATE_NOOP("Ui", "Minimum precision") } },
        { u"directives.maxApplicationAttempts"_s,
          { QT_TRANSLATE_NOOP("Ui", "Max application attempts") } },
        { u"directives.allowModelFallback"_s, { QT_TRANSLATE_NOOP("Ui", "Allow model fallback") } },
        // A set empty list overrides the level above, so it reads differently from unset.
        { u"directives.fallbackModels"_s,
          { QT_TRANSLATE_NOOP("Ui", "Fallback models"), QT_TRANSLATE_NOOP("Ui", "none"),
            QT_TRANSLATE_NOOP("Ui", "empty list") } },
        { u"displayName"_s, { QT_TRANSLATE_NOOP("Ui", "Display name") } },
        { u"zeroDataRetention"_s, { QT_TRANSLATE_NOOP("Ui", "Zero data retention") } },
        { u"noTraining"_s, { QT_TRANSLATE_NOOP("Ui", "No training") } },
        { u"policySource"_s, { QT_TRANSLATE_NOOP("Ui", "Policy source") } },
        { u"listingSource"_s, { QT_TRANSLATE_NOOP("Ui", "Listing source") } },
        { u"listingRefreshMinutes"_s, { QT_TRANSLATE_NOOP("Ui", "Listing refresh, minutes") } },
        { u"listingMaxAgeHours"_s, { QT_TRANSLATE_NOOP("Ui", "Listing maximum age, hours") } },
        { u"probeIntervalHours"_s, { QT_TRANSLATE_NOOP("Ui", "Probe interval, hours") } },
        { u"probeWindowHours"_s, { QT_TRANSLATE_NOOP("Ui", "Probe window, hours") } },
        { u"budgetAlertPercent"_s, { QT_TRANSLATE_NOOP("Ui", "Budget alert threshold, %") } },
        { u"limits.dailyUsd"_s,
          { QT_TRANSLATE_NOOP("Ui", "Daily budget"), QT_TRANSLATE_NOOP("Ui", "no limit") } },
        { u"limits.monthlyUsd"_s,
          { QT_TRANSLATE_NOOP("Ui", "Monthly budget"), QT_TRANSLATE_NOOP("Ui", "no limit") } },
        { u"limits.requestsPerMinute"_s,
          { QT_TRANSLATE_NOOP("Ui", "Requests per minute"), QT_TRANSLATE_NOOP("Ui", "no limit") } },
        { u"limits.tokensPerMinute"_s,
          { QT_TRANSLATE_NOOP("Ui", "Tokens per minute"), QT_TRANSLATE_NOOP("Ui", "no limit") } },
        { u"sessions.mode"_s, { QT_TRANSLATE_NOOP("Ui", "Session mode") } },
        { u"sessions.qualityFloor"_s, { QT_TRANSLATE_NOOP("Ui", "Quality floor") } },
        { u"sessionWindowMinutes"_s, { QT_TRANSLATE_NOOP("Ui", "Suggestion window, minutes") } },
        { u"metered"_s, { QT_TRANSLATE_NOOP("Ui", "Metered") } },
        { u"provider"_s, { QT_TRANSLATE_NOOP("Ui", "Provider") } },
        { u"kind"_s, { QT_TRANSLATE_NOOP("Ui", "Kind") } },
        { u"baseUrl"_s, { QT_TRANSLATE_NOOP("Ui", "Base URL") } },
        { u"apiVersion"_s, { QT_TRANSLATE_NOOP("Ui", "API version") } },
        { u"caFile"_s, { QT_TRANSLATE_NOOP("Ui", "CA file") } },
        { u"region"_s, { QT_TRANSLATE_NOOP("Ui", "Region") } },
        { u"enabled"_s, { QT_TRANSLATE_NOOP("Ui", "Enabled") } },
        { u"aggregator"_s, { QT_TRANSLATE_NOOP("Ui", "Aggregator") } },
        { u"simulator.latencyMs"_s, { QT_TRANSLATE_NOOP("Ui", "Latency, ms") } },
        { u"simulator.tokensPerSecond"_s, { QT_TRANSLATE_NOOP("Ui", "Tokens per second") } },
        { u"simulator.failureRate"_s, { QT_TRANSLATE_NOOP("Ui", "Failure rate") } },
        { u"simulator.malformedRate"_s, { QT_TRANSLATE_NOOP("Ui", "Malformed answers") } },
        { u"simulator.failureKinds"_s, { QT_TRANSLATE_NOOP("Ui", "Failure kinds") } },
        { u"simulator.retryAfterSeconds"_s, { QT_TRANSLATE_NOOP("Ui", "Retry-After, s") } },
        { u"simulator.cutAfterEvents"_s, { QT_TRANSLATE_NOOP("Ui", "Stream cut after events") } },
        { u"simulator.api"_s, { QT_TRANSLATE_NOOP("Ui", "Answers in") } },
        { u"target"_s, { QT_TRANSLATE_NOOP("Ui", "Target") } },
        { u"presetDefaults"_s, { QT_TRANSLATE_NOOP("Ui", "Preset defaults") } },
        { u"fallbackModels"_s, { QT_TRANSLATE_NOOP("Ui", "Fallback models") } },
        { u"deprecationDate"_s, { QT_TRANSLATE_NOOP("Ui", "Deprecation date") } },
        { u"replacement"_s, { QT_TRANSLATE_NOOP("Ui", "Replacement") } },
        { u"project"_s, { QT_TRANSLATE_NOOP("Ui", "Project") } },
        { u"modality"_s, { QT_TRANSLATE_NOOP("Ui", "Modality") } },
        { u"inputPricePerMTok"_s, { QT_TRANSLATE_NOOP("Ui", "Input price per 1M tokens") } },
        { u"outputPricePerMTok"_s, { QT_TRANSLATE_NOOP("Ui", "Output price per 1M tokens") } },
        { u"contextWindow"_s, { QT_TRANSLATE_NOOP("Ui", "Context window") } },
        { u"maxOutputTokens"_s, { QT_TRANSLATE_NOOP("Ui", "Max output tokens") } },
        { u"route"_s, { QT_TRANSLATE_NOOP("Ui", "Deployment pool") } },
        { u"pool.weight"_s, { QT_TRANSLATE_NOOP("Ui", "Weight of %1") } },
        { u"pool.order"_s, { QT_TRANSLATE_NOOP("Ui", "Deployment order") } },
        { u"pool.allowedRegions"_s, { QT_TRANSLATE_NOOP("Ui", "Allowed regions") } },
        { u"offering.precision"_s, { QT_TRANSLATE_NOOP("Ui", "Precision of offering %1") } },
        { u"offering.tools"_s, { QT_TRANSLATE_NOOP("Ui", "Tools of offering %1") } },
        { u"offering.structuredOutput"_s,
          { QT_TRANSLATE_NOOP("Ui", "Structured output of offering %1") } },
        { u"offering.vision"_s, { QT_TRANSLATE_NOOP("Ui", "Vision of offering %1") } },
        { u"offering.webSearchToolVersions"_s,
          { QT_TRANSLATE_NOOP("Ui", "Web search tool versions of offering %1") } },
        { u"offering.certified"_s, { QT_TRANSLATE_NOOP("Ui", "Certified of offering %1") } },
        { u"offering.probes"_s, { QT_TRANSLATE_NOOP("Ui", "Probe results of offering %1") } },
        { u"offering.order"_s, { QT_TRANSLATE_NOOP("Ui", "Offering order") } },
    };
    return words;
}

QString label(const Change &c)
{
    if (c.fieldGroup() == u"recovery") {
        for (const Config::RecoveryFieldSpec &f : Config::recoveryFields()) {
            if (f.key == c.fieldName())
                return recoveryFieldLabel(f.field);
        }
    }
    if (c.fieldGroup() == u"quality") {
        if (const std::optional<Domain::TaskClass> t = Domain::taskClassFromString(c.fieldName()))
            return Tr::tr("Quality for %1").arg(sessionClassName(*t));
    }
    const auto it = fieldWords().constFind(c.field);
    if (it == fieldWords().cend())
        return c.field; // written by a newer version: its code is still clearer than nothing
    const QString text = Tr::tr(it->label);
    return text.contains(u"%1"_s) ? text.arg(c.item) : text;
}

QString number(double v)
{
    if (v == double(qint64(v)) && qAbs(v) < 1e15)
        return Config::groupedNumber(qint64(v));
    return QString::number(v, 'g', 12);
}

QString object(const Change &c, const QJsonObject &o)
{
    if (c.field == u"offering.probes") {
        return Tr::tr("tools %1/%2, structured output %3/%4")
            .arg(QString::number(o.value(u"toolsPassed"_s).toInt()),
                 QString::number(o.value(u"toolsTotal"_s).toInt()),
                 QString::number(o.value(u"structuredPassed"_s).toInt()),
                 QString::number(o.value(u"structuredTotal"_s).toInt()));
    }
    return o.isEmpty() ? Tr::tr("none")
                       : QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}

QString list(const Change &c, const QJsonArray &array)
{
    if (array.isEmpty()) {
        const auto it = fieldWords().constFind(c.field);
        return it != fieldWords().cend() && it->empty ? Tr::tr(it->empty) : Tr::tr("none");
    }
    QStringList items;
    for (const QJsonValue &v : array)
        items << v.toString();
    return items.join(u", "_s);
}

QString text(const Change &c, const QString &s)
{
    if (s.isEmpty())
        return Tr::tr("none");
    if (c.field == u"route")
        return s == u"pool" ? Tr::tr("Pool") : Tr::tr("Direct");
    if (c.field == u"sessions.mode") {
        const std::optional<Domain::SessionMode> mode = Domain::sessionModeFromString(s);
        // A key's Off follows its project, as its editor says.
        if (mode && *mode == Domain::SessionMode::Off && c.entity == Entity::Key)
            return Tr::tr("Project's");
        if (mode)
            return sessionModeName(*mode);
    }
    if (c.field == u"simulator.api") {
        if (const std::optional<Domain::SimulatorApi> api = Domain::simulatorApiFromString(s))
            return simulatorApiLabel(*api);
    }
    return s;
}

QString value(const Change &c, const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::Bool:
        if (c.field == u"offering.certified")
            return v.toBool() ? Tr::tr("yes") : Tr::tr("no");
        return v.toBool() ? Tr::tr("on") : Tr::tr("off");
    case QJsonValue::Double:
        if (c.field == u"limits.dailyUsd" || c.field == u"limits.monthlyUsd")
            return Common::money(v.toDouble());
        if (c.fieldGroup() == u"quality" && v.toDouble() == 0)
            return Tr::tr("not rated");
        return number(v.toDouble());
    case QJsonValue::String:
        return text(c, v.toString());
    case QJsonValue::Array:
        return list(c, v.toArray());
    case QJsonValue::Object:
        return object(c, v.toObject());
    case QJsonValue::Null:
    case QJsonValue::Undefined:
        break;
    }
    const auto it = fieldWords().constFind(c.field);
    return it != fieldWords().cend() && it->unset ? Tr::tr(it->unset) : Tr::tr("unset");
}

QString created(const Change &c)
{
    switch (c.entity) {
    case Entity::Provider:
        return Tr::tr("Create provider %1").arg(c.id);
    case Entity::Connection:
        return Tr::tr("Create connection %1").arg(c.id);
    case Entity::Model:
        return Tr::tr("Create model %1").arg(c.id);
    case Entity::Alias:
        return Tr::tr("Create alias %1 → %2").arg(c.id, c.after.toString());
    case Entity::Project:
        return Tr::tr("Create project %1").arg(c.id);
    case Entity::Key:
        return Tr::tr("Create key %1 (project %2)").arg(c.id, c.after.toString());
    case Entity::Workspace:
        return Tr::tr("Create workspace %1").arg(c.id);
    }
    return Tr::tr("Create %1").arg(c.id);
}

QString deleted(const Change &c)
{
    switch (c.entity) {
    case Entity::Provider:
        return Tr::tr("Delete provider %1").arg(c.id);
    case Entity::Connection:
        return Tr::tr("Delete connection %1").arg(c.id);
    case Entity::Model:
        return Tr::tr("Delete model %1").arg(c.id);
    case Entity::Alias:
        return Tr::tr("Delete alias %1").arg(c.id);
    case Entity::Project:
        return Tr::tr("Delete project %1").arg(c.id);
    case Entity::Key:
        return Tr::tr("Delete key %1").arg(c.id);
    case Entity::Workspace:
        break;
    }
    return Tr::tr("Delete %1").arg(c.id);
}

QString servingRegion(const Change &c)
{
    const QString b = c.before.toString();
    const QString a = c.after.toString();
    if (b.isEmpty())
        return Tr::tr("Serving region: Default → Override (%1)").arg(a);
    if (a.isEmpty())
        return Tr::tr("Serving region: Override (%1) → Default").arg(b);
    return Tr::tr("Serving region: %1 → %2").arg(b, a);
}

// The table as one fact: its size, or that its rules changed when the size did not.
QString classifierRules(const Change &c)
{
    const int before = int(c.before.toArray().size());
    const int after = int(c.after.toArray().size());
    if (before == after)
        return Tr::tr("Classifier rules: changed (%n rule(s))", nullptr, after);
    return Tr::tr("Classifier rules: %1 → %2")
        .arg(Tr::tr("%n rule(s)", nullptr, before), Tr::tr("%n rule(s)", nullptr, after));
}

// Facts whose wording is a sentence of its own rather than "<label>: <before> → <after>".
QString sentence(const Change &c)
{
    const QString &f = c.field;
    if (f == u"create")
        return created(c);
    if (f == u"delete")
        return deleted(c);
    if (f == u"import")
        return Tr::tr("Import %1").arg(c.after.toString());
    if (f == u"credential")
        return Tr::tr("Credential: changed");
    if (f == u"secret")
        return Tr::tr("Secret: changed");
    if (f == u"revoked")
        return c.after.toBool() ? Tr::tr("Revoke key %1").arg(c.id)
                                : Tr::tr("Reactivate key %1").arg(c.id);
    if (f == u"servingRegion")
        return servingRegion(c);
    if (f == u"classifierRules")
        return classifierRules(c);
    if (f == u"strictReceipts")
        return c.after.toBool() ? Tr::tr("Strict receipts: off → on")
                                : Tr::tr("Strict receipts: on → off");
    if (f == u"recovery")
        return c.after.toBool() ? Tr::tr("Recovery: Default → Override")
                                : Tr::tr("Recovery: Override → Default");
    if (f == u"pool.add")
        return Tr::tr("Add deployment %1 (weight %2)").arg(c.item, value(c, c.after));
    if (f == u"pool.remove")
        return Tr::tr("Remove deployment %1").arg(c.item);
    if (f == u"offering.add")
        return Tr::tr("Add offering %1 (%2)").arg(c.item, c.after.toString());
    if (f == u"offering.remove")
        return Tr::tr("Remove offering %1 (%2)").arg(c.item, c.before.toString());
    return {};
}

} // namespace

QString changeScope(const Config::Change &c)
{
    const QString group = c.fieldGroup();
    if (group == u"directives") {
        if (c.entity == Entity::Project)
            return Tr::tr("Directives: project %1").arg(c.id);
        if (c.entity == Entity::Key)
            return Tr::tr("Directives: key %1").arg(c.id);
        return Tr::tr("Directives: workspace");
    }
    switch (c.entity) {
    case Entity::Workspace:
        return group == u"recovery" ? Tr::tr("Recovery defaults") : Tr::tr("Workspace");
    case Entity::Provider:
        return Tr::tr("Provider %1").arg(c.id);
    case Entity::Connection:
        return Tr::tr("Connection %1").arg(c.id);
    case Entity::Model:
        return Tr::tr("Model %1").arg(c.id);
    case Entity::Alias:
        return Tr::tr("Alias %1").arg(c.id);
    case Entity::Project:
        return Tr::tr("Project %1").arg(c.id);
    case Entity::Key:
        return Tr::tr("Key %1").arg(c.id);
    }
    return {};
}

QString changeText(const Config::Change &c)
{
    const QString s = sentence(c);
    if (!s.isEmpty())
        return s;
    return Tr::tr("%1: %2 → %3").arg(label(c), value(c, c.before), value(c, c.after));
}

QString changeLine(const Config::Change &c)
{
    return Tr::tr("%1: %2").arg(changeScope(c), changeText(c));
}

QStringList changeLines(const QList<Config::Change> &changes)
{
    QStringList lines;
    lines.reserve(changes.size());
    for (const Config::Change &c : changes)
        lines << changeLine(c);
    return lines;
}

} // namespace Ui::Common
