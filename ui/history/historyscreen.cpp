#include "historyscreen.h"

#include "common/changepreviewbar.h"
#include "common/changetext.h"
#include "common/editcommands.h"
#include "common/errortext.h"
#include "common/format.h"
#include "common/tr.h"
#include "common/workspacesession.h"
#include "historymodel.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>
#include <config/changelist.h>
#include <store/configstore.h>

using namespace Qt::StringLiterals;

namespace Ui::History {

HistoryScreen::HistoryScreen(Common::WorkspaceSession *session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_model(new HistoryModel(this))
    , m_view(new QTableView(this))
    , m_changesTitle(new QLabel(this))
    , m_changes(new QListWidget(this))
    , m_compare(new QPushButton(Tr::tr("Compare with current"), this))
    , m_restore(new QPushButton(Tr::tr("Restore this version"), this))
    , m_bar(new Common::ChangePreviewBar(session, this))
{
    m_view->setModel(m_model);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->setShowGrid(false);
    QFont bold = m_changesTitle->font();
    bold.setBold(true);
    m_changesTitle->setFont(bold);
    m_compare->setToolTip(Tr::tr("What would change going from this version to the current state"));
    m_restore->setToolTip(
        Tr::tr("Make this version the edited state; Save changes makes it a new version"));

    auto *detail = new QWidget(this);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_compare);
    buttons->addWidget(m_restore);
    buttons->addStretch();
    auto *detailLayout = new QVBoxLayout(detail);
    detailLayout->addWidget(m_changesTitle);
    detailLayout->addWidget(m_changes, 1);
    detailLayout->addLayout(buttons);
    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(m_view);
    splitter->addWidget(detail);
    splitter->setSizes({ 420, 580 });
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(splitter, 1);
    layout->addWidget(m_bar);

    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &HistoryScreen::showVersionChanges);
    connect(m_compare, &QPushButton::clicked, this, &HistoryScreen::compareWithCurrent);
    connect(m_restore, &QPushButton::clicked, this, &HistoryScreen::restoreSelected);
    connect(m_session, &Common::WorkspaceSession::savedChanged, this, &HistoryScreen::reload);
    reload();
}

QTableView *HistoryScreen::view() const
{
    return m_view;
}
HistoryModel *HistoryScreen::model() const
{
    return m_model;
}
QListWidget *HistoryScreen::changesList() const
{
    return m_changes;
}
QLabel *HistoryScreen::changesTitle() const
{
    return m_changesTitle;
}
QPushButton *HistoryScreen::compareButton() const
{
    return m_compare;
}
QPushButton *HistoryScreen::restoreButton() const
{
    return m_restore;
}
Common::ChangePreviewBar *HistoryScreen::previewBar() const
{
    return m_bar;
}

void HistoryScreen::selectVersion(int version)
{
    const int row = m_model->rowOfVersion(version);
    if (row >= 0)
        m_view->selectionModel()->setCurrentIndex(m_model->index(row, 0),
                                                  QItemSelectionModel::ClearAndSelect
                                                      | QItemSelectionModel::Rows);
}

int HistoryScreen::selectedVersion() const
{
    const Store::VersionInfo *v = m_model->version(m_view->currentIndex().row());
    return v ? v->version : 0;
}

void HistoryScreen::reload()
{
    const int keep = selectedVersion();
    Store::ConfigStore *store = m_session->store();
    m_model->setVersions(store ? store->versions() : QList<Store::VersionInfo> {},
                         QDateTime::currentDateTimeUtc());
    m_view->resizeColumnsToContents();
    if (keep > 0 && m_model->rowOfVersion(keep) >= 0)
        selectVersion(keep);
    else if (m_model->rowCount() > 0)
        m_view->selectRow(0);
    showVersionChanges();
}

void HistoryScreen::showVersionChanges()
{
    const Store::VersionInfo *v = m_model->version(m_view->currentIndex().row());
    m_changes->clear();
    m_compare->setEnabled(v != nullptr);
    m_restore->setEnabled(v != nullptr);
    if (!v) {
        m_changesTitle->setText(Tr::tr("No saved version yet."));
        return;
    }
    m_changesTitle->setText(
        Tr::tr("Version %1 by %2, %3")
            .arg(Common::number(v->version), v->author, Common::exactTime(v->savedAt)));
    m_changes->addItems(v->changes.isEmpty() ? QStringList { Tr::tr("(first version)") }
                                             : Common::changeLines(v->changes));
}

void HistoryScreen::compareWithCurrent()
{
    const int version = selectedVersion();
    const Util::Result<Domain::Workspace> old = m_session->store()->loadVersion(version);
    if (!old.ok()) {
        QMessageBox::warning(this, Tr::tr("Compare"), Common::errorText(old.error()));
        return;
    }
    const QList<Config::Change> changes = Config::changeList(old.value(), m_session->edited());
    m_changesTitle->setText(
        Tr::tr("From version %1 to the current state").arg(Common::number(version)));
    m_changes->clear();
    if (changes.isEmpty())
        m_changes->addItem(Tr::tr("No differences."));
    m_changes->addItems(Common::changeLines(changes));
}

void HistoryScreen::restoreSelected()
{
    const int version = selectedVersion();
    const Util::Result<Domain::Workspace> old = m_session->store()->loadVersion(version);
    if (!old.ok()) {
        QMessageBox::warning(this, Tr::tr("Restore"), Common::errorText(old.error()));
        return;
    }
    m_session->push(new Common::ReplaceWorkspaceCommand(
        m_session, old.value(), Tr::tr("Restore version %1").arg(Common::number(version))));
}

} // namespace Ui::History
