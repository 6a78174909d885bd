#include "callsdrawer.h"

#include "common/configtext.h"
#include "common/facttext.h"
#include "common/format.h"
#include "common/sessiontext.h"
#include "common/tr.h"

#include <QApplication>
#include <QClipboard>
#include <QFrame>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>
#include <config/receiptjson.h>

using namespace Qt::StringLiterals;

namespace Ui::Calls {
namespace {

const auto kSep = u" · "_s;

// The deciding signals as the receipt stores them (Domain::decidingSignals()): signal wire names
// and numbers, which stay, and two English phrases, worded here in the user's language.
QString signalsText(const QString &stored)
{
    static const QRegularExpression always(u"^rule (\\d+) \\(always\\)$"_s);
    if (const QRegularExpressionMatch m = always.match(stored); m.hasMatch())
        return Tr::tr("Rule %1 (always holds)").arg(m.captured(1));
    const QString none = u"no rule held"_s;
    if (stored == none)
        return Tr::tr("No rule held");
    if (stored.startsWith(none + u": "_s))
        return Tr::tr("No rule held: %1").arg(stored.mid(none.size() + 2));
    return stored;
}

QLabel *makeLabel(const QString &text, QWidget *parent, bool selectable = true)
{
    auto *label = new QLabel(text, parent);
    label->setWordWrap(true);
    label->setTextFormat(Qt::PlainText);
    if (selectable)
        label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

// How the transport failed an attempt, in the studio's words; the system's own are apart.
QString failureText(const Domain::TransportError &t)
{
    using Domain::TransportFailure;
    const QString ms = Common::number(t.detail.toLongLong()); // a timeout's detail is its length
    switch (t.failure) {
    case TransportFailure::None:
        return {};
    case TransportFailure::ConnectRefused:
        return Tr::tr("connection refused");
    case TransportFailure::HostNotFound:
        return Tr::tr("host not found");
    case TransportFailure::Tls:
        return Tr::tr("TLS handshake failed");
    case TransportFailure::Proxy:
        return Tr::tr("the proxy refused or broke the tunnel");
    case TransportFailure::ConnectFailed:
        return Tr::tr("no connection");
    case TransportFailure::NotSent:
        return Tr::tr("not sent");
    case TransportFailure::ConnectTimeout:
        return Tr::tr("no connection within %1 ms").arg(ms);
    case TransportFailure::DroppedBeforeStatus:
        return Tr::tr("closed before a status line");
    case TransportFailure::FirstByteTimeout:
        return Tr::tr("no status line within %1 ms").arg(ms);
    case TransportFailure::Truncated:
        return Tr::tr("the answer was cut short");
    case TransportFailure::StreamIdle:
        return Tr::tr("the stream sent nothing for %1 ms").arg(ms);
    case TransportFailure::Undecodable:
        return Tr::tr("an answer that cannot be decoded");
    case TransportFailure::ErrorEvent:
        return Tr::tr("an error event in the stream");
    case TransportFailure::EmptyStream:
        return Tr::tr("the stream ended before its first event");
    case TransportFailure::NotJson:
        return Tr::tr("the answer is not a JSON object");
    case TransportFailure::DeadlinePassed:
        return Tr::tr("the deadline passed");
    case TransportFailure::CallerClosed:
        return Tr::tr("the caller closed the connection");
    case TransportFailure::Unclassified:
        return t.detail; // a sentence written before failures had kinds, shown as it is
    }
    return Domain::toString(t.failure);
}

// The system's own words beside the failure (the OS's, TLS's, the upstream's), when it spoke.
QString systemWords(const Domain::TransportError &t)
{
    using Domain::TransportFailure;
    switch (t.failure) {
    case TransportFailure::ConnectTimeout:
    case TransportFailure::FirstByteTimeout:
    case TransportFailure::StreamIdle:
    case TransportFailure::Unclassified:
        return {}; // already in failureText()
    default:
        return t.detail;
    }
}

QString bytes(qint64 n)
{
    return Tr::tr("%1 B").arg(Common::number(n));
}

QString levelText(Domain::DirectiveLevel level)
{
    switch (level) {
    case Domain::DirectiveLevel::None:
        return {};
    case Domain::DirectiveLevel::Workspace:
        return Tr::tr("workspace directive");
    case Domain::DirectiveLevel::Project:
        return Tr::tr("project directive");
    case Domain::DirectiveLevel::Key:
        return Tr::tr("key directive");
    case Domain::DirectiveLevel::Alias:
        return Tr::tr("alias preset");
    }
    return {};
}

} // namespace

CallsDrawer::CallsDrawer(QWidget *parent)
    : QWidget(parent)
    , m_title(makeLabel({}, this))
    , m_subtitle(makeLabel({}, this))
    , m_servedBy(makeLabel({}, this))
    , m_copyJson(new QPushButton(Tr::tr("Copy JSON"), this))
    , m_copyId(new QPushButton(Tr::tr("Copy request id"), this))
    , m_explain(new QPushButton(Tr::tr("Explain route"), this))
{
    setObjectName(u"callDrawer"_s);
    QFont big = m_title->font();
    big.setBold(true);
    big.setPointSizeF(big.pointSizeF() * 1.2);
    m_title->setFont(big);
    auto *close = new QToolButton(this);
    close->setText(u"✕"_s);
    close->setToolTip(Tr::tr("Close the drawer (Esc)"));
    close->setAutoRaise(true);
    connect(close, &QToolButton::clicked, this, &CallsDrawer::closeRequested);
    auto *head = new QHBoxLayout;
    head->addWidget(m_title, 1);
    head->addWidget(close, 0, Qt::AlignTop);

    m_scroll = new QScrollArea(this);
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);

