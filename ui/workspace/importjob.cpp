#include "importjob.h"

#include "common/configtext.h"
#include "common/editcommands.h"
#include "common/tr.h"
#include "common/workspacesession.h"

#include <QFile>
#include <QFileInfo>
#include <QMessageBox>
#include <QProgressDialog>
#include <QThread>
#include <QTimer>
#include <atomic>
#include <config/workspacejson.h>
#include <limits>

using namespace Qt::StringLiterals;

namespace Ui::Workspace {

// Shared with the worker thread, which writes the result before it ends; the UI thread reads it
// only after the thread's finished().
struct ImportJob::State
{
    std::atomic<bool> stop { false };
    Config::ImportResult result;
    QString unreadable; // why the file could not be read
};

ImportJob::ImportJob(Common::WorkspaceSession *session, QWidget *window)
    : QObject(window)
    , m_session(session)
    , m_window(window)
    , m_dialog(new QProgressDialog(window))
    , m_state(std::make_shared<State>())
{
    m_dialog->setObjectName(u"importProgress"_s);
    m_dialog->setWindowTitle(Tr::tr("Import configuration"));
    m_dialog->setWindowModality(Qt::WindowModal);
    m_dialog->setAutoClose(false);
    m_dialog->setAutoReset(false);
    m_dialog->setCancelButtonText(Tr::tr("Cancel"));
    // Shown by the job after the delay, not by QProgressDialog's own timer.
    m_dialog->setMinimumDuration(std::numeric_limits<int>::max());
    m_dialog->hide();
    connect(m_dialog, &QProgressDialog::canceled, this, &ImportJob::handleCancel);
}

ImportJob::~ImportJob()
{
    m_state->stop = true;
    if (m_thread)
        m_thread->wait();
    delete m_dialog;
}

void ImportJob::setProgressDelay(int ms)
{
    m_progressDelay = std::max(0, ms);
}

void ImportJob::setStepHook(std::function<void(qint64, qint64)> hook)
{
    m_stepHook = std::move(hook);
}

void ImportJob::start(const QString &path)
{
    m_path = path;
    m_dialog->setLabelText(Tr::tr("Importing %1…").arg(QFileInfo(path).fileName()));
    m_dialog->setRange(0, int(Config::kImportSteps));
    m_dialog->setValue(0);
    m_thread = QThread::create([this, path, state = m_state, current = m_session->saved(),
                                hook = m_stepHook] {
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly)) {
            state->unreadable = file.errorString();
            return;
        }
        const QByteArray json = file.readAll();
        state->result = Config::importWorkspace(json, &current, [&](qint64 done, qint64 total) {
            // The job outlives its thread, so it is there to receive this.
            QMetaObject::invokeMethod(
                this, [this, done, total] { handleProgress(done, total); }, Qt::QueuedConnection);
            if (hook)
                hook(done, total);
            return !state->stop;
        });
    });
    connect(m_thread, &QThread::finished, this, &ImportJob::handleThreadEnded);
    connect(m_thread, &QThread::finished, m_thread, &QObject::deleteLater);
    QTimer::singleShot(m_progressDelay, this, [this] {
        if (!m_finished)
            m_dialog->show();
    });
    m_thread->start();
}

void ImportJob::handleProgress(qint64 done, qint64 total)
{
    if (m_finished)
        return;
    m_dialog->setMaximum(int(total));
    m_dialog->setValue(int(done));
}

void ImportJob::handleCancel()
{
    m_state->stop = true;
    finish(Outcome::Cancelled);
}

void ImportJob::handleThreadEnded()
{
    deleteLater();
    if (m_finished || m_state->stop)
        return;
    const Config::ImportResult &result = m_state->result;
    if (!m_state->unreadable.isEmpty() || !result.workspace) {
        QStringList lines;
        if (!m_state->unreadable.isEmpty())
            lines << Tr::tr("Could not read %1: %2").arg(m_path, m_state->unreadable);
        for (const Config::Problem &p : result.problems)
            lines.append(Common::problemLine(p));
        finish(Outcome::Refused);
        // Not exec(): the job ends here, and no event loop runs inside another.
        auto *box = new QMessageBox(QMessageBox::Warning, Tr::tr("Import configuration"),
                                    Tr::tr("Nothing was imported:\n%1").arg(lines.join(u'\n')),
                                    QMessageBox::Ok, m_window);
        box->setObjectName(u"importRefused"_s);
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();
        return;
    }
    // An import is previewed like any edit and saved as one version.
    m_session->push(new Common::ReplaceWorkspaceCommand(m_session, *result.workspace,
                                                        Tr::tr("Import %1").arg(m_path)));
    finish(Outcome::Imported);
}

void ImportJob::finish(Outcome outcome)
{
    if (m_finished)
        return;
    m_finished = true;
    m_dialog->hide();
    Q_EMIT finished(outcome);
}

} // namespace Ui::Workspace
