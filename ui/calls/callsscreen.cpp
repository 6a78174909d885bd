#include "callsscreen.h"

#include "callsdrawer.h"
#include "callsfilterbar.h"
#include "callstablemodel.h"
#include "common/format.h"
#include "common/tr.h"
#include "common/workspacesession.h"
#include "explain/routeexplainer.h"

#include <QActionGroup>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QProgressDialog>
#include <QPushButton>
#include <QScopedValueRollback>
#include <QScrollBar>
#include <QSettings>
#include <QShortcut>
#include <QSplitter>
#include <QTableView>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>
#include <numeric>
#include <store/receiptreader.h>
#include <store/receiptwriter.h>

using namespace Qt::StringLiterals;

namespace Ui::Calls {
namespace {

const auto kDrawerWidthKey = u"calls/drawerWidth"_s;
const auto kColumnsKey = u"calls/columns"_s; // QHeaderView::saveState: widths, order
const auto kSortColumnKey = u"calls/sortColumn"_s;
const auto kSortOrderKey = u"calls/sortOrder"_s; // "ascending" or "descending"
// How often a long read lets the event loop run (the progress dialog, its Cancel button).
constexpr int kProgressPumpMs = 30;
// The columns a user reads first, left to right in this order, visible without scrolling at the
// default window size; the others follow.
constexpr CallsTableModel::Column kKeyColumns[] = {
    CallsTableModel::TimeColumn,        CallsTableModel::ModelAskedColumn,
    CallsTableModel::ModelServedColumn, CallsTableModel::StatusColumn,
    CallsTableModel::AttemptsColumn,    CallsTableModel::LatencyColumn,
};
constexpr int kDefaultDrawerWidth = 380;
constexpr int kClockRefreshMs = 5000;

} // namespace

CallsScreen::CallsScreen(Store::ReceiptReader *reader, Common::WorkspaceSession *session,
                         QWidget *parent)
    : QWidget(parent)
    , m_reader(reader)
    , m_session(session)
    , m_filters(new CallsFilterBar(this))
    , m_model(new CallsTableModel(reader, this))
    , m_view(new QTableView(this))
    , m_drawer(new CallsDrawer(this))
    , m_splitter(new QSplitter(Qt::Horizontal, this))
    , m_total(new QLabel(this))
    , m_pending(new QPushButton(this))
    , m_sortButton(new QToolButton(this))
    , m_clockTimer(new QTimer(this))
    , m_now([] { return QDateTime::currentDateTimeUtc(); })
{
    setObjectName(u"callsScreen"_s);
    setupView();

    m_splitter->addWidget(m_view);
    m_splitter->addWidget(m_drawer);
    m_splitter->setStretchFactor(0, 3);
    m_splitter->setStretchFactor(1, 2);
    m_splitter->setChildrenCollapsible(false);
    m_drawer->hide();

    // Sorted other than newest first, new calls wait behind this notice instead of moving the
    // rows being read.
    m_pending->setObjectName(u"callsPendingButton"_s);
    m_pending->hide();
    m_sortButton->setObjectName(u"callsSortButton"_s);
    m_sortButton->setPopupMode(QToolButton::InstantPopup);
    m_sortButton->setToolTip(Tr::tr("Order of the calls (or click a column header)"));
    auto *bottom = new QHBoxLayout;
    bottom->addWidget(m_total, 1);
    bottom->addWidget(m_pending);
    bottom->addWidget(m_sortButton);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_filters);
    layout->addWidget(m_splitter, 1);
    layout->addLayout(bottom);

