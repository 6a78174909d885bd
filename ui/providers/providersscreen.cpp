#include "providersscreen.h"

#include "common/changepreviewbar.h"
#include "common/editcommands.h"
#include "common/fieldmark.h"
#include "common/format.h"
#include "common/probenow.h"
#include "common/tr.h"
#include "common/workspacesession.h"
#include "domain/listing.h"
#include "offeringrows.h"
#include "providercommands.h"
#include "runtime/listingrefresher.h"
#include "runtime/probescheduler.h"

#include <QCheckBox>
#include <QDateTime>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <optional>

using namespace Qt::StringLiterals;

namespace Ui::Providers {
namespace {

QString yesNo(bool v)
{
    return v ? Tr::tr("yes") : Tr::tr("no");
}

void fillRow(QTableWidget *table, int row, const QStringList &cells)
{
    for (int c = 0; c < cells.size(); ++c) {
        auto *item = new QTableWidgetItem(cells.at(c));
        item->setToolTip(cells.at(c));
        table->setItem(row, c, item);
    }
}

// A listing's fetch time, to the minute in UTC like the receipts' reasons.
QString fetchTime(const QDateTime &t)
{
    return t.toUTC().toString(u"yyyy-MM-dd HH:mm 'UTC'"_s);
}

// The source column of a provider: where routing's facts come from now.
QString factSource(const Domain::Provider &p)
{
    if (p.listingSource.isEmpty())
        return p.policySource.isEmpty() ? Tr::tr("not stated") : p.policySource;
    if (!p.listingFetchedAt.isValid())
        return p.listingError.isEmpty() ? Tr::tr("listing, never fetched: counts as neither")
                                        : Tr::tr("listing, not fetched: %1").arg(p.listingError);
    QString text = p.listingStale
        ? Tr::tr("listing, fetched %1: stale, counts as neither").arg(fetchTime(p.listingFetchedAt))
        : Tr::tr("listing, fetched %1").arg(fetchTime(p.listingFetchedAt));
    if (!p.listingError.isEmpty())
        text = Tr::tr("%1; last refresh failed").arg(text);
    return text;
}

QTableWidget *makeTable(int columns, const QStringList &headers, QWidget *parent)
{
    auto *table = new QTableWidget(0, columns, parent);
    table->setHorizontalHeaderLabels(headers);
    table->verticalHeader()->hide();
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setSelectionMode(QAbstractItemView::SingleSelection);
    table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table->setTextElideMode(Qt::ElideRight);
    table->setWordWrap(false);
    return table;
}

} // namespace

ProvidersScreen::ProvidersScreen(Common::WorkspaceSession *session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
{
    setObjectName(u"providersScreen"_s);
    m_offerings
        = makeTable(OfferingColumnCount,
                    { Tr::tr("Model"), Tr::tr("#"), Tr::tr("Connection"), Tr::tr("Provider"),
                      Tr::tr("Upstream model"), Tr::tr("Precision"), Tr::tr("Capabilities"),
                      Tr::tr("Certified"), Tr::tr("Tool probes"), Tr::tr("Structured probes") },
                    this);
    m_offerings->horizontalHeader()->setSectionResizeMode(CapabilitiesColumn, QHeaderView::Stretch);
    m_offerings->setObjectName(u"offeringTable"_s);
    auto *offeringsBox = new QGroupBox(Tr::tr("Offerings of Direct models, in their fixed order "
                                              "(edit them under Models → Settings)"),
                                       this);
    auto *offeringsLayout = new QVBoxLayout(offeringsBox);
    offeringsLayout->addWidget(m_offerings);

    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(buildProviderPane());
    splitter->addWidget(offeringsBox);
    splitter->setStretchFactor(1, 1);
    m_bar = new Common::ChangePreviewBar(session, this);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter, 1);
    layout->addWidget(m_bar);

    connect(m_session, &Common::WorkspaceSession::editedChanged, this, &ProvidersScreen::rebuild);
    rebuild();
    if (m_providers->rowCount() > 0)
        m_providers->selectRow(0);
}

QWidget *ProvidersScreen::buildProviderPane()
{
    auto *box = new QGroupBox(Tr::tr("Providers and their data policy"), this);
    m_providers
        = makeTable(ProviderColumnCount,
                    { Tr::tr("Provider"), Tr::tr("Name"), Tr::tr("ZDR"), Tr::tr("No training"),
                      Tr::tr("Source of these facts"), Tr::tr("Connections") },
                    box);
    m_providers->horizontalHeaderItem(ZdrColumn)->setToolTip(Tr::tr("Zero data retention"));
    m_providers->horizontalHeader()->setSectionResizeMode(SourceColumn, QHeaderView::Stretch);
    m_providers->setObjectName(u"providerTable"_s);
    m_newId = new QLineEdit(box);
    m_newId->setPlaceholderText(Tr::tr("new provider id, e.g. together"));
    m_add = new QPushButton(Tr::tr("Add provider"), box);
    auto *addRow = new QHBoxLayout;
    addRow->addWidget(m_newId, 1);
    addRow->addWidget(m_add);
    auto *left = new QVBoxLayout;
    left->addWidget(m_providers, 1);
    left->addLayout(addRow);
    auto *layout = new QHBoxLayout(box);
    layout->addLayout(left, 5);
    // The form scrolls rather than squeezing its fields when the pane is short.
    auto *formScroll = new QScrollArea(box);
    formScroll->setWidgetResizable(true);
    formScroll->setFrameShape(QFrame::NoFrame);
    formScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    formScroll->setWidget(buildForm());
    layout->addWidget(formScroll, 2);

    connect(m_providers, &QTableWidget::itemSelectionChanged, this, [this] {
        const QList<QTableWidgetItem *> sel = m_providers->selectedItems();
        if (sel.isEmpty())
            return;
        m_current = m_providers->item(sel.first()->row(), IdColumn)->text();
        refreshForm(*effective());
    });
    connect(m_add, &QPushButton::clicked, this, &ProvidersScreen::handleAdd);
    connect(m_newId, &QLineEdit::returnPressed, this, &ProvidersScreen::handleAdd);
    return box;
}

QWidget *ProvidersScreen::buildForm()
{
    auto *form = new QWidget(this);
    m_formTitle = new QLabel(form);
    QFont bold = m_formTitle->font();
    bold.setBold(true);
    m_formTitle->setFont(bold);
    m_displayName = new QLineEdit(form);
    m_zdr = new QCheckBox(Tr::tr("Zero data retention"), form);
    m_noTraining = new QCheckBox(Tr::tr("Does not train on prompts"), form);
    m_source = new QLineEdit(form);
    m_source->setPlaceholderText(Tr::tr("provider listing 2026-11-01, set by hand, …"));
    m_formError = Common::makeErrorLabel(form);
    auto *hint = new QLabel(Tr::tr("requireZdr and requireNoTraining directives skip providers "
                                   "without these facts (no_zdr, no_training on the receipt)."),
                            form);
    hint->setWordWrap(true);
    hint->setEnabled(false);
    m_listingSource = new QLineEdit(form);
    m_listingSource->setObjectName(u"listingSourceEdit"_s);
    m_listingSource->setPlaceholderText(Tr::tr("https://…/listing.json or a file path; empty: "
                                               "the facts above, set by hand"));
    m_listingSourceError = Common::makeErrorLabel(form);
    // The status and its button in a box of their own: a word-wrapped label whose text changes
    // after the form is laid out keeps its height there.
    auto *listingPanel = new QWidget(form);
    m_listingStatus = new QLabel(listingPanel);
    m_listingStatus->setObjectName(u"listingStatus"_s);
    m_listingStatus->setWordWrap(true);
    m_listingStatus->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_refreshListings = new QPushButton(Tr::tr("Refresh now"), listingPanel);
    m_refreshListings->setObjectName(u"refreshListings"_s);
    m_refreshListings->setToolTip(Tr::tr("Fetch every provider's listing now"));
    m_probeNow = new Common::ProbeNowControl(form);
    m_probeNow->setRequest([this] {
        Domain::ProbeRequest request;
        request.provider = m_current;
        return request;
    });
    // The rows whose text changes after layout sit in a box layout: the form layout keeps a
    // word-wrapped label at the height of its first width.
    auto *outer = new QVBoxLayout(form);
    auto *layout = new QFormLayout;
    outer->addLayout(layout);
    layout->addRow(m_formTitle);
    layout->addRow(Tr::tr("Display name"), m_displayName);
    layout->addRow(m_zdr);
    layout->addRow(m_noTraining);
    layout->addRow(Tr::tr("Source"), m_source);
    layout->addRow(m_formError);
    layout->addRow(Tr::tr("Listing source"), m_listingSource);
    layout->addRow(m_listingSourceError);
    auto *panelLayout = new QVBoxLayout(listingPanel);
    panelLayout->setContentsMargins(0, 0, 0, 0);
    panelLayout->addWidget(m_listingStatus);
    panelLayout->addWidget(m_refreshListings, 0, Qt::AlignLeft);
    outer->addWidget(listingPanel);
    outer->addWidget(hint);
    outer->addWidget(m_probeNow, 0, Qt::AlignLeft);
    outer->addStretch(1);

    connect(m_displayName, &QLineEdit::textEdited, this, [this](const QString &t) {
        edit([&](Domain::Provider &p) { p.displayName = t; }, u"displayName"_s);
    });
    connect(m_zdr, &QCheckBox::toggled, this, [this](bool on) {
        edit([&](Domain::Provider &p) { p.zeroDataRetention = on; }, u"zeroDataRetention"_s);
    });
    connect(m_noTraining, &QCheckBox::toggled, this, [this](bool on) {
        edit([&](Domain::Provider &p) { p.noTraining = on; }, u"noTraining"_s);
    });
    connect(m_source, &QLineEdit::textEdited, this, [this](const QString &t) {
        edit([&](Domain::Provider &p) { p.policySource = t; }, u"policySource"_s);
    });
    connect(m_listingSource, &QLineEdit::textEdited, this, [this](const QString &t) {
        edit([&](Domain::Provider &p) { p.listingSource = t; }, u"listingSource"_s);
    });
    connect(m_refreshListings, &QPushButton::clicked, this, [this] {
        if (m_listings)
            m_listings->refresh();
    });
    return form;
}

void ProvidersScreen::setProbes(Runtime::ProbeScheduler *probes)
{
    m_probeNow->setScheduler(probes);
    m_probes = probes;
    // The probe columns show what routing uses: the counts measured here, once there are any.
    if (probes)
        connect(probes, &Runtime::ProbeScheduler::changed, this,
                &ProvidersScreen::rebuildOfferings);
    rebuildOfferings();
}

void ProvidersScreen::setListings(Runtime::ListingRefresher *listings)
{
    m_listings = listings;
    if (listings) {
        for (auto signal :
             { &Runtime::ListingRefresher::changed, &Runtime::ListingRefresher::finished })
            connect(listings, signal, this, [this] { refreshProviders(); });
    }
    refreshProviders();
}

Domain::WorkspaceSnapshot ProvidersScreen::effective() const
{
    if (m_listings)
        return m_listings->apply(m_session->edited());
    // Without the refresher nothing is fetched: a listed provider has neither fact.
    auto ws = std::make_shared<Domain::Workspace>(m_session->edited());
    Domain::applyListings(*ws, {}, QDateTime::currentDateTimeUtc());
    return ws;
}

bool ProvidersScreen::selectProvider(const QString &id)
{
    for (int r = 0; r < m_providers->rowCount(); ++r) {
        if (m_providers->item(r, IdColumn)->text() == id) {
            m_providers->selectRow(r);
            return true;
        }
    }
    return false;
}

QString ProvidersScreen::currentProvider() const
{
    return m_current;
}
QTableWidget *ProvidersScreen::providerTable() const
{
    return m_providers;
}
QTableWidget *ProvidersScreen::offeringTable() const
{
    return m_offerings;
}
QLineEdit *ProvidersScreen::newIdEdit() const
{
    return m_newId;
}
QPushButton *ProvidersScreen::addButton() const
{
    return m_add;
}
QLineEdit *ProvidersScreen::displayNameEdit() const
{
    return m_displayName;
}
QCheckBox *ProvidersScreen::zdrBox() const
{
    return m_zdr;
}
QCheckBox *ProvidersScreen::noTrainingBox() const
{
    return m_noTraining;
}
QLineEdit *ProvidersScreen::policySourceEdit() const
{
    return m_source;
}
Common::ChangePreviewBar *ProvidersScreen::previewBar() const
{
    return m_bar;
}

// The edited workspace with the listings' facts is made once per refresh (a copy of the
// workspace), not once per part of the screen.
void ProvidersScreen::rebuild()
{
    const Domain::WorkspaceSnapshot run = effective();
    rebuildProviders(*run);
    rebuildOfferings();
    refreshForm(*run);
}

void ProvidersScreen::refreshProviders()
{
    const Domain::WorkspaceSnapshot run = effective();
    rebuildProviders(*run);
    refreshForm(*run);
}

void ProvidersScreen::rebuildProviders(const Domain::Workspace &ws)
{
    const QSignalBlocker blocker(m_providers);
    m_providers->setRowCount(int(ws.providers.size()));
    for (int r = 0; r < ws.providers.size(); ++r) {
        const Domain::Provider &p = ws.providers.at(r);
        QStringList connections;
        for (const Domain::Connection &c : ws.connections) {
            if (c.provider == p.id)
                connections << c.name;
        }
        fillRow(m_providers, r,
                { p.id, p.displayName, yesNo(p.zeroDataRetention), yesNo(p.noTraining),
                  factSource(p),
                  connections.isEmpty() ? Tr::tr("none") : connections.join(u", "_s) });
        if (!p.listingError.isEmpty())
            m_providers->item(r, SourceColumn)->setToolTip(p.listingError);
        if (p.id == m_current)
            m_providers->selectRow(r);
    }
}

void ProvidersScreen::rebuildOfferings()
{
    Domain::Workspace ws = m_session->edited();
    if (m_probes)
        m_probes->apply(ws);
    const QList<OfferingRow> rows = offeringRows(ws);
    m_offerings->setRowCount(int(rows.size()));
    for (int r = 0; r < rows.size(); ++r) {
        const OfferingRow &o = rows.at(r);
        fillRow(m_offerings, r,
                { o.model, QString::number(o.position), o.connection, o.provider, o.upstreamModel,
                  o.precision, o.capabilities, o.certified, o.toolProbes, o.structuredProbes });
    }
}

void ProvidersScreen::refreshForm(const Domain::Workspace &run)
{
    const Domain::Provider *p = m_session->edited().provider(m_current);
    for (QWidget *w : { static_cast<QWidget *>(m_displayName), static_cast<QWidget *>(m_zdr),
                        static_cast<QWidget *>(m_noTraining), static_cast<QWidget *>(m_source),
                        static_cast<QWidget *>(m_listingSource) }) {
        w->setEnabled(p != nullptr);
        w->blockSignals(true);
    }
    m_formTitle->setText(p ? Tr::tr("Provider %1").arg(p->id) : Tr::tr("No provider selected"));
    // With no provider the request would name every offering.
    m_probeNow->setEnabled(p != nullptr);
    const Domain::Provider shown = p ? *p : Domain::Provider {};
    if (m_displayName->text() != shown.displayName)
        m_displayName->setText(shown.displayName);
    // A listed provider's boxes show the facts routing uses, which the listing sets.
    const Domain::Provider *used = p ? run.provider(m_current) : nullptr;
    m_zdr->setChecked(used ? used->zeroDataRetention : shown.zeroDataRetention);
    m_noTraining->setChecked(used ? used->noTraining : shown.noTraining);
    if (m_source->text() != shown.policySource)
        m_source->setText(shown.policySource);
    if (m_listingSource->text() != shown.listingSource)
        m_listingSource->setText(shown.listingSource);
    // With a listing source, routing takes the facts from the listing, not from these boxes.
    const bool listed = !shown.listingSource.isEmpty();
    for (QCheckBox *box : { m_zdr, m_noTraining }) {
        box->setEnabled(p != nullptr && !listed);
        box->setToolTip(listed ? Tr::tr("Set by the provider's listing") : QString());
    }
    for (QWidget *w : { static_cast<QWidget *>(m_displayName), static_cast<QWidget *>(m_zdr),
                        static_cast<QWidget *>(m_noTraining), static_cast<QWidget *>(m_source),
                        static_cast<QWidget *>(m_listingSource) })
        w->blockSignals(false);
    const int index
        = int(Common::indexIn(m_session->edited().providers,
                              [this](const Domain::Provider &x) { return x.id == m_current; }));
    Common::markField(m_listingSource, m_listingSourceError,
                      p ? m_session->problemsAt(u"providers[%1].listingSource"_s.arg(index))
                        : QList<Config::Problem> {});
    refreshListingStatus(run);
}

void ProvidersScreen::refreshListingStatus(const Domain::Workspace &run)
{
    const Domain::Provider *edited = m_session->edited().provider(m_current);
    const bool listed = edited && !edited->listingSource.isEmpty();
    m_listingStatus->setVisible(listed);
    m_refreshListings->setVisible(listed);
    m_refreshListings->setEnabled(listed && m_listings);
    if (!listed)
        return;
    const Domain::Provider *p = run.provider(m_current);
    std::optional<Domain::ListingState> state;
    if (m_listings) {
        for (const Domain::ListingState &s : m_listings->states()) {
            if (s.provider == p->id && s.source == p->listingSource)
                state = s;
        }
    }
    QStringList lines;
    if (!m_listings)
        lines << Tr::tr("Listings are fetched only while the gateway runs.");
    if (p->listingFetchedAt.isValid()) {
        const QDateTime now = QDateTime::currentDateTimeUtc();
        lines << Tr::tr("Fetched %1 (%2)")
                     .arg(fetchTime(p->listingFetchedAt),
                          Common::relativeTime(p->listingFetchedAt, now));
        if (state) {
            QString stated
                = Tr::tr("The listing states zero data retention: %1, no training: %2")
                      .arg(yesNo(state->facts.zeroDataRetention), yesNo(state->facts.noTraining));
            if (state->facts.published.isValid())
                stated = Tr::tr("%1 (published %2)").arg(stated, fetchTime(state->facts.published));
            lines << stated;
        }
    }
    QString status;
    if (!p->listingError.isEmpty())
        status = Tr::tr("Status: last refresh failed: %1").arg(p->listingError);
    else if (!p->listingFetchedAt.isValid())
        status = Tr::tr("Status: never fetched; counts as neither zero data retention nor no "
                        "training");
    else if (p->listingStale)
        status = Tr::tr("Status: stale (older than %1 h); counts as neither zero data retention "
                        "nor no training")
                     .arg(run.listingMaxAgeHours);
    else
        status = Tr::tr("Status: fresh");
    lines << status;
    m_listingStatus->setText(lines.join(u'\n'));
}

void ProvidersScreen::handleAdd()
{
    static const QRegularExpression idPattern(u"^[a-z0-9][a-z0-9._-]{0,63}$"_s);
    const QString id = m_newId->text().trimmed();
    QString error;
    if (!idPattern.match(id).hasMatch())
        error = Tr::tr("A provider id is 1–64 lowercase letters, digits, '.', '-' or '_'.");
    else if (m_session->edited().provider(id))
        error = Tr::tr("Provider %1 already exists.").arg(id);
    Common::markField(m_newId, m_formError, error);
    if (!error.isEmpty())
        return;
    Domain::Provider p;
    p.id = id;
    p.displayName = id;
    p.policySource = Tr::tr("set by hand");
    m_session->push(new AddProviderCommand(m_session, p));
    m_newId->clear();
    selectProvider(id);
}

void ProvidersScreen::edit(const std::function<void(Domain::Provider &)> &change,
                           const QString &field)
{
    const Domain::Provider *p = m_session->edited().provider(m_current);
    if (!p)
        return;
    Domain::Provider next = *p;
    change(next);
    m_session->push(new SetProviderCommand(m_session, m_current, next, field));
}

} // namespace Ui::Providers
