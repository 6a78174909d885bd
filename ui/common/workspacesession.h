#pragma once

#include <QList>
#include <QObject>
#include <QString>
#include <config/changelist.h>
#include <config/problem.h>
#include <domain/workspace.h>
#include <util/result.h>

class QUndoCommand;
class QUndoStack;

namespace Store {
class ConfigStore;
}

namespace Ui::Common {

// Owns the saved workspace and the edited copy, the undo stack over the edits, and what the preview
// bar shows: the change list and the validation problems of the edited copy, recomputed on every
// change (R-UI-3, R-UI-4). Widgets never edit the workspace directly: they push commands here.
class WorkspaceSession : public QObject
{
    Q_OBJECT
public:
    explicit WorkspaceSession(QObject *parent = nullptr);
    ~WorkspaceSession() override;

    // Where saves go; without a store, save() fails with a clear message.
    void setStore(Store::ConfigStore *store);
    Store::ConfigStore *store() const;
    // Starts over from a saved state: the edited copy becomes equal to it and the undo stack is
    // cleared.
    void load(const Domain::Workspace &saved, int version);

    const Domain::Workspace &saved() const;
    const Domain::Workspace &edited() const;
    int savedVersion() const;
    QUndoStack *undoStack() const;

    const QList<Config::Change> &changes() const;
    const QList<Config::Problem> &problems() const;
    // Problems whose path is `path` or lies below it ("models[2]" covers "models[2].pool…").
    QList<Config::Problem> problemsAt(const QString &path) const;
    bool hasErrors() const;
    bool isModified() const;
    // Empty when a save may go ahead; otherwise a sentence naming the first error.
    QString saveBlockedReason() const;

    // The index of a model in the edited workspace, -1 when absent; the root of its problem paths.
    int editedModelIndex(const QString &name) const;
    static QString modelPath(int index);

    // Runs the command (it becomes undoable). Several commands pushed as one step: a macro.
    void push(QUndoCommand *command);
    void pushMacro(const QString &text, const QList<QUndoCommand *> &commands);
    // Makes the edited copy equal to the saved state, as one undoable step.
    void discard();
    // One transaction and one version in the store (R-UI-4); then the gateway gets the new
    // snapshot. A compare-and-swap on savedVersion(): when someone else saved meanwhile nothing is
    // saved, the edits stay, and newerVersion() tells which version to review.
    Util::Result<int> save(const QString &author);

    // Looks for a version saved by someone else since savedVersion(): without unsaved changes it is
    // loaded at once; with them the edits stay and newerVersion() tells.
    void checkForNewerVersion();
    // The version saved by someone else that a save would now be refused for; 0 when none.
    int newerVersion() const;
    // Why: "Changed by someone else (version 7, saved by ana): review and save again."
    Util::Error newerVersionError() const;
    // What that version changed since the one the edits started from.
    const QList<Config::Change> &changesElsewhere() const;
    // The edits moved onto the newer version (Config::rebase): it becomes the saved state, and
    // changes() lists what saving would now change. The undo stack starts over.
    Util::Status review();

    // For the commands only: replaces the edited copy and recomputes the preview.
    void setEdited(const Domain::Workspace &ws);

Q_SIGNALS:
    void editedChanged();
    void savedChanged(int version);
    // newerVersion() changed (0: none any more).
    void newerVersionChanged(int version);
    // A new saved snapshot for the running gateway (wired to GatewayService::applyConfig).
    void snapshotPublished(const Domain::WorkspaceSnapshot &snapshot);

private:
    void recompute();
    void noteNewerVersion(int version);
    void clearNewerVersion();

    Store::ConfigStore *m_store = nullptr;
    Domain::Workspace m_saved;
    Domain::Workspace m_edited;
    int m_savedVersion = 0;
    QUndoStack *m_undoStack;
    bool m_modified = false;
    QList<Config::Change> m_changes;
    QList<Config::Problem> m_problems;
    int m_newerVersion = 0;
    QString m_newerAuthor;
    Domain::Workspace m_newer;
    QList<Config::Change> m_changesElsewhere;
};

} // namespace Ui::Common
