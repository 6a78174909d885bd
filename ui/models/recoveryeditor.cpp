#include "recoveryeditor.h"

#include "common/editcommands.h"
#include "common/recoveryform.h"
#include "common/tr.h"
#include "common/workspacesession.h"

#include <QButtonGroup>
#include <QHBoxLayout>
#include <QLabel>
#include <QRadioButton>
#include <QSignalBlocker>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace Ui::Models {
namespace {

enum ModeId { DefaultId, OverrideId };

} // namespace

RecoveryEditor::RecoveryEditor(Common::WorkspaceSession *session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_mode(new QButtonGroup(this))
    , m_default(new QRadioButton(Tr::tr("Default"), this))
    , m_override(new QRadioButton(Tr::tr("Override"), this))
    , m_source(new QLabel(this))
    , m_fields(new Common::RecoveryForm(this))
{
    m_mode->addButton(m_default, DefaultId);
    m_mode->addButton(m_override, OverrideId);
    auto *modeRow = new QHBoxLayout;
    modeRow->addWidget(m_default);
    modeRow->addWidget(m_override);
    modeRow->addStretch();
    m_source->setWordWrap(true);
    m_source->setEnabled(false);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(modeRow);
    layout->addWidget(m_source);
    layout->addWidget(m_fields);
    connect(m_mode, &QButtonGroup::idClicked, this, &RecoveryEditor::handleModeClicked);
    connect(m_fields, &Common::RecoveryForm::valueEdited, this,
            [this](Domain::RecoveryField field, int value) {
                m_session->push(
                    new Common::SetRecoveryFieldCommand(m_session, m_model, field, value));
            });
    connect(m_session, &Common::WorkspaceSession::editedChanged, this, &RecoveryEditor::refresh);
}

void RecoveryEditor::setModelName(const QString &name)
{
    m_model = name;
    refresh();
}

QRadioButton *RecoveryEditor::defaultButton() const
{
    return m_default;
}
QRadioButton *RecoveryEditor::overrideButton() const
{
    return m_override;
}
QLabel *RecoveryEditor::sourceLabel() const
{
    return m_source;
}

QSpinBox *RecoveryEditor::spin(Field field) const
{
    return m_fields->spin(field);
}

QLabel *RecoveryEditor::errorLabel(Field field) const
{
    return m_fields->errorLabel(field);
}

void RecoveryEditor::refresh()
{
    const Domain::Workspace &ws = m_session->edited();
    const Domain::Model *m = ws.model(m_model);
    setEnabled(m != nullptr);
    if (!m)
        return;
    {
        const QSignalBlocker blocker(m_mode);
        (m->recovery.overridden ? m_override : m_default)->setChecked(true);
    }
    // Default shows the values that apply, read-only; Override edits its own values (R-REC-9).
    m_source->setText(m->recovery.overridden
                          ? Tr::tr("This model's own settings replace the workspace's recovery "
                                   "defaults.")
                          : Tr::tr("The workspace's recovery defaults apply; edit them in "
                                   "Workspace settings, or choose Override."));
    m_fields->setEnabled(m->recovery.overridden);
    m_fields->setValues(ws.recovery(*m));
    const QString base = Common::WorkspaceSession::modelPath(m_session->editedModelIndex(m_model))
        + u".recovery"_s;
    m_fields->setProblems(m_session->problemsAt(base));
}

void RecoveryEditor::handleModeClicked(int id)
{
    m_session->push(new Common::SetRecoveryModeCommand(m_session, m_model, id == OverrideId));
}

} // namespace Ui::Models
