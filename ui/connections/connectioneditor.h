#pragma once

#include <QList>
#include <QWidget>
#include <domain/connection.h>
#include <functional>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QGroupBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace Ui::Common {
class WorkspaceSession;
}

namespace Ui::Connections {

// The form of one connection (R-UI-6, R-CONN-1): provider, kind, base URL, api version, CA file,
// credential (entered once, then only masked), serving region, enabled, and the simulator's fault
// settings.
class ConnectionEditor : public QWidget
{
    Q_OBJECT
public:
    explicit ConnectionEditor(Common::WorkspaceSession *session, QWidget *parent = nullptr);
    void setConnectionName(const QString &name);

    QComboBox *kindCombo() const;
    QLineEdit *baseUrlEdit() const;
    QLineEdit *caFileEdit() const;
    QComboBox *credentialKindCombo() const;
    QLineEdit *credentialEdit() const;
    QLabel *credentialState() const;
    QLineEdit *regionEdit() const;
    QCheckBox *enabledCheck() const;
    QGroupBox *simulatorBox() const;
    QDoubleSpinBox *failureRateSpin() const;
    QCheckBox *failureKindCheck(Domain::SimulatedFailure kind) const;
    QSpinBox *latencySpin() const;
    QSpinBox *tokensPerSecondSpin() const;
    QSpinBox *retryAfterSpin() const;
    QSpinBox *cutAfterSpin() const;
    QComboBox *simulatorApiCombo() const;

private:
    QWidget *buildGeneral();
    void connectGeneral();
    QWidget *buildSimulator();
    void refresh();
    void refreshCredential(const Domain::Connection &c);
    void refreshSimulator(const Domain::Connection &c);
    void edit(const std::function<void(Domain::Connection &)> &change, const QString &field);
    void handleCredentialEntered();

    Common::WorkspaceSession *m_session;
    QString m_name;
    QLabel *m_title = nullptr;
    QLineEdit *m_provider = nullptr;
    QComboBox *m_kind = nullptr;
    QLineEdit *m_baseUrl = nullptr;
    QLineEdit *m_apiVersion = nullptr;
    QLineEdit *m_caFile = nullptr;
    QComboBox *m_credentialKind = nullptr;
    QLineEdit *m_credential = nullptr;
    QLabel *m_credentialState = nullptr;
    QLineEdit *m_region = nullptr;
    QLabel *m_regionError = nullptr;
    QCheckBox *m_enabled = nullptr;
    QCheckBox *m_aggregator = nullptr;
    QCheckBox *m_metered = nullptr;
    QDoubleSpinBox *m_malformedRate = nullptr;
    QLabel *m_problems = nullptr;
    QGroupBox *m_simulator = nullptr;
    QSpinBox *m_latency = nullptr;
    QSpinBox *m_tokensPerSecond = nullptr;
    QDoubleSpinBox *m_failureRate = nullptr;
    QList<QCheckBox *> m_failureKinds;
    QSpinBox *m_retryAfter = nullptr;
    QSpinBox *m_cutAfter = nullptr;
    QComboBox *m_simulatorApi = nullptr;
};

} // namespace Ui::Connections
