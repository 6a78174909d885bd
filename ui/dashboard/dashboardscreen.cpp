#include "dashboardscreen.h"

#include "common/errortext.h"
#include "common/format.h"
#include "common/tr.h"
#include "common/workspacesession.h"
#include "dashboardcharts.h"
#include "dashboardtext.h"
#include "failuretable.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPainter>
#include <QStyledItemDelegate>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>
#include <store/receiptwriter.h>

using namespace Qt::StringLiterals;

namespace Ui::Dashboard {
namespace {

constexpr qint64 kMinuteMs = 60 * 1000;
constexpr int kDefaultRefreshMs = 1000;
// Even without new calls the window slides with the clock.
constexpr int kClockRefreshMs = 30 * 1000;
constexpr int kKindRole = Qt::UserRole;
constexpr int kNameRole = Qt::UserRole + 1;
const auto kModelKind = u"model"_s;
const auto kConnectionKind = u"connection"_s;
const auto kInstanceKind = u"instance"_s;

// The endpoint table's columns.
enum EndpointColumn { EndpointName, EndpointCalls, EndpointShare, EndpointErrorRate, EndpointP50 };
constexpr int kEndpointColumns = 5;

// The share column draws its fraction (kShareRole) as a bar behind the text: the table reads as a
// horizontal bar chart of the window's calls.
constexpr int kShareRole = Qt::UserRole;
class ShareBarDelegate : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override
    {
        const double share = std::clamp(index.data(kShareRole).toDouble(), 0.0, 1.0);
        if (share > 0) {
            QRect bar = option.rect.adjusted(2, 3, -2, -3);
            bar.setWidth(std::max(1, int(bar.width() * share)));
            QColor color = option.palette.color(QPalette::Highlight);
            color.setAlpha(90);
            painter->fillRect(bar, color);
        }
        QStyledItemDelegate::paint(painter, option, index);
    }
};

} // namespace

DashboardScreen::DashboardScreen(const QString &databasePath, Common::WorkspaceSession *session,
                                 QWidget *parent)
    : QWidget(parent)
    , m_loader(new Store::StatsLoader(databasePath, this))
    , m_session(session)
    , m_span(new QComboBox(this))
    , m_scope(new QComboBox(this))
    , m_summary(new QLabel(this))
    , m_charts(new DashboardCharts(this))
    , m_endpointTitle(new QLabel(Tr::tr("By endpoint"), this))
    , m_endpoints(new QTableWidget(0, kEndpointColumns, this))
    , m_failures(new FailureTable(this))
    , m_liveTimer(new QTimer(this))
    , m_clockTimer(new QTimer(this))
    , m_now([] { return QDateTime::currentDateTimeUtc(); })
    , m_refreshDelay(kDefaultRefreshMs)
{
    setObjectName(u"dashboardScreen"_s);
    setupLayout();
    m_liveTimer->setSingleShot(true);
    m_liveTimer->setInterval(kDefaultRefreshMs);
    m_clockTimer->setInterval(kClockRefreshMs);
    connect(m_liveTimer, &QTimer::timeout, this, &DashboardScreen::reload);
    connect(m_clockTimer, &QTimer::timeout, this, &DashboardScreen::reload);
    connect(m_span, &QComboBox::currentIndexChanged, this, &DashboardScreen::reload);
    connect(m_scope, &QComboBox::currentIndexChanged, this, &DashboardScreen::reload);
    connect(m_loader, &Store::StatsLoader::answered, this, &DashboardScreen::showAnswer);
    if (m_session) {
        connect(m_session, &Common::WorkspaceSession::editedChanged, this,
                &DashboardScreen::refreshChoices);
    }
    refreshChoices();
    m_clockTimer->start();
    reload();
}

