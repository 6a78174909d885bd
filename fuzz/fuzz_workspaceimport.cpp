// Config::importWorkspace on a workspace file a user picked (any bytes). Checks that what import
// accepts survives export and import again unchanged (the studio's Export then Import, and the
// store's version snapshots, rely on it).

#include "config/workspacejson.h"
#include "fuzzsupport.h"

#include <QByteArray>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Fuzz::quietQt();
    const QByteArray json(reinterpret_cast<const char *>(data), qsizetype(size));
    const Config::ImportResult imported = Config::importWorkspace(json);
    if (!imported.workspace)
        return 0;
    const QByteArray exported = Config::exportWorkspace(*imported.workspace);
    const Config::ImportResult again = Config::importWorkspace(exported);
    FUZZ_CHECK(again.workspace.has_value());
    FUZZ_CHECK(Config::exportWorkspace(*again.workspace) == exported);
    return 0;
}
