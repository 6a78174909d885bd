#pragma once

#include <domain/connection.h>

#include <QString>

namespace Ui::Connections {

// How a credential is shown after entry (R-SEC-3): "•••• stored", "env: OPENAI_API_KEY",
// "file: /path", "none". Never the secret itself.
QString credentialText(const Domain::Credential &credential);

} // namespace Ui::Connections
