#include "aliaseditor.h"

#include "aliascommands.h"
#include "common/fieldmark.h"
#include "common/tr.h"
#include "common/workspacesession.h"
#include "directives/stringlisteditor.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDateEdit>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace Ui::Aliases {
namespace {

constexpr int kMaxTokensLimit = 10000000;
constexpr int kDefaultMaxTokens = 1024;
constexpr int kDefaultNoticeDays = 30;

QString key(const char16_t *name)
{
    return QString::fromUtf16(name);
}

QJsonObject parsedObject(const QString &text)
{
    return QJsonDocument::fromJson(text.toUtf8()).object();
}

void setComboText(QComboBox *box, const QString &text)
{
    int i = box->findText(text);
    if (i < 0 && !text.isEmpty()) {
        box->addItem(text); // a name that no longer exists stays visible (validation flags it)
        i = box->count() - 1;
    }
    box->setCurrentIndex(qMax(i, 0));
}

} // namespace

AliasEditor::AliasEditor(Common::WorkspaceSession *session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
{
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(buildIdentity());
    layout->addWidget(buildPreset());
    layout->addWidget(buildFallbackAndDeprecation());
    layout->addStretch();
    connectPreset();
    connect(m_session, &Common::WorkspaceSession::editedChanged, this, &AliasEditor::refresh);
    refresh();
}

QWidget *AliasEditor::buildIdentity()
{
    auto *box = new QGroupBox(Tr::tr("Alias"), this);
    m_nameEdit = new QLineEdit(box);
    m_nameEdit->setPlaceholderText(Tr::tr("org/fast"));
    m_nameError = Common::makeErrorLabel(box);
    m_target = new QComboBox(box);
    m_target->setAccessibleName(Tr::tr("Target model"));
    m_targetError = Common::makeErrorLabel(box);
    m_usage = new QLabel(box);
    m_usage->setObjectName(u"aliasUsage"_s);
    auto *form = new QFormLayout(box);
    form->addRow(Tr::tr("Name"), m_nameEdit);
    form->addRow(QString(), m_nameError);
    form->addRow(Tr::tr("Target model"), m_target);
    form->addRow(QString(), m_targetError);
    form->addRow(Tr::tr("Recent calls"), m_usage);
    connect(m_nameEdit, &QLineEdit::editingFinished, this, &AliasEditor::handleRename);
    connect(m_target, &QComboBox::activated, this, [this](int index) {
        const QString target = m_target->itemText(index);
        apply([&](Domain::Alias &a) { a.target = target; }, u"target"_s);
    });
    return box;
}

QWidget *AliasEditor::buildPreset()
{
    auto *box
        = new QGroupBox(Tr::tr("Preset: request defaults (used when the caller leaves a field "
                               "out)"),
                        this);
    m_temperatureOn = new QCheckBox(Tr::tr("Temperature"), box);
    m_temperature = new QDoubleSpinBox(box);
    m_temperature->setRange(0.0, 2.0);
    m_temperature->setSingleStep(0.1);
    m_temperature->setDecimals(2);
    m_maxTokensOn = new QCheckBox(Tr::tr("Max tokens"), box);
    m_maxTokens = new QSpinBox(box);
    m_maxTokens->setRange(1, kMaxTokensLimit);
    m_maxTokens->setGroupSeparatorShown(true);
    m_system = new QPlainTextEdit(box);
    m_system->setPlaceholderText(Tr::tr("none"));
    m_system->setMaximumHeight(60);
    m_system->setAccessibleName(Tr::tr("System prompt"));
    m_other = new QPlainTextEdit(box);
    m_other->setPlaceholderText(u"{\"top_p\": 0.9}"_s);
    m_other->setMaximumHeight(60);
    m_other->setAccessibleName(Tr::tr("Other request fields"));
    m_otherError = Common::makeErrorLabel(box);
    auto *form = new QFormLayout(box);
    form->addRow(m_temperatureOn, m_temperature);
    form->addRow(m_maxTokensOn, m_maxTokens);
    form->addRow(Tr::tr("System prompt"), m_system);
    form->addRow(Tr::tr("Other fields (JSON)"), m_other);
    form->addRow(QString(), m_otherError);
    return box;
}

QWidget *AliasEditor::buildFallbackAndDeprecation()
{
    auto *box = new QGroupBox(Tr::tr("Fallback and deprecation"), this);
    m_fallback
        = new Directives::StringListEditor(Directives::StringListEditor::Order::Ordered, box);
    m_fallbackError = Common::makeErrorLabel(box);
    m_deprecated = new QCheckBox(Tr::tr("Deprecated from"), box);
    m_date = new QDateEdit(box);
    m_date->setCalendarPopup(true);
    m_date->setDisplayFormat(u"yyyy-MM-dd"_s);
    m_date->setDate(QDate::currentDate().addDays(kDefaultNoticeDays));
    m_replacement = new QComboBox(box);
    m_replacement->setAccessibleName(Tr::tr("Replacement"));
    m_replacementError = Common::makeErrorLabel(box);
    auto *hint = new QLabel(Tr::tr("Before the date calls run as this alias with an "
                                   "ib-alias-deprecated header; from 00:00 UTC of the date on they "
                                   "run as the replacement."),
                            box);
    hint->setWordWrap(true);
    hint->setEnabled(false);
    auto *form = new QFormLayout(box);
    form->addRow(Tr::tr("Own fallback models"), m_fallback);
    form->addRow(QString(), m_fallbackError);
    form->addRow(m_deprecated, m_date);
    form->addRow(Tr::tr("Replacement"), m_replacement);
    form->addRow(QString(), m_replacementError);
    form->addRow(QString(), hint);
    connect(m_fallback, &Directives::StringListEditor::itemsEdited, this,
            [this](const QStringList &v) {
                apply([&](Domain::Alias &a) { a.fallbackModels = v; }, u"fallbackModels"_s);
            });
    connect(m_deprecated, &QCheckBox::toggled, this, [this](bool on) {
        apply(
            [&](Domain::Alias &a) {
                a.deprecationDate = on ? m_date->date() : QDate();
                if (!on)
                    a.replacement.clear();
            },
            u"deprecation"_s);
    });
    connect(m_date, &QDateEdit::dateChanged, this, [this](QDate date) {
        if (m_deprecated->isChecked())
            apply([&](Domain::Alias &a) { a.deprecationDate = date; }, u"deprecationDate"_s);
    });
    connect(m_replacement, &QComboBox::activated, this, [this](int index) {
        const QString r = m_replacement->itemText(index);
        apply([&](Domain::Alias &a) { a.replacement = r; }, u"replacement"_s);
    });
    return box;
}

void AliasEditor::connectPreset()
{
    connect(m_temperatureOn, &QCheckBox::toggled, this, [this](bool on) {
        setPresetField(key(kTemperature),
                       on ? std::optional<QJsonValue>(m_temperature->value()) : std::nullopt);
    });
    connect(m_temperature, &QDoubleSpinBox::valueChanged, this, [this](double v) {
        if (m_temperatureOn->isChecked())
            setPresetField(key(kTemperature), QJsonValue(v));
    });
    connect(m_maxTokensOn, &QCheckBox::toggled, this, [this](bool on) {
        setPresetField(key(kMaxTokens),
                       on ? std::optional<QJsonValue>(m_maxTokens->value()) : std::nullopt);
    });
    connect(m_maxTokens, &QSpinBox::valueChanged, this, [this](int v) {
        if (m_maxTokensOn->isChecked())
            setPresetField(key(kMaxTokens), QJsonValue(v));
    });
    connect(m_system, &QPlainTextEdit::textChanged, this, [this] {
        const QString text = m_system->toPlainText();
        setPresetField(key(kSystem),
                       text.isEmpty() ? std::nullopt : std::optional<QJsonValue>(text));
    });
    connect(m_other, &QPlainTextEdit::textChanged, this, &AliasEditor::handleOtherFieldsEdited);
}

void AliasEditor::setAliasName(const QString &name)
{
    m_name = name;
    // Another alias: whatever was half-typed in the JSON box belonged to the previous one.
    const Domain::Alias *a = m_session->edited().alias(name);
    {
        const QSignalBlocker blocker(m_other);
        m_other->setPlainText(a ? otherFieldsText(a->presetDefaults) : QString());
    }
    Common::markField(m_other, m_otherError, QString());
    refresh();
}

QString AliasEditor::aliasName() const
{
    return m_name;
}

void AliasEditor::setUsageText(const QString &text)
{
    m_usage->setText(text);
}

QString AliasEditor::otherFieldsText(const QJsonObject &defaults)
{
    QJsonObject rest = defaults;
    rest.remove(key(kTemperature));
    rest.remove(key(kMaxTokens));
    rest.remove(key(kSystem));
    return rest.isEmpty() ? QString()
                          : QString::fromUtf8(QJsonDocument(rest).toJson(QJsonDocument::Compact));
}

QString AliasEditor::otherFieldsError(const QString &text)
{
    if (text.trimmed().isEmpty())
        return {};
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(text.toUtf8(), &error);
    if (error.error != QJsonParseError::NoError) {
        return Tr::tr("Not valid JSON at character %1: %2.")
            .arg(error.offset)
            .arg(error.errorString());
    }
    if (!doc.isObject())
        return Tr::tr("Other fields must be a JSON object such as {\"top_p\": 0.9}.");
    const QJsonObject o = doc.object();
    for (const char16_t *own : { kTemperature, kMaxTokens, kSystem }) {
        if (o.contains(key(own)))
            return Tr::tr("Set %1 with its own field above.").arg(key(own));
    }
    return {};
}

QLineEdit *AliasEditor::nameEdit() const
{
    return m_nameEdit;
}
QComboBox *AliasEditor::targetBox() const
{
    return m_target;
}
QCheckBox *AliasEditor::temperatureBox() const
{
    return m_temperatureOn;
}
QDoubleSpinBox *AliasEditor::temperatureSpin() const
{
    return m_temperature;
}
QCheckBox *AliasEditor::maxTokensBox() const
{
    return m_maxTokensOn;
}
QSpinBox *AliasEditor::maxTokensSpin() const
{
    return m_maxTokens;
}
QPlainTextEdit *AliasEditor::systemPromptEdit() const
{
    return m_system;
}
QPlainTextEdit *AliasEditor::otherFieldsEdit() const
{
    return m_other;
}
QLabel *AliasEditor::otherFieldsErrorLabel() const
{
    return m_otherError;
}
Directives::StringListEditor *AliasEditor::fallbackModels() const
{
    return m_fallback;
}
QCheckBox *AliasEditor::deprecatedBox() const
{
    return m_deprecated;
}
QDateEdit *AliasEditor::deprecationDateEdit() const
{
    return m_date;
}
QComboBox *AliasEditor::replacementBox() const
{
    return m_replacement;
}
QLabel *AliasEditor::usageLabel() const
{
    return m_usage;
}

void AliasEditor::apply(const std::function<void(Domain::Alias &)> &edit, const QString &field)
{
    const Domain::Alias *current = m_session->edited().alias(m_name);
    if (!current)
        return;
    Domain::Alias next = *current;
    edit(next);
    m_session->push(new SetAliasCommand(m_session, m_name, next, field));
}

void AliasEditor::setPresetField(const QString &name, const std::optional<QJsonValue> &value)
{
    apply(
        [&](Domain::Alias &a) {
            if (value)
                a.presetDefaults.insert(name, *value);
            else
                a.presetDefaults.remove(name);
        },
        u"preset "_s + name);
}

void AliasEditor::handleRename()
{
    const QString name = m_nameEdit->text().trimmed();
    const Domain::Alias *current = m_session->edited().alias(m_name);
    if (!current || name == m_name)
        return;
    if (name.isEmpty() || m_session->edited().alias(name)) {
        Common::markField(m_nameEdit, m_nameError,
                          name.isEmpty() ? Tr::tr("An alias needs a name.")
                                         : Tr::tr("Alias %1 already exists.").arg(name));
        return;
    }
    Domain::Alias next = *current;
    next.name = name;
    m_session->push(new SetAliasCommand(m_session, m_name, next, u"name"_s));
    m_name = name;
    Q_EMIT aliasRenamed(name);
    refresh();
}

void AliasEditor::handleOtherFieldsEdited()
{
    const QString text = m_other->toPlainText();
    const QString error = otherFieldsError(text);
    // Validated on entry: a half-typed object is shown as wrong and not applied until it parses.
    Common::markField(m_other, m_otherError, error);
    if (!error.isEmpty())
        return;
    const QJsonObject typed = parsedObject(text);
    apply(
        [&](Domain::Alias &a) {
            QJsonObject next;
            for (const char16_t *own : { kTemperature, kMaxTokens, kSystem }) {
                if (a.presetDefaults.contains(key(own)))
                    next.insert(key(own), a.presetDefaults.value(key(own)));
            }
            for (auto it = typed.begin(); it != typed.end(); ++it)
                next.insert(it.key(), it.value());
            a.presetDefaults = next;
        },
        u"preset other"_s);
}

void AliasEditor::refresh()
{
    const Domain::Alias *a = m_session->edited().alias(m_name);
    setEnabled(a != nullptr);
    const Domain::Alias shown = a ? *a : Domain::Alias {};
    refreshChoices(shown);
    refreshValues(shown);
    refreshProblems();
}

void AliasEditor::refreshChoices(const Domain::Alias &a)
{
    const Domain::Workspace &ws = m_session->edited();
    QStringList models;
    for (const Domain::Model &m : ws.models)
        models << m.name;
    QStringList replacements { QString() };
    replacements << models;
    for (const Domain::Alias &other : ws.aliases) {
        if (other.name != a.name)
            replacements << other.name;
    }
    const QSignalBlocker b1(m_target);
    const QSignalBlocker b2(m_replacement);
    m_target->clear();
    m_target->addItems(models);
    m_replacement->clear();
    m_replacement->addItems(replacements);
    m_fallback->setChoices(models);
}

void AliasEditor::refreshValues(const Domain::Alias &a)
{
    const QList<QWidget *> blocked { m_nameEdit,    m_target,    m_temperatureOn, m_temperature,
                                     m_maxTokensOn, m_maxTokens, m_system,        m_other,
                                     m_deprecated,  m_date,      m_replacement };
    for (QWidget *w : blocked)
        w->blockSignals(true);
    if (!m_nameEdit->hasFocus() || m_nameEdit->text().trimmed() == a.name)
        m_nameEdit->setText(a.name);
    setComboText(m_target, a.target);
    const QJsonObject &d = a.presetDefaults;
    m_temperatureOn->setChecked(d.contains(key(kTemperature)));
    m_temperature->setEnabled(d.contains(key(kTemperature)));
    // Set only when different: resetting a spin box being typed in would reformat its text.
    const double temperature = d.value(key(kTemperature)).toDouble();
    if (d.contains(key(kTemperature)) && m_temperature->value() != temperature)
        m_temperature->setValue(temperature);
    m_maxTokensOn->setChecked(d.contains(key(kMaxTokens)));
    m_maxTokens->setEnabled(d.contains(key(kMaxTokens)));
    const int maxTokens = d.value(key(kMaxTokens)).toInt(kDefaultMaxTokens);
    if (m_maxTokens->value() != maxTokens)
        m_maxTokens->setValue(maxTokens);
    if (m_system->toPlainText() != d.value(key(kSystem)).toString())
        m_system->setPlainText(d.value(key(kSystem)).toString());
    // Keep what is being typed when it means the same object (spacing, or not yet valid).
    const QString other = otherFieldsText(d);
    const QString typed = m_other->toPlainText();
    if (otherFieldsError(typed).isEmpty() && parsedObject(typed) != parsedObject(other))
        m_other->setPlainText(other);
    m_fallback->setItems(a.fallbackModels);
    m_deprecated->setChecked(a.isDeprecated());
    if (a.isDeprecated() && m_date->date() != a.deprecationDate)
        m_date->setDate(a.deprecationDate);
    m_date->setEnabled(a.isDeprecated());
    setComboText(m_replacement, a.replacement);
    m_replacement->setEnabled(a.isDeprecated());
    for (QWidget *w : blocked)
        w->blockSignals(false);
}

void AliasEditor::refreshProblems()
{
    const Domain::Workspace &ws = m_session->edited();
    const QString base = u"aliases[%1]"_s.arg(aliasIndex(ws, m_name));
    const auto at
        = [&](const QString &field) { return m_session->problemsAt(base + u'.' + field); };
    Common::markField(m_nameEdit, m_nameError, at(u"name"_s));
    Common::markField(m_target, m_targetError, at(u"target"_s));
    Common::markField(m_fallback->list(), m_fallbackError, at(u"fallbackModels"_s));
    Common::markField(m_replacement, m_replacementError, at(u"replacement"_s));
}

} // namespace Ui::Aliases
