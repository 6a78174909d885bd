#pragma once

#include <QString>
#include <faultlab/faultlab.h>

class QToolButton;

namespace Runtime {
class ListingRefresher;
}
namespace Ui::Common {
class WorkspaceSession;
}
namespace Ui::Models {
class ModelsScreen;
}

namespace Ui::FaultLab {

class FaultLabDialog;

// What a rehearsal opened from a model page runs with.
struct RehearseContext
{
    Common::WorkspaceSession *session = nullptr; // the draft the lab runs
    Runtime::ListingRefresher *listings = nullptr; // the providers' listed facts, if any
    // Where receipts go (the running writer, else the database path), scale, seed and cases.
    ::FaultLab::Options options;
};

// Adds "Rehearse failures…" (Alt+R, Ctrl+Shift+R) beside a model page's tabs, before what is
// there already (Explain route…). It opens the fault lab on the selected model's draft.
QToolButton *addRehearseAction(Models::ModelsScreen *models, const RehearseContext &context);

// Opens (or raises) the fault lab of the selected model and starts a run.
FaultLabDialog *openFaultLab(Models::ModelsScreen *models, const RehearseContext &context);

} // namespace Ui::FaultLab
