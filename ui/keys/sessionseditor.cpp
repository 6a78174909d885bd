#include "sessionseditor.h"

#include "common/editcommands.h"
#include "common/fieldmark.h"
#include "common/sessiontext.h"
#include "common/tr.h"
#include "common/workspacesession.h"

#include <QComboBox>
#include <QGridLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace Ui::Keys {
namespace {

using Field = Common::SetSessionSettingCommand::Field;
using Domain::SessionMode;

constexpr std::array kModes { SessionMode::Off, SessionMode::Shadow, SessionMode::Suggest };

QString modeHint()
{
    return Tr::tr("Shadow: calls run as asked; each receipt records the task class, the cheaper "
                  "model that would have met the quality floor and the projected saving.\n"
                  "Suggest: the same, and the answer names that model to the caller, who may ask "
                  "for it in the session's next call.");
}

QString floorHint()
{
    return Tr::tr("A model qualifies for a turn when its quality tier for the turn's class is at "
                  "least this (%1 to %2).")
        .arg(Domain::SessionSettings::kQualityFloor.lowest)
        .arg(Domain::SessionSettings::kQualityFloor.highest);
}

// The settings a key has in force when its own mode is Off.
Domain::SessionSettings followedSettings(const Domain::Workspace &ws, Domain::Key key)
{
    key.sessions.mode = SessionMode::Off;
    return ws.sessions(key);
}

} // namespace

SessionsEditor::SessionsEditor(Common::WorkspaceSession *session, QWidget *parent)
    : QGroupBox(Tr::tr("Mixed-model sessions"), parent)
    , m_session(session)
    , m_subject(new QLabel(this))
    , m_mode(new QComboBox(this))
    , m_floor(new QSpinBox(this))
    , m_floorError(Common::makeErrorLabel(this))
{
    m_subject->setWordWrap(true);
    for (SessionMode mode : kModes)
        m_mode->addItem(Common::sessionModeName(mode), int(mode));
    m_mode->setToolTip(modeHint());
    m_mode->setSizeAdjustPolicy(QComboBox::AdjustToContents); // "Project's (Suggest)" fits
    m_floor->setRange(Domain::SessionSettings::kQualityFloor.lowest,
                      Domain::SessionSettings::kQualityFloor.highest);
    m_floor->setToolTip(floorHint());
    m_floor->setWhatsThis(floorHint());
    m_floor->setKeyboardTracking(false); // one edit per value entered, not per keystroke
    auto *modeLabel = new QLabel(Tr::tr("&Mode"), this);
    modeLabel->setBuddy(m_mode);
    auto *floorLabel = new QLabel(Tr::tr("&Quality floor"), this);
    floorLabel->setBuddy(m_floor);
    floorLabel->setToolTip(floorHint());
    m_mode->setAccessibleName(Tr::tr("Session mode"));
    m_floor->setAccessibleName(Tr::tr("Quality floor"));

    auto *grid = new QGridLayout;
    grid->addWidget(modeLabel, 0, 0);
    grid->addWidget(m_mode, 0, 1);
    grid->addWidget(floorLabel, 1, 0);
    grid->addWidget(m_floor, 1, 1);
    grid->addWidget(m_floorError, 2, 0, 1, 2);
    grid->setColumnStretch(2, 1);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_subject);
    layout->addLayout(grid);
    layout->addStretch();

    connect(m_mode, &QComboBox::activated, this, &SessionsEditor::pushMode);
    connect(m_floor, &QSpinBox::valueChanged, this, &SessionsEditor::pushFloor);
    connect(m_session, &Common::WorkspaceSession::editedChanged, this, &SessionsEditor::refresh);
    refresh();
}

void SessionsEditor::setSubject(Domain::SpendScope scope, const QString &id)
{
    m_scope = scope;
    m_id = id;
    refresh();
}

