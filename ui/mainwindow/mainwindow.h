#pragma once

#include "routing/spendbook.h"
#include "screenregistry.h"
#include "store/receiptbacklog.h"

#include <QElapsedTimer>
#include <QMainWindow>
#include <util/progress.h>

class QActionGroup;
class QLabel;
class QListWidget;
class QProgressBar;
class QStackedWidget;

namespace Ui::Workspace {
class ImportJob;
}

namespace Ui::Main {

// Composes the screens of the registry, the menus and the status bar; owns no state of its own
// besides what QSettings remembers (geometry, last screen, theme).
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(const ScreenContext &context, QWidget *parent = nullptr);

    QStringList screenIds() const;
    QString currentScreenId() const;
    void showScreen(const QString &id);
    QWidget *screen(const QString &id) const;
    QListWidget *navigation() const;
    QString statusText() const;
    // The failed listing refreshes, "Listing of openai not refreshed: …"; empty when none.
    QString listingFailureText() const;
    QString budgetAlertText() const; // "" while no budget is past the workspace's alert share
    // The runtime lost the database (Runtime::databaseAvailabilityChanged): the status bar says so
    // until it is back. "" while it is there.
    void setDatabaseAvailable(bool available);
    QString databaseLostText() const;
    QAction *preferencesAction() const;
    // Receipt pruning's progress in the status bar ("Deleting old receipts", a bar, Cancel):
    // shown once a pass has run for the delay (default 1 s; tests 0), hidden when it ends.
    QWidget *pruningProgress() const;
    void setProgressDelay(int ms);
    // File → Import without the file dialog: starts an import job on the session, with this
    // window's progress delay (Workspace::ImportJob; it deletes itself when done).
    Workspace::ImportJob *importWorkspaceFile(const QString &path);
    // The status bar's sentence for the given figures (tested without a gateway).
    // `receipts`: while writing receipts fails (a full disk) the sentence says how many wait in
    // memory, and how many were dropped beyond the queue's limit.
    static QString statusSentence(bool available, bool running, const QString &address,
                                  double callsPerSecond, int coolingDown, int unsaved,
                                  const Store::ReceiptBacklog &receipts = {});

Q_SIGNALS:
    // The user closed the window and did not keep it open over unsaved changes.
    void closed();
    // File → Open workspace… chose `location` and the window is closing for it (closed() follows):
    // the studio starts again there.
    void openRequested(const QString &location);

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    void buildScreens();
    void buildMenus();
    void buildThemeMenu(QMenu *view);
    void showPreferences();
    void refreshTitle();
    void refreshStatus();
    void refreshListingFailures();
    void refreshBudgetAlerts(const QList<Routing::ScopeSpend> &spend);
    void exportWorkspace();
    void importWorkspace();
    void openWorkspace();
    void restoreSettings();
    void showPruning(qint64 done, qint64 due);
    void endPruning();

    ScreenContext m_context;
    QList<ScreenEntry> m_entries;
    QListWidget *m_nav;
    QStackedWidget *m_stack;
    QLabel *m_status;
    QLabel *m_listingFailures = nullptr;
    QLabel *m_budgetAlerts = nullptr;
    QLabel *m_databaseLost = nullptr;
    QActionGroup *m_themes = nullptr;
    QWidget *m_pruning;
    QProgressBar *m_pruneBar;
    QElapsedTimer m_pruneClock; // since the first step of the pass under way
    Util::ProgressEstimate m_pruneEstimate;
    QLabel *m_pruneLabel;
    int m_progressDelay = 1000;
    QString m_opening; // the location File → Open workspace… closes the window for
    bool m_openingAtEveryStart = false; // and it becomes Preferences' database once it does
};

} // namespace Ui::Main
