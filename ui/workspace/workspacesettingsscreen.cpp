#include "workspacesettingsscreen.h"

#include "classifierruleseditor.h"
#include "common/changepreviewbar.h"
#include "common/editcommands.h"
#include "common/recoveryform.h"
#include "common/tr.h"
#include "common/workspacesession.h"

#include <QCheckBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QUndoCommand>
#include <QVBoxLayout>
#include <config/recoveryfields.h>

using namespace Qt::StringLiterals;

namespace Ui::Workspace {

namespace {

// One of the workspace's probe settings (R-REL-*), undoable like every edit.
class SetProbeSettingCommand : public Common::WorkspaceCommand
{
public:
    SetProbeSettingCommand(Common::WorkspaceSession *s, bool interval, int value)
        : WorkspaceCommand(
            s, interval ? Tr::tr("Set the probe interval") : Tr::tr("Set the probe window"))
    {
        setEdit([interval, value](Domain::Workspace &ws) {
            (interval ? ws.probeIntervalHours : ws.probeWindowHours) = value;
        });
    }
};

// One of the workspace's listing settings (docs/listings.md), undoable like every edit.
class SetListingSettingCommand : public Common::WorkspaceCommand
{
public:
    SetListingSettingCommand(Common::WorkspaceSession *s, bool refresh, int value)
        : WorkspaceCommand(s,
                           refresh ? Tr::tr("Set the listing refresh interval")
                                   : Tr::tr("Set the listing maximum age"))
    {
        setEdit([refresh, value](Domain::Workspace &ws) {
            (refresh ? ws.listingRefreshMinutes : ws.listingMaxAgeHours) = value;
        });
    }
};

// The share of a budget whose crossing is announced (R-BILL-3), undoable like every edit.
class SetBudgetAlertCommand : public Common::WorkspaceCommand
{
public:
    SetBudgetAlertCommand(Common::WorkspaceSession *s, int percent)
        : WorkspaceCommand(s, Tr::tr("Set the budget alert threshold"))
    {
        setEdit([percent](Domain::Workspace &ws) { ws.budgetAlertPercent = percent; });
    }
};

// How long a Suggest-mode suggestion waits for a later call of its session (SPEC §6).
class SetSessionWindowCommand : public Common::WorkspaceCommand
{
public:
    SetSessionWindowCommand(Common::WorkspaceSession *s, int minutes)
        : WorkspaceCommand(s, Tr::tr("Set the suggestion window"))
    {
        setEdit([minutes](Domain::Workspace &ws) { ws.sessionWindowMinutes = minutes; });
    }
};

QGroupBox *sessionsGroup(QSpinBox *window, ClassifierRulesEditor *rules, QWidget *parent)
{
    auto *box = new QGroupBox(Tr::tr("Mixed-model sessions"), parent);
    auto *why = new QLabel(
        Tr::tr("Each turn of a key in Shadow or Suggest mode is classified by the shape of its "
               "request: the first rule whose conditions all hold names its task class (none: "
               "chit-chat). A suggestion counts as accepted when a later call of the same session "
               "names the suggested model within the window."),
        box);
    why->setWordWrap(true);
    window->setSuffix(Tr::tr(" min"));
    window->setObjectName(u"sessionWindowMinutes"_s);
    auto *form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::FieldsStayAtSizeHint);
    form->addRow(Tr::tr("Suggestion window"), window);
    auto *layout = new QVBoxLayout(box);
    layout->addWidget(why);
    layout->addLayout(form);
    layout->addWidget(new QLabel(Tr::tr("Classifier rules, first that holds wins"), box));
    layout->addWidget(rules);
    return box;
}

QSpinBox *hoursSpin(Domain::Bounds<int> bounds, QWidget *parent)
{
    auto *spin = new QSpinBox(parent);
    spin->setRange(bounds.lowest, bounds.highest);
    spin->setGroupSeparatorShown(true);
    spin->setKeyboardTracking(false); // one command per value, not per keystroke
    return spin;
}

} // namespace

