#pragma once

#include "common/editcommands.h"

#include <QString>
#include <domain/connection.h>

namespace Ui::Providers {

// Ids of this folder's mergeable commands; far from Common::CommandId so they never collide.
enum ProviderCommandId { ProviderFieldId = 1201 };

class AddProviderCommand : public Common::WorkspaceCommand
{
public:
    AddProviderCommand(Common::WorkspaceSession *s, const Domain::Provider &provider);
};

// Replaces the provider with `id`; typing in one field merges into one undo step.
class SetProviderCommand : public Common::WorkspaceCommand
{
public:
    SetProviderCommand(Common::WorkspaceSession *s, const QString &id,
                       const Domain::Provider &provider, const QString &field);
    int id() const override { return ProviderFieldId; }
};

} // namespace Ui::Providers