    connect(m_splitter, &QSplitter::splitterMoved, this, &CallsScreen::rememberDrawerWidth);
    connect(m_filters, &CallsFilterBar::filterChanged, this, &CallsScreen::applyFilter);
    connect(m_view, &QTableView::clicked, this, &CallsScreen::openDrawer);
    connect(m_view, &QTableView::activated, this, &CallsScreen::openDrawer);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &CallsScreen::showCurrent);
    connect(m_model, &QAbstractItemModel::rowsAboutToBeInserted, this,
            &CallsScreen::handleAboutToInsert);
    connect(m_model, &CallsTableModel::liveRowsInserted, this, &CallsScreen::handleLiveRows);
    connect(m_model, &QAbstractItemModel::rowsInserted, this, &CallsScreen::updateTotal);
    connect(m_model, &QAbstractItemModel::rowsInserted, this, &CallsScreen::noteInstances);
    connect(m_model, &QAbstractItemModel::modelReset, this, &CallsScreen::updateTotal);
    connect(m_model, &CallsTableModel::reloaded, this, &CallsScreen::updateTotal);
    connect(m_model, &CallsTableModel::pendingRowsChanged, this, &CallsScreen::handlePending);
    connect(m_model, &CallsTableModel::sortChanged, this, &CallsScreen::handleSortChanged);
    connect(m_pending, &QPushButton::clicked, this, [this] {
        withProgress(Tr::tr("Reading calls…"), [this] { return m_model->reload(); });
    });
    connect(m_drawer, &CallsDrawer::closeRequested, this, &CallsScreen::closeDrawer);
    connect(m_drawer, &CallsDrawer::explainRequested, this, &CallsScreen::handleExplain);
    auto *esc = new QShortcut(QKeySequence(Qt::Key_Escape), this);
    esc->setContext(Qt::WidgetWithChildrenShortcut);
    connect(esc, &QShortcut::activated, this, &CallsScreen::closeDrawer);
    m_clockTimer->setInterval(kClockRefreshMs);
    connect(m_clockTimer, &QTimer::timeout, m_model, &CallsTableModel::refreshTimes);
    m_clockTimer->start();

    if (m_session) {
        connect(m_session, &Common::WorkspaceSession::editedChanged, this,
                &CallsScreen::refreshChoices);
        m_drawer->setWorkspace(&m_session->saved());
    }
    refreshChoices();
    m_instances = m_reader->recentInstances();
    showInstances();
    applyFilter();
    fitColumns();
}

void CallsScreen::noteInstances(const QModelIndex &, int first, int last)
{
    bool added = false;
    for (int row = first; row <= last; ++row) {
        const QString &instance = m_model->receiptRow(row).instance;
        const auto at = std::lower_bound(m_instances.begin(), m_instances.end(), instance);
        if (instance.isEmpty() || (at != m_instances.end() && *at == instance))
            continue;
        m_instances.insert(at, instance);
        added = true;
    }
    if (added)
        showInstances();
}

// The instance column and chooser matter once receipts of two gateways share the table; with one
// they would only repeat its name on every row.
void CallsScreen::showInstances()
{
    m_filters->setInstances(m_instances);
    const bool shown = m_instances.size() > 1;
    if (m_view->isColumnHidden(CallsTableModel::InstanceColumn) == shown) {
        {
            const QScopedValueRollback fitting(m_fitting, true);
            m_view->setColumnHidden(CallsTableModel::InstanceColumn, !shown);
        }
        if (shown)
            fitColumns(); // a hidden column was not measured
    }
}

void CallsScreen::fitColumns()
{
    if (m_userColumns)
        return;
    const QScopedValueRollback fitting(m_fitting, true);
    // Only the visible rows are measured, so this stays cheap however many rows are loaded. The
    // time column gets room for its longest relative form even when the first rows are recent.
    m_view->resizeColumnsToContents();
    const QFontMetrics metrics = m_view->fontMetrics();
    const int timeWidth = metrics.horizontalAdvance(Tr::tr("59 min ago")) + 16;
    if (m_view->columnWidth(CallsTableModel::TimeColumn) < timeWidth)
        m_view->setColumnWidth(CallsTableModel::TimeColumn, timeWidth);
    // Long model and connection names are elided rather than pushing the latency out of sight.
    const int widest = metrics.horizontalAdvance(u'M') * 14;
    for (const int column :
         { int(CallsTableModel::ModelAskedColumn), int(CallsTableModel::ModelServedColumn),
           int(CallsTableModel::StatusColumn), int(CallsTableModel::ServedByColumn),
           int(CallsTableModel::InstanceColumn) }) {
        if (m_view->columnWidth(column) > widest)
            m_view->setColumnWidth(column, widest);
    }
}

