#include "directivecommands.h"

#include "common/tr.h"
#include "common/workspacesession.h"

using namespace Qt::StringLiterals;

namespace Ui::Directives {
namespace {

qsizetype projectIndex(const Domain::Workspace &ws, const QString &id)
{
    return Common::indexIn(ws.projects, [&](const Domain::Project &p) { return p.id == id; });
}

qsizetype keyIndex(const Domain::Workspace &ws, const QString &id)
{
    return Common::indexIn(ws.keys, [&](const Domain::Key &k) { return k.id == id; });
}

} // namespace

const Domain::Directives *directivesOf(const Domain::Workspace &ws, const DirectiveTarget &target)
{
    return directivesOf(const_cast<Domain::Workspace &>(ws), target);
}

Domain::Directives *directivesOf(Domain::Workspace &ws, const DirectiveTarget &target)
{
    switch (target.level) {
    case Domain::DirectiveLevel::Workspace:
        return &ws.directives;
    case Domain::DirectiveLevel::Project: {
        const qsizetype i = projectIndex(ws, target.id);
        return i < 0 ? nullptr : &ws.projects[i].directives;
    }
    case Domain::DirectiveLevel::Key: {
        const qsizetype i = keyIndex(ws, target.id);
        return i < 0 ? nullptr : &ws.keys[i].directives;
    }
    default:
        return nullptr;
    }
}

QString directivesPath(const Domain::Workspace &ws, const DirectiveTarget &target)
{
    switch (target.level) {
    case Domain::DirectiveLevel::Project:
        return u"projects[%1].directives"_s.arg(projectIndex(ws, target.id));
    case Domain::DirectiveLevel::Key:
        return u"keys[%1].directives"_s.arg(keyIndex(ws, target.id));
    default:
        return u"directives"_s;
    }
}

QString targetTitle(const Domain::Workspace &ws, const DirectiveTarget &target)
{
    switch (target.level) {
    case Domain::DirectiveLevel::Project: {
        const Domain::Project *p = ws.project(target.id);
        return Tr::tr("Project %1").arg(p && !p->name.isEmpty() ? p->name : target.id);
    }
    case Domain::DirectiveLevel::Key: {
        const Domain::Key *k = ws.keyById(target.id);
        return Tr::tr("Key %1").arg(k ? k->name : target.id);
    }
    default:
        return Tr::tr("Workspace (team)");
    }
}

SetDirectivesCommand::SetDirectivesCommand(Common::WorkspaceSession *s,
                                           const DirectiveTarget &target,
                                           const Domain::Directives &directives,
                                           const QString &field)
    : WorkspaceCommand(s, Tr::tr("Edit directives: %1").arg(field),
                       u"%1:%2:%3"_s.arg(int(target.level)).arg(target.id, field))
{
    setEdit([target, directives](Domain::Workspace &ws) {
        if (Domain::Directives *d = directivesOf(ws, target))
            *d = directives;
    });
}

} // namespace Ui::Directives
