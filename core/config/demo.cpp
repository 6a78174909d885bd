#include "demo.h"

#include "logging.h"
#include "workspacejson.h"

#include <QFile>

using namespace Qt::StringLiterals;

// Resources of a static library are registered only when something references them.
static void initCoreResources()
{
    Q_INIT_RESOURCE(core);
}

namespace Config {

Domain::Workspace demoWorkspace()
{
    initCoreResources();
    QFile file(u":/switchboard/demo-workspace.json"_s);
    if (!file.open(QIODevice::ReadOnly)) {
        // Only a broken build gets here: the file is compiled into the library
        // (resources/core.qrc).
        qCCritical(lcConfig) << "demo workspace resource missing:" << file.errorString();
        return {};
    }
    const ImportResult result = importWorkspace(file.readAll());
    for (const Problem &p : result.problems)
        qCWarning(lcConfig) << "demo workspace:" << p.path << describe(p);
    return result.workspace.value_or(Domain::Workspace {});
}

} // namespace Config
