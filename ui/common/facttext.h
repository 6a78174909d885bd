#pragma once

#include <QStringList>
#include <domain/fact.h>
#include <domain/workspace.h>

// The studio's words for the facts core states: decisions, skips, outcomes, fallback
// reasons, directive rules and the Overview's "Routing and health", in the studio's language at
// display time (tr() with %1 and %n, never sentence parts glued together).
namespace Ui::Common {

QString factText(const Domain::Fact &fact);
// The merge rule of an effective directive ("highest precision applies").
QString ruleText(Domain::FactCode rule);
// "a", "a and b", "a, b and c".
QString joinWithAnd(const QStringList &items);
// The Overview tab's sentences for `model` (Routing::overviewFacts, R-UI-2).
QStringList overviewSentences(const Domain::Workspace &ws, const Domain::Model &model);

} // namespace Ui::Common
