#pragma once

#include "common/editcommands.h"

#include <QGroupBox>
#include <array>

class QCheckBox;
class QDoubleSpinBox;
class QLabel;

namespace Ui::Common {
class WorkspaceSession;
}

namespace Ui::Keys {

// "Budgets and rate limits" of the selected key or project (R-BILL-3, R-BILL-4): four optional
// fields, each a check box (set or unset: no limit at this level) and its value within
// Domain::SpendLimits' bounds. Every edit is a command on the session: the change bar lists it
// before Save, and undo reverts it.
class LimitsEditor : public QGroupBox
{
    Q_OBJECT
public:
    using Field = Common::SetSpendLimitCommand::Field;

    explicit LimitsEditor(Common::WorkspaceSession *session, QWidget *parent = nullptr);

    // The key or project edited; an empty id: none, the fields are disabled.
    void setSubject(Domain::SpendScope scope, const QString &id);
    QCheckBox *checkBox(Field field) const;
    QDoubleSpinBox *spin(Field field) const;
    QLabel *subjectLabel() const { return m_subject; }
    QLabel *errorLabel(Field field) const;
    QLabel *noteLabel() const { return m_note; }

private:
    struct Row
    {
        QCheckBox *box = nullptr;
        QDoubleSpinBox *spin = nullptr;
        QLabel *error = nullptr;
    };
    void addRow(Field field, const QString &label, int gridRow, int gridColumn);
    void refresh();
    void push(Field field, std::optional<double> value);
    const Domain::SpendLimits *limits() const;
    QString problemPath(Field field) const; // "keys[2].limits.dailyUsd"

    Common::WorkspaceSession *m_session;
    Domain::SpendScope m_scope = Domain::SpendScope::Key;
    QString m_id;
    QLabel *m_subject;
    QLabel *m_note;
    std::array<Row, 4> m_rows;
};

} // namespace Ui::Keys
