#include "providercommands.h"

#include "common/tr.h"
#include "common/workspacesession.h"

using namespace Qt::StringLiterals;

namespace Ui::Providers {

AddProviderCommand::AddProviderCommand(Common::WorkspaceSession *s,
                                       const Domain::Provider &provider)
    : WorkspaceCommand(s, Tr::tr("Create provider %1").arg(provider.id))
{
    setEdit([provider](Domain::Workspace &ws) { ws.providers.append(provider); });
}

SetProviderCommand::SetProviderCommand(Common::WorkspaceSession *s, const QString &id,
                                       const Domain::Provider &provider, const QString &field)
    : WorkspaceCommand(s, Tr::tr("Edit provider %1: %2").arg(id, field), id + u'#' + field)
{
    setEdit([id, provider](Domain::Workspace &ws) {
        for (Domain::Provider &p : ws.providers) {
            if (p.id == id)
                p = provider;
        }
    });
}

} // namespace Ui::Providers
