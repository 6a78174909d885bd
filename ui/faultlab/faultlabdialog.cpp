#include "faultlabdialog.h"

#include "calls/callsdrawer.h"
#include "common/errortext.h"
#include "common/format.h"
#include "common/theme.h"
#include "common/tr.h"
#include "common/workspacesession.h"
#include "faultlab/labsetup.h"
#include "faultlabmodel.h"
#include "faultlabtext.h"

#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSaveFile>
#include <QSettings>
#include <QSplitter>
#include <QTableView>
#include <QTimer>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <store/database.h>
#include <store/receiptreader.h>

using namespace Qt::StringLiterals;

namespace Ui::FaultLab {
namespace {

const auto kDrawerWidthKey = u"faultlab/drawerWidth"_s;

} // namespace

FaultLabDialog::FaultLabDialog(Common::WorkspaceSession *session, const QString &model,
                               const Lab::Options &base, QWidget *parent)
    : QDialog(parent)
    , m_session(session)
    , m_model(model)
    , m_base(base)
    , m_runner(new Lab::Runner(this))
    , m_table(new FaultLabModel(this))
    , m_tick(new QTimer(this))
{
    setWindowTitle(Tr::tr("Rehearse failures: %1").arg(model));
    m_makeSnapshot
        = [](const Domain::Workspace &ws) { return std::make_shared<const Domain::Workspace>(ws); };
    buildLayout();
    connectSignals();
    resize(1100, 720);
    refreshButtons();
}

FaultLabDialog::~FaultLabDialog() = default;

void FaultLabDialog::setSnapshotMaker(
    std::function<Domain::WorkspaceSnapshot(const Domain::Workspace &)> make)
{
    m_makeSnapshot = std::move(make);
}

void FaultLabDialog::buildLayout()
{
    m_intro = new QLabel(this);
    m_intro->setWordWrap(true);
    m_intro->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_relaxed = new QLabel(this);
    m_relaxed->setWordWrap(true);
    m_relaxed->hide();
    m_progress = new QProgressBar(this);
    m_progress->setTextVisible(false);
    m_status = new QLabel(this);
    m_status->setObjectName(u"faultLabStatus"_s);

    m_view = new QTableView(this);
    m_view->setModel(m_table);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->verticalHeader()->hide();
    m_view->setAlternatingRowColors(true);
    m_view->setWordWrap(false);
    m_view->setTextElideMode(Qt::ElideMiddle);
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 8);
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_drawer = new Calls::CallsDrawer(this);
    m_drawer->setWorkspace(&m_session->edited());
    // The explainer reads the studio's configuration, not the lab's copy.
    m_drawer->explainButton()->hide();
    m_drawer->hide();

    m_splitter = new QSplitter(Qt::Horizontal, this);
    m_splitter->addWidget(m_view);
    m_splitter->addWidget(m_drawer);
    m_splitter->setStretchFactor(0, 1);
    auto *vertical = new QSplitter(Qt::Vertical, this);
    vertical->addWidget(m_splitter);
    vertical->addWidget(buildDetails());
    vertical->setStretchFactor(0, 3);
    vertical->setStretchFactor(1, 1);

    m_receipt = new QPushButton(Tr::tr("Show &receipt"), this);
    m_receipt->setToolTip(Tr::tr("Open the selected case's receipt in the Calls drawer (Enter)"));
    m_export = new QPushButton(Tr::tr("&Export JSON…"), this);
    m_cancel = new QPushButton(Tr::tr("&Cancel"), this);
    m_cancel->setToolTip(Tr::tr("Stop after the case in progress"));
    m_again = new QPushButton(Tr::tr("Run &again"), this);
    m_again->setToolTip(Tr::tr("Rehearse the configuration as it stands in the editor now"));
    m_close = new QPushButton(Tr::tr("C&lose"), this);
    for (QPushButton *b : { m_receipt, m_export, m_cancel, m_again, m_close })
        b->setAutoDefault(false);

    auto *progress = new QHBoxLayout;
    progress->addWidget(m_progress, 1);
    progress->addWidget(m_status, 2);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_receipt);
    buttons->addWidget(m_export);
    buttons->addStretch();
    buttons->addWidget(m_cancel);
    buttons->addWidget(m_again);
    buttons->addWidget(m_close);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_intro);
    layout->addWidget(m_relaxed);
    layout->addLayout(progress);
    layout->addWidget(vertical, 1);
    layout->addLayout(buttons);
    m_view->setFocus();
}

