#pragma once

namespace Ui::Common {

// English is the source language, but "%n change(s)" needs English plural forms to read "1 change"
// and "2 changes": they come from the embedded switchboard_en.qm. Installed once per application,
// underneath any other translation (a translator installed later is asked first). True when
// installed (now or before).
bool installEnglishPlurals();

} // namespace Ui::Common
