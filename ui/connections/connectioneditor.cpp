#include "connectioneditor.h"

#include "common/configtext.h"
#include "common/editcommands.h"
#include "common/fieldmark.h"
#include "common/tr.h"
#include "common/workspacesession.h"
#include "credentialtext.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>
#include <config/validator.h>

using namespace Qt::StringLiterals;

namespace Ui::Connections {
namespace {

using Kind = Domain::Credential::Kind;
const QList<Domain::Dialect> kDialects { Domain::Dialect::OpenAi, Domain::Dialect::AzureOpenAi,
                                         Domain::Dialect::Anthropic, Domain::Dialect::Simulator };
const QList<Domain::SimulatorApi> kSimulatorApis { Domain::SimulatorApi::Both,
                                                   Domain::SimulatorApi::OpenAi,
                                                   Domain::SimulatorApi::Anthropic };
const QList<Kind> kCredentialKinds { Kind::None, Kind::EnvironmentVariable, Kind::File,
                                     Kind::Stored };
const QList<Domain::SimulatedFailure> kFailures {
    Domain::SimulatedFailure::RateLimited,         Domain::SimulatedFailure::ServerError,
    Domain::SimulatedFailure::Unavailable,         Domain::SimulatedFailure::Overloaded,
    Domain::SimulatedFailure::TimeoutBeforeStatus, Domain::SimulatedFailure::DropBeforeAnswer,
    Domain::SimulatedFailure::StreamCut,           Domain::SimulatedFailure::Stall,
    Domain::SimulatedFailure::UndecodableBody,     Domain::SimulatedFailure::ContentRefusal,
    Domain::SimulatedFailure::ConnectionRefused
};

QString failureTitle(Domain::SimulatedFailure f)
{
    switch (f) {
    case Domain::SimulatedFailure::RateLimited:
        return Tr::tr("429 rate limited");
    case Domain::SimulatedFailure::ServerError:
        return Tr::tr("500 server error");
    case Domain::SimulatedFailure::Unavailable:
        return Tr::tr("503 unavailable");
    case Domain::SimulatedFailure::Overloaded:
        return Tr::tr("529 overloaded");
    case Domain::SimulatedFailure::TimeoutBeforeStatus:
        return Tr::tr("timeout before status");
    case Domain::SimulatedFailure::DropBeforeAnswer:
        return Tr::tr("drop before answer");
    case Domain::SimulatedFailure::StreamCut:
        return Tr::tr("stream cut");
    case Domain::SimulatedFailure::Stall:
        return Tr::tr("stream stall");
    case Domain::SimulatedFailure::UndecodableBody:
        return Tr::tr("undecodable body");
    case Domain::SimulatedFailure::ContentRefusal:
        return Tr::tr("content refusal");
    case Domain::SimulatedFailure::ConnectionRefused:
        return Tr::tr("connection refused");
    }
    return {};
}

QSpinBox *spin(Domain::Bounds<int> limits, const QString &suffix, QWidget *parent)
{
    auto *s = new QSpinBox(parent);
    s->setRange(limits.lowest, limits.highest);
    s->setGroupSeparatorShown(true);
    s->setSuffix(suffix);
    return s;
}

} // namespace

ConnectionEditor::ConnectionEditor(Common::WorkspaceSession *session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
{
    m_title = new QLabel(this);
    QFont f = m_title->font();
    f.setPointSizeF(f.pointSizeF() * 1.3);
    f.setBold(true);
    m_title->setFont(f);
    m_problems = Common::makeErrorLabel(this);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_title);
    layout->addWidget(buildGeneral());
    layout->addWidget(buildSimulator());
    layout->addWidget(m_problems);
    layout->addStretch();
    connect(m_session, &Common::WorkspaceSession::editedChanged, this, &ConnectionEditor::refresh);
}

QWidget *ConnectionEditor::buildGeneral()
{
    auto *box = new QGroupBox(Tr::tr("Connection"), this);
    m_provider = new QLineEdit(box);
    m_kind = new QComboBox(box);
    for (Domain::Dialect d : kDialects)
        m_kind->addItem(Domain::toString(d));
    m_baseUrl = new QLineEdit(box);
    m_baseUrl->setPlaceholderText(u"https://api.openai.com/v1"_s);
    m_apiVersion = new QLineEdit(box);
    m_apiVersion->setPlaceholderText(u"2024-10-21"_s);
    m_caFile = new QLineEdit(box);
    m_caFile->setPlaceholderText(Tr::tr("PEM file, for a self-hosted https server (optional)"));
    m_caFile->setToolTip(
        Tr::tr("CA certificates trusted for this connection besides the system's."));
    m_credentialKind = new QComboBox(box);
    m_credentialKind->addItems({ Tr::tr("None"), Tr::tr("Environment variable"), Tr::tr("File"),
                                 Tr::tr("Stored in the workspace") });
    m_credential = new QLineEdit(box);
    m_credentialState = new QLabel(box);
    m_credentialState->setObjectName(u"credentialState"_s);
    m_region = new QLineEdit(box);
    m_region->setPlaceholderText(Tr::tr("e.g. us-east-1 (optional)"));
    m_regionError = Common::makeErrorLabel(box);
    m_enabled = new QCheckBox(Tr::tr("Enabled"), box);
    m_aggregator
        = new QCheckBox(Tr::tr("Aggregator (receives directives as provider fields)"), box);
    m_metered = new QCheckBox(Tr::tr("Metered (scheduled probes leave it alone)"), box);
    m_metered->setToolTip(Tr::tr("Calls on this connection cost money: reliability probes run on "
                                 "it only when asked (Probe now), not on their schedule."));

    auto *credentialRow = new QHBoxLayout;
    credentialRow->addWidget(m_credentialKind);
    credentialRow->addWidget(m_credential, 1);
    auto *form = new QFormLayout(box);
    form->addRow(Tr::tr("Provider"), m_provider);
    form->addRow(Tr::tr("Kind"), m_kind);
    form->addRow(Tr::tr("Base URL"), m_baseUrl);
    form->addRow(Tr::tr("API version"), m_apiVersion);
    form->addRow(Tr::tr("CA file"), m_caFile);
    form->addRow(Tr::tr("Credential"), credentialRow);
    form->addRow(QString(), m_credentialState);
    form->addRow(Tr::tr("Serving region"), m_region);
    form->addRow(QString(), m_regionError);
    form->addRow(QString(), m_enabled);
    form->addRow(QString(), m_aggregator);
    form->addRow(QString(), m_metered);
    connectGeneral();
    return box;
}

void ConnectionEditor::connectGeneral()
{
    connect(m_provider, &QLineEdit::textEdited, this, [this](const QString &t) {
        edit([&](Domain::Connection &c) { c.provider = t.trimmed(); }, u"provider"_s);
    });
    connect(m_kind, &QComboBox::currentIndexChanged, this, [this](int i) {
        edit([&](Domain::Connection &c) { c.kind = kDialects.value(i); }, u"kind"_s);
    });
    connect(m_baseUrl, &QLineEdit::textEdited, this, [this](const QString &t) {
        edit([&](Domain::Connection &c) { c.baseUrl = t.trimmed(); }, u"baseUrl"_s);
    });
    connect(m_apiVersion, &QLineEdit::textEdited, this, [this](const QString &t) {
        edit([&](Domain::Connection &c) { c.apiVersion = t.trimmed(); }, u"apiVersion"_s);
    });
    connect(m_caFile, &QLineEdit::textEdited, this, [this](const QString &t) {
        edit([&](Domain::Connection &c) { c.caFile = t.trimmed(); }, u"caFile"_s);
    });
    connect(m_credentialKind, &QComboBox::currentIndexChanged, this, [this](int i) {
        edit(
            [&](Domain::Connection &c) {
                c.credential = Domain::Credential { kCredentialKinds.value(i), {}, {} };
            },
            u"credentialKind"_s);
    });
    connect(m_credential, &QLineEdit::editingFinished, this,
            &ConnectionEditor::handleCredentialEntered);
    connect(m_region, &QLineEdit::textEdited, this, [this](const QString &t) {
        edit([&](Domain::Connection &c) { c.region = t.trimmed(); }, u"region"_s);
    });
    connect(m_enabled, &QCheckBox::toggled, this, [this](bool on) {
        edit([&](Domain::Connection &c) { c.enabled = on; }, u"enabled"_s);
    });
    connect(m_aggregator, &QCheckBox::toggled, this, [this](bool on) {
        edit([&](Domain::Connection &c) { c.aggregator = on; }, u"aggregator"_s);
    });
    connect(m_metered, &QCheckBox::toggled, this, [this](bool on) {
        edit([&](Domain::Connection &c) { c.metered = on; }, u"metered"_s);
    });
}

QWidget *ConnectionEditor::buildSimulator()
{
    m_simulator = new QGroupBox(Tr::tr("Simulator: rehearse failures"), this);
    // The core's limits; the failure rate is shown as a percentage of them.
    using Limits = Domain::SimulatorSettings;
    m_latency = spin(Limits::kLatencyMs, Tr::tr(" ms"), m_simulator);
    m_tokensPerSecond = spin(Limits::kTokensPerSecond, Tr::tr(" tokens/s"), m_simulator);
    m_failureRate = new QDoubleSpinBox(m_simulator);
    m_failureRate->setRange(Limits::kFailureRate.lowest * 100.0,
                            Limits::kFailureRate.highest * 100.0);
    m_failureRate->setDecimals(1);
    m_failureRate->setSuffix(Tr::tr(" %"));
    m_malformedRate = new QDoubleSpinBox(m_simulator);
    m_malformedRate->setRange(Limits::kFailureRate.lowest * 100.0,
                              Limits::kFailureRate.highest * 100.0);
    m_malformedRate->setDecimals(1);
    m_malformedRate->setSuffix(Tr::tr(" %"));
    m_malformedRate->setToolTip(Tr::tr("Share of answers a caller's code could not use: a tool "
                                       "call written as text, JSON that ignores the schema. "
                                       "Reliability probes catch them."));
    m_retryAfter = spin(Limits::kRetryAfterSeconds, Tr::tr(" s"), m_simulator);
    m_cutAfter = spin(Limits::kCutAfterEvents, Tr::tr(" events"), m_simulator);
    m_simulatorApi = new QComboBox(m_simulator);
    for (Domain::SimulatorApi api : kSimulatorApis)
        m_simulatorApi->addItem(Common::simulatorApiLabel(api));
    m_simulatorApi->setToolTip(
        Tr::tr("Which calls it answers: each in its own API, or only those of one API, like a "
               "connection of that kind."));
    auto *kinds = new QGridLayout;
    for (int i = 0; i < kFailures.size(); ++i) {
        auto *check = new QCheckBox(failureTitle(kFailures.at(i)), m_simulator);
        kinds->addWidget(check, i / 2, i % 2);
        m_failureKinds.append(check);
        connect(check, &QCheckBox::toggled, this, [this, i](bool on) {
            edit(
                [&](Domain::Connection &c) {
                    c.simulator.failureKinds.removeAll(kFailures.at(i));
                    if (on)
                        c.simulator.failureKinds.append(kFailures.at(i));
                },
                u"failure%1"_s.arg(i));
        });
    }
    auto *form = new QFormLayout(m_simulator);
    form->addRow(Tr::tr("Answers in"), m_simulatorApi);
    form->addRow(Tr::tr("Latency"), m_latency);
    form->addRow(Tr::tr("Stream speed"), m_tokensPerSecond);
    form->addRow(Tr::tr("Failure rate"), m_failureRate);
    form->addRow(Tr::tr("Failure kinds"), kinds);
    form->addRow(Tr::tr("Malformed answers"), m_malformedRate);
    form->addRow(Tr::tr("Retry-After"), m_retryAfter);
    form->addRow(Tr::tr("Cut stream after"), m_cutAfter);

    connect(m_simulatorApi, &QComboBox::currentIndexChanged, this, [this](int i) {
        edit([&](Domain::Connection &c) { c.simulator.api = kSimulatorApis.value(i); }, u"api"_s);
    });
    connect(m_latency, &QSpinBox::valueChanged, this, [this](int v) {
        edit([&](Domain::Connection &c) { c.simulator.latencyMs = v; }, u"latency"_s);
    });
    connect(m_tokensPerSecond, &QSpinBox::valueChanged, this, [this](int v) {
        edit([&](Domain::Connection &c) { c.simulator.tokensPerSecond = v; }, u"tps"_s);
    });
    connect(m_failureRate, &QDoubleSpinBox::valueChanged, this, [this](double v) {
        edit([&](Domain::Connection &c) { c.simulator.failureRate = v / 100.0; }, u"rate"_s);
    });
    connect(m_malformedRate, &QDoubleSpinBox::valueChanged, this, [this](double v) {
        edit([&](Domain::Connection &c) { c.simulator.malformedRate = v / 100.0; }, u"malformed"_s);
    });
    connect(m_retryAfter, &QSpinBox::valueChanged, this, [this](int v) {
        edit([&](Domain::Connection &c) { c.simulator.retryAfterSeconds = v; }, u"retryAfter"_s);
    });
    connect(m_cutAfter, &QSpinBox::valueChanged, this, [this](int v) {
        edit([&](Domain::Connection &c) { c.simulator.cutAfterEvents = v; }, u"cutAfter"_s);
    });
    return m_simulator;
}

void ConnectionEditor::setConnectionName(const QString &name)
{
    m_name = name;
    m_credential->clear();
    refresh();
}

QComboBox *ConnectionEditor::kindCombo() const
{
    return m_kind;
}
QLineEdit *ConnectionEditor::baseUrlEdit() const
{
    return m_baseUrl;
}
QLineEdit *ConnectionEditor::caFileEdit() const
{
    return m_caFile;
}
QComboBox *ConnectionEditor::credentialKindCombo() const
{
    return m_credentialKind;
}
QLineEdit *ConnectionEditor::credentialEdit() const
{
    return m_credential;
}
QLabel *ConnectionEditor::credentialState() const
{
    return m_credentialState;
}
QLineEdit *ConnectionEditor::regionEdit() const
{
    return m_region;
}
QCheckBox *ConnectionEditor::enabledCheck() const
{
    return m_enabled;
}
QGroupBox *ConnectionEditor::simulatorBox() const
{
    return m_simulator;
}
QDoubleSpinBox *ConnectionEditor::failureRateSpin() const
{
    return m_failureRate;
}
QSpinBox *ConnectionEditor::latencySpin() const
{
    return m_latency;
}
QSpinBox *ConnectionEditor::tokensPerSecondSpin() const
{
    return m_tokensPerSecond;
}
QSpinBox *ConnectionEditor::retryAfterSpin() const
{
    return m_retryAfter;
}
QSpinBox *ConnectionEditor::cutAfterSpin() const
{
    return m_cutAfter;
}
QComboBox *ConnectionEditor::simulatorApiCombo() const
{
    return m_simulatorApi;
}

QCheckBox *ConnectionEditor::failureKindCheck(Domain::SimulatedFailure kind) const
{
    return m_failureKinds.value(kFailures.indexOf(kind));
}

void ConnectionEditor::refresh()
{
    const Domain::Connection *c = m_session->edited().connection(m_name);
    setEnabled(c != nullptr);
    m_title->setText(c ? c->name : Tr::tr("No connection selected"));
    if (!c)
        return;
    const QList<QObject *> fields { m_provider, m_kind,    m_baseUrl,    m_apiVersion, m_caFile,
                                    m_region,   m_enabled, m_aggregator, m_metered };
    for (QObject *o : fields)
        o->blockSignals(true);
    if (m_provider->text().trimmed() != c->provider)
        m_provider->setText(c->provider);
    m_kind->setCurrentIndex(int(kDialects.indexOf(c->kind)));
    if (m_baseUrl->text().trimmed() != c->baseUrl)
        m_baseUrl->setText(c->baseUrl);
    if (m_apiVersion->text().trimmed() != c->apiVersion)
        m_apiVersion->setText(c->apiVersion);
    if (m_caFile->text().trimmed() != c->caFile)
        m_caFile->setText(c->caFile);
    if (m_region->text().trimmed() != c->region)
        m_region->setText(c->region);
    m_enabled->setChecked(c->enabled);
    m_aggregator->setChecked(c->aggregator);
    m_metered->setChecked(c->metered);
    for (QObject *o : fields)
        o->blockSignals(false);
    const bool simulator = c->kind == Domain::Dialect::Simulator;
    m_baseUrl->setEnabled(!simulator);
    m_apiVersion->setEnabled(c->kind == Domain::Dialect::AzureOpenAi);
    m_caFile->setEnabled(!simulator);
    Common::markField(
        m_region, m_regionError,
        c->region.isEmpty() ? QString() : Common::problemText(Config::regionNameError(c->region)));
    refreshCredential(*c);
    refreshSimulator(*c);
    const int index = int(m_session->edited().connections.indexOf(*c));
    QStringList messages;
    for (const Config::Problem &p : m_session->problemsAt(u"connections[%1]"_s.arg(index)))
        messages.append(Common::problemText(p));
    m_problems->setText(messages.join(u'\n'));
    m_problems->setVisible(!messages.isEmpty());
}

void ConnectionEditor::refreshCredential(const Domain::Connection &c)
{
    {
        const QSignalBlocker blocker(m_credentialKind);
        m_credentialKind->setCurrentIndex(int(kCredentialKinds.indexOf(c.credential.kind)));
    }
    const Kind kind = c.credential.kind;
    m_credential->setEnabled(kind != Kind::None);
    // A stored secret is entered once and never displayed back (R-SEC-3).
    m_credential->setEchoMode(kind == Kind::Stored ? QLineEdit::Password : QLineEdit::Normal);
    if (kind == Kind::Stored) {
        if (!m_credential->hasFocus())
            m_credential->clear();
        m_credential->setPlaceholderText(c.credential.secret.isEmpty()
                                             ? Tr::tr("paste the API key, then press Enter")
                                             : Tr::tr("type a new key to replace the stored one"));
    } else {
        if (!m_credential->hasFocus() && m_credential->text() != c.credential.reference)
            m_credential->setText(c.credential.reference);
        m_credential->setPlaceholderText(kind == Kind::File ? Tr::tr("/path/to/key")
                                                            : Tr::tr("OPENAI_API_KEY"));
    }
    m_credentialState->setText(credentialText(c.credential));
}

void ConnectionEditor::refreshSimulator(const Domain::Connection &c)
{
    m_simulator->setVisible(c.kind == Domain::Dialect::Simulator);
    const Domain::SimulatorSettings &s = c.simulator;
    QList<QObject *> fields { m_latency,    m_tokensPerSecond, m_failureRate, m_malformedRate,
                              m_retryAfter, m_cutAfter,        m_simulatorApi };
    for (QCheckBox *check : std::as_const(m_failureKinds))
        fields.append(check);
    for (QObject *o : fields)
        o->blockSignals(true);
    m_latency->setValue(s.latencyMs);
    m_tokensPerSecond->setValue(s.tokensPerSecond);
    if (qAbs(m_failureRate->value() - s.failureRate * 100.0) > 0.01)
        m_failureRate->setValue(s.failureRate * 100.0);
    if (qAbs(m_malformedRate->value() - s.malformedRate * 100.0) > 0.01)
        m_malformedRate->setValue(s.malformedRate * 100.0);
    m_retryAfter->setValue(s.retryAfterSeconds);
    m_cutAfter->setValue(s.cutAfterEvents);
    m_simulatorApi->setCurrentIndex(int(kSimulatorApis.indexOf(s.api)));
    for (int i = 0; i < kFailures.size(); ++i)
        m_failureKinds.at(i)->setChecked(s.failureKinds.contains(kFailures.at(i)));
    for (QObject *o : fields)
        o->blockSignals(false);
}

void ConnectionEditor::edit(const std::function<void(Domain::Connection &)> &change,
                            const QString &field)
{
    const Domain::Connection *c = m_session->edited().connection(m_name);
    if (!c)
        return;
    Domain::Connection updated = *c;
    change(updated);
    m_session->push(new Common::SetConnectionCommand(m_session, m_name, updated, field));
}

void ConnectionEditor::handleCredentialEntered()
{
    const Domain::Connection *c = m_session->edited().connection(m_name);
    if (!c)
        return;
    const QString text = m_credential->text().trimmed();
    if (c->credential.kind == Kind::Stored) {
        if (text.isEmpty())
            return;
        edit([&](Domain::Connection &x) { x.credential.secret = text; }, u"secret"_s);
        m_credential->clear();
    } else {
        edit([&](Domain::Connection &x) { x.credential.reference = text; }, u"reference"_s);
    }
}

} // namespace Ui::Connections
