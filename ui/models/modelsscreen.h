#pragma once

#include <QWidget>
#include <domain/workspace.h>

class QLabel;
class QLineEdit;
class QPushButton;
class QSortFilterProxyModel;
class QTabWidget;
class QTableView;
class QToolButton;

namespace Ui::Common {
class ChangePreviewBar;
class WorkspaceSession;
} // namespace Ui::Common
namespace Ui::GatewayControl {
class GatewayMonitor;
}

namespace Ui::Models {

class ModelListModel;
class ModelOverviewTab;
class ModelSettingsTab;

// Models: the list with search and the create / duplicate / enable / delete actions; the selected
// model's Overview and Settings tabs; the change-preview bar (R-UI-1..4).
class ModelsScreen : public QWidget
{
    Q_OBJECT
public:
    ModelsScreen(Common::WorkspaceSession *session, GatewayControl::GatewayMonitor *monitor,
                 QWidget *parent = nullptr);
    GatewayControl::GatewayMonitor *monitor() const { return m_monitor; }

    void selectModel(const QString &name);
    QString currentModel() const;
    // Why `name` cannot be deleted, or empty when it can: the wording of the first of core's
    // Config::referencesTo (pools, aliases, directives naming it).
    static QString deleteRefusal(const Domain::Workspace &ws, const QString &name);

    QLineEdit *searchEdit() const;
    QTableView *listView() const;
    ModelListModel *listModel() const;
    QPushButton *newButton() const;
    QToolButton *duplicateButton() const;
    QToolButton *enableButton() const;
    QToolButton *deleteButton() const;
    QTabWidget *tabs() const;
    ModelOverviewTab *overviewTab() const;
    ModelSettingsTab *settingsTab() const;
    Common::ChangePreviewBar *previewBar() const;

    void createModel(const QString &name, Domain::Modality modality);

private:
    QWidget *buildListPane();
    QWidget *buildDetailPane();
    void handleSelection();
    // Asks to save, discard or cancel when the current model has unsaved changes (R-UI-4); true
    // when the selection may move on to `next`, false when it stays (the list selection is put
    // back).
    bool confirmLeavingModel(const QString &next);
    // For selections the screen makes itself (a created or duplicated model): never asks.
    void selectWithoutAsking(const QString &name);
    void handleEdited();
    void handleNew();
    void handleDuplicate();
    void handleToggleEnabled();
    void handleDelete();
    QStringList selectedModels() const;
    void refreshActions();

    Common::WorkspaceSession *m_session;
    GatewayControl::GatewayMonitor *m_monitor;
    ModelListModel *m_model;
    QSortFilterProxyModel *m_proxy;
    QLineEdit *m_search = nullptr;
    QPushButton *m_new = nullptr;
    QTableView *m_view = nullptr;
    QToolButton *m_duplicate = nullptr;
    QToolButton *m_enable = nullptr;
    QToolButton *m_delete = nullptr;
    QLabel *m_title = nullptr;
    QTabWidget *m_tabs = nullptr;
    ModelOverviewTab *m_overview = nullptr;
    ModelSettingsTab *m_settings = nullptr;
    Common::ChangePreviewBar *m_bar = nullptr;
    QString m_current;
    bool m_leaving = false;
};

} // namespace Ui::Models
