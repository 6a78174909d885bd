#pragma once

#include <QWidget>
#include <domain/workspace.h>

class QPushButton;
class QTableView;

namespace Ui::Common {
class ChangePreviewBar;
class WorkspaceSession;
} // namespace Ui::Common

namespace Ui::Connections {

class ConnectionEditor;
class ConnectionListModel;

// Connections (R-UI-6): the list, add / remove, the editor of the selected one, and the same
// preview-before-save bar as the models.
class ConnectionsScreen : public QWidget
{
    Q_OBJECT
public:
    explicit ConnectionsScreen(Common::WorkspaceSession *session, QWidget *parent = nullptr);

    void selectConnection(const QString &name);
    QString currentConnection() const;
    // Why a connection cannot be removed (models with offerings on it), or empty.
    static QString removeRefusal(const Domain::Workspace &ws, const QString &name);
    void addConnection(const QString &name, Domain::Dialect kind);

    QTableView *view() const;
    ConnectionListModel *model() const;
    ConnectionEditor *editor() const;
    QPushButton *addButton() const;
    QPushButton *removeButton() const;
    Common::ChangePreviewBar *previewBar() const;

private:
    void handleSelection();
    void handleAdd();
    void handleRemove();
    void refreshButtons();

    Common::WorkspaceSession *m_session;
    ConnectionListModel *m_model;
    QTableView *m_view;
    ConnectionEditor *m_editor;
    QPushButton *m_add;
    QPushButton *m_remove;
    Common::ChangePreviewBar *m_bar;
    QString m_current;
};

} // namespace Ui::Connections
