#include "mainwindow.h"

#include "common/changepreviewbar.h"
#include "common/editcommands.h"
#include "common/errortext.h"
#include "common/format.h"
#include "common/resources.h"
#include "common/theme.h"
#include "common/tr.h"
#include "common/workspacesession.h"
#include "gateway/gatewaymonitor.h"
#include "openworkspacedialog.h"
#include "preferencesdialog.h"
#include "workspace/importjob.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCheckBox>
#include <QCloseEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QMenuBar>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QStackedWidget>
#include <QStatusBar>
#include <QUndoStack>
#include <runtime/listingrefresher.h>
#include <runtime/operations.h>
#include <store/database.h>
#include <store/receiptwriter.h>

using namespace Qt::StringLiterals;

namespace Ui::Main {
namespace {

// File → Open workspace…'s "Open it at every start": Preferences' database from now on.
void rememberLocation(const QString &location)
{
    Common::Preferences p = Common::Preferences::load();
    p.databasePath = location;
    p.save();
}

} // namespace

MainWindow::MainWindow(const ScreenContext &context, QWidget *parent)
    : QMainWindow(parent)
    , m_context(context)
    , m_entries(screens())
    , m_nav(new QListWidget(this))
    , m_stack(new QStackedWidget(this))
    , m_status(new QLabel(this))
{
    Ui::initResources();
    setObjectName(u"mainWindow"_s);
    resize(1200, 760);
    auto *central = new QWidget(this);
    auto *layout = new QHBoxLayout(central);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    m_nav->setObjectName(u"navigation"_s);
    m_nav->setFixedWidth(150);
    m_nav->setFrameShape(QFrame::NoFrame);
    m_nav->setStyleSheet(u"QListWidget#navigation::item { padding: 5px 8px; }"_s);
    m_nav->setAutoFillBackground(true);
    m_nav->setBackgroundRole(QPalette::Window);
    layout->addWidget(m_nav);
    layout->addWidget(m_stack, 1);
    setCentralWidget(central);
    m_status->setObjectName(u"gatewayStatus"_s);
    statusBar()->addWidget(m_status, 1);
    // A failed listing refresh stays said until the provider's next refresh succeeds.
    m_listingFailures = new QLabel(this);
    m_listingFailures->setObjectName(u"listingFailures"_s);
    m_listingFailures->hide();
    statusBar()->addWidget(m_listingFailures);
    if (m_context.listings) {
        for (auto signal :
             { &Runtime::ListingRefresher::changed, &Runtime::ListingRefresher::finished })
            connect(m_context.listings, signal, this, &MainWindow::refreshListingFailures);
        refreshListingFailures();
    }
    // Budgets past the workspace's alert share (R-BILL-3), as /metrics' switchboard_budget_alert.
    m_budgetAlerts = new QLabel(this);
    m_budgetAlerts->setObjectName(u"budgetAlerts"_s);
    m_budgetAlerts->hide();
    statusBar()->addWidget(m_budgetAlerts);
    if (m_context.monitor) {
        const auto refresh = [this] { refreshBudgetAlerts(m_context.monitor->spend()); };
        connect(m_context.monitor, &GatewayControl::GatewayMonitor::spendChanged, this, refresh);
        // A saved alert share or budget applies to the spend already shown.
        connect(m_context.session, &Common::WorkspaceSession::savedChanged, this, refresh);
    }
    m_databaseLost = new QLabel(this);
    m_databaseLost->setObjectName(u"databaseLost"_s);
    m_databaseLost->hide();
    statusBar()->addWidget(m_databaseLost);
    // Pruning (Preferences → retention) runs in the writer thread in steps of one transaction
    // each; a long pass shows here, and Cancel stops it between two steps.
    m_pruning = new QWidget(this);
    m_pruning->setObjectName(u"pruningProgress"_s);
    auto *pruneLayout = new QHBoxLayout(m_pruning);
    pruneLayout->setContentsMargins(0, 0, 0, 0);
    m_pruneLabel = new QLabel(Tr::tr("Deleting old receipts"), m_pruning);
    pruneLayout->addWidget(m_pruneLabel);
    m_pruneBar = new QProgressBar(m_pruning);
    m_pruneBar->setMaximumWidth(200);
    pruneLayout->addWidget(m_pruneBar);
    auto *cancelPruning = new QPushButton(Tr::tr("Cancel"), m_pruning);
    cancelPruning->setObjectName(u"cancelPruning"_s);
    cancelPruning->setToolTip(Tr::tr("Stop deleting: what is deleted stays deleted, the rest is "
                                     "kept until the retention is set again"));
    pruneLayout->addWidget(cancelPruning);
    statusBar()->addPermanentWidget(m_pruning);
    m_pruning->hide();
    if (m_context.receipts) {
        connect(cancelPruning, &QPushButton::clicked, m_context.receipts,
                &Store::ReceiptWriter::cancelPruning);
        connect(m_context.receipts, &Store::ReceiptWriter::pruningProgress, this,
                &MainWindow::showPruning, Qt::QueuedConnection);
        connect(m_context.receipts, &Store::ReceiptWriter::pruningEnded, this,
                &MainWindow::endPruning, Qt::QueuedConnection);
    }

    buildScreens();
    buildMenus();
    connect(m_nav, &QListWidget::currentRowChanged, m_stack, &QStackedWidget::setCurrentIndex);
    connect(m_context.session, &Common::WorkspaceSession::editedChanged, this, [this] {
        refreshTitle();
        refreshStatus();
    });
    if (m_context.monitor)
        connect(m_context.monitor, &GatewayControl::GatewayMonitor::figuresChanged, this,
                &MainWindow::refreshStatus);
    restoreSettings();
    refreshTitle();
    refreshStatus();
}

QStringList MainWindow::screenIds() const
{
    QStringList ids;
    for (const ScreenEntry &e : m_entries)
        ids.append(e.id);
    return ids;
}

QString MainWindow::currentScreenId() const
{
    const int row = m_nav->currentRow();
    return row >= 0 && row < m_entries.size() ? m_entries.at(row).id : QString();
}

void MainWindow::showScreen(const QString &id)
{
    const int row = int(screenIds().indexOf(id));
    if (row >= 0)
        m_nav->setCurrentRow(row);
}

QWidget *MainWindow::screen(const QString &id) const
{
    const int row = int(screenIds().indexOf(id));
    return row >= 0 ? m_stack->widget(row) : nullptr;
}

QListWidget *MainWindow::navigation() const
{
    return m_nav;
}

void MainWindow::showPruning(qint64 done, qint64 due)
{
    if (!m_pruneClock.isValid()) {
        m_pruneClock.start();
        m_pruneEstimate.reset();
    }
    const qint64 left = m_pruneEstimate.update(m_pruneClock.elapsed(), done, due);
    m_pruneLabel->setText(left < 0
                              ? Tr::tr("Deleting old receipts")
                              : Tr::tr("Deleting old receipts, %1").arg(Common::timeLeft(left)));
    // Per mille: QProgressBar counts in int, a database may hold more receipts.
    m_pruneBar->setRange(0, 1000);
    m_pruneBar->setValue(due > 0 ? int(std::min<qint64>(1000, done * 1000 / due)) : 0);
    m_pruneBar->setFormat(Common::progressCount(done, due));
    if (!m_pruning->isVisible() && m_pruneClock.elapsed() >= m_progressDelay)
        m_pruning->show();
}

void MainWindow::endPruning()
{
    m_pruneClock.invalidate();
    m_pruning->hide();
}

QWidget *MainWindow::pruningProgress() const
{
    return m_pruning;
}

void MainWindow::setProgressDelay(int ms)
{
    m_progressDelay = std::max(0, ms);
}

QString MainWindow::statusText() const
{
    return m_status->text();
}

QString MainWindow::listingFailureText() const
{
    return m_listingFailures->text();
}

QString MainWindow::budgetAlertText() const
{
    return m_budgetAlerts->text();
}

void MainWindow::setDatabaseAvailable(bool available)
{
    m_databaseLost->setText(available ? QString()
                                      : Tr::tr("⚠ Database unreachable: the last loaded version "
                                               "stays in use"));
    m_databaseLost->setToolTip(available
                                   ? QString()
                                   : Tr::tr("%1 does not answer; Switchboard reconnects by itself.")
                                         .arg(locationTitle(m_context.databasePath)));
    m_databaseLost->setVisible(!available);
}

QString MainWindow::databaseLostText() const
{
    return m_databaseLost->text();
}

void MainWindow::refreshBudgetAlerts(const QList<Routing::ScopeSpend> &spend)
{
    const Domain::Workspace &ws = m_context.session->saved();
    const int share = ws.budgetAlertPercent;
    QStringList alerts;
    for (const Routing::ScopeSpend &s : spend) {
        QString who;
        if (s.scope == Routing::SpendScope::Key) {
            const Domain::Key *key = ws.keyById(s.id);
            who = Tr::tr("key %1").arg(key && !key->name.isEmpty() ? key->name : s.id);
        } else {
            who = Tr::tr("project %1").arg(s.id);
        }
        const auto check = [&](const std::optional<double> &budget, double spent, bool monthly) {
            if (const std::optional<int> used = Routing::budgetAlert(budget, spent, s.held, share))
                alerts << (monthly ? Tr::tr("%1 has used %2% of its monthly budget")
                                   : Tr::tr("%1 has used %2% of its daily budget"))
                              .arg(who)
                              .arg(*used);
        };
        check(s.limits.dailyUsd, s.daySpent, false);
        check(s.limits.monthlyUsd, s.monthSpent, true);
    }
    m_budgetAlerts->setText(alerts.isEmpty() ? QString() : u"⚠ "_s + alerts.join(u"; "_s));
    m_budgetAlerts->setToolTip(alerts.join(u'\n'));
    m_budgetAlerts->setVisible(!alerts.isEmpty());
}

void MainWindow::refreshListingFailures()
{
    QStringList failures;
    for (const Domain::ListingState &s : m_context.listings->states()) {
        if (!s.lastError.isEmpty())
            failures << Tr::tr("Listing of %1 not refreshed: %2").arg(s.provider, s.lastError);
    }
    m_listingFailures->setText(failures.join(u"; "_s));
    m_listingFailures->setToolTip(failures.join(u'\n'));
    m_listingFailures->setVisible(!failures.isEmpty());
}

QString MainWindow::statusSentence(bool available, bool running, const QString &address,
                                   double callsPerSecond, int coolingDown, int unsaved,
                                   const Store::ReceiptBacklog &receipts)
{
    QStringList parts;
    if (!available)
        parts.append(Tr::tr("○ Gateway off (--no-gateway)"));
    else if (running)
        parts.append(Tr::tr("● Gateway running on %1").arg(address));
    else
        parts.append(Tr::tr("○ Gateway stopped"));
    if (running) {
        parts.append(
            Tr::tr("%1 calls/s").arg(Common::number(callsPerSecond, callsPerSecond < 10 ? 1 : 0)));
        parts.append(Tr::tr("%1 cooling down").arg(Common::number(coolingDown)));
    }
    if (receipts.failing) {
        parts.append(Tr::tr("⚠ Cannot write receipts: %1 waiting in memory")
                         .arg(Common::number(receipts.queued)));
    }
    if (receipts.dropped > 0) {
        parts.append(receipts.dropped == 1
                         ? Tr::tr("⚠ 1 receipt dropped")
                         : Tr::tr("⚠ %1 receipts dropped").arg(Common::number(receipts.dropped)));
    }
    parts.append(unsaved == 1 ? Tr::tr("1 unsaved change")
                              : Tr::tr("%1 unsaved changes").arg(Common::number(unsaved)));
    return parts.join(u" · "_s);
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!Common::confirmLeaving(this, m_context.session)) {
        m_opening.clear();
        m_openingAtEveryStart = false;
        event->ignore();
        return;
    }
    QSettings settings;
    settings.setValue(u"window/geometry"_s, saveGeometry());
    settings.setValue(u"window/state"_s, saveState());
    settings.setValue(u"window/screen"_s, currentScreenId());
    event->accept();
    if (!m_opening.isEmpty() && m_openingAtEveryStart)
        rememberLocation(m_opening);
    if (!m_opening.isEmpty())
        Q_EMIT openRequested(m_opening);
    Q_EMIT closed();
}

