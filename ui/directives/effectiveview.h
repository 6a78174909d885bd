#pragma once

#include "effectiverows.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QPushButton;
class QTableWidget;

namespace Ui::Common {
class WorkspaceSession;
}

namespace Ui::GatewayControl {
class GatewayMonitor;
}

namespace Ui::Directives {

// The effective directives for a chosen key (or a project, for calls of its keys that set nothing),
// merged from the edited, even unsaved, workspace: each value with the level that set it and the
// rule that won (R-DIR-*, R-UI-6).
class EffectiveView : public QWidget
{
    Q_OBJECT
public:
    explicit EffectiveView(Common::WorkspaceSession *session, QWidget *parent = nullptr);

    // Chooses the caller; an unknown key or project leaves the choice as it is.
    void choose(const QString &projectId, const QString &keyId);
    QComboBox *subjectBox() const;
    QTableWidget *table() const;
    // Opens the route explainer for a call of the chosen caller (R-UI-8).
    QPushButton *explainButton() const;
    // Live cooldowns for the explainer it opens (R-UI-8, R-UI-11).
    void setMonitor(GatewayControl::GatewayMonitor *monitor) { m_monitor = monitor; }
    // The rows as shown, for tests and for copying.
    QList<EffectiveRow> rows() const;

    enum Column { FieldColumn, ValueColumn, SetByColumn, RuleColumn, ColumnCount };

private:
    void refreshSubjects();
    void refreshRows();
    void handleExplain();

    Common::WorkspaceSession *m_session;
    GatewayControl::GatewayMonitor *m_monitor = nullptr;
    QComboBox *m_subject;
    QLabel *m_note;
    QTableWidget *m_table;
    QPushButton *m_explain;
    QList<EffectiveRow> m_rows;
};

} // namespace Ui::Directives
