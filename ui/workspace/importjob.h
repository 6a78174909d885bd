#pragma once

#include <QObject>
#include <QPointer>
#include <QProgressDialog>
#include <functional>
#include <memory>

class QThread;
class QWidget;

namespace Ui::Common {
class WorkspaceSession;
}

namespace Ui::Workspace {

// File → Import as a job: the file is read and checked (Config::importWorkspace) in a worker
// thread, behind a window-modal progress dialog that shows after the progress delay, with Cancel.
// The workspace is untouched until the job pushes the import as one undoable edit; Cancel drops
// the result, so nothing changes. The job deletes itself once its thread has ended.
//
//   auto *job = new ImportJob(session, window);
//   connect(job, &ImportJob::finished, …);
//   job->start(path);
class ImportJob : public QObject
{
    Q_OBJECT
public:
    enum class Outcome { Imported, Refused, Cancelled };
    Q_ENUM(Outcome)

    ImportJob(Common::WorkspaceSession *session, QWidget *window);
    // Stops a thread still running (its result is dropped) and waits for it.
    ~ImportJob() override;

    void setProgressDelay(int ms); // default 1 s; tests 0
    // Tests: runs in the worker thread at each reported step, once the dialog has been sent it.
    void setStepHook(std::function<void(qint64 done, qint64 total)> hook);
    void start(const QString &path);
    QProgressDialog *dialog() const { return m_dialog; }

Q_SIGNALS:
    // Once per job: Imported (an edit was pushed), Refused (a message box says why), Cancelled.
    void finished(Ui::Workspace::ImportJob::Outcome outcome);

private:
    struct State;

    void handleProgress(qint64 done, qint64 total);
    void handleCancel();
    void handleThreadEnded();
    void finish(Outcome outcome);

    Common::WorkspaceSession *m_session;
    QWidget *m_window;
    QPointer<QProgressDialog> m_dialog;
    QPointer<QThread> m_thread;
    std::shared_ptr<State> m_state;
    QString m_path;
    int m_progressDelay = 1000;
    std::function<void(qint64, qint64)> m_stepHook;
    bool m_finished = false;
};

} // namespace Ui::Workspace