void MainWindow::buildScreens()
{
    for (const ScreenEntry &e : std::as_const(m_entries)) {
        QWidget *w = e.create(m_context, m_stack);
        w->setObjectName(e.id + u"Screen"_s);
        m_stack->addWidget(w);
        auto *item = new QListWidgetItem(e.title, m_nav);
        if (e.shortcut >= 0)
            item->setToolTip(Tr::tr("%1 (Ctrl+%2)").arg(e.title).arg(e.shortcut));
    }
}

void MainWindow::buildMenus()
{
    QUndoStack *undo = m_context.session->undoStack();
    QMenu *file = menuBar()->addMenu(Tr::tr("&File"));
    QAction *open = file->addAction(Tr::tr("&Open workspace…"), this, &MainWindow::openWorkspace);
    open->setObjectName(u"openWorkspace"_s);
    open->setShortcut(QKeySequence::Open);
    file->addSeparator();
    QAction *save = file->addAction(Tr::tr("&Save changes"), this, [this] {
        if (m_context.session->isModified())
            Common::saveWithFeedback(this, m_context.session);
    });
    save->setShortcut(QKeySequence::Save);
    file->addAction(Tr::tr("&Discard changes"), m_context.session,
                    &Common::WorkspaceSession::discard);
    file->addSeparator();
    file->addAction(Tr::tr("&Export configuration…"), this, &MainWindow::exportWorkspace);
    file->addAction(Tr::tr("&Import configuration…"), this, &MainWindow::importWorkspace);
    file->addSeparator();
    QAction *quit = file->addAction(Tr::tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);

    QMenu *edit = menuBar()->addMenu(Tr::tr("&Edit"));
    QAction *undoAction = undo->createUndoAction(this, Tr::tr("&Undo"));
    undoAction->setShortcuts(QKeySequence::Undo);
    QAction *redoAction = undo->createRedoAction(this, Tr::tr("&Redo"));
    redoAction->setShortcuts(QKeySequence::Redo);
    edit->addAction(undoAction);
    edit->addAction(redoAction);
    edit->addSeparator();
    QAction *preferences
        = edit->addAction(Tr::tr("&Preferences…"), this, &MainWindow::showPreferences);
    preferences->setObjectName(u"preferences"_s);
    preferences->setMenuRole(QAction::PreferencesRole);
    preferences->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Comma));
    preferences->setShortcutContext(Qt::ApplicationShortcut);

    QMenu *view = menuBar()->addMenu(Tr::tr("&View"));
    for (const ScreenEntry &e : std::as_const(m_entries)) {
        QAction *a = view->addAction(e.title, this, [this, id = e.id] { showScreen(id); });
        if (e.shortcut < 0)
            continue;
        a->setShortcut(QKeySequence(Qt::CTRL | Qt::Key(Qt::Key_0 + e.shortcut)));
        a->setShortcutContext(Qt::ApplicationShortcut);
    }
    view->addSeparator();
    buildThemeMenu(view);

    QMenu *gateway = menuBar()->addMenu(Tr::tr("&Gateway"));
    gateway->addAction(Tr::tr("Gateway &control"), this, [this] { showScreen(u"gateway"_s); });
    if (m_context.monitor) {
        gateway->addAction(Tr::tr("&Start"), this, [this] { showScreen(u"gateway"_s); });
        gateway->addAction(Tr::tr("S&top"), m_context.monitor,
                           &GatewayControl::GatewayMonitor::requestStop);
    }
    QMenu *help = menuBar()->addMenu(Tr::tr("&Help"));
    help->addAction(Tr::tr("&About Switchboard"), this, [this] {
        QMessageBox::about(this, Tr::tr("About Switchboard"),
                           Tr::tr("Switchboard %1: a studio for an LLM model gateway.")
                               .arg(QApplication::applicationVersion()));
    });
}

