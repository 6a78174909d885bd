#pragma once

#include <QString>
#include <util/result.h>

namespace Ui::Common {

// The words for an error core returns: a store code in the installed translator's language (the
// headless gateway installs none: English), with its arguments and the system's own words behind
// it; another part's error by its message. Widget-free, in switchboard_words.
QString errorText(const Util::Error &e);

} // namespace Ui::Common