QWidget *FaultLabDialog::buildDetails()
{
    auto *pane = new QWidget(this);
    m_detailsTitle = new QLabel(pane);
    QFont bold = m_detailsTitle->font();
    bold.setBold(true);
    m_detailsTitle->setFont(bold);
    m_checks = new QTreeWidget(pane);
    m_checks->setRootIsDecorated(false);
    m_checks->setAlternatingRowColors(true);
    m_checks->setHeaderLabels(
        { Tr::tr("Result"), Tr::tr("Rule"), Tr::tr("Expected"), Tr::tr("Observed") });
    m_checks->header()->setSectionResizeMode(1, QHeaderView::Stretch);
    m_checks->header()->setStretchLastSection(false);
    auto *layout = new QVBoxLayout(pane);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_detailsTitle);
    layout->addWidget(m_checks, 1);
    return pane;
}

void FaultLabDialog::connectSignals()
{
    connect(m_runner, &Lab::Runner::caseStarted, this, &FaultLabDialog::handleCaseStarted);
    connect(m_runner, &Lab::Runner::caseFinished, this, &FaultLabDialog::handleCaseFinished);
    connect(m_runner, &Lab::Runner::finished, this, &FaultLabDialog::handleFinished);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this] {
        refreshDetails();
        refreshButtons();
        // An open drawer follows the selection (UI.md).
        if (m_drawer->isVisible() && !showReceipt(m_view->currentIndex().row()))
            m_drawer->setReceipt(std::nullopt);
    });
    connect(m_view, &QTableView::activated, this,
            [this](const QModelIndex &index) { showReceipt(index.row()); });
    connect(m_receipt, &QPushButton::clicked, this,
            [this] { showReceipt(m_view->currentIndex().row()); });
    connect(m_drawer, &Calls::CallsDrawer::closeRequested, m_drawer, &QWidget::hide);
    // The drawer's width is remembered, as the Calls screen's is (UI.md).
    connect(m_splitter, &QSplitter::splitterMoved, this, [this] {
        if (m_drawer->isVisible() && m_drawer->width() > 0)
            QSettings().setValue(kDrawerWidthKey, m_splitter->sizes().value(1));
    });
    connect(m_export, &QPushButton::clicked, this, &FaultLabDialog::handleExport);
    connect(m_cancel, &QPushButton::clicked, this, &FaultLabDialog::cancel);
    connect(m_again, &QPushButton::clicked, this, &FaultLabDialog::start);
    connect(m_close, &QPushButton::clicked, this, &FaultLabDialog::reject);
    m_tick->setInterval(1000);
    connect(m_tick, &QTimer::timeout, this, &FaultLabDialog::refreshStatus);
}

void FaultLabDialog::start()
{
    if (m_runner->isRunning())
        return;
    const Domain::Workspace &draft = m_session->edited();
    const QList<Lab::Case> cases
        = m_base.cases.isEmpty() ? Lab::casesFor(draft, m_model) : m_base.cases;
    m_table->reset(cases);
    m_view->resizeColumnsToContents(); // the case names are known before any case runs
    m_drawer->hide();
    m_relaxed->hide();
    m_progress->setRange(0, std::max<int>(1, int(cases.size())));
    m_progress->setValue(0);

    QStringList intro;
    intro << Tr::tr("Rehearses %1 as it stands in the editor, unsaved changes included, on a "
                    "private gateway on 127.0.0.1 whose deployments are simulator copies that "
                    "fail one way at a time. Nothing reaches a provider and the running gateway "
                    "is not touched; the receipts are kept in Calls as rehearsals.")
                 .arg(m_model);
    QString timing = scaleSentence(m_base.scale, m_base.minimumMs);
    if (const Domain::Model *m = draft.model(m_model)) {
        const qint64 deadline
            = Lab::scaledMs(draft.recovery(*m).deadlineMs, m_base.scale, m_base.minimumMs);
        timing += u' '
            + Tr::tr("%n case(s), each ending within the scaled deadline of %1 ms: at most "
                     "about %2 in all, most cases far sooner.",
                     nullptr, int(cases.size()))
                  .arg(Common::number(deadline), durationText(deadline * cases.size()));
    }
    intro << timing;
    if (m_session->hasErrors())
        intro << Tr::tr("The draft has errors and cannot be saved as it is: %1")
                     .arg(m_session->saveBlockedReason());
    m_intro->setText(intro.join(u'\n'));

    m_clock.start();
    m_tick->start();
    m_runner->start(m_makeSnapshot(draft), m_model, m_base);
    // The rows are the runner's cases, in its order: caseFinished() names them by index.
    if (!m_runner->cases().isEmpty() && m_runner->cases() != cases)
        m_table->reset(m_runner->cases());
    refreshStatus();
    refreshDetails();
    refreshButtons();
}