    m_copyJson->setToolTip(Tr::tr("Copy the receipt as JSON (docs/receipt-json.md); no secrets"));
    m_explain->setToolTip(Tr::tr("Explain the route this call would take now"));
    connect(m_copyJson, &QPushButton::clicked, this, &CallsDrawer::copyJson);
    connect(m_copyId, &QPushButton::clicked, this, &CallsDrawer::copyRequestId);
    connect(m_explain, &QPushButton::clicked, this, [this] {
        if (m_receipt)
            Q_EMIT explainRequested(*m_receipt);
    });
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_copyJson);
    buttons->addWidget(m_copyId);
    buttons->addStretch();
    buttons->addWidget(m_explain);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(head);
    layout->addWidget(m_subtitle);
    layout->addWidget(m_servedBy);
    layout->addWidget(m_scroll, 1);
    layout->addLayout(buttons);
    setMinimumWidth(280);
    buildBody();
    rebuild();
}

void CallsDrawer::setReceipt(const std::optional<Domain::Receipt> &receipt)
{
    m_receipt = receipt;
    rebuild();
}

const std::optional<Domain::Receipt> &CallsDrawer::receipt() const
{
    return m_receipt;
}

void CallsDrawer::setWorkspace(const Domain::Workspace *workspace)
{
    m_workspace = workspace;
    rebuild();
}

QString CallsDrawer::subtitle(const Domain::Receipt &r)
{
    const int n = int(r.attempts.size());
    const QString attempts = n == 1 ? Tr::tr("1 attempt") : Tr::tr("%Ln attempts", nullptr, n);
    return attempts + kSep + Tr::tr("%1 ms").arg(Common::number(r.latencyMs)) + kSep
        + QString::number(r.httpStatus);
}

QString CallsDrawer::attemptHeadline(const Domain::Attempt &a)
{
    QStringList parts { Tr::tr("%1. %2 via %3").arg(a.index).arg(a.deployment, a.connection) };
    parts << (a.region.isEmpty() ? Tr::tr("no region") : a.region);
    if (a.httpStatus > 0)
        parts << QString::number(a.httpStatus);
    else
        parts << (a.transportError.isEmpty() ? Tr::tr("no status") : failureText(a.transportError));
    if (a.fallback)
        parts << Tr::tr("fallback %1").arg(a.model);
    if (a.translation != Domain::ApiTranslation::None)
        parts << Common::translationText(a.translation);
    return parts.join(kSep);
}

