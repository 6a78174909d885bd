#pragma once

#include <QWidget>

class QLabel;
class QListWidget;
class QPushButton;
class QTableView;

namespace Ui::Common {
class ChangePreviewBar;
class WorkspaceSession;
} // namespace Ui::Common

namespace Ui::History {

class HistoryModel;

// History (R-UI-10): every saved version with time, author and its change list; compare a version
// with the current state; restore a version (it becomes the edited state, previewed in the bar;
// saving makes a new version).
class HistoryScreen : public QWidget
{
    Q_OBJECT
public:
    explicit HistoryScreen(Common::WorkspaceSession *session, QWidget *parent = nullptr);

    QTableView *view() const;
    HistoryModel *model() const;
    QListWidget *changesList() const;
    QLabel *changesTitle() const;
    QPushButton *compareButton() const;
    QPushButton *restoreButton() const;
    Common::ChangePreviewBar *previewBar() const;
    void selectVersion(int version);
    int selectedVersion() const;

private:
    void reload();
    void showVersionChanges();
    void compareWithCurrent();
    void restoreSelected();

    Common::WorkspaceSession *m_session;
    HistoryModel *m_model;
    QTableView *m_view;
    QLabel *m_changesTitle;
    QListWidget *m_changes;
    QPushButton *m_compare;
    QPushButton *m_restore;
    Common::ChangePreviewBar *m_bar;
};

} // namespace Ui::History