void FaultLabDialog::cancel()
{
    if (m_runner->isRunning())
        m_runner->cancel();
    refreshStatus();
}

bool FaultLabDialog::isRunning() const
{
    return m_runner->isRunning();
}

const Lab::Report &FaultLabDialog::report() const
{
    return m_runner->report();
}

void FaultLabDialog::handleCaseStarted(int index)
{
    m_table->setRunning(index);
    refreshStatus();
}

void FaultLabDialog::handleCaseFinished(int index, const Lab::CaseResult &result)
{
    m_table->setResult(index, result);
    m_progress->setValue(m_table->finishedCount());
    // The first row to finish is selected, so the details area is never empty for long.
    if (!m_view->currentIndex().isValid())
        m_view->setCurrentIndex(m_table->index(index, FaultLabModel::CaseColumn));
    else if (m_view->currentIndex().row() == index)
        refreshDetails();
    // A result's columns grow to what the finished cases show (a stream's error event is long).
    for (int column = FaultLabModel::SawColumn; column < FaultLabModel::ColumnCount; ++column)
        m_view->resizeColumnToContents(column);
    refreshStatus();
    refreshButtons();
}

void FaultLabDialog::handleFinished()
{
    m_tick->stop();
    const Lab::Report &report = m_runner->report();
    if (report.cancelled || !report.error.isEmpty())
        m_table->setCancelled();
    const QString relaxed = relaxedSentence(report.relaxed);
    m_relaxed->setText(relaxed);
    m_relaxed->setVisible(!relaxed.isEmpty());
    m_progress->setValue(m_progress->maximum());
    m_view->resizeColumnsToContents();
    refreshStatus();
    refreshDetails();
    refreshButtons();
    Q_EMIT runFinished();
}

QString FaultLabDialog::durationText(qint64 ms) const
{
    if (ms < 60000)
        return Tr::tr("%1 s").arg(Common::number(std::max<qint64>(1, (ms + 999) / 1000)));
    return Tr::tr("%1 min %2 s").arg(Common::number(ms / 60000), Common::number(ms % 60000 / 1000));
}

void FaultLabDialog::refreshStatus()
{
    const Lab::Report &report = m_runner->report();
    const int total = m_table->rowCount();
    const int done = m_table->finishedCount();
    const int failed = m_table->failedCount();
    const QString elapsed
        = durationText(m_runner->isRunning() ? m_clock.elapsed() : report.elapsedMs);
    QString text;
    if (m_runner->isRunning()) {
        text = Tr::tr("%1 of %n case(s) done · %2", nullptr, total)
                   .arg(Common::number(done), elapsed);
        if (failed > 0)
            text += u" · "_s + Tr::tr("%n failed", nullptr, failed);
    } else if (!report.error.isEmpty()) {
        text = Tr::tr("The rehearsal could not run: %1").arg(report.error);
    } else if (report.cancelled) {
        text = Tr::tr("Cancelled after %1 of %n case(s).", nullptr, total).arg(done);
    } else if (failed > 0) {
        text = Tr::tr("%1 of %n case(s) failed, in %2.", nullptr, total)
                   .arg(Common::number(failed), elapsed);
    } else if (total > 0 && done == total) {
        text = Tr::tr("All %n case(s) passed, in %1.", nullptr, total).arg(elapsed);
    }
    m_status->setText(text);
    const bool bad = !m_runner->isRunning() && (failed > 0 || !report.error.isEmpty());
    if (bad)
        Common::showAsError(m_status);
    else
        m_status->setPalette(QPalette());
    m_progress->setVisible(m_runner->isRunning());
}

void FaultLabDialog::refreshDetails()
{
    m_checks->clear();
    const int row = m_view->currentIndex().row();
    if (row < 0 || row >= m_table->rowCount()) {
        m_detailsTitle->setText(Tr::tr("Select a case to see its checks."));
        return;
    }
    const Lab::Case &c = m_table->testCase(row);
    m_detailsTitle->setText(Tr::tr("Checks of %1 (%2)").arg(caseName(c), streamingName(c.stream)));
    const auto &result = m_table->result(row);
    if (!result) {
        m_checks->addTopLevelItem(new QTreeWidgetItem({ {}, Tr::tr("Not finished yet.") }));
        return;
    }
    if (!result->error.isEmpty()) {
        auto *item = new QTreeWidgetItem({ Tr::tr("✗ Fail"), result->error });
        item->setForeground(0, Common::errorColor(palette()));
        m_checks->addTopLevelItem(item);
    }
    for (const Lab::Check &check : result->checks) {
        auto *item = new QTreeWidgetItem({ check.passed ? Tr::tr("✓ Pass") : Tr::tr("✗ Fail"),
                                           u"%1 %2"_s.arg(check.specId(), ruleName(check.rule)),
                                           check.expected, check.observed });
        for (int column = 1; column < 4; ++column)
            item->setToolTip(column, checkLine(check));
        if (!check.passed) {
            item->setForeground(0, Common::errorColor(palette()));
            item->setForeground(1, Common::errorColor(palette()));
        }
        m_checks->addTopLevelItem(item);
    }
    // The rule's words get the room; a long expected or observed value is elided (tooltip).
    m_checks->resizeColumnToContents(0);
    for (int column : { 2, 3 }) {
        m_checks->resizeColumnToContents(column);
        m_checks->setColumnWidth(column, std::min(m_checks->columnWidth(column), width() / 5));
    }
}

