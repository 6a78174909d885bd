#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QPointer>
#include <QProgressDialog>
#include <QString>
#include <functional>
#include <memory>
#include <util/progress.h>
#include <util/result.h>

namespace Ui::Main {

// Opens the studio's database once in a worker thread before anything else uses it, so that
// bringing an older file up to this version (a migration rewrites every receipt) shows a progress
// dialog with the count and an estimate instead of a frozen start. Cancel stops the migration
// between two ranges and rolls it back: the file stays as it was, readable by the older version.
// A new or current file opens at once and shows nothing.
class DatabaseUpgrade : public QObject
{
    Q_OBJECT
public:
    explicit DatabaseUpgrade(QString path, QObject *parent = nullptr);
    ~DatabaseUpgrade() override;

    void setProgressDelay(int ms); // default 0.5 s; tests 0
    // Tests: runs in the worker thread at each report, once the dialog has been sent it.
    void setProgressHook(std::function<void(qint64 done, qint64 total)> hook);
    // Runs until the file is open and closed again, the dialog (if shown) being the only window.
    // Ok, or the store's error (code Util::kCancelled after Cancel).
    Util::Status run();
    QProgressDialog *dialog() const { return m_dialog; }

private:
    struct State;

    void handleProgress(qint64 done, qint64 total);

    QString m_path;
    QPointer<QProgressDialog> m_dialog;
    std::shared_ptr<State> m_state;
    QElapsedTimer m_clock;
    Util::ProgressEstimate m_estimate;
    int m_progressDelay = 500;
    std::function<void(qint64, qint64)> m_hook;
};

} // namespace Ui::Main