void CallsScreen::rememberColumns()
{
    if (m_fitting)
        return;
    m_userColumns = true;
    QSettings().setValue(kColumnsKey, m_view->horizontalHeader()->saveState());
}

void CallsScreen::setupView()
{
    m_view->setModel(m_model);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setAlternatingRowColors(true);
    m_view->setWordWrap(false);
    m_view->verticalHeader()->hide();
    // Fixed row heights keep layout O(1) per row however many pages are loaded.
    m_view->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 8);
    QHeaderView *header = m_view->horizontalHeader();
    header->setSectionResizeMode(QHeaderView::Interactive);
    header->setSectionsMovable(true);
    header->setTextElideMode(Qt::ElideRight);
    m_view->setTextElideMode(Qt::ElideMiddle); // "openai/…-4o": both ends of a model name
    for (int i = 0; i < int(std::size(kKeyColumns)); ++i)
        header->moveSection(header->visualIndex(kKeyColumns[i]), i);
    // Where a call ran, right after what a user reads first (shown only with several gateways).
    header->moveSection(header->visualIndex(CallsTableModel::InstanceColumn),
                        int(std::size(kKeyColumns)));
    // Widths and order the user chose, on this run or an earlier one.
    const QByteArray saved = QSettings().value(kColumnsKey).toByteArray();
    if (!saved.isEmpty() && header->restoreState(saved))
        m_userColumns = true;
    connect(header, &QHeaderView::sectionResized, this, &CallsScreen::rememberColumns);
    connect(header, &QHeaderView::sectionMoved, this, &CallsScreen::rememberColumns);

    // Sorting in SQL (CallsTableModel::sort) under a progress dialog, not QTableView's own
    // sortByColumn: a click on a key column's header sorts, a second click reverses.
    QSettings settings;
    const int column = settings.value(kSortColumnKey, int(CallsTableModel::TimeColumn)).toInt();
    const Qt::SortOrder order = settings.value(kSortOrderKey).toString() == "ascending"_L1
        ? Qt::AscendingOrder
        : Qt::DescendingOrder;
    m_model->presetSort(column, order);
    header->setSortIndicatorShown(true);
    header->setSectionsClickable(true);
    header->setSortIndicator(m_model->sortColumn(), m_model->sortOrder());
    connect(header, &QHeaderView::sortIndicatorChanged, this, &CallsScreen::handleSortIndicator);
    rebuildSortMenu();
}

void CallsScreen::handleSortIndicator(int column, Qt::SortOrder order)
{
    if (column == m_model->sortColumn() && order == m_model->sortOrder())
        return;
    if (CallsTableModel::isSortable(column)) {
        const QString keep = m_selectedBefore;
        withProgress(Tr::tr("Sorting calls…"), [&] {
            m_model->sort(column, order);
            return true;
        });
        if (!keep.isEmpty())
            selectRequestId(keep);
        m_view->scrollToTop();
    }
    // Not sortable, or cancelled: the indicator goes back to the order the rows are in.
    handleSortChanged(m_model->sortColumn(), m_model->sortOrder());
}

void CallsScreen::handleSortChanged(int column, Qt::SortOrder order)
{
    QHeaderView *header = m_view->horizontalHeader();
    if (header->sortIndicatorSection() != column || header->sortIndicatorOrder() != order) {
        const QSignalBlocker blocker(header);
        header->setSortIndicator(column, order);
        header->viewport()->update();
    }
    QSettings settings;
    settings.setValue(kSortColumnKey, column);
    settings.setValue(kSortOrderKey,
                      order == Qt::AscendingOrder ? u"ascending"_s : u"descending"_s);
    rebuildSortMenu();
}

