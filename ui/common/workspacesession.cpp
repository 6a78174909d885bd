#include "workspacesession.h"

#include "configtext.h"
#include "editcommands.h"
#include "errortext.h"
#include "logging.h"
#include "tr.h"

#include <QUndoStack>
#include <config/rebase.h>
#include <config/validator.h>
#include <memory>
#include <store/configstore.h>
#include <store/storeerror.h>

using namespace Qt::StringLiterals;

namespace Ui::Common {

WorkspaceSession::WorkspaceSession(QObject *parent)
    : QObject(parent)
    , m_undoStack(new QUndoStack(this))
{
}

WorkspaceSession::~WorkspaceSession() = default;

void WorkspaceSession::setStore(Store::ConfigStore *store)
{
    m_store = store;
}

Store::ConfigStore *WorkspaceSession::store() const
{
    return m_store;
}

void WorkspaceSession::load(const Domain::Workspace &saved, int version)
{
    m_undoStack->clear();
    m_saved = saved;
    m_edited = saved;
    m_savedVersion = version;
    m_undoStack->setClean();
    clearNewerVersion();
    recompute();
    Q_EMIT savedChanged(version);
    Q_EMIT editedChanged();
}

const Domain::Workspace &WorkspaceSession::saved() const
{
    return m_saved;
}

const Domain::Workspace &WorkspaceSession::edited() const
{
    return m_edited;
}

int WorkspaceSession::savedVersion() const
{
    return m_savedVersion;
}

QUndoStack *WorkspaceSession::undoStack() const
{
    return m_undoStack;
}

const QList<Config::Change> &WorkspaceSession::changes() const
{
    return m_changes;
}

const QList<Config::Problem> &WorkspaceSession::problems() const
{
    return m_problems;
}

QList<Config::Problem> WorkspaceSession::problemsAt(const QString &path) const
{
    QList<Config::Problem> found;
    for (const Config::Problem &p : m_problems) {
        const bool below = p.path.startsWith(path)
            && (p.path.size() == path.size() || p.path.at(path.size()) == u'.'
                || p.path.at(path.size()) == u'[');
        if (below)
            found.append(p);
    }
    return found;
}

bool WorkspaceSession::hasErrors() const
{
    return Config::hasErrors(m_problems);
}

bool WorkspaceSession::isModified() const
{
    return m_modified;
}

QString WorkspaceSession::saveBlockedReason() const
{
    for (const Config::Problem &p : m_problems) {
        if (p.severity == Config::Problem::Severity::Error)
            return Tr::tr("Cannot save: %1").arg(problemText(p));
    }
    if (!m_store)
        return Tr::tr("Cannot save: no database is open.");
    if (m_newerVersion > 0)
        return Tr::tr("Cannot save: %1").arg(errorText(newerVersionError()));
    return {};
}

int WorkspaceSession::editedModelIndex(const QString &name) const
{
    for (qsizetype i = 0; i < m_edited.models.size(); ++i) {
        if (m_edited.models.at(i).name == name)
            return int(i);
    }
    return -1;
}

QString WorkspaceSession::modelPath(int index)
{
    return u"models[%1]"_s.arg(index);
}

void WorkspaceSession::push(QUndoCommand *command)
{
    // An edit that changes nothing (a field set to its current value) is not a step to undo.
    const auto *edit = dynamic_cast<const WorkspaceCommand *>(command);
    if (edit && !edit->changesAnything()) {
        delete command;
        return;
    }
    m_undoStack->push(command);
}

void WorkspaceSession::pushMacro(const QString &text, const QList<QUndoCommand *> &commands)
{
    if (commands.isEmpty())
        return;
    m_undoStack->beginMacro(text);
    for (QUndoCommand *c : commands)
        m_undoStack->push(c);
    m_undoStack->endMacro();
}

void WorkspaceSession::discard()
{
    if (!isModified())
        return;
    push(new ReplaceWorkspaceCommand(this, m_saved, Tr::tr("Discard changes")));
}

Util::Result<int> WorkspaceSession::save(const QString &author)
{
    const QString blocked = saveBlockedReason();
    if (!blocked.isEmpty())
        return Util::Error { u"ui.saveBlocked"_s, blocked };
    if (!isModified())
        return Util::Error { u"ui.nothingToSave"_s, Tr::tr("There are no changes to save.") };
    // Stored as facts, whatever the studio's language (R-UI-9, R-UI-10).
    Util::Result<int> version = m_store->save(m_edited, m_changes, author, m_savedVersion);
    if (!version.ok()) {
        qCWarning(lcUi).noquote() << "save failed:" << Util::logText(version.error());
        if (Store::errorCodeOf(version.error()) == Store::ErrorCode::ChangedElsewhere) {
            checkForNewerVersion();
            if (m_newerVersion > 0)
                return newerVersionError();
        }
        return version;
    }
    qCInfo(lcUi) << "saved version" << version.value() << "with" << m_changes.size() << "changes";
    m_saved = m_edited;
    m_savedVersion = version.value();
    m_undoStack->setClean();
    recompute();
    Q_EMIT savedChanged(m_savedVersion);
    Q_EMIT editedChanged();
    Q_EMIT snapshotPublished(std::make_shared<const Domain::Workspace>(m_saved));
    return version;
}

void WorkspaceSession::checkForNewerVersion()
{
    if (!m_store)
        return;
    const int latest = m_store->latestVersion();
    if (latest <= 0 || latest == m_savedVersion || latest == m_newerVersion)
        return;
    if (!isModified()) {
        int version = 0;
        if (Util::Result<Domain::Workspace> ws = m_store->load(&version); ws)
            load(*ws, version);
        return;
    }
    noteNewerVersion(latest);
}

void WorkspaceSession::noteNewerVersion(int version)
{
    Util::Result<Domain::Workspace> ws = m_store->loadVersion(version);
    if (!ws) {
        qCWarning(lcUi).noquote() << "cannot read the newer version:" << Util::logText(ws.error());
        return;
    }
    const std::optional<Store::VersionInfo> info = m_store->versionInfo(version);
    m_newerVersion = version;
    m_newerAuthor = info ? info->author : QString();
    m_newer = std::move(ws).value();
    m_changesElsewhere = Config::changeList(m_saved, m_newer);
    qCInfo(lcUi) << "version" << version << "was saved elsewhere over the edited version"
                 << m_savedVersion;
    Q_EMIT newerVersionChanged(m_newerVersion);
}

void WorkspaceSession::clearNewerVersion()
{
    if (m_newerVersion == 0)
        return;
    m_newerVersion = 0;
    m_newerAuthor.clear();
    m_newer = {};
    m_changesElsewhere.clear();
    Q_EMIT newerVersionChanged(0);
}

int WorkspaceSession::newerVersion() const
{
    return m_newerVersion;
}

Util::Error WorkspaceSession::newerVersionError() const
{
    return Store::storeError(Store::ErrorCode::ChangedElsewhere,
                             { qint64(m_newerVersion), m_newerAuthor });
}

const QList<Config::Change> &WorkspaceSession::changesElsewhere() const
{
    return m_changesElsewhere;
}

Util::Status WorkspaceSession::review()
{
    if (m_newerVersion == 0)
        return Util::Ok {};
    // A version saved after the one the notice names is reviewed instead.
    const int latest = m_store ? m_store->latestVersion() : -1;
    if (latest > m_newerVersion)
        noteNewerVersion(latest);
    const Domain::Workspace edited = Config::rebase(m_saved, m_edited, m_newer);
    const int version = m_newerVersion;
    const Domain::Workspace newer = m_newer;
    m_undoStack->clear();
    m_saved = newer;
    m_edited = edited;
    m_savedVersion = version;
    m_undoStack->setClean();
    clearNewerVersion();
    recompute();
    qCInfo(lcUi) << "edits moved onto version" << version << "with" << m_changes.size()
                 << "changes";
    Q_EMIT savedChanged(version);
    Q_EMIT editedChanged();
    return Util::Ok {};
}

void WorkspaceSession::setEdited(const Domain::Workspace &ws)
{
    m_edited = ws;
    recompute();
    Q_EMIT editedChanged();
}

void WorkspaceSession::recompute()
{
    // Every change of m_saved or m_edited ends here, so the derived values are computed once per
    // edit instead of by each preview bar and title that asks.
    m_modified = !(m_edited == m_saved);
    m_changes = Config::changeList(m_saved, m_edited);
    m_problems = Config::validate(m_edited);
}

} // namespace Ui::Common