QString CallsDrawer::waitText(const Domain::Attempt &a)
{
    if (a.waitMs <= 0)
        return {};
    QString why;
    switch (a.waitReason) {
    case Domain::WaitReason::None:
        return Tr::tr("waited %1 ms").arg(Common::number(a.waitMs));
    case Domain::WaitReason::Backoff:
        why = Tr::tr("backoff");
        break;
    case Domain::WaitReason::Cooldown:
        why = Tr::tr("cooldown");
        break;
    case Domain::WaitReason::RetryAfter:
        why = Tr::tr("Retry-After");
        break;
    }
    return Tr::tr("waited %1 ms (%2)").arg(Common::number(a.waitMs), why);
}

QString CallsDrawer::attemptDetail(const Domain::Attempt &a)
{
    QStringList parts;
    if (const QString wait = waitText(a); !wait.isEmpty())
        parts << wait;
    parts << Tr::tr("at +%1 ms").arg(Common::number(a.startOffsetMs));
    if (a.errorClass != Domain::ErrorClass::None)
        parts << Domain::toString(a.errorClass);
    // Without a status the headline named the failure; with one, it is said here.
    const QString words = systemWords(a.transportError);
    if (a.httpStatus > 0 && !a.transportError.isEmpty())
        parts << (words.isEmpty() ? failureText(a.transportError)
                                  : Tr::tr("%1: %2").arg(failureText(a.transportError), words));
    else if (!words.isEmpty())
        parts << words;
    if (!a.decision.isEmpty())
        parts << Common::factText(a.decision);
    else if (a.served)
        parts << Tr::tr("served");
    else
        parts << (a.retryable ? Tr::tr("retryable") : Tr::tr("final"));
    parts << Tr::tr("%1 ms").arg(Common::number(a.latencyMs));
    parts << Tr::tr("%1 sent, %2 received").arg(bytes(a.bytesSent), bytes(a.bytesReceived));
    if (!a.upstreamModel.isEmpty() && a.upstreamModel != a.deployment)
        parts << Tr::tr("upstream %1").arg(a.upstreamModel);
    if (a.holdKept)
        parts << Tr::tr("hold kept");
    return parts.join(kSep);
}

QString CallsDrawer::skipText(const Domain::Skip &s, const QString &requestedModel)
{
    QString who = s.candidate;
    if (!s.connection.isEmpty() && s.connection != s.candidate)
        who = Tr::tr("%1 via %2").arg(s.candidate, s.connection);
    QStringList parts { who, Domain::toString(s.reason) };
    if (const QString level = levelText(s.level); !level.isEmpty())
        parts << level;
    if (!s.detail.isEmpty())
        parts << Common::factText(s.detail);
    if (!s.model.isEmpty() && s.model != requestedModel)
        parts << Tr::tr("in the plan of %1").arg(s.model);
    return parts.join(kSep);
}

QString CallsDrawer::servedBy(const Domain::Receipt &r) const
{
    auto served = std::find_if(r.attempts.cbegin(), r.attempts.cend(),
                               [](const Domain::Attempt &a) { return a.served; });
    if (served == r.attempts.cend()) {
        if (r.servedBy.isEmpty())
            return Tr::tr("Served by: none");
        return Tr::tr("Served by: none (last reached %1)").arg(r.servedBy);
    }
    QString connection = served->connection;
    if (m_workspace) {
        if (const Domain::Connection *c = m_workspace->connection(connection))
            connection = Tr::tr("%1 (%2)").arg(c->name, c->provider);
    }
    QString text = Tr::tr("Served by: %1 · %2").arg(connection, served->deployment);
    if (!served->upstreamModel.isEmpty() && served->upstreamModel != served->deployment)
        text += kSep + Tr::tr("upstream %1").arg(served->upstreamModel);
    return text;
}