void CallsScreen::rebuildSortMenu()
{
    // A new menu each time (the old one may be running the action that got us here).
    if (QMenu *old = m_sortButton->menu())
        old->deleteLater();
    auto *menu = new QMenu(m_sortButton);
    m_sortButton->setMenu(menu);
    const bool descending = m_model->sortOrder() == Qt::DescendingOrder;
    const QString name = m_model->headerData(m_model->sortColumn(), Qt::Horizontal).toString();
    // Words, not an arrow: Qt's header draws descending as an upward triangle.
    m_sortButton->setText(descending ? Tr::tr("&Sort: %1, descending").arg(name)
                                     : Tr::tr("&Sort: %1, ascending").arg(name));
    auto *group = new QActionGroup(menu);
    for (int column = 0; column < CallsTableModel::ColumnCount; ++column) {
        if (!CallsTableModel::isSortable(column))
            continue;
        QAction *action = menu->addAction(m_model->headerData(column, Qt::Horizontal).toString());
        action->setCheckable(true);
        action->setChecked(column == m_model->sortColumn());
        action->setActionGroup(group);
        connect(action, &QAction::triggered, this, [this, column] {
            // A new column starts in its most useful direction: newest, slowest, most attempts
            // first for numbers and time; A to Z for names.
            const bool text = column == CallsTableModel::ModelAskedColumn
                || column == CallsTableModel::ModelServedColumn
                || column == CallsTableModel::ServedByColumn;
            handleSortIndicator(column, text ? Qt::AscendingOrder : Qt::DescendingOrder);
        });
    }
    menu->addSeparator();
    QAction *ascending = menu->addAction(Tr::tr("Ascending"));
    QAction *descendingAction = menu->addAction(Tr::tr("Descending"));
    auto *direction = new QActionGroup(menu);
    for (QAction *action : { ascending, descendingAction }) {
        action->setCheckable(true);
        action->setActionGroup(direction);
    }
    (descending ? descendingAction : ascending)->setChecked(true);
    connect(ascending, &QAction::triggered, this,
            [this] { handleSortIndicator(m_model->sortColumn(), Qt::AscendingOrder); });
    connect(descendingAction, &QAction::triggered, this,
            [this] { handleSortIndicator(m_model->sortColumn(), Qt::DescendingOrder); });
}

void CallsScreen::handlePending(qint64 count)
{
    if (count > 0)
        m_pending->setText(Tr::tr("%n new call(s) — Refresh", nullptr, int(count)));
    m_pending->setVisible(count > 0); // after the text: the layout sizes it for the text
}

bool CallsScreen::withProgress(const QString &label, const std::function<bool()> &read)
{
    // The read runs here, on the UI thread's connection; the reader's watch lets the event loop
    // turn every few tens of milliseconds (painting, the live timer deferred by the model) and,
    // once the read has taken longer than the delay, shows a window-modal dialog whose Cancel
    // stops the SQLite statement. The caller keeps what was shown before a cancelled read.
    QProgressDialog progress(label, Tr::tr("Cancel"), 0, 0, this);
    progress.setObjectName(u"callsProgress"_s);
    progress.setWindowModality(Qt::WindowModal);
    progress.setMinimumDuration(std::max(m_progressDelay, 1) * 1000); // shown below, not by Qt
    progress.setAutoReset(false);
    progress.setAutoClose(false);
    progress.hide();
    QElapsedTimer clock;
    clock.start();
    QElapsedTimer sincePump;
    m_reader->setProgress([&] {
        if (sincePump.isValid() && sincePump.elapsed() < kProgressPumpMs)
            return true;
        sincePump.start();
        if (!progress.isVisible() && clock.elapsed() >= m_progressDelay)
            progress.show();
        // Until the dialog shows, no input: a click must not start another read inside this one.
        QCoreApplication::processEvents(progress.isVisible() ? QEventLoop::AllEvents
                                                             : QEventLoop::ExcludeUserInputEvents);
        return !progress.wasCanceled();
    });
    const qint64 failures = m_reader->failedReads();
    const bool done = read() && !m_reader->wasInterrupted();
    const bool cancelled = m_reader->wasInterrupted(); // setProgress() forgets it
    m_reader->setProgress({});
    if (!cancelled && m_reader->failedReads() != failures) {
        // Said where the count of calls shown is, until the rows change again.
        m_total->setText(Tr::tr("⚠ The calls cannot be read now: the database did not answer. "
                                "The rows shown are those read before."));
    }
    return done;
}

