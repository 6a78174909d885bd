#include "recoveryeditor.h"

#include "common/editcommands.h"
#include "common/fieldmark.h"
#include "common/tr.h"
#include "common/workspacesession.h"

#include <QButtonGroup>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QRadioButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>

#include <array>

using namespace Qt::StringLiterals;

namespace Ui::Models {
namespace {

using CommandField = Common::SetRecoveryFieldCommand::Field;

struct FieldInfo
{
    const char *label;
    const char *hint;
    const char16_t *pathSuffix; // the last part of the validation path
    CommandField command;
};

// Ranges of SPEC R-REC-*; validation in core decides, the hint explains.
const std::array<FieldInfo, RecoveryEditor::FieldCount> kFields{{
    {QT_TRANSLATE_NOOP("Ui", "Attempts"), QT_TRANSLATE_NOOP("Ui", "1 to 8, including the first; 1 turns retries off"),
     u"attempts", CommandField::Attempts},
    {QT_TRANSLATE_NOOP("Ui", "Deadline, ms"), QT_TRANSLATE_NOOP("Ui", "1 to 600,000, the whole request"),
     u"deadlineMs", CommandField::DeadlineMs},
    {QT_TRANSLATE_NOOP("Ui", "Backoff, ms"), QT_TRANSLATE_NOOP("Ui", "first wait; at most the longest"),
     u"backoffFirstMs", CommandField::BackoffFirstMs},
    {QT_TRANSLATE_NOOP("Ui", "to"), QT_TRANSLATE_NOOP("Ui", "longest wait, at most 30,000"),
     u"backoffMaxMs", CommandField::BackoffMaxMs},
    {QT_TRANSLATE_NOOP("Ui", "Cooldown, ms"), QT_TRANSLATE_NOOP("Ui", "0 to 120,000; a failed deployment is skipped"),
     u"cooldownMs", CommandField::CooldownMs},
}};

enum ModeId { DefaultId, OverrideId };
constexpr int kSpinMax = 99999999;

int valueOf(const Domain::RecoverySettings &r, int field)
{
    switch (field) {
    case RecoveryEditor::Attempts:
        return r.attempts;
    case RecoveryEditor::DeadlineMs:
        return r.deadlineMs;
    case RecoveryEditor::BackoffFirstMs:
        return r.backoffFirstMs;
    case RecoveryEditor::BackoffMaxMs:
        return r.backoffMaxMs;
    default:
        return r.cooldownMs;
    }
}

} // namespace

RecoveryEditor::RecoveryEditor(Common::WorkspaceSession *session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_mode(new QButtonGroup(this))
    , m_default(new QRadioButton(Tr::tr("Default"), this))
    , m_override(new QRadioButton(Tr::tr("Override"), this))
    , m_fields(new QWidget(this))
{
    m_mode->addButton(m_default, DefaultId);
    m_mode->addButton(m_override, OverrideId);
    auto *modeRow = new QHBoxLayout;
    modeRow->addWidget(m_default);
    modeRow->addWidget(m_override);
    modeRow->addStretch();

    auto *grid = new QGridLayout(m_fields);
    grid->setContentsMargins(16, 0, 0, 0);
    for (int f = 0; f < FieldCount; ++f) {
        auto *spin = new QSpinBox(m_fields);
        spin->setRange(0, kSpinMax);
        spin->setGroupSeparatorShown(true);
        spin->setAccessibleName(Tr::tr(kFields[f].label));
        auto *hint = new QLabel(Tr::tr(kFields[f].hint), m_fields);
        hint->setEnabled(false);
        QLabel *error = Common::makeErrorLabel(m_fields);
        grid->addWidget(new QLabel(Tr::tr(kFields[f].label), m_fields), 2 * f, 0);
        grid->addWidget(spin, 2 * f, 1);
        grid->addWidget(hint, 2 * f, 2);
        grid->addWidget(error, 2 * f + 1, 1, 1, 2);
        connect(spin, &QSpinBox::valueChanged, this, [this, f](int value) {
            m_session->push(new Common::SetRecoveryFieldCommand(m_session, m_model,
                                                                kFields[f].command, value));
        });
        m_spins.append(spin);
        m_errors.append(error);
    }
    grid->setColumnStretch(2, 1);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(modeRow);
    layout->addWidget(m_fields);
    connect(m_mode, &QButtonGroup::idClicked, this, &RecoveryEditor::handleModeClicked);
    connect(m_session, &Common::WorkspaceSession::editedChanged, this, &RecoveryEditor::refresh);
}

void RecoveryEditor::setModelName(const QString &name)
{
    m_model = name;
    refresh();
}

QRadioButton *RecoveryEditor::defaultButton() const { return m_default; }
QRadioButton *RecoveryEditor::overrideButton() const { return m_override; }
QSpinBox *RecoveryEditor::spin(Field field) const { return m_spins.at(field); }
QLabel *RecoveryEditor::errorLabel(Field field) const { return m_errors.at(field); }

void RecoveryEditor::refresh()
{
    const Domain::Model *m = m_session->edited().model(m_model);
    setEnabled(m != nullptr);
    if (!m)
        return;
    {
        const QSignalBlocker blocker(m_mode);
        (m->recovery.overridden ? m_override : m_default)->setChecked(true);
    }
    // Default shows the values that apply, read-only; Override edits its own values.
    m_fields->setEnabled(m->recovery.overridden);
    const Domain::RecoverySettings shown = m->recovery.effective();
    const QString base = Common::WorkspaceSession::modelPath(m_session->editedModelIndex(m_model))
                         + u".recovery"_s;
    const QList<Config::Problem> problems = m_session->problemsAt(base);
    for (int f = 0; f < FieldCount; ++f) {
        if (m_spins.at(f)->value() != valueOf(shown, f)) {
            const QSignalBlocker blocker(m_spins.at(f));
            m_spins.at(f)->setValue(valueOf(shown, f));
        }
        QList<Config::Problem> mine;
        for (const Config::Problem &p : problems) {
            if (p.path.endsWith(u'.' + QString::fromUtf16(kFields[f].pathSuffix)))
                mine.append(p);
        }
        Common::markField(m_spins.at(f), m_errors.at(f), mine);
    }
}

void RecoveryEditor::handleModeClicked(int id)
{
    m_session->push(new Common::SetRecoveryModeCommand(m_session, m_model, id == OverrideId));
}

} // namespace Ui::Models