void MainWindow::buildThemeMenu(QMenu *view)
{
    QMenu *theme = view->addMenu(Tr::tr("&Theme"));
    auto *group = new QActionGroup(this);
    m_themes = group;
    const QString current = QSettings().value(u"view/theme"_s, u"system"_s).toString();
    const QList<std::pair<Common::Theme, QString>> choices {
        { Common::Theme::System, Tr::tr("&System") },
        { Common::Theme::Light, Tr::tr("&Light") },
        { Common::Theme::Dark, Tr::tr("&Dark") }
    };
    for (const auto &[value, title] : choices) {
        QAction *a = theme->addAction(title);
        a->setCheckable(true);
        a->setChecked(Common::themeName(value) == current);
        a->setData(Common::themeName(value));
        group->addAction(a);
        connect(a, &QAction::triggered, this, [value] {
            Common::applyTheme(value);
            QSettings().setValue(u"view/theme"_s, Common::themeName(value));
        });
    }
}

QAction *MainWindow::preferencesAction() const
{
    return findChild<QAction *>(u"preferences"_s);
}

void MainWindow::showPreferences()
{
    PreferencesDialog dialog(m_context.databasePath, m_context.receipts, this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    // View → Theme shows what the dialog chose.
    const QString theme = QSettings().value(u"view/theme"_s).toString();
    for (QAction *a : m_themes->actions())
        a->setChecked(a->data().toString() == theme);
}

void MainWindow::openWorkspace()
{
    OpenWorkspaceDialog dialog(m_context.databasePath, this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    const bool everyStart = dialog.everyStartChoice()->isChecked();
    const auto absolute = [](const QString &location) {
        return Store::Database::isPostgresLocation(location)
            ? location
            : QFileInfo(location).absoluteFilePath();
    };
    if (absolute(dialog.location()) == absolute(m_context.databasePath)) {
        if (everyStart)
            rememberLocation(dialog.location());
        return;
    }
    // Closing asks about unsaved changes; the studio then starts again on the new location.
    m_opening = dialog.location();
    m_openingAtEveryStart = everyStart;
    close();
}

void MainWindow::refreshTitle()
{
    const QString file = locationTitle(m_context.databasePath);
    setWindowTitle(file.isEmpty() ? Tr::tr("Switchboard[*]")
                                  : Tr::tr("%1[*] — Switchboard").arg(file));
    setWindowModified(m_context.session->isModified());
}

void MainWindow::refreshStatus()
{
    const GatewayControl::GatewayMonitor *mon = m_context.monitor;
    const GatewayControl::LiveFigures f = mon ? mon->figures() : GatewayControl::LiveFigures {};
    m_status->setText(statusSentence(mon && mon->isAvailable(), f.running, f.address,
                                     f.callsPerSecond, f.coolingDown,
                                     int(m_context.session->changes().size()), f.receipts));
    m_status->setToolTip(f.lastError);
}

void MainWindow::exportWorkspace()
{
    const QString path = QFileDialog::getSaveFileName(
        this, Tr::tr("Export configuration"), u"switchboard.json"_s, Tr::tr("JSON (*.json)"));
    if (path.isEmpty())
        return;
    // The saved state is exported: the file matches a version in the history (R-CLI-2).
    const Util::Status written = Runtime::writeWorkspaceFile(m_context.session->saved(), path);
    if (!written)
        QMessageBox::warning(this, Tr::tr("Export configuration"),
                             Common::errorText(written.error()));
}

void MainWindow::importWorkspace()
{
    const QString path = QFileDialog::getOpenFileName(this, Tr::tr("Import configuration"), {},
                                                      Tr::tr("JSON (*.json)"));
    if (!path.isEmpty())
        importWorkspaceFile(path);
}

Workspace::ImportJob *MainWindow::importWorkspaceFile(const QString &path)
{
    auto *job = new Workspace::ImportJob(m_context.session, this);
    job->setProgressDelay(m_progressDelay);
    job->start(path);
    return job;
}

void MainWindow::restoreSettings()
{
    QSettings settings;
    restoreGeometry(settings.value(u"window/geometry"_s).toByteArray());
    restoreState(settings.value(u"window/state"_s).toByteArray());
    const QString last = settings.value(u"window/screen"_s).toString();
    m_nav->setCurrentRow(qMax(0, int(screenIds().indexOf(last))));
}

} // namespace Ui::Main
