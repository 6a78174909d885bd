#include "routeexplainer.h"

#include "common/configtext.h"
#include "common/facttext.h"
#include "common/format.h"
#include "common/theme.h"
#include "common/tr.h"
#include "common/workspacesession.h"
#include "gateway/gatewaymonitor.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>
#include <routing/overview.h>

using namespace Qt::StringLiterals;

namespace Ui::Explain {
namespace {

const auto kSep = u" · "_s;

QTableWidget *makeTable(const QStringList &headers, QWidget *parent)
{
    auto *table = new QTableWidget(0, int(headers.size()), parent);
    table->setHorizontalHeaderLabels(headers);
    table->verticalHeader()->hide();
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->horizontalHeader()->setStretchLastSection(true);
    table->setAlternatingRowColors(true);
    return table;
}

void setRow(QTableWidget *table, int row, const QStringList &cells, int firstNumeric = -1)
{
    for (int c = 0; c < cells.size(); ++c) {
        auto *item = new QTableWidgetItem(cells.at(c));
        if (firstNumeric >= 0 && c >= firstNumeric)
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        table->setItem(row, c, item);
    }
}

QLabel *makeLabel(QWidget *parent)
{
    auto *label = new QLabel(parent);
    label->setWordWrap(true);
    label->setTextFormat(Qt::PlainText);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

QString levelName(Domain::DirectiveLevel level)
{
    return level == Domain::DirectiveLevel::None ? u"—"_s : Domain::toString(level);
}

// "Up to 3 attempts, deadline 180,000 ms." with the timeouts that differ from SPEC's (R-REC-9).
QString budgetSentence(const Routing::Explanation &e)
{
    QStringList timeouts;
    for (const Domain::Fact &f : Routing::timeoutFacts(e.recovery))
        timeouts << Common::factText(f);
    const QString attempts
        = e.attempts == 1 ? Tr::tr("1 attempt") : Tr::tr("%Ln attempts", nullptr, e.attempts);
    const QString deadline = Common::number(e.recovery.deadlineMs);
    if (timeouts.isEmpty())
        return Tr::tr("Up to %1, deadline %2 ms.").arg(attempts, deadline);
    return Tr::tr("Up to %1, deadline %2 ms, %3.")
        .arg(attempts, deadline, timeouts.join(Tr::tr(", ")));
}

void setCombo(QComboBox *box, const QVariant &data)
{
    box->setCurrentIndex(std::max(0, box->findData(data)));
}

} // namespace

Routing::RequestSummary requestFromReceipt(const Domain::Receipt &r,
                                           const Routing::RequestSummary &base)
{
    Routing::RequestSummary s = base;
    s.model = r.modelAsked;
    s.endpoint = r.endpoint;
    s.modality = r.endpoint == Domain::Endpoint::Embeddings ? Domain::Modality::Embedding
                                                            : Domain::Modality::Chat;
    s.stream = r.stream;
    s.keyId = r.keyId;
    s.projectId = r.projectId;
    s.regionHeaderLines = r.regionHeader.isEmpty() ? QStringList() : QStringList { r.regionHeader };
    return s;
}

RouteExplainer::RouteExplainer(Common::WorkspaceSession *session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_now([] { return QDateTime::currentDateTimeUtc(); })
{
    setObjectName(u"routeExplainer"_s);
    auto *layout = new QHBoxLayout(this);
    auto *split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(buildForm());
    split->addWidget(buildResult());
    split->setStretchFactor(1, 1);
    layout->addWidget(split);
    connect(m_session, &Common::WorkspaceSession::editedChanged, this, [this] {
        refillChoices();
        refresh();
    });
    refillChoices();
    refresh();
}

QWidget *RouteExplainer::buildForm()
{
    auto *box = new QGroupBox(Tr::tr("Sample request"), this);
    auto *form = new QFormLayout(box);
    m_model = new QComboBox(box);
    m_model->setEditable(true);
    m_model->setInsertPolicy(QComboBox::NoInsert);
    m_key = new QComboBox(box);
    m_project = new QComboBox(box);
    m_endpoint = new QComboBox(box);
    for (Domain::Endpoint e : { Domain::Endpoint::ChatCompletions, Domain::Endpoint::Messages,
                                Domain::Endpoint::Responses, Domain::Endpoint::Embeddings })
        m_endpoint->addItem(Domain::toString(e), int(e));
    m_tools = new QCheckBox(Tr::tr("Sends tools"), box);
    m_format = new QComboBox(box);
    m_format->addItem(Tr::tr("none"), int(Routing::RequestSummary::ResponseFormat::None));
    m_format->addItem(u"text"_s, int(Routing::RequestSummary::ResponseFormat::Text));
    m_format->addItem(u"json_object"_s, int(Routing::RequestSummary::ResponseFormat::JsonObject));
    m_format->addItem(u"json_schema"_s, int(Routing::RequestSummary::ResponseFormat::JsonSchema));
    m_vision = new QCheckBox(Tr::tr("Contains images"), box);
    m_region = new QLineEdit(box);
    m_region->setPlaceholderText(Tr::tr("e.g. us-east-1, eu-west-1"));
    m_stream = new QCheckBox(Tr::tr("Streaming"), box);
    form->addRow(Tr::tr("Model or alias"), m_model);
    form->addRow(Tr::tr("Key"), m_key);
    form->addRow(Tr::tr("Project"), m_project);
    form->addRow(Tr::tr("Endpoint"), m_endpoint);
    form->addRow(QString(), m_tools);
    form->addRow(Tr::tr("Response format"), m_format);
    form->addRow(QString(), m_vision);
    form->addRow(Tr::tr("x-gateway-model-regions"), m_region);
    form->addRow(QString(), m_stream);

    connect(m_model, &QComboBox::currentTextChanged, this, &RouteExplainer::refresh);
    connect(m_key, &QComboBox::currentIndexChanged, this, &RouteExplainer::handleKeyChosen);
    for (QComboBox *c : { m_project, m_endpoint, m_format })
        connect(c, &QComboBox::currentIndexChanged, this, &RouteExplainer::refresh);
    for (QCheckBox *c : { m_tools, m_vision, m_stream })
        connect(c, &QCheckBox::toggled, this, &RouteExplainer::refresh);
    connect(m_region, &QLineEdit::textChanged, this, &RouteExplainer::refresh);
    return box;
}

QWidget *RouteExplainer::buildResult()
{
    auto *pane = new QWidget(this);
    auto *layout = new QVBoxLayout(pane);
    layout->setContentsMargins(0, 0, 0, 0);
    m_headline = makeLabel(pane);
    QFont big = m_headline->font();
    big.setPointSizeF(big.pointSizeF() * 1.25);
    m_headline->setFont(big);
    m_source = makeLabel(pane);
    m_source->setObjectName(u"explainedState"_s);
    m_warning = makeLabel(pane);
    m_warning->setObjectName(u"deadlineWarning"_s);
    Common::showAsError(m_warning); // the palette's error colour, readable on the dark theme
    QFont bold = m_warning->font();
    bold.setBold(true);
    m_warning->setFont(bold);
    m_candidates = makeTable({ Tr::tr("Candidate"), Tr::tr("Connection"), Tr::tr("Region"),
                               Tr::tr("API"), Tr::tr("Weight"), Tr::tr("First pick") },
                             pane);
    // The candidate's name takes the spare width, so the chance stays next to the weight.
    m_candidates->horizontalHeader()->setStretchLastSection(false);
    m_candidates->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_skips = makeTable({ Tr::tr("Skipped"), Tr::tr("Connection"), Tr::tr("Reason"),
                          Tr::tr("Directive level"), Tr::tr("Detail") },
                        pane);
    m_budget = makeLabel(pane);
    m_fallback = makeLabel(pane);
    layout->addWidget(m_source);
    layout->addWidget(m_headline);
    layout->addWidget(m_warning);
    layout->addWidget(new QLabel(Tr::tr("Candidates in order, with the chance of each being tried "
                                        "first:"),
                                 pane));
    layout->addWidget(m_candidates, 2);
    layout->addWidget(m_skips, 1);
    layout->addWidget(m_budget);
    layout->addWidget(m_fallback);
    return pane;
}

void RouteExplainer::setMonitor(GatewayControl::GatewayMonitor *monitor)
{
    m_monitor = monitor;
    if (m_monitor)
        connect(m_monitor, &GatewayControl::GatewayMonitor::healthChanged, this,
                &RouteExplainer::refresh);
    refresh();
}

void RouteExplainer::setNow(std::function<QDateTime()> now)
{
    m_now = std::move(now);
    refresh();
}

void RouteExplainer::refillChoices()
{
    const Domain::Workspace &ws = m_session->edited();
    m_filling = true;
    const QString model = m_model->currentText();
    const QVariant key = m_key->currentData();
    const QVariant project = m_project->currentData();
    {
        const QSignalBlocker b1(m_model), b2(m_key), b3(m_project);
        m_model->clear();
        for (const Domain::Model &m : ws.models)
            m_model->addItem(m.name);
        for (const Domain::Alias &a : ws.aliases)
            m_model->addItem(a.name);
        m_model->setEditText(model.isEmpty() && !ws.models.isEmpty() ? ws.models.first().name
                                                                     : model);
        m_key->clear();
        m_key->addItem(Tr::tr("No key"));
        for (const Domain::Key &k : ws.keys)
            m_key->addItem(Tr::tr("%1 (%2)").arg(k.name, k.prefix), k.id);
        setCombo(m_key, key);
        m_project->clear();
        m_project->addItem(Tr::tr("No project"));
        for (const Domain::Project &p : ws.projects)
            m_project->addItem(p.name.isEmpty() ? p.id : p.name, p.id);
        setCombo(m_project, project);
    }
    m_filling = false;
}

void RouteExplainer::handleKeyChosen()
{
    // A key belongs to one project: choosing it chooses the project too.
    if (const Domain::Key *k = m_session->edited().keyById(m_key->currentData().toString())) {
        const QSignalBlocker blocker(m_project);
        setCombo(m_project, k->project);
    }
    refresh();
}

void RouteExplainer::setRequest(const Routing::RequestSummary &r)
{
    m_filling = true;
    {
        const QSignalBlocker b1(m_model), b2(m_key), b3(m_project), b4(m_endpoint), b5(m_tools),
            b6(m_format), b7(m_vision), b8(m_region), b9(m_stream);
        m_model->setEditText(r.model);
        setCombo(m_key, r.keyId);
        setCombo(m_project, r.projectId);
        setCombo(m_endpoint, int(r.endpoint));
        m_tools->setChecked(r.usesTools);
        setCombo(m_format, int(r.responseFormat));
        m_vision->setChecked(r.vision);
        m_region->setText(r.regionHeaderLines.join(u", "_s));
        m_stream->setChecked(r.stream);
    }
    m_filling = false;
    refresh();
}

Routing::RequestSummary RouteExplainer::request() const
{
    Routing::RequestSummary r;
    r.model = m_model->currentText().trimmed();
    r.endpoint = Domain::Endpoint(m_endpoint->currentData().toInt());
    r.modality = r.endpoint == Domain::Endpoint::Embeddings ? Domain::Modality::Embedding
                                                            : Domain::Modality::Chat;
    r.usesTools = m_tools->isChecked();
    r.responseFormat = Routing::RequestSummary::ResponseFormat(m_format->currentData().toInt());
    r.vision = m_vision->isChecked();
    // An empty field means "no header"; anything typed goes to the parser as one header line.
    if (!m_region->text().trimmed().isEmpty())
        r.regionHeaderLines = { m_region->text() };
    r.stream = m_stream->isChecked();
    r.keyId = m_key->currentData().toString();
    r.projectId = m_project->currentData().toString();
    return r;
}

const Routing::Explanation &RouteExplainer::explanation() const
{
    return m_explanation;
}

void RouteExplainer::refresh()
{
    if (m_filling)
        return;
    const QDateTime now = m_now();
    const qint64 nowMs = now.toMSecsSinceEpoch();
    // The gateway's own book lives on its thread; rebuilt from what it last reported.
    const Routing::CooldownBook book
        = m_monitor ? m_monitor->cooldownBookAt(nowMs) : Routing::CooldownBook {};
    m_explanation = Routing::explain(m_session->edited(), request(), m_monitor ? &book : nullptr,
                                     nowMs, now.toUTC().date());
    showExplanation();
}

void RouteExplainer::showExplanation()
{
    const Routing::Explanation &e = m_explanation;
    QString headline;
    if (e.refused && e.candidates.isEmpty()) {
        headline = Tr::tr("Refused before any attempt: %1 %2. %3")
                       .arg(QString::number(e.httpStatus), e.errorCode, e.errorMessage);
    } else {
        // One sentence per case, so a translation can order its parts freely.
        const int n = int(e.candidates.size());
        if (e.alias.alias.isEmpty()) {
            headline = e.pool
                ? Tr::tr("Runs as %1, a pool of %n eligible deployment(s).", nullptr, n)
                      .arg(e.model)
                : Tr::tr("Runs as %1, %n eligible offering(s).", nullptr, n).arg(e.model);
        } else {
            headline = e.pool
                ? Tr::tr("Alias %1 runs as %2, a pool of %n eligible deployment(s).", nullptr, n)
                      .arg(e.alias.alias, e.model)
                : Tr::tr("Alias %1 runs as %2, %n eligible offering(s).", nullptr, n)
                      .arg(e.alias.alias, e.model);
        }
        if (!e.alias.deprecationHeader.isEmpty())
            headline += u' ' + Tr::tr("Deprecated alias: %1.").arg(e.alias.deprecationHeader);
    }
    m_headline->setText(headline);
    const int unsaved = int(m_session->changes().size());
    m_source->setText(unsaved == 0
                          ? Tr::tr("Explaining the saved settings.")
                          : Tr::tr("Explaining the settings in the editor, with %n unsaved "
                                   "change(s).",
                                   nullptr, unsaved));
    m_warning->setText(Common::factText(e.deadlineFact));
    m_warning->setVisible(e.deadlineWarning);
    QStringList budget { budgetSentence(e) };
    if (e.allCooling)
        budget << Tr::tr("Every candidate is cooling down: the call waits for the earliest if "
                         "that fits the deadline.");
    if (e.attemptsCap.level != Domain::DirectiveLevel::None)
        budget << Tr::tr("Capped to %1 by the %2 directives.")
                      .arg(QString::number(e.attemptsCap.value),
                           Domain::toString(e.attemptsCap.level));
    if (!e.refused)
        budget << Tr::tr("The requested model may use %n attempt(s).", nullptr,
                         e.attemptsForRequested);
    m_budget->setText(budget.join(u' '));
    QStringList fallback {
        e.fallbackOn
            ? Tr::tr("Fallback is on (%1).").arg(Common::ruleText(e.fallbackDecision.rule))
            : Tr::tr("Fallback is off (%1).").arg(Common::ruleText(e.fallbackDecision.rule))
    };
    for (const Routing::FallbackExplanation &f : e.fallbacks)
        fallback << Tr::tr("%1: %2").arg(f.model, Common::factText(f.reason));
    m_fallback->setText(fallback.join(u'\n'));
    showCandidates();
    showSkips();
}

void RouteExplainer::showCandidates()
{
    const QList<Routing::Candidate> &list = m_explanation.candidates;
    m_candidates->setRowCount(int(list.size()));
    for (int i = 0; i < list.size(); ++i) {
        const Routing::Candidate &c = list.at(i);
        setRow(m_candidates, i,
               { c.deployment, c.connection, c.region.isEmpty() ? u"—"_s : c.region,
                 c.translation == Domain::ApiTranslation::None
                     ? Tr::tr("as asked")
                     : Common::translationText(c.translation),
                 c.weight > 0 ? Common::number(qint64(c.weight)) : u"—"_s,
                 Tr::tr("%1 %").arg(Common::number(c.firstChance * 100.0, 1)) },
               4);
    }
    m_candidates->resizeColumnsToContents();
}

void RouteExplainer::showSkips()
{
    QList<Domain::Skip> all = m_explanation.skips;
    for (const Routing::FallbackExplanation &f : m_explanation.fallbacks)
        all << f.skips;
    m_skips->setRowCount(int(all.size()));
    for (int i = 0; i < all.size(); ++i) {
        const Domain::Skip &s = all.at(i);
        setRow(m_skips, i,
               { s.candidate, s.connection, Domain::toString(s.reason), levelName(s.level),
                 Common::factText(s.detail) });
    }
    m_skips->resizeColumnsToContents();
}

QStringList RouteExplainer::tableRows(const QTableWidget *table)
{
    QStringList rows;
    for (int r = 0; r < table->rowCount(); ++r) {
        QStringList cells;
        for (int c = 0; c < table->columnCount(); ++c)
            cells << (table->item(r, c) ? table->item(r, c)->text() : QString());
        rows << cells.join(kSep);
    }
    return rows;
}

QString RouteExplainer::headlineText() const
{
    return m_headline->text();
}

QString RouteExplainer::sourceText() const
{
    return m_source->text();
}

QString RouteExplainer::budgetText() const
{
    return m_budget->text();
}

QString RouteExplainer::fallbackText() const
{
    return m_fallback->text();
}

QString RouteExplainer::warningText() const
{
    return m_warning->isVisibleTo(this) ? m_warning->text() : QString();
}

QStringList RouteExplainer::candidateRows() const
{
    return tableRows(m_candidates);
}

QStringList RouteExplainer::skipRows() const
{
    return tableRows(m_skips);
}

QComboBox *RouteExplainer::modelBox() const
{
    return m_model;
}

QCheckBox *RouteExplainer::toolsBox() const
{
    return m_tools;
}

QCheckBox *RouteExplainer::streamBox() const
{
    return m_stream;
}

QLineEdit *RouteExplainer::regionEdit() const
{
    return m_region;
}

RouteExplainerDialog::RouteExplainerDialog(Common::WorkspaceSession *session, QWidget *parent)
    : QDialog(parent)
    , m_explainer(new RouteExplainer(session, this))
{
    setWindowTitle(Tr::tr("Explain route"));
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_explainer, 1);
    layout->addWidget(buttons);
    resize(1000, 560);
}

RouteExplainer *RouteExplainerDialog::explainer() const
{
    return m_explainer;
}

} // namespace Ui::Explain
