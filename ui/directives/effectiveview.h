#pragma once

#include "effectiverows.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QTableWidget;

namespace Ui::Common {
class WorkspaceSession;
}

namespace Ui::Directives {

// The effective directives for a chosen key (or a project, for calls of its keys that set nothing),
// merged from the edited, even unsaved, workspace: each value with the level that set it and the rule
// that won (R-DIR-*, R-UI-6).
class EffectiveView : public QWidget
{
    Q_OBJECT
public:
    explicit EffectiveView(Common::WorkspaceSession *session, QWidget *parent = nullptr);

    // Chooses the caller; an unknown key or project leaves the choice as it is.
    void choose(const QString &projectId, const QString &keyId);
    QComboBox *subjectBox() const;
    QTableWidget *table() const;
    // The rows as shown, for tests and for copying.
    QList<EffectiveRow> rows() const;

    enum Column { FieldColumn, ValueColumn, SetByColumn, RuleColumn, ColumnCount };

private:
    void refreshSubjects();
    void refreshRows();

    Common::WorkspaceSession *m_session;
    QComboBox *m_subject;
    QLabel *m_note;
    QTableWidget *m_table;
    QList<EffectiveRow> m_rows;
};

} // namespace Ui::Directives
