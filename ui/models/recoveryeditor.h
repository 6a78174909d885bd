#pragma once

#include <QList>
#include <QWidget>

class QButtonGroup;
class QLabel;
class QRadioButton;
class QSpinBox;

namespace Ui::Common {
class WorkspaceSession;
}

namespace Ui::Models {

// Settings → Recovery: Default / Override with Attempts, Deadline, Backoff and its maximum, Cooldown,
// each with its allowed range shown next to it and enforced by validation (R-UI-3, R-REC-*).
class RecoveryEditor : public QWidget
{
    Q_OBJECT
public:
    enum Field { Attempts, DeadlineMs, BackoffFirstMs, BackoffMaxMs, CooldownMs, FieldCount };

    explicit RecoveryEditor(Common::WorkspaceSession *session, QWidget *parent = nullptr);
    void setModelName(const QString &name);

    QRadioButton *defaultButton() const;
    QRadioButton *overrideButton() const;
    QSpinBox *spin(Field field) const;
    QLabel *errorLabel(Field field) const;

private:
    void refresh();
    void handleModeClicked(int id);

    Common::WorkspaceSession *m_session;
    QString m_model;
    QButtonGroup *m_mode;
    QRadioButton *m_default;
    QRadioButton *m_override;
    QWidget *m_fields;
    QList<QSpinBox *> m_spins;
    QList<QLabel *> m_errors;
};

} // namespace Ui::Models
