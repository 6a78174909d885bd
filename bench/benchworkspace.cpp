#include "benchworkspace.h"

#include <QDateTime>
#include <QEventLoop>
#include <QTimer>

using namespace Qt::StringLiterals;

namespace Bench {

Domain::Workspace benchWorkspace(const QList<Upstream> &upstreams, Config::NewKey &key)
{
    Domain::Workspace ws;
    ws.projects << Domain::Project { u"default"_s, u"Default"_s, {} };
    for (const Upstream &u : upstreams) {
        Domain::Connection c;
        c.name = u.connection;
        c.baseUrl = u.baseUrl;
        c.kind = u.kind;
        ws.connections << c;
        Domain::Model m;
        m.name = u.model;
        m.offerings << Domain::Offering { u.connection, u"up-x"_s, {}, {}, true, {} };
        ws.models << m;
    }
    key = Config::makeKey(u"default"_s, u"bench"_s, QDateTime::currentDateTimeUtc());
    ws.keys << key.key;
    return ws;
}

void waitMs(int ms)
{
    QEventLoop loop;
    QTimer::singleShot(ms, &loop, &QEventLoop::quit);
    loop.exec();
}

} // namespace Bench
