#include "credentialtext.h"

#include "common/tr.h"

namespace Ui::Connections {

QString credentialText(const Domain::Credential &credential)
{
    switch (credential.kind) {
    case Domain::Credential::Kind::Stored:
        return credential.secret.isEmpty() ? Tr::tr("stored (empty)") : Tr::tr("•••• stored");
    case Domain::Credential::Kind::EnvironmentVariable:
        return Tr::tr("env: %1").arg(credential.reference);
    case Domain::Credential::Kind::File:
        return Tr::tr("file: %1").arg(credential.reference);
    case Domain::Credential::Kind::None:
        break;
    }
    return Tr::tr("none");
}

} // namespace Ui::Connections
