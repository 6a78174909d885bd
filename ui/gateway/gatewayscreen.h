#pragma once

#include <QWidget>
#include <functional>

class QComboBox;
class QLabel;
class QLineEdit;
class QNetworkAccessManager;
class QNetworkReply;
class QPushButton;
class QSpinBox;

namespace Ui::Common {
class WorkspaceSession;
}

namespace Ui::GatewayControl {

class GatewayMonitor;

// Gateway control (R-UI-8 first part): start/stop, listen address (loopback by default; another
// address asks first, R-SEC-1), live figures, and a Test call through the running gateway that
// shows the status, x-gateway-served-by and x-gateway-attempts.
class GatewayScreen : public QWidget
{
    Q_OBJECT
public:
    GatewayScreen(Common::WorkspaceSession *session, GatewayMonitor *monitor,
                  QWidget *parent = nullptr);

    void setTestKey(const QString &key);
    static bool isLoopback(const QString &host);

    QLineEdit *hostEdit() const;
    QSpinBox *portSpin() const;
    QPushButton *startButton() const;
    QPushButton *stopButton() const;
    QLabel *figuresLabel() const;
    QComboBox *testModelCombo() const;
    QLineEdit *testKeyEdit() const;
    QPushButton *testButton() const;
    QLabel *testResultLabel() const;
    // Replaced in tests: asks whether to listen on a non-loopback address.
    std::function<bool(const QString &host)> confirmExposure;

private:
    QWidget *buildControl();
    QWidget *buildTestCall();
    void refreshFigures();
    void refreshModels();
    void handleStart();
    void sendTestCall();
    void handleTestReply(QNetworkReply *reply);

    Common::WorkspaceSession *m_session;
    GatewayMonitor *m_monitor;
    QNetworkAccessManager *m_network;
    QLineEdit *m_host = nullptr;
    QSpinBox *m_port = nullptr;
    QPushButton *m_start = nullptr;
    QPushButton *m_stop = nullptr;
    QLabel *m_state = nullptr;
    QLabel *m_figures = nullptr;
    QComboBox *m_testModel = nullptr;
    QLineEdit *m_testKey = nullptr;
    QLineEdit *m_testMessage = nullptr;
    QPushButton *m_test = nullptr;
    QLabel *m_testResult = nullptr;
};

} // namespace Ui::GatewayControl
