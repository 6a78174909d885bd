#pragma once

#include <QWidget>

class QLabel;
class QPushButton;
class QToolButton;

namespace Ui::Common {

class ImpactPanel;
class WorkspaceSession;

// The bar above Save changes (R-UI-4): hidden while the edited state equals the saved one;
// otherwise "3 changes: a · b · …" with a toggle that expands to every change, one line each; the
// validation errors of the edited state; Discard, and Save changes, which is disabled with the
// reason while any error exists (R-UI-3).
class ChangePreviewBar : public QWidget
{
    Q_OBJECT
public:
    explicit ChangePreviewBar(WorkspaceSession *session, QWidget *parent = nullptr);

    // What the user reads, for the tests and for the accessible description.
    QStringList changeLines() const;
    QString summaryText() const;
    QString problemsText() const;
    // Models whose recovery cannot fit the deadline because of the edit (R-UI-8), one line each.
    QString deadlineWarningsText() const;
    bool isExpanded() const;
    void setExpanded(bool expanded);
    QPushButton *saveButton() const;
    QPushButton *discardButton() const;
    // A version saved by someone else since the edit started: why Save is refused and what that
    // version changed, with Review, which moves the edits onto it (WorkspaceSession::review()).
    QString elsewhereText() const;
    QPushButton *reviewButton() const;
    ImpactPanel *impactPanel() const; // under the change list, shown by its Impact button

private:
    void refresh();

    WorkspaceSession *m_session;
    QLabel *m_summary;
    QToolButton *m_expand;
    QLabel *m_fullList;
    QLabel *m_problems;
    QLabel *m_deadlines;
    QPushButton *m_discard;
    QPushButton *m_save;
    ImpactPanel *m_impact;
    QLabel *m_elsewhere;
    QPushButton *m_review;
};

// Saves with the user's name as author; shows the reason in a message box when it fails, and when
// someone else saved meanwhile what they changed, with Review.
bool saveWithFeedback(QWidget *parent, WorkspaceSession *session);
// Asks to save, discard or cancel when there are unsaved changes; true when the caller may go on.
bool confirmLeaving(QWidget *parent, WorkspaceSession *session);

} // namespace Ui::Common
