#pragma once

#include <QString>
#include <domain/sessions.h>

// The studio's words for mixed-model sessions (SPEC §6): the task classes and the session modes,
// shared by the Keys screen, the Calls drawer and the model settings.
namespace Ui::Common {

// "Chit-chat", "Extraction", "Summarisation", "Code", "Reasoning", "Tool use".
QString sessionClassName(Domain::TaskClass c);
// "Off", "Shadow", "Suggest".
QString sessionModeName(Domain::SessionMode m);

} // namespace Ui::Common