void DashboardScreen::setupLayout()
{
    m_span->addItem(Tr::tr("Last 15 minutes"), int(Span::FifteenMinutes));
    m_span->addItem(Tr::tr("Last hour"), int(Span::Hour));
    m_span->addItem(Tr::tr("Last 24 hours"), int(Span::Day));
    m_span->setCurrentIndex(1);
    m_scope->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_scope->setMinimumContentsLength(16);
    auto *windowLabel = new QLabel(Tr::tr("&Window"), this);
    windowLabel->setBuddy(m_span);
    auto *scopeLabel = new QLabel(Tr::tr("&By"), this);
    scopeLabel->setBuddy(m_scope);
    auto *bar = new QHBoxLayout;
    bar->addWidget(windowLabel);
    bar->addWidget(m_span);
    bar->addSpacing(12);
    bar->addWidget(scopeLabel);
    bar->addWidget(m_scope);
    bar->addSpacing(12);
    bar->addWidget(m_summary, 1);
    m_summary->setToolTip(Tr::tr("Calls, failures and every chart count callers' calls only: the "
                                 "gateway's own probes and rehearsals are counted apart, with "
                                 "what they cost."));
    QFont titleFont = m_endpointTitle->font();
    titleFont.setBold(true);
    m_endpointTitle->setFont(titleFont);
    m_endpoints->setObjectName(u"dashboardEndpoints"_s);
    m_endpoints->setHorizontalHeaderLabels({ Tr::tr("Endpoint"), Tr::tr("Calls"), Tr::tr("Share"),
                                             Tr::tr("Error rate"), Tr::tr("p50, ms") });
    m_endpoints->horizontalHeaderItem(EndpointErrorRate)
        ->setToolTip(Tr::tr("Share of the endpoint's calls that failed"));
    m_endpoints->horizontalHeaderItem(EndpointP50)
        ->setToolTip(Tr::tr("Median latency of the endpoint's calls"));
    m_endpoints->verticalHeader()->hide();
    m_endpoints->verticalHeader()->setDefaultSectionSize(m_endpoints->fontMetrics().height() + 8);
    m_endpoints->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_endpoints->horizontalHeader()->setSectionResizeMode(EndpointShare, QHeaderView::Stretch);
    m_endpoints->horizontalHeader()->setMinimumSectionSize(
        m_endpoints->fontMetrics().horizontalAdvance(u"00,000,000"_s));
    m_endpoints->setItemDelegateForColumn(EndpointShare, new ShareBarDelegate(m_endpoints));
    for (const int column : { EndpointCalls, EndpointErrorRate, EndpointP50 })
        m_endpoints->horizontalHeaderItem(column)->setTextAlignment(Qt::AlignRight
                                                                    | Qt::AlignVCenter);
    m_endpoints->horizontalHeaderItem(EndpointName)
        ->setTextAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    m_endpoints->horizontalHeaderItem(EndpointShare)
        ->setTextAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    m_endpoints->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_endpoints->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_endpoints->setSelectionMode(QAbstractItemView::SingleSelection);
    m_endpoints->setAlternatingRowColors(true);
    m_endpoints->setWordWrap(false);
    m_endpoints->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_endpoints->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_endpoints->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    showEndpoints({});
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addWidget(m_charts, 1);
    // The endpoint table and the cost of failure side by side, their titles on one line.
    auto *endpoints = new QVBoxLayout;
    endpoints->addWidget(m_endpointTitle);
    endpoints->addWidget(m_endpoints);
    endpoints->addStretch(1);
    auto *tables = new QHBoxLayout;
    tables->addLayout(endpoints, 2);
    tables->addSpacing(6);
    tables->addWidget(m_failures, 3, Qt::AlignTop);
    layout->addLayout(tables);
}

// Every endpoint, those without calls as 0 (the charts show empty buckets too), in the store's
// order; the table is exactly as tall as its rows.
void DashboardScreen::showEndpoints(const QList<Store::EndpointStats> &endpoints)
{
    QList<Store::EndpointStats> rows = endpoints;
    if (rows.isEmpty()) {
        for (const Domain::Endpoint e :
             { Domain::Endpoint::ChatCompletions, Domain::Endpoint::Responses,
               Domain::Endpoint::Messages, Domain::Endpoint::Embeddings })
            rows.append({ e, 0, 0, 0 });
    }
    qint64 total = 0;
    for (const Store::EndpointStats &e : std::as_const(rows))
        total += e.calls;
    const QLocale locale;
    m_endpoints->setRowCount(int(rows.size()));
    for (int row = 0; row < rows.size(); ++row) {
        const Store::EndpointStats &e = rows.at(row);
        const bool none = e.calls == 0;
        const QString texts[kEndpointColumns] = {
            Common::endpointName(e.endpoint),
            locale.toString(e.calls),
            total > 0 ? percent(double(e.calls) / double(total)) : u"—"_s,
            none ? u"—"_s : percent(double(e.failed) / double(e.calls)),
            none ? u"—"_s : locale.toString(e.p50),
        };
        for (int column = 0; column < kEndpointColumns; ++column) {
            QTableWidgetItem *item = m_endpoints->item(row, column);
            if (!item) {
                item = new QTableWidgetItem;
                m_endpoints->setItem(row, column, item);
            }
            item->setText(texts[column]);
            const bool left = column == EndpointName || column == EndpointShare;
            item->setTextAlignment(left ? Qt::AlignLeft | Qt::AlignVCenter
                                        : Qt::AlignRight | Qt::AlignVCenter);
        }
        m_endpoints->item(row, EndpointShare)
            ->setData(kShareRole, total > 0 ? double(e.calls) / double(total) : 0.0);
        m_endpoints->item(row, EndpointName)
            ->setToolTip(Tr::tr("Calls that arrived on %1").arg(Domain::toString(e.endpoint)));
        m_endpoints->item(row, EndpointErrorRate)
            ->setToolTip(none ? QString()
                              : Tr::tr("%1 of %2 failed")
                                    .arg(locale.toString(e.failed), locale.toString(e.calls)));
    }
    m_endpoints->setFixedHeight(m_endpoints->horizontalHeader()->sizeHint().height()
                                + m_endpoints->verticalHeader()->length()
                                + 2 * m_endpoints->frameWidth());
}

