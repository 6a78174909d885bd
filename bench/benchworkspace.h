#pragma once

#include "config/keys.h"
#include "domain/workspace.h"

#include <QList>
#include <QString>

namespace Bench {

// One upstream of a bench workspace: a connection and the direct model it serves as "up-x".
struct Upstream
{
    QString connection;
    QString baseUrl;
    QString model;
    Domain::Dialect kind = Domain::Dialect::OpenAi;
};

// One project, one caller key (returned in `key`) and a connection and model per upstream: the
// workspace every gateway bench runs on.
Domain::Workspace benchWorkspace(const QList<Upstream> &upstreams, Config::NewKey &key);

// Runs the thread's event loop for `ms`.
void waitMs(int ms);

} // namespace Bench
