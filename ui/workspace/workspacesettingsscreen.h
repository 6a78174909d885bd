#pragma once

#include <QWidget>

class QCheckBox;
class QLabel;
class QPushButton;
class QSpinBox;

namespace Ui::Common {
class ChangePreviewBar;
class RecoveryForm;
class WorkspaceSession;
} // namespace Ui::Common

namespace Ui::Workspace {

class ClassifierRulesEditor;

// Workspace settings: the workspace's recovery defaults, what every model on Default recovery uses
// (R-REC-9), with the allowed range of each setting, validation where the field is (R-UI-3);
// strict receipts (R-RCPT-1); mixed-model sessions' window and classifier rules (SPEC §6); and the
// change-preview bar (R-UI-4). Every edit is an undoable
// command; Save is the bar's.
class WorkspaceSettingsScreen : public QWidget
{
    Q_OBJECT
public:
    explicit WorkspaceSettingsScreen(Common::WorkspaceSession *session, QWidget *parent = nullptr);

    QSpinBox *spin(int recoveryField) const; // Domain::RecoveryField
    QLabel *errorLabel(int recoveryField) const;
    QLabel *usageLabel() const; // how many models use the defaults
    QPushButton *restoreButton() const;
    Common::ChangePreviewBar *previewBar() const;
    QCheckBox *strictReceiptsBox() const { return m_strict; }
    QSpinBox *probeIntervalSpin() const { return m_probeInterval; }
    QSpinBox *probeWindowSpin() const { return m_probeWindow; }
    QSpinBox *listingRefreshSpin() const { return m_listingRefresh; }
    QSpinBox *listingMaxAgeSpin() const { return m_listingMaxAge; }
    QSpinBox *budgetAlertSpin() const { return m_budgetAlert; }
    QSpinBox *sessionWindowSpin() const { return m_sessionWindow; }
    ClassifierRulesEditor *rulesEditor() const { return m_rules; }

private:
    void refresh();
    void handleRestore();

    Common::WorkspaceSession *m_session;
    Common::RecoveryForm *m_form;
    QLabel *m_usage;
    QPushButton *m_restore;
    QCheckBox *m_strict;
    QSpinBox *m_probeInterval;
    QSpinBox *m_probeWindow;
    QSpinBox *m_listingRefresh;
    QSpinBox *m_listingMaxAge;
    QSpinBox *m_budgetAlert;
    QSpinBox *m_sessionWindow;
    ClassifierRulesEditor *m_rules;
    Common::ChangePreviewBar *m_bar;
};

} // namespace Ui::Workspace
