#pragma once

#include <QDialog>
#include <QElapsedTimer>
#include <faultlab/faultlab.h>
#include <functional>
#include <memory>

class QLabel;
class QProgressBar;
class QPushButton;
class QSplitter;
class QTableView;
class QTimer;
class QTreeWidget;

namespace Store {
class Database;
class ReceiptReader;
} // namespace Store
namespace Ui::Calls {
class CallsDrawer;
}
namespace Ui::Common {
class WorkspaceSession;
}

namespace Ui::FaultLab {

namespace Lab = ::FaultLab;

class FaultLabModel;

// "Rehearse failures": runs one model's draft (unsaved edits included) through
// FaultLab::Runner on a private gateway and shows a row per case as it finishes, the checks of the
// selected row with their SPEC ids, and its receipt in the Calls drawer beside the table. Cancel
// stops after the case in progress; Run again takes the draft as it is then.
class FaultLabDialog : public QDialog
{
    Q_OBJECT
public:
    // `base` carries where receipts go (writer or databasePath), the scale and the seed; the
    // model and the cases come from the session's edited workspace at each run.
    FaultLabDialog(Common::WorkspaceSession *session, const QString &model,
                   const Lab::Options &base, QWidget *parent = nullptr);
    ~FaultLabDialog() override;

    // Turns the edited workspace into what the private gateway runs (the studio adds the
    // providers' listed facts); by default a plain copy.
    void setSnapshotMaker(std::function<Domain::WorkspaceSnapshot(const Domain::Workspace &)> make);

    QString model() const { return m_model; }
    void start(); // takes the session's edited workspace as it is now
    void cancel();
    bool isRunning() const;
    const Lab::Report &report() const;
    // Writes the report's JSON export; the error's words on failure, empty on success.
    QString exportTo(const QString &path) const;
    // Opens the Calls drawer on the receipt of a row; false when the row has none yet.
    bool showReceipt(int row);

    QString introText() const;
    QString statusText() const;
    QString relaxedText() const;
    QStringList checkTexts() const; // the details area, one line per check of the selected row
    QTableView *tableView() const { return m_view; }
    FaultLabModel *tableModel() const { return m_table; }
    Calls::CallsDrawer *drawer() const { return m_drawer; }
    QPushButton *receiptButton() const { return m_receipt; }
    QPushButton *exportButton() const { return m_export; }
    QPushButton *cancelButton() const { return m_cancel; }
    QPushButton *runAgainButton() const { return m_again; }

Q_SIGNALS:
    void runFinished();

protected:
    void reject() override; // Esc closes the drawer first, then the dialog (cancelling a run)

private:
    void buildLayout();
    QWidget *buildDetails();
    void connectSignals();
    void handleCaseStarted(int index);
    void handleCaseFinished(int index, const Lab::CaseResult &result);
    void handleFinished();
    void refreshStatus();
    void refreshDetails();
    void refreshButtons();
    void handleExport();
    QString durationText(qint64 ms) const;
    std::optional<Domain::Receipt> readReceipt(const QString &requestId);

    Common::WorkspaceSession *m_session;
    QString m_model;
    Lab::Options m_base;
    std::function<Domain::WorkspaceSnapshot(const Domain::Workspace &)> m_makeSnapshot;
    Lab::Runner *m_runner;
    FaultLabModel *m_table;
    QLabel *m_intro = nullptr;
    QLabel *m_relaxed = nullptr;
    QProgressBar *m_progress = nullptr;
    QLabel *m_status = nullptr;
    QSplitter *m_splitter = nullptr;
    QTableView *m_view = nullptr;
    Calls::CallsDrawer *m_drawer = nullptr;
    QLabel *m_detailsTitle = nullptr;
    QTreeWidget *m_checks = nullptr;
    QPushButton *m_receipt = nullptr;
    QPushButton *m_export = nullptr;
    QPushButton *m_cancel = nullptr;
    QPushButton *m_again = nullptr;
    QPushButton *m_close = nullptr;
    QTimer *m_tick;
    QElapsedTimer m_clock;
    // A read-only connection of the UI thread for receipts the runner did not hand over.
    std::unique_ptr<Store::Database> m_db;
    std::unique_ptr<Store::ReceiptReader> m_reader;
};

} // namespace Ui::FaultLab