QStringList FaultLabDialog::checkTexts() const
{
    QStringList lines;
    for (int i = 0; i < m_checks->topLevelItemCount(); ++i) {
        const QTreeWidgetItem *item = m_checks->topLevelItem(i);
        QStringList cells;
        for (int c = 0; c < m_checks->columnCount(); ++c) {
            if (!item->text(c).isEmpty())
                cells << item->text(c);
        }
        lines << cells.join(u" · "_s);
    }
    return lines;
}

void FaultLabDialog::refreshButtons()
{
    const bool running = m_runner->isRunning();
    const int row = m_view->currentIndex().row();
    const bool hasReceipt = row >= 0 && row < m_table->rowCount() && m_table->result(row)
        && !m_table->result(row)->requestId.isEmpty();
    m_receipt->setEnabled(hasReceipt);
    m_export->setEnabled(!running && !m_runner->report().results.isEmpty());
    m_cancel->setEnabled(running);
    m_again->setEnabled(!running);
}

std::optional<Domain::Receipt> FaultLabDialog::readReceipt(const QString &requestId)
{
    if (m_base.databasePath.isEmpty())
        return std::nullopt;
    if (!m_reader) {
        auto db = Store::Database::open(m_base.databasePath, Store::Database::Mode::ReadOnly);
        if (!db.ok())
            return std::nullopt;
        m_db = std::move(db).value();
        m_reader = std::make_unique<Store::ReceiptReader>(*m_db);
    }
    return m_reader->receiptByRequestId(requestId);
}

bool FaultLabDialog::showReceipt(int row)
{
    if (row < 0 || row >= m_table->rowCount() || !m_table->result(row))
        return false;
    const Lab::CaseResult &result = *m_table->result(row);
    std::optional<Domain::Receipt> receipt = result.receipt;
    if (!receipt && !result.requestId.isEmpty())
        receipt = readReceipt(result.requestId);
    if (!receipt)
        return false;
    m_drawer->setWorkspace(&m_session->edited());
    m_drawer->setReceipt(receipt);
    if (!m_drawer->isVisible()) {
        m_drawer->show();
        const int drawer = QSettings().value(kDrawerWidthKey, width() * 2 / 5).toInt();
        m_splitter->setSizes({ std::max(200, m_splitter->width() - drawer), drawer });
    }
    return true;
}

QString FaultLabDialog::exportTo(const QString &path) const
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return file.errorString();
    const QByteArray bytes = Lab::toJsonBytes(m_runner->report());
    if (file.write(bytes) != bytes.size() || !file.commit())
        return file.errorString();
    return {};
}

void FaultLabDialog::handleExport()
{
    QString name = m_model;
    name.replace(u'/', u'-');
    const QString path
        = QFileDialog::getSaveFileName(this, Tr::tr("Export rehearsal"),
                                       u"rehearsal-%1.json"_s.arg(name), Tr::tr("JSON (*.json)"));
    if (path.isEmpty())
        return;
    const QString error = exportTo(path);
    if (!error.isEmpty())
        QMessageBox::warning(this, Tr::tr("Export rehearsal"),
                             Tr::tr("%1 could not be written: %2").arg(path, error));
}

void FaultLabDialog::reject()
{
    if (m_drawer->isVisible()) {
        m_drawer->hide();
        m_view->setFocus();
        return;
    }
    cancel();
    QDialog::reject();
}

QString FaultLabDialog::introText() const
{
    return m_intro->text();
}

QString FaultLabDialog::statusText() const
{
    return m_status->text();
}

QString FaultLabDialog::relaxedText() const
{
    return m_relaxed->isVisible() ? m_relaxed->text() : QString();
}

} // namespace Ui::FaultLab
