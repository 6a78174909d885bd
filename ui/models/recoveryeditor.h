#pragma once

#include "domain/model.h"

#include <QWidget>

class QButtonGroup;
class QLabel;
class QRadioButton;
class QSpinBox;

namespace Ui::Common {
class RecoveryForm;
class WorkspaceSession;
} // namespace Ui::Common

namespace Ui::Models {

// Settings → Recovery: Default / Override with every setting of SPEC §2 step 5's table (attempts,
// deadline, backoff and its maximum, cooldown, connect / stream start / stream idle timeouts), each
// with its allowed range shown next to it and enforced by validation (R-UI-3, R-REC-*). Default
// shows the workspace's recovery defaults read-only; Override edits the model's own (R-REC-9).
class RecoveryEditor : public QWidget
{
    Q_OBJECT
public:
    using Field = Domain::RecoveryField; // the settings are core's, in SPEC's table order

    explicit RecoveryEditor(Common::WorkspaceSession *session, QWidget *parent = nullptr);
    void setModelName(const QString &name);

    QRadioButton *defaultButton() const;
    QRadioButton *overrideButton() const;
    QSpinBox *spin(Field field) const;
    QLabel *errorLabel(Field field) const;
    QLabel *sourceLabel() const; // says where the values shown come from

private:
    void refresh();
    void handleModeClicked(int id);

    Common::WorkspaceSession *m_session;
    QString m_model;
    QButtonGroup *m_mode;
    QRadioButton *m_default;
    QRadioButton *m_override;
    QLabel *m_source;
    Common::RecoveryForm *m_fields;
};

} // namespace Ui::Models
