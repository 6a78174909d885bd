#pragma once

#include <QList>
#include <QWidget>
#include <domain/workspace.h>

class QButtonGroup;
class QComboBox;
class QGridLayout;
class QLabel;
class QLineEdit;
class QPushButton;
class QRadioButton;
class QSpinBox;
class QToolButton;

namespace Ui::Common {
class WorkspaceSession;
}

namespace Ui::Models {

// Settings → Deployment pool: Direct (default) / Pool, rows of Deployment + Weight, Add deployment
// up to Config::kMaxPoolDeployments, Allowed regions (R-UI-3). Every edit is an undo command on
// the session. Limits and eligible deployments are core's answers (config/rules.h).
class PoolEditor : public QWidget
{
    Q_OBJECT
public:
    explicit PoolEditor(Common::WorkspaceSession *session, QWidget *parent = nullptr);

    void setModelName(const QString &name);

    QRadioButton *directButton() const;
    QRadioButton *poolButton() const;
    QPushButton *addButton() const;
    QLabel *countLabel() const;
    QLineEdit *regionsEdit() const;
    QLabel *regionsError() const;
    int rowCount() const;
    QComboBox *deploymentCombo(int row) const;
    QSpinBox *weightSpin(int row) const;
    QToolButton *removeButton(int row) const;
    QLabel *rowError(int row) const;

private:
    struct Row
    {
        QComboBox *deployment = nullptr;
        QSpinBox *weight = nullptr;
        QToolButton *remove = nullptr;
        QLabel *error = nullptr;
    };

    void refresh();
    void rebuildRows(int count);
    void refreshRow(int row, const Domain::Model &m, int modelIndex);
    void refreshAddButton(const Domain::Model &m);
    void refreshRegions(const Domain::Model &m, int modelIndex);
    void handleRouteClicked(int id);
    void handleAdd();
    void handleRegionsEdited(const QString &text);
    const Domain::Model *model() const;

    Common::WorkspaceSession *m_session;
    QString m_model;
    QButtonGroup *m_routeGroup;
    QRadioButton *m_direct;
    QRadioButton *m_pool;
    QWidget *m_poolBox;
    QGridLayout *m_rowsLayout;
    QList<Row> m_rows;
    QPushButton *m_add;
    QLabel *m_count;
    QLineEdit *m_regions;
    QLabel *m_regionsError;
    QLabel *m_poolError;
};

} // namespace Ui::Models