// The body's widgets are made once (buildBody) and updated for every receipt: a row of the table
// followed with the arrow keys must not cost a new widget tree each time.
void CallsDrawer::rebuild()
{
    const bool has = m_receipt.has_value();
    m_copyJson->setEnabled(has);
    m_copyId->setEnabled(has);
    m_explain->setEnabled(has);
    m_body->setVisible(has);
    if (!has) {
        m_title->setText(Tr::tr("No call selected"));
        m_subtitle->setText(Tr::tr("Select a call in the table to see its receipt."));
        m_servedBy->clear();
        return;
    }
    const Domain::Receipt &r = *m_receipt;
    m_title->setText(Tr::tr("Call %1").arg(r.requestId));
    m_subtitle->setText(subtitle(r));
    m_servedBy->setText(servedBy(r));
    showAttempts(r);
    showSkips(r);
    showSession(r);
    showDetails(r);
}

QLabel *CallsDrawer::addSection(const QString &title)
{
    auto *label = new QLabel(title, m_body);
    QFont f = label->font();
    f.setBold(true);
    label->setFont(f);
    auto *line = new QFrame(m_body);
    line->setFrameShape(QFrame::HLine);
    line->setFrameShadow(QFrame::Sunken);
    m_bodyLayout->addSpacing(6);
    m_bodyLayout->addWidget(label);
    m_bodyLayout->addWidget(line);
    m_sectionLines.insert(label, line);
    return label;
}

void CallsDrawer::buildBody()
{
    m_body = new QWidget;
    m_bodyLayout = new QVBoxLayout(m_body);
    m_bodyLayout->setContentsMargins(0, 0, 0, 0);
    addSection(Tr::tr("Attempts"));
    m_noAttempts = makeLabel(Tr::tr("No upstream attempt was made."), m_body);
    m_bodyLayout->addWidget(m_noAttempts);
    m_attemptLayout = new QVBoxLayout;
    m_bodyLayout->addLayout(m_attemptLayout);
    m_skipsTitle = addSection(Tr::tr("Skipped"));
    m_skipLayout = new QVBoxLayout;
    m_bodyLayout->addLayout(m_skipLayout);
    m_sessionTitle = addSection(Tr::tr("Session"));
    auto *session = new QGridLayout;
    session->setColumnStretch(1, 1);
    m_bodyLayout->addLayout(session);
    addDetailRows(session,
                  { Tr::tr("Mode"), Tr::tr("Task class"), Tr::tr("Signals"),
                    Tr::tr("Suggested model"), Tr::tr("Projected saving") });
    m_sessionAccepted = makeLabel(Tr::tr("Accepted a suggestion"), m_body);
    session->addWidget(m_sessionAccepted, session->rowCount(), 0, 1, 2);
    addSection(Tr::tr("Details"));
    // A grid, not a QFormLayout: Qt 6.4's QFormLayout writes outside its height-for-width table
    // when rows are hidden with setRowVisible() and hold word-wrapped labels (valgrind: invalid
    // writes in QFormLayout::heightForWidth; a heap corruption that crashed tst_callsscreen about
    // once in ten runs).
    m_details = new QGridLayout;
    m_details->setColumnStretch(1, 1);
    m_bodyLayout->addLayout(m_details);
    addDetailRows(m_details,
                  { Tr::tr("Alias"), Tr::tr("Deprecated"), Tr::tr("Fallback"),
                    Tr::tr("Region header"), Tr::tr("Error"), Tr::tr("Usage"), Tr::tr("Cost"),
                    Tr::tr("Endpoint"), Tr::tr("Kind"), Tr::tr("First byte"), Tr::tr("Caller"),
                    Tr::tr("Instance"), Tr::tr("Started"), Tr::tr("Listings") });
    m_bodyLayout->addStretch(1);
    m_scroll->setWidget(m_body);
}

void CallsDrawer::addDetailRows(QGridLayout *grid, const QStringList &fields)
{
    for (const QString &field : fields) {
        QLabel *label = makeLabel({}, m_body);
        label->setObjectName(field);
        auto *name = new QLabel(field, m_body);
        const int row = grid->rowCount();
        grid->addWidget(name, row, 0, Qt::AlignLeft | Qt::AlignTop);
        grid->addWidget(label, row, 1);
        m_detailLabels.insert(field, label);
        m_detailNames.insert(label, name);
    }
}