const Domain::SessionSettings *SessionsEditor::settings() const
{
    if (m_id.isEmpty())
        return nullptr;
    const Domain::Workspace &ws = m_session->edited();
    if (m_scope == Domain::SpendScope::Key) {
        const Domain::Key *k = ws.keyById(m_id);
        return k ? &k->sessions : nullptr;
    }
    const Domain::Project *p = ws.project(m_id);
    return p ? &p->sessions : nullptr;
}

QString SessionsEditor::floorPath() const
{
    const Domain::Workspace &ws = m_session->edited();
    const bool key = m_scope == Domain::SpendScope::Key;
    const qsizetype i = key
        ? Common::indexIn(ws.keys, [&](const Domain::Key &k) { return k.id == m_id; })
        : Common::indexIn(ws.projects, [&](const Domain::Project &p) { return p.id == m_id; });
    if (i < 0)
        return {};
    return u"%1[%2].sessions.qualityFloor"_s.arg(key ? u"keys"_s : u"projects"_s).arg(i);
}

void SessionsEditor::refresh()
{
    const Domain::SessionSettings *s = settings();
    const Domain::Workspace &ws = m_session->edited();
    const Domain::Key *key = s && m_scope == Domain::SpendScope::Key ? ws.keyById(m_id) : nullptr;
    if (!s)
        m_subject->setText(Tr::tr("Select a key or a project to set its mixed-model sessions."));
    else if (key)
        m_subject->setText(Tr::tr("Key %1: its own setting, or its project's.").arg(key->name));
    else
        m_subject->setText(Tr::tr("Project %1: for its keys that follow it.").arg(m_id));
    const QSignalBlocker blockMode(m_mode);
    const QSignalBlocker blockFloor(m_floor);
    // A key's Off item says what the key would have in force on Off, as the gateway decides it.
    m_mode->setItemText(
        0,
        key ? Tr::tr("Project's (%1)").arg(Common::sessionModeName(followedSettings(ws, *key).mode))
            : Common::sessionModeName(SessionMode::Off));
    m_mode->setEnabled(s);
    m_mode->setCurrentIndex(s ? m_mode->findData(int(s->mode)) : 0);
    // The floor in force: for a key that follows its project the project's; none selected, the
    // default.
    m_floor->setValue(key ? ws.sessions(*key).qualityFloor
                          : (s ? *s : Domain::SessionSettings {}).qualityFloor);
    m_floor->setEnabled(s && s->mode != SessionMode::Off);
    Common::markField(m_floor, m_floorError,
                      s ? m_session->problemsAt(floorPath()) : QList<Config::Problem> {});
    if (m_floor->toolTip().isEmpty()) // the problem's message while there is one, else the hint
        m_floor->setToolTip(floorHint());
}

void SessionsEditor::pushMode(int index)
{
    const Domain::SessionSettings *s = settings();
    const int mode = m_mode->itemData(index).toInt();
    if (!s || int(s->mode) == mode)
        return;
    auto *setMode
        = new Common::SetSessionSettingCommand(m_session, m_scope, m_id, Field::Mode, mode);
    // A key leaving Off keeps the floor it had in force (its project's, which the spin box
    // showed), in the same step, so the change bar lists the floor too when its own differs.
    const Domain::Key *key
        = m_scope == Domain::SpendScope::Key ? m_session->edited().keyById(m_id) : nullptr;
    const int inForce = key ? m_session->edited().sessions(*key).qualityFloor : s->qualityFloor;
    if (s->mode != SessionMode::Off || inForce == s->qualityFloor) {
        m_session->push(setMode);
        return;
    }
    m_session->pushMacro(setMode->text(),
                         { setMode,
                           new Common::SetSessionSettingCommand(m_session, m_scope, m_id,
                                                                Field::QualityFloor, inForce) });
}

void SessionsEditor::pushFloor(int floor)
{
    const Domain::SessionSettings *s = settings();
    if (!s || s->mode == SessionMode::Off || s->qualityFloor == floor)
        return;
    m_session->push(
        new Common::SetSessionSettingCommand(m_session, m_scope, m_id, Field::QualityFloor, floor));
}

} // namespace Ui::Keys
