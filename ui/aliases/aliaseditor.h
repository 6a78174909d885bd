#pragma once

#include <QJsonObject>
#include <QJsonValue>
#include <QWidget>
#include <domain/alias.h>
#include <functional>
#include <optional>

class QCheckBox;
class QComboBox;
class QDateEdit;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QSpinBox;

namespace Ui::Common {
class WorkspaceSession;
}
namespace Ui::Directives {
class StringListEditor;
}

namespace Ui::Aliases {

// The editor of one alias (R-ALIAS-*, R-FALL-4): name, target model, preset defaults (temperature,
// max tokens, system prompt, and any other request fields as a JSON object checked as it is typed),
// the alias's own fallback models, and deprecation (date + replacement).
class AliasEditor : public QWidget
{
    Q_OBJECT
public:
    explicit AliasEditor(Common::WorkspaceSession *session, QWidget *parent = nullptr);
    void setAliasName(const QString &name);
    QString aliasName() const;
    void setUsageText(const QString &text);

    // Preset fields with their own widgets; everything else is in the JSON box.
    static constexpr const char16_t *kTemperature = u"temperature";
    static constexpr const char16_t *kMaxTokens = u"max_tokens";
    static constexpr const char16_t *kSystem = u"system";
    // The JSON box's text for `defaults` without the fields above ("" when nothing is left).
    static QString otherFieldsText(const QJsonObject &defaults);
    // Empty when `text` is empty or a JSON object; otherwise the parse error, with its position.
    static QString otherFieldsError(const QString &text);

    QLineEdit *nameEdit() const;
    QComboBox *targetBox() const;
    QCheckBox *temperatureBox() const;
    QDoubleSpinBox *temperatureSpin() const;
    QCheckBox *maxTokensBox() const;
    QSpinBox *maxTokensSpin() const;
    QPlainTextEdit *systemPromptEdit() const;
    QPlainTextEdit *otherFieldsEdit() const;
    QLabel *otherFieldsErrorLabel() const;
    Directives::StringListEditor *fallbackModels() const;
    QCheckBox *deprecatedBox() const;
    QDateEdit *deprecationDateEdit() const;
    QComboBox *replacementBox() const;
    QLabel *usageLabel() const;

Q_SIGNALS:
    void aliasRenamed(const QString &newName);

private:
    QWidget *buildIdentity();
    QWidget *buildPreset();
    QWidget *buildFallbackAndDeprecation();
    void connectPreset();
    void apply(const std::function<void(Domain::Alias &)> &edit, const QString &field);
    void setPresetField(const QString &key, const std::optional<QJsonValue> &value);
    void handleRename();
    void handleOtherFieldsEdited();
    void refresh();
    void refreshChoices(const Domain::Alias &a);
    void refreshValues(const Domain::Alias &a);
    void refreshProblems();

    Common::WorkspaceSession *m_session;
    QString m_name;
    QLineEdit *m_nameEdit = nullptr;
    QLabel *m_nameError = nullptr;
    QComboBox *m_target = nullptr;
    QLabel *m_targetError = nullptr;
    QLabel *m_usage = nullptr;
    QCheckBox *m_temperatureOn = nullptr;
    QDoubleSpinBox *m_temperature = nullptr;
    QCheckBox *m_maxTokensOn = nullptr;
    QSpinBox *m_maxTokens = nullptr;
    QPlainTextEdit *m_system = nullptr;
    QPlainTextEdit *m_other = nullptr;
    QLabel *m_otherError = nullptr;
    Directives::StringListEditor *m_fallback = nullptr;
    QLabel *m_fallbackError = nullptr;
    QCheckBox *m_deprecated = nullptr;
    QDateEdit *m_date = nullptr;
    QComboBox *m_replacement = nullptr;
    QLabel *m_replacementError = nullptr;
};

} // namespace Ui::Aliases
