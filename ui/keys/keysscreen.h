#pragma once

#include <QWidget>
#include <functional>

class QComboBox;
class QLineEdit;
class QPushButton;
class QTableView;

namespace Ui::Common {
class ChangePreviewBar;
class WorkspaceSession;
} // namespace Ui::Common

namespace Ui::Keys {

class KeyListModel;

// Keys (R-UI-6): projects and caller keys. A created key is shown once in a dialog with a copy
// button, then only its prefix; revoke asks for confirmation. Both are edits, saved with the bar.
class KeysScreen : public QWidget
{
    Q_OBJECT
public:
    explicit KeysScreen(Common::WorkspaceSession *session, QWidget *parent = nullptr);

    // Creates the key in project `projectId` (Runtime::addKey); returns the secret (shown once by
    // the caller), or nothing when there is no such project or no name.
    QString createKey(const QString &projectId, const QString &name);
    void addProject(const QString &id, const QString &name);
    void revoke(const QString &keyId);

    QTableView *view() const;
    KeyListModel *model() const;
    QComboBox *projectCombo() const;
    QLineEdit *keyNameEdit() const;
    QPushButton *createButton() const;
    QPushButton *revokeButton() const;
    QPushButton *newProjectButton() const;
    Common::ChangePreviewBar *previewBar() const;
    // Tests replace the modal dialogs: (name, secret) → shown; question → answer.
    std::function<void(const QString &, const QString &)> showSecret;
    std::function<bool(const QString &)> confirm;

private:
    void refreshProjects();
    void refreshButtons();
    void handleCreate();
    void handleRevoke();
    void handleNewProject();

    Common::WorkspaceSession *m_session;
    KeyListModel *m_model;
    QTableView *m_view;
    QComboBox *m_project;
    QLineEdit *m_keyName;
    QPushButton *m_create;
    QPushButton *m_revoke;
    QPushButton *m_newProject;
    Common::ChangePreviewBar *m_bar;
};

} // namespace Ui::Keys
