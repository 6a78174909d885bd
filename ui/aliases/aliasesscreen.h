#pragma once

#include <QDateTime>
#include <QHash>
#include <QWidget>
#include <functional>
#include <memory>

class QPushButton;
class QTableWidget;

namespace Store {
class Database;
class ReceiptReader;
class ReceiptWriter;
} // namespace Store
namespace Ui::Common {
class ChangePreviewBar;
class WorkspaceSession;
} // namespace Ui::Common

namespace Ui::Aliases {

class AliasEditor;

// Aliases: the list (name, target, deprecation, calls in the last 7 days still naming it), the
// selected alias's editor, New / Delete, and the shared change-preview bar (R-UI-6, R-ALIAS-*).
class AliasesScreen : public QWidget
{
    Q_OBJECT
public:
    explicit AliasesScreen(Common::WorkspaceSession *session, QWidget *parent = nullptr);
    ~AliasesScreen() override;

    // Counts calls that named an alias in the last 7 days (Store::ReceiptReader::countUsingAlias).
    // `now` is injected so the window is the same in tests; without it the wall clock is used.
    void setReceiptReader(Store::ReceiptReader *reader, std::function<QDateTime()> now = {});
    // Opens the screen's own read-only connection to `path` (UI thread) for the counts; when
    // `writer` is given, the counts are read again whenever it has written receipts.
    void useDatabase(const QString &path, Store::ReceiptWriter *writer = nullptr);
    // Reads the counts again (wired to the receipt writer's "written" signal by the main window).
    void refreshUsage();

    bool selectAlias(const QString &name);
    QString currentAlias() const;
    // Creates "org/new-alias" (or the next free name) naming the first model, and selects it.
    void createAlias();

    QTableWidget *list() const;
    QPushButton *newButton() const;
    QPushButton *deleteButton() const;
    AliasEditor *editor() const;
    Common::ChangePreviewBar *previewBar() const;

    enum Column { NameColumn, TargetColumn, StatusColumn, CallsColumn, ColumnCount };

private:
    void rebuildList();
    void handleSelection();
    void handleDelete();
    int usageOf(const QString &alias) const;

    Common::WorkspaceSession *m_session;
    std::unique_ptr<Store::Database> m_db;
    std::unique_ptr<Store::ReceiptReader> m_ownReader;
    mutable QHash<QString, int> m_usage; // alias → calls in the last kUsageDays
    Store::ReceiptReader *m_reader = nullptr;
    std::function<QDateTime()> m_now;
    QTableWidget *m_list;
    QPushButton *m_new;
    QPushButton *m_delete;
    AliasEditor *m_editor;
    Common::ChangePreviewBar *m_bar;
};

} // namespace Ui::Aliases