DashboardScreen::~DashboardScreen() = default;

void DashboardScreen::attachWriter(Store::ReceiptWriter *writer)
{
    // Queued: the writer emits on its own thread.
    connect(writer, &Store::ReceiptWriter::receiptsWritten, this,
            &DashboardScreen::noteReceiptsWritten, Qt::QueuedConnection);
}

void DashboardScreen::noteReceiptsWritten()
{
    // The first batch starts the delay; later ones within it ride along in the same reload.
    if (!m_liveTimer->isActive())
        m_liveTimer->start();
}

void DashboardScreen::setNow(std::function<QDateTime()> now)
{
    m_now = std::move(now);
    reload();
}

void DashboardScreen::setRefreshDelay(int ms)
{
    m_refreshDelay = ms;
    m_liveTimer->setInterval(ms);
}

int DashboardScreen::liveDelay() const
{
    return m_liveTimer->interval();
}

qint64 DashboardScreen::bucketMs(Span span)
{
    switch (span) {
    case Span::FifteenMinutes:
        return kMinuteMs;
    case Span::Hour:
        return 5 * kMinuteMs;
    case Span::Day:
        return 60 * kMinuteMs;
    }
    return kMinuteMs;
}

int DashboardScreen::bucketCount(Span span)
{
    switch (span) {
    case Span::FifteenMinutes:
        return 15;
    case Span::Hour:
        return 12;
    case Span::Day:
        return 24;
    }
    return 15;
}

void DashboardScreen::setSpan(Span span)
{
    m_span->setCurrentIndex(m_span->findData(int(span)));
}

DashboardScreen::Span DashboardScreen::span() const
{
    return Span(m_span->currentData().toInt());
}

int DashboardScreen::scopeIndex(const QString &kind, const QString &name) const
{
    for (int i = 0; i < m_scope->count(); ++i) {
        if (m_scope->itemData(i, kKindRole).toString() == kind
            && m_scope->itemData(i, kNameRole).toString() == name)
            return i;
    }
    return -1;
}

void DashboardScreen::setScope(const Store::StatsFilter &scope)
{
    const QString kind = !scope.model.isEmpty() ? kModelKind
        : !scope.connection.isEmpty()           ? kConnectionKind
        : !scope.instance.isEmpty()             ? kInstanceKind
                                                : QString();
    const QString name = kind == kModelKind ? scope.model
        : kind == kConnectionKind           ? scope.connection
                                            : scope.instance;
    int index = scopeIndex(kind, name);
    if (index < 0) {
        const QString text = kind == kModelKind ? Tr::tr("Model %1").arg(name)
            : kind == kConnectionKind           ? Tr::tr("Connection %1").arg(name)
                                                : Tr::tr("Instance %1").arg(name);
        m_scope->addItem(text);
        index = m_scope->count() - 1;
        m_scope->setItemData(index, kind, kKindRole);
        m_scope->setItemData(index, name, kNameRole);
    }
    m_scope->setCurrentIndex(index);
}

Store::StatsFilter DashboardScreen::scope() const
{
    const QString kind = m_scope->currentData(kKindRole).toString();
    const QString name = m_scope->currentData(kNameRole).toString();
    if (kind == kModelKind)
        return { name, {} };
    if (kind == kConnectionKind)
        return { {}, name };
    if (kind == kInstanceKind) {
        Store::StatsFilter filter;
        filter.instance = name;
        return filter;
    }
    return {};
}

void DashboardScreen::refreshChoices()
{
    // Rebuilt from the workspace, keeping the current choice (added back if it was removed).
    const Store::StatsFilter keep = scope();
    const QSignalBlocker blocker(m_scope);
    m_scope->clear();
    m_scope->addItem(Tr::tr("All calls"));
    auto add = [this](const QString &kind, const QString &name, const QString &text) {
        m_scope->addItem(text);
        m_scope->setItemData(m_scope->count() - 1, kind, kKindRole);
        m_scope->setItemData(m_scope->count() - 1, name, kNameRole);
    };
    if (m_session) {
        for (const Domain::Model &m : m_session->edited().models)
            add(kModelKind, m.name, Tr::tr("Model %1").arg(m.name));
        for (const Domain::Connection &c : m_session->edited().connections)
            add(kConnectionKind, c.name, Tr::tr("Connection %1").arg(c.name));
    }
    // Several gateways on one database: each one's share of the calls.
    if (m_instances.size() > 1) {
        for (const QString &instance : std::as_const(m_instances))
            add(kInstanceKind, instance, Tr::tr("Instance %1").arg(instance));
    }
    setScope(keep);
}