WorkspaceSettingsScreen::WorkspaceSettingsScreen(Common::WorkspaceSession *session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_form(new Common::RecoveryForm(this))
    , m_usage(new QLabel(this))
    , m_restore(new QPushButton(Tr::tr("Restore the standard values"), this))
    , m_strict(new QCheckBox(Tr::tr("Strict receipts: an answer ends only once its receipt is "
                                    "saved"),
                             this))
    , m_probeInterval(hoursSpin(Domain::Workspace::kProbeIntervalHours, this))
    , m_probeWindow(hoursSpin(Domain::Workspace::kProbeWindowHours, this))
    , m_listingRefresh(hoursSpin(Domain::Workspace::kListingRefreshMinutes, this))
    , m_listingMaxAge(hoursSpin(Domain::Workspace::kListingMaxAgeHours, this))
    , m_budgetAlert(hoursSpin(Domain::Workspace::kBudgetAlertPercent, this))
    , m_sessionWindow(hoursSpin(Domain::Workspace::kSessionWindowMinutes, this))
    , m_rules(new ClassifierRulesEditor(session, this))
    , m_bar(new Common::ChangePreviewBar(session, this))
{
    auto *box = new QGroupBox(Tr::tr("Recovery defaults"), this);
    auto *intro = new QLabel(Tr::tr("Every model whose recovery is Default uses these settings; a "
                                    "model's Override replaces them for that model."),
                             box);
    intro->setWordWrap(true);
    m_usage->setWordWrap(true);
    m_usage->setEnabled(false);
    m_restore->setToolTip(Tr::tr("Set every recovery default back to the value Switchboard ships "
                                 "with."));
    auto *actions = new QHBoxLayout;
    actions->addStretch();
    actions->addWidget(m_restore);
    auto *boxLayout = new QVBoxLayout(box);
    boxLayout->addWidget(intro);
    boxLayout->addWidget(m_usage);
    boxLayout->addWidget(m_form);
    boxLayout->addLayout(actions);

    auto *receipts = new QGroupBox(Tr::tr("Receipts"), this);
    auto *strictWhy = new QLabel(
        Tr::tr("Without it, a receipt is saved within a second of its answer, and a crash may lose "
               "the receipts of the last moments' calls. With it, no answered call lacks its "
               "receipt; each answer waits for the next save, which adds latency and lowers the "
               "calls per second."),
        receipts);
    strictWhy->setWordWrap(true);
    auto *receiptsLayout = new QVBoxLayout(receipts);
    receiptsLayout->addWidget(m_strict);
    receiptsLayout->addWidget(strictWhy);

    auto *probes = new QGroupBox(Tr::tr("Reliability probes"), this);
    auto *probesWhy = new QLabel(
        Tr::tr("Each certified offering on a connection that is not metered is probed every "
               "interval (0: never on a schedule); the pass rates count the results of the "
               "window. Probe now on a model's page or the Providers screen runs them at once."),
        probes);
    probesWhy->setWordWrap(true);
    m_probeInterval->setSpecialValueText(Tr::tr("Off"));
    auto *probesLayout = new QFormLayout(probes);
    probesLayout->setFieldGrowthPolicy(QFormLayout::FieldsStayAtSizeHint);
    probesLayout->addRow(probesWhy);
    probesLayout->addRow(Tr::tr("Probe interval, hours"), m_probeInterval);
    probesLayout->addRow(Tr::tr("Probe window, hours"), m_probeWindow);

    auto *listings = new QGroupBox(Tr::tr("Provider listings"), this);
    auto *listingsWhy = new QLabel(
        Tr::tr("A provider with a listing source takes its zero data retention and no-training "
               "facts from the listing, fetched every refresh interval; a listing older than the "
               "maximum age counts as neither. Refresh now on the Providers screen fetches them "
               "at once."),
        listings);
    listingsWhy->setWordWrap(true);
    auto *listingsLayout = new QFormLayout(listings);
    listingsLayout->setFieldGrowthPolicy(QFormLayout::FieldsStayAtSizeHint);
    listingsLayout->addRow(listingsWhy);
    listingsLayout->addRow(Tr::tr("Listing refresh, minutes"), m_listingRefresh);
    listingsLayout->addRow(Tr::tr("Listing maximum age, hours"), m_listingMaxAge);

    auto *budgets = new QGroupBox(Tr::tr("Budgets"), this);
    auto *budgetsWhy = new QLabel(
        Tr::tr("When a key's or a project's spend (settled plus held) crosses this share of its "
               "daily or monthly budget, the status bar and /metrics say so, once per period "
               "(0: never). Budgets are set on the Keys screen."),
        budgets);
    budgetsWhy->setWordWrap(true);
    m_budgetAlert->setSuffix(Tr::tr(" %"));
    m_budgetAlert->setSpecialValueText(Tr::tr("Off"));
    auto *budgetsLayout = new QFormLayout(budgets);
    budgetsLayout->setFieldGrowthPolicy(QFormLayout::FieldsStayAtSizeHint);
    budgetsLayout->addRow(budgetsWhy);
    budgetsLayout->addRow(Tr::tr("Budget alert threshold"), m_budgetAlert);

    auto *content = new QWidget(this);
    auto *contentLayout = new QVBoxLayout(content);
    contentLayout->addWidget(box);
    contentLayout->addWidget(receipts);
    contentLayout->addWidget(probes);
    contentLayout->addWidget(listings);
    contentLayout->addWidget(budgets);
    contentLayout->addWidget(sessionsGroup(m_sessionWindow, m_rules, content));
    contentLayout->addStretch();
    auto *scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(content);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(scroll, 1);
    layout->addWidget(m_bar);

    connect(m_form, &Common::RecoveryForm::valueEdited, this,
            [this](Domain::RecoveryField field, int value) {
                m_session->push(new Common::SetRecoveryDefaultCommand(m_session, field, value));
            });
    connect(m_restore, &QPushButton::clicked, this, &WorkspaceSettingsScreen::handleRestore);
    connect(m_strict, &QCheckBox::clicked, this, [this](bool strict) {
        m_session->push(new Common::SetStrictReceiptsCommand(m_session, strict));
    });
    for (QSpinBox *spin : { m_probeInterval, m_probeWindow }) {
        connect(spin, &QSpinBox::valueChanged, this, [this, spin](int value) {
            const bool interval = spin == m_probeInterval;
            const Domain::Workspace &ws = m_session->edited();
            if ((interval ? ws.probeIntervalHours : ws.probeWindowHours) != value)
                m_session->push(new SetProbeSettingCommand(m_session, interval, value));
        });
    }
    for (QSpinBox *spin : { m_listingRefresh, m_listingMaxAge }) {
        connect(spin, &QSpinBox::valueChanged, this, [this, spin](int value) {
            const bool interval = spin == m_listingRefresh;
            const Domain::Workspace &ws = m_session->edited();
            if ((interval ? ws.listingRefreshMinutes : ws.listingMaxAgeHours) != value)
                m_session->push(new SetListingSettingCommand(m_session, interval, value));
        });
    }
    connect(m_budgetAlert, &QSpinBox::valueChanged, this, [this](int value) {
        if (m_session->edited().budgetAlertPercent != value)
            m_session->push(new SetBudgetAlertCommand(m_session, value));
    });
    connect(m_sessionWindow, &QSpinBox::valueChanged, this, [this](int minutes) {
        if (m_session->edited().sessionWindowMinutes != minutes)
            m_session->push(new SetSessionWindowCommand(m_session, minutes));
    });
    connect(m_session, &Common::WorkspaceSession::editedChanged, this,
            &WorkspaceSettingsScreen::refresh);
    refresh();
}

QSpinBox *WorkspaceSettingsScreen::spin(int recoveryField) const
{
    return m_form->spin(Domain::RecoveryField(recoveryField));
}

QLabel *WorkspaceSettingsScreen::errorLabel(int recoveryField) const
{
    return m_form->errorLabel(Domain::RecoveryField(recoveryField));
}

QLabel *WorkspaceSettingsScreen::usageLabel() const
{
    return m_usage;
}
QPushButton *WorkspaceSettingsScreen::restoreButton() const
{
    return m_restore;
}
Common::ChangePreviewBar *WorkspaceSettingsScreen::previewBar() const
{
    return m_bar;
}

void WorkspaceSettingsScreen::refresh()
{
    const Domain::Workspace &ws = m_session->edited();
    m_form->setValues(ws.recoveryDefaults);
    m_form->setProblems(m_session->problemsAt(u"recoveryDefaults"_s));
    int onDefault = 0;
    for (const Domain::Model &m : ws.models) {
        if (!m.recovery.overridden)
            ++onDefault;
    }
    m_usage->setText(Tr::tr("Models on Default recovery: %1 of %2.")
                         .arg(QLocale().toString(onDefault), QLocale().toString(ws.models.size())));
    m_restore->setEnabled(ws.recoveryDefaults != Domain::RecoverySettings {});
    m_strict->setChecked(ws.strictReceipts);
    for (auto [spin, value] : { std::pair { m_probeInterval, ws.probeIntervalHours },
                                std::pair { m_probeWindow, ws.probeWindowHours },
                                std::pair { m_listingRefresh, ws.listingRefreshMinutes },
                                std::pair { m_listingMaxAge, ws.listingMaxAgeHours },
                                std::pair { m_budgetAlert, ws.budgetAlertPercent },
                                std::pair { m_sessionWindow, ws.sessionWindowMinutes } }) {
        const QSignalBlocker blocker(spin);
        spin->setValue(value);
    }
}

void WorkspaceSettingsScreen::handleRestore()
{
    const Domain::RecoverySettings standard;
    QList<QUndoCommand *> commands;
    for (const Config::RecoveryFieldSpec &spec : Config::recoveryFields()) {
        if (m_session->edited().recoveryDefaults.value(spec.field) != standard.value(spec.field))
            commands << new Common::SetRecoveryDefaultCommand(m_session, spec.field,
                                                              standard.value(spec.field));
    }
    if (!commands.isEmpty())
        m_session->pushMacro(Tr::tr("Restore the standard recovery defaults"), commands);
}

} // namespace Ui::Workspace
