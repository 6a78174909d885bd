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
namespace Store {
class ReceiptWriter;
}
namespace Ui::GatewayControl {
class GatewayMonitor;
}

namespace Ui::Keys {

class KeyListModel;
class LimitsEditor;
class ProjectListModel;
class SessionsEditor;
class SessionsPanel;

// Keys (R-UI-6): projects and caller keys. A created key is shown once in a dialog with a copy
// button, then only its prefix; revoke asks for confirmation. Both are edits, saved with the bar.
// Each project and key shows its budget, spend, what is left, holds in flight and rate limits; the
// selected one's are edited beneath the tables, like every setting (R-BILL-3, R-BILL-4), beside
// its mixed-model session setting; a key's session figures of the last 30 days are beneath the
// tables (SPEC §6).
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
    // The spend columns follow what the running gateway reports; without a monitor they show "—".
    void setMonitor(GatewayControl::GatewayMonitor *monitor);
    // The selected key's session figures read the receipts there; new ones refresh them.
    void useDatabase(const QString &path, Store::ReceiptWriter *writer);

    QTableView *view() const;
    KeyListModel *model() const;
    QTableView *projectView() const { return m_projectView; }
    ProjectListModel *projectModel() const { return m_projectModel; }
    LimitsEditor *limitsEditor() const { return m_limits; }
    SessionsEditor *sessionsEditor() const { return m_sessions; }
    SessionsPanel *sessionsPanel() const { return m_sessionsPanel; }
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
    // One selection across both tables: the key or the project whose limits are edited.
    void handleCurrentChanged(QTableView *view);
    void refreshSpend();
    void refreshSessionsPanel(); // the selected key, its mode in force

    Common::WorkspaceSession *m_session;
    KeyListModel *m_model;
    QTableView *m_view;
    ProjectListModel *m_projectModel;
    QTableView *m_projectView;
    LimitsEditor *m_limits;
    SessionsEditor *m_sessions;
    SessionsPanel *m_sessionsPanel;
    GatewayControl::GatewayMonitor *m_monitor = nullptr;
    QComboBox *m_project;
    QLineEdit *m_keyName;
    QPushButton *m_create;
    QPushButton *m_revoke;
    QPushButton *m_newProject;
    Common::ChangePreviewBar *m_bar;
};

} // namespace Ui::Keys
