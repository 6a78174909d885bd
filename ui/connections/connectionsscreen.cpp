#include "connectionsscreen.h"

#include "common/changepreviewbar.h"
#include "common/editcommands.h"
#include "common/tr.h"
#include "common/workspacesession.h"
#include "connectioneditor.h"
#include "connectionlistmodel.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace Ui::Connections {

ConnectionsScreen::ConnectionsScreen(Common::WorkspaceSession *session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_model(new ConnectionListModel(session, this))
    , m_view(new QTableView(this))
    , m_editor(new ConnectionEditor(session, this))
    , m_add(new QPushButton(Tr::tr("Add connection"), this))
    , m_remove(new QPushButton(Tr::tr("Remove"), this))
    , m_bar(new Common::ChangePreviewBar(session, this))
{
    m_view->setModel(m_model);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->verticalHeader()->hide();
    m_view->setShowGrid(false);
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_add->setIcon(QIcon::fromTheme(u"list-add"_s, QIcon(u":/switchboard/icons/list-add.svg"_s)));

    auto *listPane = new QWidget(this);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_add);
    buttons->addWidget(m_remove);
    buttons->addStretch();
    auto *listLayout = new QVBoxLayout(listPane);
    listLayout->addWidget(m_view, 1);
    listLayout->addLayout(buttons);
    auto *scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(m_editor);
    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(listPane);
    splitter->addWidget(scroll);
    splitter->setSizes({ 420, 600 });
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter, 1);
    layout->addWidget(m_bar);

    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &ConnectionsScreen::handleSelection);
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
        if (m_model->rowOf(m_current) >= 0)
            selectConnection(m_current);
        else
            handleSelection();
    });
    connect(m_add, &QPushButton::clicked, this, &ConnectionsScreen::handleAdd);
    connect(m_remove, &QPushButton::clicked, this, &ConnectionsScreen::handleRemove);
    connect(m_session, &Common::WorkspaceSession::editedChanged, this,
            &ConnectionsScreen::refreshButtons);
    if (m_model->rowCount() > 0)
        m_view->selectRow(0);
    handleSelection();
}

void ConnectionsScreen::selectConnection(const QString &name)
{
    const int row = m_model->rowOf(name);
    if (row >= 0)
        m_view->selectionModel()->setCurrentIndex(m_model->index(row, 0),
                                                  QItemSelectionModel::ClearAndSelect
                                                      | QItemSelectionModel::Rows);
}

QString ConnectionsScreen::currentConnection() const
{
    return m_current;
}

QString ConnectionsScreen::removeRefusal(const Domain::Workspace &ws, const QString &name)
{
    QStringList users;
    for (const Domain::Model &m : ws.models) {
        for (const Domain::Offering &o : m.offerings) {
            if (o.connection == name && !users.contains(m.name))
                users.append(m.name);
        }
    }
    if (users.isEmpty())
        return {};
    return Tr::tr("%1 serves %2; remove those offerings first.").arg(name, users.join(u", "_s));
}

void ConnectionsScreen::addConnection(const QString &name, Domain::Dialect kind)
{
    Domain::Connection c;
    c.name = name;
    c.kind = kind;
    c.metered = kind != Domain::Dialect::Simulator;
    c.provider = kind == Domain::Dialect::Simulator ? u"simulator"_s : QString();
    m_session->push(new Common::AddConnectionCommand(m_session, c));
    selectConnection(name);
}

QTableView *ConnectionsScreen::view() const
{
    return m_view;
}
ConnectionListModel *ConnectionsScreen::model() const
{
    return m_model;
}
ConnectionEditor *ConnectionsScreen::editor() const
{
    return m_editor;
}
QPushButton *ConnectionsScreen::addButton() const
{
    return m_add;
}
QPushButton *ConnectionsScreen::removeButton() const
{
    return m_remove;
}
Common::ChangePreviewBar *ConnectionsScreen::previewBar() const
{
    return m_bar;
}

void ConnectionsScreen::handleSelection()
{
    const QModelIndex current = m_view->currentIndex();
    m_current
        = current.isValid() ? current.data(ConnectionListModel::NameRole).toString() : QString();
    m_editor->setConnectionName(m_current);
    refreshButtons();
}

void ConnectionsScreen::handleAdd()
{
    bool ok = false;
    const QString name
        = QInputDialog::getText(this, Tr::tr("Add connection"), Tr::tr("Name, e.g. openai-2:"),
                                QLineEdit::Normal, QString(), &ok)
              .trimmed();
    if (!ok || name.isEmpty())
        return;
    if (m_session->edited().connection(name)) {
        QMessageBox::warning(this, Tr::tr("Add connection"),
                             Tr::tr("A connection named %1 exists already.").arg(name));
        return;
    }
    addConnection(name, Domain::Dialect::OpenAi);
}

void ConnectionsScreen::handleRemove()
{
    if (m_current.isEmpty() || !removeRefusal(m_session->edited(), m_current).isEmpty())
        return;
    m_session->push(new Common::RemoveConnectionCommand(m_session, m_current));
}

void ConnectionsScreen::refreshButtons()
{
    const QString refusal = m_current.isEmpty() ? Tr::tr("Select a connection.")
                                                : removeRefusal(m_session->edited(), m_current);
    m_remove->setEnabled(refusal.isEmpty());
    m_remove->setToolTip(refusal.isEmpty() ? Tr::tr("Remove the selected connection") : refusal);
}

} // namespace Ui::Connections