// Shows `count` labels of `pool`, making the missing ones in `layout`, hiding the rest.
void CallsDrawer::fitLabels(QList<QLabel *> &pool, QVBoxLayout *layout, qsizetype count,
                            const QString &objectName)
{
    while (pool.size() < count) {
        QLabel *label = makeLabel({}, m_body);
        label->setObjectName(objectName);
        label->setIndent(4);
        layout->addWidget(label);
        pool << label;
    }
    for (qsizetype i = 0; i < pool.size(); ++i)
        pool.at(i)->setVisible(i < count);
}

void CallsDrawer::showAttempts(const Domain::Receipt &r)
{
    m_attemptPlain.clear();
    m_noAttempts->setVisible(r.attempts.isEmpty());
    fitLabels(m_attemptLabels, m_attemptLayout, r.attempts.size(), u"attempt"_s);
    for (qsizetype i = 0; i < r.attempts.size(); ++i) {
        const Domain::Attempt &a = r.attempts.at(i);
        const QString headline = attemptHeadline(a);
        const QString detail = attemptDetail(a);
        QLabel *label = m_attemptLabels.at(i);
        label->setTextFormat(Qt::RichText);
        label->setText(u"<b>%1</b><br>%2"_s.arg(headline.toHtmlEscaped(), detail.toHtmlEscaped()));
        m_attemptPlain << headline + u'\n' + detail;
    }
}

void CallsDrawer::showSkips(const Domain::Receipt &r)
{
    const bool any = !r.skips.isEmpty();
    m_skipsTitle->setVisible(any);
    m_sectionLines.value(m_skipsTitle)->setVisible(any);
    fitLabels(m_skipLabels, m_skipLayout, r.skips.size(), u"skip"_s);
    for (qsizetype i = 0; i < r.skips.size(); ++i)
        m_skipLabels.at(i)->setText(skipText(r.skips.at(i), r.modelResolved));
}

void CallsDrawer::setDetail(const QString &field, const QString &value)
{
    QLabel *label = m_detailLabels.value(field);
    label->setText(value);
    label->setVisible(!value.isEmpty());
    m_detailNames.value(label)->setVisible(!value.isEmpty());
}

void CallsDrawer::showDetails(const Domain::Receipt &r)
{
    setDetail(Tr::tr("Alias"),
              r.alias.isEmpty() ? QString() : Tr::tr("%1 → %2").arg(r.alias, r.modelResolved));
    setDetail(Tr::tr("Deprecated"), r.aliasDeprecation);
    QString fallback;
    if (!r.fallbackModel.isEmpty())
        fallback = r.fallbackReason.isEmpty()
            ? r.fallbackModel
            : Tr::tr("%1: %2").arg(r.fallbackModel, Common::factText(r.fallbackReason));
    setDetail(Tr::tr("Fallback"), fallback);
    setDetail(Tr::tr("Region header"), r.regionHeader);
    setDetail(Tr::tr("Error"),
              r.errorCode.isEmpty() ? QString()
                                    : Tr::tr("%1: %2").arg(r.errorCode, r.errorMessage));
    setDetail(Tr::tr("Usage"),
              Tr::tr("%1 tokens in, %2 out")
                  .arg(Common::number(r.usage.inputTokens), Common::number(r.usage.outputTokens)));
    setDetail(
        Tr::tr("Cost"),
        Tr::tr("%1 (held %2)").arg(Common::number(r.cost, 4), Common::number(r.holdTotal, 4)));
    setDetail(Tr::tr("Endpoint"),
              r.stream ? Tr::tr("%1, streaming").arg(Common::endpointName(r.endpoint))
                       : Common::endpointName(r.endpoint));
    setDetail(Tr::tr("Kind"),
              r.kind == Domain::CallKind::Probe
                  ? Tr::tr("Probe: a reliability probe the gateway sent itself, not caller traffic")
                  : r.kind == Domain::CallKind::Rehearsal
                  ? Tr::tr("Rehearsal: a fault rehearsal, not caller traffic")
                  : Tr::tr("Call"));
    setDetail(Tr::tr("First byte"),
              r.firstByteMs >= 0 ? Tr::tr("%1 ms").arg(Common::number(r.firstByteMs)) : QString());
    setDetail(Tr::tr("Caller"),
              r.keyId.isEmpty() && r.projectId.isEmpty()
                  ? QString()
                  : Tr::tr("key %1, project %2").arg(r.keyId, r.projectId));
    // The gateway that ran the call, when several share the database; none on older receipts.
    setDetail(Tr::tr("Instance"), r.instance);
    setDetail(Tr::tr("Started"), Common::exactTime(r.startedAt));
    // The listings a ZDR or no-training rule judged by (SPEC §2 step 9).
    QStringList listings;
    for (const Domain::ListingTime &l : r.listings)
        listings
            << (l.fetchedAt.isValid()
                    ? Tr::tr("%1: fetched at %2").arg(l.provider, Common::exactTime(l.fetchedAt))
                    : Tr::tr("%1: never fetched").arg(l.provider));
    setDetail(Tr::tr("Listings"), listings.join(u'\n'));
}

