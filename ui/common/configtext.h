#pragma once

#include <QString>
#include <config/problem.h>
#include <domain/connection.h>
#include <domain/model.h>
#include <optional>

// The words for what core/config states: validation and import problems, recovery settings. Made
// when shown, in the language of the installed translator. Widget-free (its own library), so the
// headless import prints the same English: it installs no translator.
namespace Ui::Common {

// "Pool demo/chat has no deployments; add one or switch it to Direct."
QString problemText(const Config::Problem &problem);
// Empty for none, as a field's error label wants it.
QString problemText(const std::optional<Config::Problem> &problem);
// "models[6].pool.deployments: " and the text; the text alone for the file as a whole.
QString problemLine(const Config::Problem &problem);
// A recovery setting as the change list and the studio name it: "Connect timeout, ms".
QString recoveryFieldLabel(Domain::RecoveryField field);
// Which API the simulator answers in, as its editor and the change list name it.
QString simulatorApiLabel(Domain::SimulatorApi api);
// Which way an attempt's request and answer were translated (R-XLAT-5): "chat → messages"; ""
// for none.
QString translationText(Domain::ApiTranslation translation);

} // namespace Ui::Common
