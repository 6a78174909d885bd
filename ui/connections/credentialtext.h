#pragma once

#include <QString>
#include <domain/connection.h>

namespace Ui::Connections {

// How a credential is shown after entry (R-SEC-3): "•••• stored", "env: OPENAI_API_KEY",
// "file: /path", "none". Never the secret itself.
QString credentialText(const Domain::Credential &credential);

} // namespace Ui::Connections
