#pragma once

#include <QHash>
#include <QList>
#include <QWidget>
#include <domain/sessions.h>

class QLabel;
class QPushButton;
class QTableWidget;
class QTableWidgetItem;

namespace Ui::Common {
class WorkspaceSession;
}

namespace Ui::Workspace {

// Workspace settings → the classifier's rules (docs/sessions.md), one row per rule in order (the
// first that holds names the turn's class): its class and its conditions as text
// ("code_fences ≥ 1, user_chars ≤ 400"; empty: always). A text that does not parse is kept in its
// row with the reason beneath the table and is not applied. Every change is one undoable step.
class ClassifierRulesEditor : public QWidget
{
    Q_OBJECT
public:
    enum Column { ClassColumn, WhenColumn };

    explicit ClassifierRulesEditor(Common::WorkspaceSession *session, QWidget *parent = nullptr);

    QTableWidget *table() const { return m_table; }
    QLabel *errorLabel() const { return m_error; }
    QPushButton *addButton() const { return m_add; }
    QPushButton *removeButton() const { return m_remove; }
    QPushButton *upButton() const { return m_up; }
    QPushButton *downButton() const { return m_down; }
    QPushButton *restoreButton() const { return m_restore; }

private:
    void refresh();
    void refreshButtons();
    void refreshError();
    void handleItemChanged(QTableWidgetItem *item);
    void setRules(const QList<Domain::ClassifierRule> &rules, const QString &text);
    void move(int delta);
    void handleAdd();
    void handleRemove();
    int selectedRow() const;

    Common::WorkspaceSession *m_session;
    QTableWidget *m_table;
    QLabel *m_error;
    QPushButton *m_add;
    QPushButton *m_remove;
    QPushButton *m_up;
    QPushButton *m_down;
    QPushButton *m_restore;
    QList<Domain::ClassifierRule> m_shown; // what the table shows, to rebuild only on a change
    // By row: why the text typed there is not applied (the cell keeps the text until the rules
    // shown change).
    QHash<int, QString> m_invalid;
};

} // namespace Ui::Workspace