Store::StatsQuery DashboardScreen::currentQuery() const
{
    // The last bucket holds now; buckets start on whole multiples of their length.
    const Span s = span();
    const qint64 length = bucketMs(s);
    const qint64 nowMs = m_now().toMSecsSinceEpoch();
    const qint64 end = (nowMs / length + 1) * length;
    const int count = bucketCount(s);
    return { QDateTime::fromMSecsSinceEpoch(end - length * count, Qt::UTC), length, count,
             scope() };
}

void DashboardScreen::reload()
{
    m_liveTimer->stop();
    m_loader->request(currentQuery());
}

void DashboardScreen::showAnswer(const Store::StatsAnswer &answer)
{
    if (answer.error) {
        m_summary->setText(
            Tr::tr("The dashboard cannot be shown: %1").arg(Common::errorText(*answer.error)));
        showEndpoints({});
        m_failures->setUnavailable();
        Q_EMIT refreshed();
        return;
    }
    const qint64 slowDelay = std::min<qint64>(4 * answer.elapsedMs, kClockRefreshMs);
    m_liveTimer->setInterval(int(std::max<qint64>(m_refreshDelay, slowDelay)));
    m_buckets = answer.buckets;
    if (answer.instances != m_instances) {
        m_instances = answer.instances;
        refreshChoices();
    }
    const QString format = answer.query.bucketMs < kMinuteMs ? u"HH:mm:ss"_s : u"HH:mm"_s;
    m_charts->setBuckets(m_buckets, answer.query.bucketMs, format);
    showEndpoints(answer.endpoints);
    qint64 calls = 0, failed = 0;
    double cost = 0;
    for (const Store::StatsBucket &b : m_buckets) {
        calls += b.calls;
        failed += b.failed;
        cost += b.cost + b.failureCost;
    }
    m_failures->setFailures(answer.failures, cost);
    const QLocale locale;
    const qint64 minutes = answer.query.bucketMs / kMinuteMs;
    const QString bucket = minutes % 60 == 0 ? Tr::tr("%n h", nullptr, int(minutes / 60))
                                             : Tr::tr("%n min", nullptr, int(minutes));
    QString summary = Tr::tr("%Ln call(s) · %1 failed · one bar per %2", nullptr, int(calls))
                          .arg(locale.toString(failed), bucket);
    // Probes and rehearsals are in no figure above, but they cost what they cost.
    for (const Store::KindStats &k : answer.notCallerTraffic) {
        const QString cost = money(k.cost);
        if (k.kind == Domain::CallKind::Probe)
            summary += u" · "_s + Tr::tr("%Ln probe(s) cost %1", nullptr, int(k.calls)).arg(cost);
        else if (k.kind == Domain::CallKind::Rehearsal)
            summary
                += u" · "_s + Tr::tr("%Ln rehearsal(s) cost %1", nullptr, int(k.calls)).arg(cost);
    }
    m_summary->setText(summary);
    Q_EMIT refreshed();
}

const QList<Store::StatsBucket> &DashboardScreen::buckets() const
{
    return m_buckets;
}
DashboardCharts *DashboardScreen::charts() const
{
    return m_charts;
}
QTableWidget *DashboardScreen::endpointTable() const
{
    return m_endpoints;
}
QStringList DashboardScreen::endpointRows() const
{
    QStringList rows;
    for (int row = 0; row < m_endpoints->rowCount(); ++row) {
        QStringList cells;
        for (int column = 0; column < m_endpoints->columnCount(); ++column)
            cells << m_endpoints->item(row, column)->text();
        rows << cells.join(u" · "_s);
    }
    return rows;
}
FailureTable *DashboardScreen::failureTable() const
{
    return m_failures;
}
QComboBox *DashboardScreen::spanBox() const
{
    return m_span;
}
QComboBox *DashboardScreen::scopeBox() const
{
    return m_scope;
}
QString DashboardScreen::summaryText() const
{
    return m_summary->text();
}

QWidget *createDashboardScreen(const QString &databasePath, Store::ReceiptWriter *writer,
                               Common::WorkspaceSession *session, QWidget *parent)
{
    auto *screen = new DashboardScreen(databasePath, session, parent);
    if (writer)
        screen->attachWriter(writer);
    return screen;
}

} // namespace Ui::Dashboard