void CallsScreen::setProgressDelay(int ms)
{
    m_progressDelay = std::max(0, ms);
}

QPushButton *CallsScreen::pendingButton() const
{
    return m_pending;
}

QToolButton *CallsScreen::sortButton() const
{
    return m_sortButton;
}

CallsScreen::~CallsScreen()
{
    rememberDrawerWidth();
}

void CallsScreen::rememberDrawerWidth()
{
    if (isDrawerOpen() && m_drawer->width() > 0)
        QSettings().setValue(kDrawerWidthKey, m_splitter->sizes().value(1));
}

void CallsScreen::setFixedModel(const QString &model)
{
    m_filters->setFixedModel(model);
}

void CallsScreen::attachWriter(Store::ReceiptWriter *writer)
{
    // Queued: the writer emits on its own thread; the model folds bursts into one insert.
    connect(writer, &Store::ReceiptWriter::receiptsWritten, m_model,
            &CallsTableModel::noteReceiptsWritten, Qt::QueuedConnection);
}

void CallsScreen::setNow(std::function<QDateTime()> now)
{
    m_now = now;
    m_model->setNow(std::move(now));
    fitColumns();
}

void CallsScreen::refreshChoices()
{
    if (!m_session)
        return;
    QStringList models, connections;
    for (const Domain::Model &m : m_session->edited().models)
        models << m.name;
    for (const Domain::Connection &c : m_session->edited().connections)
        connections << c.name;
    m_filters->setModels(models);
    m_filters->setConnections(connections);
}

void CallsScreen::applyFilter()
{
    // The call the user chose stays chosen across filters, even through one that hides it.
    const QString keep = m_selectedBefore;
    const Store::ReceiptFilter filter = m_filters->filter(m_now());
    if (!withProgress(Tr::tr("Filtering calls…"), [&] { return m_model->setFilter(filter); })) {
        // Cancelled: the rows of the filter before stay, and so do its choices.
        m_filters->restoreChoices(m_filterChoices);
        return;
    }
    m_filterChoices = m_filters->choices();
    if (!keep.isEmpty() && !selectRequestId(keep) && isDrawerOpen())
        m_drawer->setReceipt(std::nullopt);
    m_selectedBefore = keep;
}

void CallsScreen::reload()
{
    const qint64 failures = m_reader->failedReads();
    QStringList instances = m_reader->recentInstances();
    if (m_reader->failedReads() == failures) // a failed read knows of none: those known stay
        m_instances = std::move(instances);
    showInstances();
    applyFilter();
}

