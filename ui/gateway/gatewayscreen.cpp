#include "gatewayscreen.h"

#include "common/format.h"
#include "common/tr.h"
#include "common/workspacesession.h"
#include "gatewaymonitor.h"

#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHostAddress>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QVBoxLayout>
#include <domain/upstreamerror.h>
#include <runtime/listenaddress.h>

using namespace Qt::StringLiterals;

namespace Ui::GatewayControl {

GatewayScreen::GatewayScreen(Common::WorkspaceSession *session, GatewayMonitor *monitor,
                             QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_monitor(monitor)
    , m_network(new QNetworkAccessManager(this))
{
    confirmExposure = [this](const QString &host) {
        return QMessageBox::warning(this, Tr::tr("Listen beyond this machine?"),
                                    Tr::tr("%1 is not a loopback address: other machines on the "
                                           "network could call the gateway with your providers' "
                                           "credentials if they have a key. Listen there?")
                                        .arg(host),
                                    QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel)
            == QMessageBox::Yes;
    };
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(buildControl());
    layout->addWidget(buildTestCall());
    layout->addStretch();
    if (m_monitor) {
        connect(m_monitor, &GatewayMonitor::figuresChanged, this, &GatewayScreen::refreshFigures);
        connect(m_monitor, &GatewayMonitor::healthChanged, this, &GatewayScreen::refreshFigures);
    }
    connect(m_session, &Common::WorkspaceSession::savedChanged, this,
            &GatewayScreen::refreshModels);
    refreshModels();
    refreshFigures();
}

QWidget *GatewayScreen::buildControl()
{
    auto *box = new QGroupBox(Tr::tr("Gateway"), this);
    QSettings settings;
    m_host = new QLineEdit(settings.value(u"gateway/host"_s, u"127.0.0.1"_s).toString(), box);
    m_port = new QSpinBox(box);
    m_port->setRange(0, 65535);
    m_port->setSpecialValueText(Tr::tr("any free port"));
    m_port->setValue(settings.value(u"gateway/port"_s, 8640).toInt());
    m_start = new QPushButton(Tr::tr("Start"), box);
    m_stop = new QPushButton(Tr::tr("Stop"), box);
    m_state = new QLabel(box);
    QFont big = m_state->font();
    big.setPointSizeF(big.pointSizeF() * 1.3);
    m_state->setFont(big);
    m_figures = new QLabel(box);
    m_figures->setObjectName(u"gatewayFigures"_s);
    auto *address = new QHBoxLayout;
    address->addWidget(m_host, 1);
    address->addWidget(new QLabel(u":"_s, box));
    address->addWidget(m_port);
    address->addWidget(m_start);
    address->addWidget(m_stop);
    auto *form = new QFormLayout(box);
    form->addRow(m_state);
    form->addRow(Tr::tr("Listen on"), address);
    form->addRow(Tr::tr("Live"), m_figures);
    connect(m_start, &QPushButton::clicked, this, &GatewayScreen::handleStart);
    connect(m_stop, &QPushButton::clicked, this, [this] {
        if (m_monitor)
            m_monitor->requestStop();
    });
    return box;
}

QWidget *GatewayScreen::buildTestCall()
{
    auto *box = new QGroupBox(Tr::tr("Test call"), this);
    m_testModel = new QComboBox(box);
    m_testKey = new QLineEdit(box);
    m_testKey->setPlaceholderText(Tr::tr("paste a caller key (sb-…)"));
    m_testKey->setEchoMode(QLineEdit::PasswordEchoOnEdit);
    m_testMessage = new QLineEdit(Tr::tr("Say hello in five words."), box);
    m_test = new QPushButton(Tr::tr("Send test call"), box);
    m_testResult = new QLabel(box);
    m_testResult->setObjectName(u"testResult"_s);
    m_testResult->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_testResult->setWordWrap(true);
    auto *form = new QFormLayout(box);
    form->addRow(Tr::tr("Model"), m_testModel);
    form->addRow(Tr::tr("Caller key"), m_testKey);
    form->addRow(Tr::tr("Message"), m_testMessage);
    form->addRow(QString(), m_test);
    form->addRow(Tr::tr("Result"), m_testResult);
    connect(m_test, &QPushButton::clicked, this, &GatewayScreen::sendTestCall);
    return box;
}

void GatewayScreen::setTestKey(const QString &key)
{
    m_testKey->setText(key);
}

bool GatewayScreen::isLoopback(const QString &host)
{
    const auto listen = Runtime::parseListenAddress(host.trimmed() + u":0"_s);
    return listen && listen->address.isLoopback();
}

QLineEdit *GatewayScreen::hostEdit() const
{
    return m_host;
}
QSpinBox *GatewayScreen::portSpin() const
{
    return m_port;
}
QPushButton *GatewayScreen::startButton() const
{
    return m_start;
}
QPushButton *GatewayScreen::stopButton() const
{
    return m_stop;
}
QLabel *GatewayScreen::figuresLabel() const
{
    return m_figures;
}
QComboBox *GatewayScreen::testModelCombo() const
{
    return m_testModel;
}
QLineEdit *GatewayScreen::testKeyEdit() const
{
    return m_testKey;
}
QPushButton *GatewayScreen::testButton() const
{
    return m_test;
}
QLabel *GatewayScreen::testResultLabel() const
{
    return m_testResult;
}

void GatewayScreen::refreshFigures()
{
    const bool available = m_monitor && m_monitor->isAvailable();
    const LiveFigures f = m_monitor ? m_monitor->figures() : LiveFigures {};
    if (!available)
        m_state->setText(Tr::tr("○ No embedded gateway in this session (--no-gateway)."));
    else if (f.running)
        m_state->setText(Tr::tr("● Running on %1").arg(f.address));
    else if (!f.lastError.isEmpty())
        m_state->setText(Tr::tr("○ Stopped: %1").arg(f.lastError));
    else
        m_state->setText(Tr::tr("○ Stopped"));
    m_figures->setText(Tr::tr("%1 calls/s · %2 in flight · %3 cooling down · %4 calls in total")
                           .arg(Common::number(f.callsPerSecond, 1), Common::number(f.inFlight),
                                Common::number(f.coolingDown), Common::number(f.totals.calls)));
    if (f.running) {
        // Show where it really listens (port 0 means "any free port" until it has started).
        const qsizetype colon = f.address.lastIndexOf(u':');
        if (colon > 0) {
            m_host->setText(f.address.left(colon));
            m_port->setValue(f.address.mid(colon + 1).toInt());
        }
    }
    m_start->setEnabled(available && !f.running);
    m_stop->setEnabled(available && f.running);
    m_host->setEnabled(available && !f.running);
    m_port->setEnabled(available && !f.running);
    m_test->setEnabled(available && f.running);
    m_test->setToolTip(f.running ? QString() : Tr::tr("Start the gateway first."));
}

void GatewayScreen::refreshModels()
{
    const QString keep = m_testModel->currentText();
    m_testModel->clear();
    // Disabled models too: a test call shows how the gateway refuses them.
    for (const Domain::Model &m : m_session->saved().models)
        m_testModel->addItem(m.name);
    for (const Domain::Alias &a : m_session->saved().aliases)
        m_testModel->addItem(a.name);
    const int index = m_testModel->findText(keep);
    if (index >= 0)
        m_testModel->setCurrentIndex(index);
}

void GatewayScreen::handleStart()
{
    const QString host = m_host->text().trimmed();
    // The same parser as --listen: "::1", "[::1]" (as the running address shows it), localhost.
    const auto listen = Runtime::parseListenAddress(host + u':' + QString::number(m_port->value()));
    if (!listen) {
        QMessageBox::warning(this, Tr::tr("Start gateway"),
                             Tr::tr("%1 is not an IP address.").arg(host));
        return;
    }
    if (!isLoopback(host) && !confirmExposure(host))
        return;
    QSettings settings;
    settings.setValue(u"gateway/host"_s, host);
    settings.setValue(u"gateway/port"_s, m_port->value());
    m_monitor->requestStart(listen->address.toString(), listen->port);
}

void GatewayScreen::sendTestCall()
{
    const QString address = m_monitor ? m_monitor->figures().address : QString();
    if (address.isEmpty())
        return;
    QNetworkRequest request(QUrl(u"http://%1/v1/chat/completions"_s.arg(address)));
    request.setHeader(QNetworkRequest::ContentTypeHeader, u"application/json"_s);
    request.setRawHeader("Authorization", "Bearer " + m_testKey->text().trimmed().toUtf8());
    const QJsonObject body {
        { u"model"_s, m_testModel->currentText() },
        { u"messages"_s,
          QJsonArray {
              QJsonObject { { u"role"_s, u"user"_s }, { u"content"_s, m_testMessage->text() } } } }
    };
    m_test->setEnabled(false);
    m_testResult->setText(Tr::tr("Calling %1…").arg(m_testModel->currentText()));
    QNetworkReply *reply
        = m_network->post(request, QJsonDocument(body).toJson(QJsonDocument::Compact));
    connect(reply, &QNetworkReply::finished, this, [this, reply] { handleTestReply(reply); });
}

void GatewayScreen::handleTestReply(QNetworkReply *reply)
{
    reply->deleteLater();
    m_test->setEnabled(m_monitor && m_monitor->figures().running);
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (status == 0) {
        m_testResult->setText(Tr::tr("No answer: %1").arg(reply->errorString()));
        return;
    }
    const QJsonObject json = QJsonDocument::fromJson(reply->readAll()).object();
    // The gateway answers errors in the shapes upstreams use: one reader for both.
    QString detail = Domain::upstreamErrorFrom(json).message;
    if (detail.isEmpty()) {
        const QJsonArray choices = json.value(u"choices"_s).toArray();
        detail = choices.isEmpty() ? QString()
                                   : choices.first()
                                         .toObject()
                                         .value(u"message"_s)
                                         .toObject()
                                         .value(u"content"_s)
                                         .toString();
    }
    const QString servedBy = QString::fromUtf8(reply->rawHeader("x-gateway-served-by"));
    const QString attempts = QString::fromUtf8(reply->rawHeader("x-gateway-attempts"));
    m_testResult->setText(Tr::tr("HTTP %1 · served by %2 · %3 attempt(s)\n%4")
                              .arg(QString::number(status),
                                   servedBy.isEmpty() ? Tr::tr("—") : servedBy,
                                   attempts.isEmpty() ? u"0"_s : attempts, detail.left(300)));
}

} // namespace Ui::GatewayControl
