#pragma once

#include <QGroupBox>
#include <domain/sessions.h>
#include <domain/spendlimits.h>

class QComboBox;
class QLabel;
class QSpinBox;

namespace Ui::Common {
class WorkspaceSession;
}

namespace Ui::Keys {

// "Mixed-model sessions" of the selected key or project (SPEC §6): the mode (Off, Shadow, Suggest;
// a key's Off follows its project and says so) and the quality floor. Every edit is a command on
// the session, listed in the change bar before Save and undone like the limits.
class SessionsEditor : public QGroupBox
{
    Q_OBJECT
public:
    explicit SessionsEditor(Common::WorkspaceSession *session, QWidget *parent = nullptr);

    // The key or project edited; an empty id: none, the fields are disabled.
    void setSubject(Domain::SpendScope scope, const QString &id);
    QComboBox *modeBox() const { return m_mode; }
    QSpinBox *floorSpin() const { return m_floor; }
    QLabel *subjectLabel() const { return m_subject; }
    QLabel *floorError() const { return m_floorError; }

private:
    void refresh();
    void pushMode(int index);
    void pushFloor(int floor);
    const Domain::SessionSettings *settings() const;
    QString floorPath() const; // "keys[2].sessions.qualityFloor"

    Common::WorkspaceSession *m_session;
    Domain::SpendScope m_scope = Domain::SpendScope::Key;
    QString m_id;
    QLabel *m_subject;
    QComboBox *m_mode;
    QSpinBox *m_floor;
    QLabel *m_floorError;
};

} // namespace Ui::Keys
