#include "databaseupgrade.h"

#include "common/format.h"
#include "common/tr.h"

#include <QEventLoop>
#include <QFileInfo>
#include <QProgressDialog>
#include <QThread>
#include <QTimer>
#include <atomic>
#include <limits>
#include <store/database.h>

using namespace Qt::StringLiterals;

namespace Ui::Main {

// Written by the worker before it ends, read after its finished().
struct DatabaseUpgrade::State
{
    std::atomic<bool> stop { false };
    Util::Status result = Util::Ok {};
};

DatabaseUpgrade::DatabaseUpgrade(QString path, QObject *parent)
    : QObject(parent)
    , m_path(std::move(path))
    , m_dialog(new QProgressDialog)
    , m_state(std::make_shared<State>())
{
    m_dialog->setObjectName(u"databaseUpgrade"_s);
    m_dialog->setWindowTitle(Tr::tr("Switchboard"));
    m_dialog->setCancelButtonText(Tr::tr("Cancel"));
    m_dialog->setAutoClose(false);
    m_dialog->setAutoReset(false);
    m_dialog->setRange(0, 0);
    // Shown after the delay below, not by QProgressDialog's own timer.
    m_dialog->setMinimumDuration(std::numeric_limits<int>::max());
    m_dialog->hide();
    // The worker stops at its next range and rolls the migration back; the dialog closes now.
    connect(m_dialog, &QProgressDialog::canceled, this, [this] { m_state->stop = true; });
}

DatabaseUpgrade::~DatabaseUpgrade()
{
    delete m_dialog;
}

void DatabaseUpgrade::setProgressDelay(int ms)
{
    m_progressDelay = std::max(0, ms);
}

void DatabaseUpgrade::setProgressHook(std::function<void(qint64, qint64)> hook)
{
    m_hook = std::move(hook);
}

Util::Status DatabaseUpgrade::run()
{
    QThread *thread = QThread::create([this, path = m_path, state = m_state, hook = m_hook] {
        auto db = Store::Database::open(
            path, Store::Database::Mode::ReadWrite, [&](qint64 done, qint64 total) {
                // run() waits for the thread: this is still there.
                QMetaObject::invokeMethod(
                    this, [this, done, total] { handleProgress(done, total); },
                    Qt::QueuedConnection);
                if (hook)
                    hook(done, total);
                return !state->stop;
            });
        state->result = db ? Util::Status(Util::Ok {}) : Util::Status(db.error());
    });
    QEventLoop loop;
    connect(thread, &QThread::finished, &loop, &QEventLoop::quit);
    QTimer showTimer;
    showTimer.setSingleShot(true);
    // Only a file that is being rewritten shows the dialog: it has reported its receipts.
    connect(&showTimer, &QTimer::timeout, this, [this] {
        if (m_clock.isValid())
            m_dialog->show();
    });
    showTimer.start(m_progressDelay);
    thread->start();
    // The studio's window does not exist yet: this loop serves the dialog alone.
    loop.exec();
    thread->wait();
    delete thread;
    QCoreApplication::removePostedEvents(this, QEvent::MetaCall); // progress after the end
    m_dialog->hide();
    return m_state->result;
}

void DatabaseUpgrade::handleProgress(qint64 done, qint64 total)
{
    if (!m_clock.isValid()) {
        m_clock.start();
        m_estimate.reset();
        if (m_progressDelay == 0)
            m_dialog->show();
    }
    if (m_state->stop)
        return;
    const QString file = QFileInfo(m_path).fileName();
    QString text = done < total
        ? Tr::tr("Updating %1 for this version of Switchboard: %2 receipts")
              .arg(file, Common::progressCount(done, total))
        : Tr::tr("Updating %1 for this version of Switchboard: finishing").arg(file);
    const QString left = Common::timeLeft(m_estimate.update(m_clock.elapsed(), done, total));
    if (done < total && !left.isEmpty())
        text += u"\n"_s + left;
    m_dialog->setLabelText(text);
    // Per mille: QProgressDialog counts in int, a file may hold more receipts.
    m_dialog->setRange(0, 1000);
    m_dialog->setValue(total > 0 ? int(std::min<qint64>(1000, done * 1000 / total)) : 0);
}

} // namespace Ui::Main
