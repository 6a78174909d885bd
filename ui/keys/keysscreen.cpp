#include "keysscreen.h"

#include "common/changepreviewbar.h"
#include "common/editcommands.h"
#include "common/tr.h"
#include "common/workspacesession.h"
#include "gateway/gatewaymonitor.h"
#include "keycreateddialog.h"
#include "keylistmodel.h"
#include "limitseditor.h"
#include "projectlistmodel.h"
#include "sessionseditor.h"
#include "sessionspanel.h"

#include <QComboBox>
#include <QDateTime>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>
#include <config/keys.h>
#include <runtime/operations.h>

using namespace Qt::StringLiterals;

namespace Ui::Keys {
namespace {

void setUpTable(QTableView *view)
{
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setSelectionMode(QAbstractItemView::SingleSelection);
    view->verticalHeader()->hide();
    view->setShowGrid(false);
    view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    view->horizontalHeader()->setStretchLastSection(true);
}

// A table under its title, the title the table's buddy so Alt+letter reaches it.
QWidget *titled(const QString &title, QTableView *view, QWidget *parent)
{
    auto *box = new QWidget(parent);
    auto *label = new QLabel(title, box);
    label->setBuddy(view);
    view->setAccessibleName(QString(title).remove(u'&'));
    auto *layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(label);
    layout->addWidget(view, 1);
    return box;
}

} // namespace

KeysScreen::KeysScreen(Common::WorkspaceSession *session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_model(new KeyListModel(session, this))
    , m_view(new QTableView(this))
    , m_projectModel(new ProjectListModel(session, this))
    , m_projectView(new QTableView(this))
    , m_limits(new LimitsEditor(session, this))
    , m_sessions(new SessionsEditor(session, this))
    , m_sessionsPanel(new SessionsPanel(this))
    , m_project(new QComboBox(this))
    , m_keyName(new QLineEdit(this))
    , m_create(new QPushButton(Tr::tr("Create key"), this))
    , m_revoke(new QPushButton(Tr::tr("Revoke…"), this))
    , m_newProject(new QPushButton(Tr::tr("New project…"), this))
    , m_bar(new Common::ChangePreviewBar(session, this))
{
    showSecret = [this](const QString &name, const QString &secret) {
        KeyCreatedDialog(name, secret, this).exec();
    };
    confirm = [this](const QString &question) {
        return QMessageBox::question(this, Tr::tr("Revoke key"), question) == QMessageBox::Yes;
    };
    m_view->setModel(m_model);
    m_projectView->setModel(m_projectModel);
    setUpTable(m_view);
    setUpTable(m_projectView);
    m_keyName->setPlaceholderText(Tr::tr("key name, e.g. ci-runner"));

    auto *createRow = new QHBoxLayout;
    createRow->addWidget(new QLabel(Tr::tr("Project"), this));
    createRow->addWidget(m_project);
    createRow->addWidget(m_newProject);
    createRow->addSpacing(12);
    createRow->addWidget(m_keyName, 1);
    createRow->addWidget(m_create);
    auto *actions = new QHBoxLayout;
    actions->addStretch();
    actions->addWidget(m_revoke);
    auto *tables = new QSplitter(Qt::Vertical, this);
    tables->setChildrenCollapsible(false);
    tables->addWidget(titled(Tr::tr("&Projects"), m_projectView, tables));
    tables->addWidget(titled(Tr::tr("&Keys"), m_view, tables));
    tables->addWidget(m_sessionsPanel);
    tables->setStretchFactor(0, 3);
    tables->setStretchFactor(1, 2);
    tables->setStretchFactor(2, 4);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(createRow);
    layout->addWidget(tables, 1);
    layout->addLayout(actions);
    auto *editors = new QHBoxLayout;
    editors->addWidget(m_limits, 1);
    editors->addWidget(m_sessions);
    layout->addLayout(editors);
    layout->addWidget(m_bar);

    connect(m_create, &QPushButton::clicked, this, &KeysScreen::handleCreate);
    connect(m_keyName, &QLineEdit::returnPressed, this, &KeysScreen::handleCreate);
    connect(m_revoke, &QPushButton::clicked, this, &KeysScreen::handleRevoke);
    connect(m_newProject, &QPushButton::clicked, this, &KeysScreen::handleNewProject);
    connect(m_keyName, &QLineEdit::textChanged, this, &KeysScreen::refreshButtons);
    for (QTableView *view : { m_view, m_projectView }) {
        connect(view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
                [this, view] { handleCurrentChanged(view); });
    }
    connect(m_session, &Common::WorkspaceSession::editedChanged, this, [this] {
        refreshProjects();
        refreshButtons();
        refreshSessionsPanel();
    });
    refreshProjects();
    refreshButtons();
}

QString KeysScreen::createKey(const QString &projectId, const QString &name)
{
    // The headless `keys create` asks the same rule; the edit then adds the key it made.
    Domain::Workspace ws = m_session->edited();
    const Util::Result<Config::NewKey> created
        = Runtime::addKey(ws, projectId, name, QDateTime::currentDateTimeUtc());
    if (!created)
        return {};
    m_session->push(new Common::AddKeyCommand(m_session, created->key));
    return created->secret;
}

void KeysScreen::addProject(const QString &id, const QString &name)
{
    m_session->push(new Common::AddProjectCommand(m_session, Domain::Project { id, name, {} }));
    m_project->setCurrentIndex(m_project->findData(id));
}

void KeysScreen::revoke(const QString &keyId)
{
    m_session->push(new Common::RevokeKeyCommand(m_session, keyId));
}

void KeysScreen::setMonitor(GatewayControl::GatewayMonitor *monitor)
{
    if (m_monitor)
        disconnect(m_monitor, nullptr, this, nullptr);
    m_monitor = monitor;
    if (m_monitor)
        connect(m_monitor, &GatewayControl::GatewayMonitor::spendChanged, this,
                &KeysScreen::refreshSpend);
    refreshSpend();
}

void KeysScreen::useDatabase(const QString &path, Store::ReceiptWriter *writer)
{
    m_sessionsPanel->useDatabase(path, writer);
}

QTableView *KeysScreen::view() const
{
    return m_view;
}
KeyListModel *KeysScreen::model() const
{
    return m_model;
}
QComboBox *KeysScreen::projectCombo() const
{
    return m_project;
}
QLineEdit *KeysScreen::keyNameEdit() const
{
    return m_keyName;
}
QPushButton *KeysScreen::createButton() const
{
    return m_create;
}
QPushButton *KeysScreen::revokeButton() const
{
    return m_revoke;
}
QPushButton *KeysScreen::newProjectButton() const
{
    return m_newProject;
}
Common::ChangePreviewBar *KeysScreen::previewBar() const
{
    return m_bar;
}

void KeysScreen::refreshProjects()
{
    const QString keep = m_project->currentData().toString();
    const QSignalBlocker blocker(m_project);
    m_project->clear();
    for (const Domain::Project &p : m_session->edited().projects)
        m_project->addItem(p.name.isEmpty() ? p.id : p.name, p.id);
    const int index = m_project->findData(keep);
    m_project->setCurrentIndex(index >= 0 ? index : 0);
}

void KeysScreen::refreshButtons()
{
    const bool hasProject = m_project->count() > 0;
    m_create->setEnabled(hasProject && !m_keyName->text().trimmed().isEmpty());
    m_create->setToolTip(hasProject ? Tr::tr("Create a key; it is shown once")
                                    : Tr::tr("Create a project first."));
    const Domain::Key *k = m_session->edited().keyById(
        m_view->currentIndex().data(KeyListModel::KeyIdRole).toString());
    m_revoke->setEnabled(k && !k->revoked);
}

void KeysScreen::handleCurrentChanged(QTableView *view)
{
    QTableView *other = view == m_view ? m_projectView : m_view;
    if (view->currentIndex().isValid() && other->currentIndex().isValid())
        other->selectionModel()->clear(); // comes back here for `other`, with no current row
    const QModelIndex key = m_view->currentIndex();
    const QModelIndex project = m_projectView->currentIndex();
    const auto subject = key.isValid() ? Domain::SpendScope::Key : Domain::SpendScope::Project;
    const QString id = key.isValid() ? key.data(KeyListModel::KeyIdRole).toString()
        : project.isValid()          ? project.data(ProjectListModel::ProjectIdRole).toString()
                                     : QString();
    m_limits->setSubject(subject, id);
    m_sessions->setSubject(subject, id);
    refreshSessionsPanel();
    refreshButtons();
}

void KeysScreen::refreshSpend()
{
    const SpendFigures figures
        = m_monitor && m_monitor->hasSpend() ? SpendFigures(m_monitor->spend()) : SpendFigures();
    m_model->setSpend(figures);
    m_projectModel->setSpend(figures);
}

void KeysScreen::refreshSessionsPanel()
{
    const Domain::Workspace &ws = m_session->edited();
    const Domain::Key *k
        = ws.keyById(m_view->currentIndex().data(KeyListModel::KeyIdRole).toString());
    if (k)
        m_sessionsPanel->setKey(k->id, k->name, ws.sessions(*k).mode);
    else
        m_sessionsPanel->setKey({}, {}, Domain::SessionMode::Off);
}

void KeysScreen::handleCreate()
{
    const QString name = m_keyName->text().trimmed();
    const QString project = m_project->currentData().toString();
    if (name.isEmpty() || project.isEmpty())
        return;
    const QString secret = createKey(project, name);
    if (secret.isEmpty())
        return;
    m_keyName->clear();
    m_view->selectRow(m_model->rowCount() - 1);
    showSecret(name, secret);
}

void KeysScreen::handleRevoke()
{
    const QString id = m_view->currentIndex().data(KeyListModel::KeyIdRole).toString();
    const Domain::Key *k = m_session->edited().keyById(id);
    if (!k || k->revoked)
        return;
    if (confirm(Tr::tr("Revoke the key %1 (%2…)? Callers using it are refused once you save.")
                    .arg(k->name, k->prefix)))
        revoke(id);
}

void KeysScreen::handleNewProject()
{
    bool ok = false;
    const QString name = QInputDialog::getText(this, Tr::tr("New project"), Tr::tr("Project id:"),
                                               QLineEdit::Normal, QString(), &ok)
                             .trimmed();
    if (!ok || name.isEmpty())
        return;
    if (m_session->edited().project(name)) {
        QMessageBox::warning(this, Tr::tr("New project"),
                             Tr::tr("A project %1 exists already.").arg(name));
        return;
    }
    addProject(name, name);
}

} // namespace Ui::Keys
