#pragma once

#include "directivecommands.h"

#include <QWidget>
#include <functional>

class QCheckBox;
class QComboBox;
class QLabel;
class QSpinBox;

namespace Ui::Common {
class WorkspaceSession;
}

namespace Ui::Directives {

class StringListEditor;

// The editor of one level's directives (SPEC §2, R-DIR-*, R-PREC-*, R-FALL-*). Every optional field
// can be left unset ("this level says nothing"): lists through their "Only these…"/"Own list"
// check box, switches and the precision through an "Unset" choice, the attempt cap through its
// check box. Each edit pushes one SetDirectivesCommand; validation problems are shown at the field.
class DirectivesEditor : public QWidget
{
    Q_OBJECT
public:
    explicit DirectivesEditor(Common::WorkspaceSession *session, QWidget *parent = nullptr);
    void setTarget(const DirectiveTarget &target);
    DirectiveTarget target() const;

    // Choice values of the switch boxes (requireZdr, requireNoTraining, allowModelFallback).
    enum Switch { SwitchUnset, SwitchOn, SwitchOff };

    QLabel *titleLabel() const;
    QCheckBox *restrictModelsBox() const;
    StringListEditor *allowedModels() const;
    QCheckBox *restrictProvidersBox() const;
    StringListEditor *allowedProviders() const;
    StringListEditor *deniedProviders() const;
    QComboBox *requireZdrBox() const;
    QComboBox *requireNoTrainingBox() const;
    QComboBox *minPrecisionBox() const;
    QCheckBox *capAttemptsBox() const;
    QSpinBox *maxAttemptsSpin() const;
    QComboBox *allowFallbackBox() const;
    QCheckBox *ownFallbackListBox() const;
    StringListEditor *fallbackModels() const;

private:
    QWidget *buildModelsGroup();
    QWidget *buildProvidersGroup();
    QWidget *buildLimitsGroup();
    QWidget *buildFallbackGroup();
    QComboBox *makeSwitch(const QString &onText, const QString &offText);
    void connectSwitch(QComboBox *box, std::optional<bool> Domain::Directives::*member,
                       const QString &field);
    void apply(const std::function<void(Domain::Directives &)> &edit, const QString &field);
    void refresh();
    void refreshChoices();
    void refreshValues(const Domain::Directives &d);
    void refreshProblems();

    Common::WorkspaceSession *m_session;
    DirectiveTarget m_target;
    QLabel *m_title;
    QCheckBox *m_restrictModels = nullptr;
    StringListEditor *m_allowedModels = nullptr;
    QLabel *m_allowedModelsError = nullptr;
    QCheckBox *m_restrictProviders = nullptr;
    StringListEditor *m_allowedProviders = nullptr;
    QLabel *m_allowedProvidersError = nullptr;
    StringListEditor *m_deniedProviders = nullptr;
    QLabel *m_deniedProvidersError = nullptr;
    QComboBox *m_requireZdr = nullptr;
    QComboBox *m_requireNoTraining = nullptr;
    QComboBox *m_minPrecision = nullptr;
    QCheckBox *m_capAttempts = nullptr;
    QSpinBox *m_maxAttempts = nullptr;
    QLabel *m_maxAttemptsError = nullptr;
    QComboBox *m_allowFallback = nullptr;
    QCheckBox *m_ownFallbackList = nullptr;
    StringListEditor *m_fallbackModels = nullptr;
    QLabel *m_fallbackModelsError = nullptr;
};

} // namespace Ui::Directives
