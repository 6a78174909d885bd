#pragma once

// Internal to core/config: the mixed-model sessions' part of the export format
// (docs/config-format.md "Sessions"): a key's or project's setting, a model's quality tiers, the
// classifier's rules.

#include <QJsonArray>
#include <QJsonObject>
#include <domain/sessions.h>

namespace Config::Detail {

class WorkspaceReader;

// "sessions" on a key or project, left out when it is the default (Off, floor 3).
void putSessions(QJsonObject &o, const Domain::SessionSettings &s);
// "quality" on a model: the rated classes only, left out when none is rated.
void putQuality(QJsonObject &o, const Domain::QualityTiers &q);
// The rules in order, each {"class", "when": [{"signal", "atLeast" | "atMost"}]}.
QJsonArray classifierRulesToJson(const QList<Domain::ClassifierRule> &rules);

void readSessions(WorkspaceReader &r, const QJsonObject &parent, const QString &path,
                  Domain::SessionSettings &out);
// `model` names the model in problems.
void readQuality(WorkspaceReader &r, const QJsonObject &parent, const QString &path,
                 const QString &model, Domain::QualityTiers &out);
// The root's "classifierRules" replace `out` when present; absent, `out` keeps the defaults.
void readClassifierRules(WorkspaceReader &r, const QJsonObject &root,
                         QList<Domain::ClassifierRule> &out);

} // namespace Config::Detail
