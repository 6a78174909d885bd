#pragma once

#include <QString>

class QWidget;

namespace Store {
class ReceiptWriter;
}
namespace Ui::Common {
class WorkspaceSession;
}
namespace Ui::Models {
class ModelsScreen;
}

namespace Ui::Calls {

class CallsScreen;

// The Calls screen on the studio's own read-only connection to `databasePath` (DESIGN.md "Threads":
// the UI thread reads through its own connection), live from `writer` when given. When the database
// cannot be opened, a label that says why stands in its place.
QWidget *createCallsScreen(const QString &databasePath, Store::ReceiptWriter *writer,
                           Common::WorkspaceSession *session, QWidget *parent);

// Adds to a model page the Calls tab (R-UI-1: that model's calls, following the selected model) and
// an "Explain route" button beside the tabs that opens the route explainer for the model (R-UI-8).
void addModelCallsTab(Models::ModelsScreen *models, const QString &databasePath,
                      Store::ReceiptWriter *writer, Common::WorkspaceSession *session);

} // namespace Ui::Calls