bool CallsScreen::selectRequestId(const QString &requestId)
{
    const int row = m_model->rowOfRequestId(requestId);
    if (row < 0)
        return false;
    const QModelIndex index = m_model->index(row, 0);
    m_view->selectionModel()->setCurrentIndex(
        index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    m_view->scrollTo(index);
    return true;
}

QString CallsScreen::selectedRequestId() const
{
    const QModelIndex current = m_view->selectionModel()->currentIndex();
    return current.isValid() ? current.data(CallsTableModel::RequestIdRole).toString() : QString();
}

void CallsScreen::openDrawer()
{
    if (!isDrawerOpen()) {
        const QList<int> sizes = m_splitter->sizes();
        const int total = std::accumulate(sizes.cbegin(), sizes.cend(), 0);
        m_drawer->show();
        int width = QSettings().value(kDrawerWidthKey, kDefaultDrawerWidth).toInt();
        // The key columns stay in sight: the drawer opens narrower, down to its
        // minimum, rather than push the latency out of the table. Room for a vertical scroll
        // bar is kept, as one appears once more rows than fit are loaded.
        int keyWidth = 2 * m_view->frameWidth() + m_view->verticalScrollBar()->sizeHint().width();
        for (const CallsTableModel::Column column : kKeyColumns)
            keyWidth += m_view->columnWidth(column);
        const int handle = m_splitter->handleWidth();
        width = std::min(width,
                         std::max(m_drawer->minimumSizeHint().width(), total - handle - keyWidth));
        m_splitter->setSizes({ std::max(1, total - width), width });
    }
    showCurrent();
}

void CallsScreen::closeDrawer()
{
    rememberDrawerWidth();
    m_drawer->hide();
    m_view->setFocus();
}

bool CallsScreen::isDrawerOpen() const
{
    return m_drawer->isVisibleTo(this);
}

void CallsScreen::showCurrent()
{
    const QModelIndex current = m_view->selectionModel()->currentIndex();
    if (current.isValid())
        m_selectedBefore = current.data(CallsTableModel::RequestIdRole).toString();
    if (!isDrawerOpen())
        return;
    if (!current.isValid()) {
        m_drawer->setReceipt(std::nullopt);
        return;
    }
    const Store::ReceiptRow &row = m_model->receiptRow(current.row());
    if (m_drawer->receipt() && m_drawer->receipt()->rowId == row.rowId)
        return;
    m_drawer->setReceipt(m_reader->receipt(row.rowId));
}

void CallsScreen::handleAboutToInsert(const QModelIndex &, int first, int)
{
    // At the top, or (a row committed late, see CallsTableModel) above the first row in view.
    const int topRow = m_view->rowAt(0);
    m_scrollBefore = first == 0 || (topRow >= 0 && first <= topRow)
        ? m_view->verticalScrollBar()->value()
        : -1;
}

void CallsScreen::handleLiveRows(int count)
{
    // Rows went in above the viewport: move down by as many so the user keeps reading the same
    // rows. At the very top the new rows simply show.
    if (m_scrollBefore > 0) {
        m_view->doItemsLayout();
        QScrollBar *bar = m_view->verticalScrollBar();
        const bool perItem = m_view->verticalScrollMode() == QAbstractItemView::ScrollPerItem;
        bar->setValue(m_scrollBefore
                      + (perItem ? count : count * m_view->verticalHeader()->defaultSectionSize()));
    }
}

void CallsScreen::updateTotal()
{
    const QString shown = Tr::tr("%Ln call(s) shown", nullptr, m_model->rowCount());
    m_total->setText(m_model->hasOlderRows() ? Tr::tr("%1; scroll for older calls").arg(shown)
                                             : shown);
}

void CallsScreen::handleExplain(const Domain::Receipt &receipt)
{
    Q_EMIT explainRequested(Explain::requestFromReceipt(receipt));
    if (!m_session)
        return;
    if (!m_explainer) {
        m_explainer = new Explain::RouteExplainerDialog(m_session, this);
        m_explainer->setAttribute(Qt::WA_DeleteOnClose);
        m_explainer->explainer()->setMonitor(m_monitor);
    }
    auto *explainer = m_explainer->explainer();
    explainer->setRequest(Explain::requestFromReceipt(receipt, explainer->request()));
    m_explainer->show();
    m_explainer->raise();
}

CallsTableModel *CallsScreen::tableModel() const
{
    return m_model;
}

QTableView *CallsScreen::tableView() const
{
    return m_view;
}

CallsFilterBar *CallsScreen::filterBar() const
{
    return m_filters;
}

CallsDrawer *CallsScreen::drawer() const
{
    return m_drawer;
}

QSplitter *CallsScreen::splitter() const
{
    return m_splitter;
}

QString CallsScreen::totalText() const
{
    return m_total->text();
}

Explain::RouteExplainerDialog *CallsScreen::explainerDialog() const
{
    return m_explainer;
}

} // namespace Ui::Calls
