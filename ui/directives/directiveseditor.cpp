#include "directiveseditor.h"

#include "common/fieldmark.h"
#include "common/tr.h"
#include "common/workspacesession.h"
#include "stringlisteditor.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>
#include <set>

using namespace Qt::StringLiterals;

namespace Ui::Directives {
namespace {

constexpr int kUnsetPrecision = -1;
constexpr int kDefaultCap = 3; // the SPEC default of Attempts: a cap that changes nothing at first

QLabel *hintLabel(const QString &text, QWidget *parent)
{
    auto *label = new QLabel(text, parent);
    label->setWordWrap(true);
    label->setEnabled(false);
    return label;
}

QStringList modelChoices(const Domain::Workspace &ws)
{
    QStringList names;
    std::set<QString> vendors;
    for (const Domain::Model &m : ws.models) {
        names << m.name;
        const qsizetype slash = m.name.indexOf(u'/');
        if (slash > 0)
            vendors.insert(m.name.left(slash) + u"/*"_s);
    }
    for (const QString &v : vendors)
        names << v;
    return names;
}

QStringList providerChoices(const Domain::Workspace &ws)
{
    QStringList ids;
    for (const Domain::Provider &p : ws.providers)
        ids << p.id;
    return ids;
}

int switchIndex(const std::optional<bool> &v)
{
    if (!v)
        return DirectivesEditor::SwitchUnset;
    return *v ? DirectivesEditor::SwitchOn : DirectivesEditor::SwitchOff;
}

std::optional<bool> switchValue(int index)
{
    if (index == DirectivesEditor::SwitchUnset)
        return std::nullopt;
    return index == DirectivesEditor::SwitchOn;
}

} // namespace

DirectivesEditor::DirectivesEditor(Common::WorkspaceSession *session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_title(new QLabel(this))
{
    QFont big = m_title->font();
    big.setPointSizeF(big.pointSizeF() * 1.3);
    big.setBold(true);
    m_title->setFont(big);
    m_title->setObjectName(u"directivesTitle"_s);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_title);
    layout->addWidget(hintLabel(Tr::tr("Levels only narrow: a call must pass the workspace, its "
                                       "project and its key. Unset means this level says nothing."),
                                this));
    layout->addWidget(buildModelsGroup());
    layout->addWidget(buildProvidersGroup());
    layout->addWidget(buildLimitsGroup());
    layout->addWidget(buildFallbackGroup());
    layout->addStretch();
    connect(m_session, &Common::WorkspaceSession::editedChanged, this, &DirectivesEditor::refresh);
    refresh();
}

QWidget *DirectivesEditor::buildModelsGroup()
{
    auto *box = new QGroupBox(Tr::tr("Allowed models"), this);
    m_restrictModels = new QCheckBox(Tr::tr("Only these models (unset: any model)"), box);
    m_allowedModels = new StringListEditor(StringListEditor::Order::Unordered, box);
    m_allowedModels->setPlaceholder(Tr::tr("model or vendor/*"));
    m_allowedModelsError = Common::makeErrorLabel(box);
    auto *layout = new QVBoxLayout(box);
    layout->addWidget(m_restrictModels);
    layout->addWidget(m_allowedModels);
    layout->addWidget(m_allowedModelsError);
    connect(m_restrictModels, &QCheckBox::toggled, this, [this](bool on) {
        apply(
            [&](Domain::Directives &d) {
                d.allowedModels
                    = on ? std::optional<QStringList>(m_allowedModels->items()) : std::nullopt;
            },
            u"allowedModels"_s);
    });
    connect(m_allowedModels, &StringListEditor::itemsEdited, this,
            [this](const QStringList &items) {
                apply([&](Domain::Directives &d) { d.allowedModels = items; }, u"allowedModels"_s);
            });
    return box;
}

QWidget *DirectivesEditor::buildProvidersGroup()
{
    auto *box = new QGroupBox(Tr::tr("Providers and data policy"), this);
    m_restrictProviders = new QCheckBox(Tr::tr("Only these providers (unset: any provider)"), box);
    m_allowedProviders = new StringListEditor(StringListEditor::Order::Unordered, box);
    m_allowedProvidersError = Common::makeErrorLabel(box);
    m_deniedProviders = new StringListEditor(StringListEditor::Order::Unordered, box);
    m_deniedProvidersError = Common::makeErrorLabel(box);
    m_requireZdr = makeSwitch(Tr::tr("Required"), Tr::tr("Not required"));
    m_requireNoTraining = makeSwitch(Tr::tr("Required"), Tr::tr("Not required"));
    auto *form = new QFormLayout(box);
    form->addRow(m_restrictProviders);
    form->addRow(m_allowedProviders);
    form->addRow(m_allowedProvidersError);
    form->addRow(new QLabel(Tr::tr("Denied providers (denied beats allowed):"), box));
    form->addRow(m_deniedProviders);
    form->addRow(m_deniedProvidersError);
    form->addRow(Tr::tr("Require zero data retention"), m_requireZdr);
    form->addRow(Tr::tr("Require no training on prompts"), m_requireNoTraining);
    connect(m_restrictProviders, &QCheckBox::toggled, this, [this](bool on) {
        apply(
            [&](Domain::Directives &d) {
                d.allowedProviders
                    = on ? std::optional<QStringList>(m_allowedProviders->items()) : std::nullopt;
            },
            u"allowedProviders"_s);
    });
    connect(m_allowedProviders, &StringListEditor::itemsEdited, this, [this](const QStringList &v) {
        apply([&](Domain::Directives &d) { d.allowedProviders = v; }, u"allowedProviders"_s);
    });
    connect(m_deniedProviders, &StringListEditor::itemsEdited, this, [this](const QStringList &v) {
        apply([&](Domain::Directives &d) { d.deniedProviders = v; }, u"deniedProviders"_s);
    });
    connectSwitch(m_requireZdr, &Domain::Directives::requireZdr, u"requireZdr"_s);
    connectSwitch(m_requireNoTraining, &Domain::Directives::requireNoTraining,
                  u"requireNoTraining"_s);
    return box;
}

QWidget *DirectivesEditor::buildLimitsGroup()
{
    auto *box = new QGroupBox(Tr::tr("Precision and attempts"), this);
    m_minPrecision = new QComboBox(box);
    m_minPrecision->addItem(Tr::tr("Unset"), kUnsetPrecision);
    m_minPrecision->addItem(Tr::tr("none (no minimum)"), int(Domain::Precision::None));
    m_minPrecision->addItem(Tr::tr("fp8 (skips fp4)"), int(Domain::Precision::Fp8));
    m_minPrecision->addItem(Tr::tr("bf16 (skips fp8 and fp4)"), int(Domain::Precision::Bf16));
    m_capAttempts = new QCheckBox(Tr::tr("Cap"), box);
    m_maxAttempts = new QSpinBox(box);
    m_maxAttempts->setRange(0, 99); // validation (1–8) decides, so a wrong value can be shown
    m_maxAttempts->setAccessibleName(Tr::tr("Max application attempts"));
    m_maxAttemptsError = Common::makeErrorLabel(box);
    auto *capRow = new QHBoxLayout;
    capRow->addWidget(m_capAttempts);
    capRow->addWidget(m_maxAttempts);
    capRow->addWidget(hintLabel(Tr::tr("1 to 8; the lowest cap of any level applies"), box), 1);
    auto *form = new QFormLayout(box);
    form->addRow(Tr::tr("Minimum precision"), m_minPrecision);
    form->addRow(QString(),
                 hintLabel(Tr::tr("The highest precision any level sets applies; "
                                  "offerings listing none are kept."),
                           box));
    form->addRow(Tr::tr("Max application attempts"), capRow);
    form->addRow(QString(), m_maxAttemptsError);
    connect(m_minPrecision, &QComboBox::activated, this, [this](int index) {
        const int v = m_minPrecision->itemData(index).toInt();
        apply(
            [&](Domain::Directives &d) {
                d.minPrecision
                    = v == kUnsetPrecision ? std::nullopt : std::optional(Domain::Precision(v));
            },
            u"minPrecision"_s);
    });
    connect(m_capAttempts, &QCheckBox::toggled, this, [this](bool on) {
        const int value = m_maxAttempts->value() > 0 ? m_maxAttempts->value() : kDefaultCap;
        apply(
            [&](Domain::Directives &d) {
                d.maxApplicationAttempts = on ? std::optional(value) : std::nullopt;
            },
            u"maxApplicationAttempts"_s);
    });
    connect(m_maxAttempts, &QSpinBox::valueChanged, this, [this](int value) {
        if (!m_capAttempts->isChecked())
            return;
        apply([&](Domain::Directives &d) { d.maxApplicationAttempts = value; },
              u"maxApplicationAttempts"_s);
    });
    return box;
}

QWidget *DirectivesEditor::buildFallbackGroup()
{
    auto *box = new QGroupBox(Tr::tr("Model fallback"), this);
    m_allowFallback = makeSwitch(Tr::tr("Allowed"), Tr::tr("Off"));
    m_ownFallbackList = new QCheckBox(Tr::tr("Own fallback models, in order (unset: the list of "
                                             "the level above)"),
                                      box);
    m_fallbackModels = new StringListEditor(StringListEditor::Order::Ordered, box);
    m_fallbackModelsError = Common::makeErrorLabel(box);
    auto *form = new QFormLayout(box);
    form->addRow(Tr::tr("Allow model fallback"), m_allowFallback);
    form->addRow(QString(),
                 hintLabel(Tr::tr("The team decides whether fallback is allowed (unset "
                                  "is off); a project or key can only turn it off."),
                           box));
    form->addRow(m_ownFallbackList);
    form->addRow(m_fallbackModels);
    form->addRow(m_fallbackModelsError);
    connectSwitch(m_allowFallback, &Domain::Directives::allowModelFallback,
                  u"allowModelFallback"_s);
    connect(m_ownFallbackList, &QCheckBox::toggled, this, [this](bool on) {
        apply(
            [&](Domain::Directives &d) {
                d.fallbackModels
                    = on ? std::optional<QStringList>(m_fallbackModels->items()) : std::nullopt;
            },
            u"fallbackModels"_s);
    });
    connect(m_fallbackModels, &StringListEditor::itemsEdited, this, [this](const QStringList &v) {
        apply([&](Domain::Directives &d) { d.fallbackModels = v; }, u"fallbackModels"_s);
    });
    return box;
}

QComboBox *DirectivesEditor::makeSwitch(const QString &onText, const QString &offText)
{
    auto *box = new QComboBox(this);
    box->insertItem(SwitchUnset, Tr::tr("Unset"));
    box->insertItem(SwitchOn, onText);
    box->insertItem(SwitchOff, offText);
    return box;
}

void DirectivesEditor::connectSwitch(QComboBox *box,
                                     std::optional<bool> Domain::Directives::*member,
                                     const QString &field)
{
    connect(box, &QComboBox::activated, this, [this, member, field](int index) {
        apply([&](Domain::Directives &d) { d.*member = switchValue(index); }, field);
    });
}

void DirectivesEditor::setTarget(const DirectiveTarget &target)
{
    m_target = target;
    refresh();
}

DirectiveTarget DirectivesEditor::target() const
{
    return m_target;
}
QLabel *DirectivesEditor::titleLabel() const
{
    return m_title;
}
QCheckBox *DirectivesEditor::restrictModelsBox() const
{
    return m_restrictModels;
}
StringListEditor *DirectivesEditor::allowedModels() const
{
    return m_allowedModels;
}
QCheckBox *DirectivesEditor::restrictProvidersBox() const
{
    return m_restrictProviders;
}
StringListEditor *DirectivesEditor::allowedProviders() const
{
    return m_allowedProviders;
}
StringListEditor *DirectivesEditor::deniedProviders() const
{
    return m_deniedProviders;
}
QComboBox *DirectivesEditor::requireZdrBox() const
{
    return m_requireZdr;
}
QComboBox *DirectivesEditor::requireNoTrainingBox() const
{
    return m_requireNoTraining;
}
QComboBox *DirectivesEditor::minPrecisionBox() const
{
    return m_minPrecision;
}
QCheckBox *DirectivesEditor::capAttemptsBox() const
{
    return m_capAttempts;
}
QSpinBox *DirectivesEditor::maxAttemptsSpin() const
{
    return m_maxAttempts;
}
QComboBox *DirectivesEditor::allowFallbackBox() const
{
    return m_allowFallback;
}
QCheckBox *DirectivesEditor::ownFallbackListBox() const
{
    return m_ownFallbackList;
}
StringListEditor *DirectivesEditor::fallbackModels() const
{
    return m_fallbackModels;
}

void DirectivesEditor::apply(const std::function<void(Domain::Directives &)> &edit,
                             const QString &field)
{
    const Domain::Directives *current = directivesOf(m_session->edited(), m_target);
    if (!current)
        return;
    Domain::Directives next = *current;
    edit(next);
    m_session->push(new SetDirectivesCommand(m_session, m_target, next, field));
}

void DirectivesEditor::refresh()
{
    const Domain::Directives *d = directivesOf(m_session->edited(), m_target);
    setEnabled(d != nullptr);
    m_title->setText(targetTitle(m_session->edited(), m_target));
    refreshChoices();
    refreshValues(d ? *d : Domain::Directives {});
    refreshProblems();
}

void DirectivesEditor::refreshChoices()
{
    const Domain::Workspace &ws = m_session->edited();
    QStringList models;
    for (const Domain::Model &m : ws.models)
        models << m.name;
    m_allowedModels->setChoices(modelChoices(ws));
    m_allowedProviders->setChoices(providerChoices(ws));
    m_deniedProviders->setChoices(providerChoices(ws));
    m_fallbackModels->setChoices(models);
}

// An unset list is hidden, not greyed out: "this level says nothing" needs no empty box.
void DirectivesEditor::refreshValues(const Domain::Directives &d)
{
    const QList<QWidget *> blocked { m_restrictModels,    m_restrictProviders, m_requireZdr,
                                     m_requireNoTraining, m_minPrecision,      m_capAttempts,
                                     m_maxAttempts,       m_allowFallback,     m_ownFallbackList };
    for (QWidget *w : blocked)
        w->blockSignals(true);
    m_restrictModels->setChecked(d.allowedModels.has_value());
    m_allowedModels->setItems(d.allowedModels.value_or(QStringList {}));
    m_allowedModels->setVisible(d.allowedModels.has_value());
    m_restrictProviders->setChecked(d.allowedProviders.has_value());
    m_allowedProviders->setItems(d.allowedProviders.value_or(QStringList {}));
    m_allowedProviders->setVisible(d.allowedProviders.has_value());
    m_deniedProviders->setItems(d.deniedProviders);
    m_requireZdr->setCurrentIndex(switchIndex(d.requireZdr));
    m_requireNoTraining->setCurrentIndex(switchIndex(d.requireNoTraining));
    m_minPrecision->setCurrentIndex(
        m_minPrecision->findData(d.minPrecision ? int(*d.minPrecision) : kUnsetPrecision));
    m_capAttempts->setChecked(d.maxApplicationAttempts.has_value());
    if (d.maxApplicationAttempts && m_maxAttempts->value() != *d.maxApplicationAttempts)
        m_maxAttempts->setValue(*d.maxApplicationAttempts);
    else if (!d.maxApplicationAttempts)
        m_maxAttempts->setValue(kDefaultCap);
    m_maxAttempts->setEnabled(d.maxApplicationAttempts.has_value());
    m_allowFallback->setCurrentIndex(switchIndex(d.allowModelFallback));
    m_ownFallbackList->setChecked(d.fallbackModels.has_value());
    m_fallbackModels->setItems(d.fallbackModels.value_or(QStringList {}));
    m_fallbackModels->setVisible(d.fallbackModels.has_value());
    for (QWidget *w : blocked)
        w->blockSignals(false);
}

void DirectivesEditor::refreshProblems()
{
    const QString base = directivesPath(m_session->edited(), m_target);
    const auto at
        = [&](const QString &field) { return m_session->problemsAt(base + u'.' + field); };
    Common::markField(m_allowedModels->list(), m_allowedModelsError, at(u"allowedModels"_s));
    Common::markField(m_allowedProviders->list(), m_allowedProvidersError,
                      at(u"allowedProviders"_s));
    Common::markField(m_deniedProviders->list(), m_deniedProvidersError, at(u"deniedProviders"_s));
    Common::markField(m_maxAttempts, m_maxAttemptsError, at(u"maxApplicationAttempts"_s));
    Common::markField(m_fallbackModels->list(), m_fallbackModelsError, at(u"fallbackModels"_s));
}

} // namespace Ui::Directives