// Shown only for a call its key's session mode classified; no prompt text, only the signals.
void CallsDrawer::showSession(const Domain::Receipt &r)
{
    const Domain::SessionVerdict &v = r.session;
    const bool shown = v.classified();
    m_sessionTitle->setVisible(shown);
    m_sectionLines.value(m_sessionTitle)->setVisible(shown);
    m_sessionAccepted->setVisible(shown && v.accepted);
    const auto when = [shown](const QString &text) { return shown ? text : QString(); };
    setDetail(Tr::tr("Mode"), when(Common::sessionModeName(v.mode)));
    setDetail(Tr::tr("Task class"), when(Common::sessionClassName(v.taskClass)));
    setDetail(Tr::tr("Signals"), when(signalsText(v.signals)));
    setDetail(Tr::tr("Suggested model"),
              when(v.suggestedModel.isEmpty()
                       ? Tr::tr("None: the asked model is already the cheapest that qualifies")
                       : v.suggestedModel));
    setDetail(Tr::tr("Projected saving"),
              when(v.suggestedModel.isEmpty() ? QString() : Common::money(v.projectedSaving, 1.0)));
}

QString CallsDrawer::sessionAcceptedText() const
{
    return m_receipt && !m_sessionAccepted->isHidden() ? m_sessionAccepted->text() : QString();
}

QString CallsDrawer::titleText() const
{
    return m_title->text();
}

QString CallsDrawer::subtitleText() const
{
    return m_subtitle->text();
}

QString CallsDrawer::servedByText() const
{
    return m_servedBy->text();
}

QStringList CallsDrawer::attemptTexts() const
{
    return m_attemptPlain;
}

QStringList CallsDrawer::skipTexts() const
{
    QStringList out;
    if (!m_receipt)
        return out;
    for (qsizetype i = 0; i < m_receipt->skips.size(); ++i)
        out << m_skipLabels.at(i)->text();
    return out;
}

QString CallsDrawer::detailText(const QString &field) const
{
    QLabel *label = m_detailLabels.value(field);
    return m_receipt && label && !label->isHidden() ? label->text() : QString();
}

QPushButton *CallsDrawer::copyJsonButton() const
{
    return m_copyJson;
}

QPushButton *CallsDrawer::copyRequestIdButton() const
{
    return m_copyId;
}

QPushButton *CallsDrawer::explainButton() const
{
    return m_explain;
}

void CallsDrawer::copyJson()
{
    if (m_receipt)
        QApplication::clipboard()->setText(
            QString::fromUtf8(Config::receiptToJsonText(*m_receipt)));
}

void CallsDrawer::copyRequestId()
{
    if (m_receipt)
        QApplication::clipboard()->setText(m_receipt->requestId);
}

} // namespace Ui::Calls
