#pragma once

#include <QList>
#include <QWidget>
#include <config/problem.h>
#include <domain/model.h>

class QLabel;
class QSpinBox;

namespace Ui::Common {

// The settings of SPEC §2 step 5's recovery table as spin boxes, each with its allowed range as a
// hint and its validation message under it (R-UI-3, R-REC-9). It shows values and reports what the
// user typed; its owner pushes the edit and decides what is shown (a model's Override, the
// workspace's defaults). Ranges come from core (Config::recoveryFields), never from here.
class RecoveryForm : public QWidget
{
    Q_OBJECT
public:
    explicit RecoveryForm(QWidget *parent = nullptr);

    // Shows `values` without reporting them as edits.
    void setValues(const Domain::RecoverySettings &values);
    // Marks each field with the problems whose path ends in its file key ("….connectTimeoutMs").
    void setProblems(const QList<Config::Problem> &problems);

    QSpinBox *spin(Domain::RecoveryField field) const;
    QLabel *errorLabel(Domain::RecoveryField field) const;

Q_SIGNALS:
    void valueEdited(Domain::RecoveryField field, int value);

private:
    QList<QSpinBox *> m_spins;
    QList<QLabel *> m_errors;
};

} // namespace Ui::Common
