#pragma once

#include <QList>
#include <QString>
#include <QStringList>
#include <config/changelist.h>

namespace Ui::Common {

// The studio's wording of the change facts core states (R-UI-4, R-UI-10), in the language of the
// installed translator, made when shown: "Model demo/chat: Weight of sim-east/gpt-4o: 3 → 5".
// A line kept from a version saved before changes were facts is shown as it was saved.
QString changeScope(const Config::Change &change); // "Model demo/chat", "Directives: key ci-bot"
QString changeText(const Config::Change &change); // "Weight of sim-east/gpt-4o: 3 → 5"
QString changeLine(const Config::Change &change); // scope and text
QStringList changeLines(const QList<Config::Change> &changes);

} // namespace Ui::Common
