#include "modelsscreen.h"

#include "common/changepreviewbar.h"
#include "common/editcommands.h"
#include "common/tr.h"
#include "common/workspacesession.h"
#include "modellistmodel.h"
#include "modeloverviewtab.h"
#include "modelsettingstab.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>
#include <config/rules.h>

using namespace Qt::StringLiterals;

namespace Ui::Models {
namespace {

QToolButton *toolButton(const QString &text, const QString &icon, QWidget *parent)
{
    auto *b = new QToolButton(parent);
    b->setText(text);
    b->setIcon(QIcon::fromTheme(icon, QIcon(u":/switchboard/icons/%1.svg"_s.arg(icon))));
    b->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    return b;
}

// Whether a pending change belongs to the model `name` (its own facts, not other models' or
// screens').
bool concernsModel(const QList<Config::Change> &changes, const QString &name)
{
    return std::any_of(changes.cbegin(), changes.cend(),
                       [&](const Config::Change &c) { return Config::concernsModel(c, name); });
}

// "the workspace directives", "the directives of project research", "… of key ci-bot".
QString directivesName(const Config::ModelReference &r)
{
    switch (r.level) {
    case Domain::DirectiveLevel::Project:
        return Tr::tr("the directives of project %1").arg(r.owner);
    case Domain::DirectiveLevel::Key:
        return Tr::tr("the directives of key %1").arg(r.owner);
    default:
        return Tr::tr("the workspace directives");
    }
}

} // namespace

ModelsScreen::ModelsScreen(Common::WorkspaceSession *session,
                           GatewayControl::GatewayMonitor *monitor, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_monitor(monitor)
    , m_model(new ModelListModel(session, monitor, this))
    , m_proxy(new QSortFilterProxyModel(this))
{
    m_proxy->setSourceModel(m_model);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_proxy->setFilterKeyColumn(ModelListModel::NameColumn);

    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(buildListPane());
    splitter->addWidget(buildDetailPane());
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({ 380, 820 });
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter);

    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &ModelsScreen::handleSelection);
    connect(m_session, &Common::WorkspaceSession::editedChanged, this, &ModelsScreen::handleEdited);
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
        if (!m_current.isEmpty())
            selectModel(m_current);
    });
    if (m_model->rowCount() > 0)
        selectModel(m_model->modelName(0));
    refreshActions();
}

QWidget *ModelsScreen::buildListPane()
{
    auto *pane = new QWidget(this);
    m_search = new QLineEdit(pane);
    m_search->setPlaceholderText(Tr::tr("Search models…"));
    m_search->setClearButtonEnabled(true);
    m_new = new QPushButton(Tr::tr("New"), pane);
    m_new->setIcon(QIcon::fromTheme(u"list-add"_s, QIcon(u":/switchboard/icons/list-add.svg"_s)));
    m_view = new QTableView(pane);
    m_view->setModel(m_proxy);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_view->verticalHeader()->hide();
    m_view->setShowGrid(false);
    m_view->setWordWrap(false);
    m_view->setTextElideMode(Qt::ElideMiddle);
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 8);
    m_view->horizontalHeader()->setSectionResizeMode(ModelListModel::HealthColumn,
                                                     QHeaderView::ResizeToContents);
    m_view->horizontalHeader()->setSectionResizeMode(ModelListModel::NameColumn,
                                                     QHeaderView::Stretch);
    m_view->horizontalHeader()->setSectionResizeMode(ModelListModel::RouteColumn,
                                                     QHeaderView::ResizeToContents);
    m_view->setColumnHidden(ModelListModel::ModalityColumn, false);
    m_duplicate = toolButton(Tr::tr("Duplicate"), u"edit-copy"_s, pane);
    m_enable = toolButton(Tr::tr("Disable"), u"media-playback-pause"_s, pane);
    m_delete = toolButton(Tr::tr("Delete"), u"edit-delete"_s, pane);

    auto *top = new QHBoxLayout;
    top->addWidget(m_search, 1);
    top->addWidget(m_new);
    auto *actions = new QHBoxLayout;
    actions->addWidget(m_duplicate);
    actions->addWidget(m_enable);
    actions->addWidget(m_delete);
    actions->addStretch();
    auto *layout = new QVBoxLayout(pane);
    layout->addLayout(top);
    layout->addWidget(m_view, 1);
    layout->addLayout(actions);

    connect(m_search, &QLineEdit::textChanged, m_proxy,
            &QSortFilterProxyModel::setFilterFixedString);
    connect(m_new, &QPushButton::clicked, this, &ModelsScreen::handleNew);
    connect(m_duplicate, &QToolButton::clicked, this, &ModelsScreen::handleDuplicate);
    connect(m_enable, &QToolButton::clicked, this, &ModelsScreen::handleToggleEnabled);
    connect(m_delete, &QToolButton::clicked, this, &ModelsScreen::handleDelete);
    return pane;
}

QWidget *ModelsScreen::buildDetailPane()
{
    auto *pane = new QWidget(this);
    m_title = new QLabel(pane);
    QFont f = m_title->font();
    f.setPointSizeF(f.pointSizeF() * 1.3);
    f.setBold(true);
    m_title->setFont(f);
    m_tabs = new QTabWidget(pane);
    m_overview = new ModelOverviewTab(m_session, m_monitor, m_tabs);
    m_settings = new ModelSettingsTab(m_session, m_tabs);
    m_tabs->addTab(m_overview, Tr::tr("Overview"));
    m_tabs->addTab(m_settings, Tr::tr("Settings"));
    m_bar = new Common::ChangePreviewBar(m_session, pane);
    auto *layout = new QVBoxLayout(pane);
    layout->addWidget(m_title);
    layout->addWidget(m_tabs, 1);
    layout->addWidget(m_bar);
    return pane;
}

void ModelsScreen::selectModel(const QString &name)
{
    const int row = m_model->rowOf(name);
    if (row < 0)
        return;
    const QModelIndex index
        = m_proxy->mapFromSource(m_model->index(row, ModelListModel::NameColumn));
    if (!index.isValid()) {
        m_search->clear();
        return selectModel(name);
    }
    m_view->selectionModel()->setCurrentIndex(
        index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    m_view->scrollTo(index);
}

QString ModelsScreen::currentModel() const
{
    return m_current;
}

QString ModelsScreen::deleteRefusal(const Domain::Workspace &ws, const QString &name)
{
    using Kind = Config::ModelReference::Kind;
    const QList<Config::ModelReference> refs = Config::referencesTo(ws, name);
    if (refs.isEmpty())
        return {};
    // The references of the first kind, all named: "the pool of demo/chat, demo/resilient".
    const Config::ModelReference &first = refs.first();
    QStringList owners;
    for (const Config::ModelReference &r : refs) {
        if (r.kind == first.kind)
            owners << (r.level == Domain::DirectiveLevel::None ? r.owner : directivesName(r));
    }
    const QString list = owners.join(u", "_s);
    switch (first.kind) {
    case Kind::PoolDeployment:
        return Tr::tr("%1 is a deployment in the pool of %2; remove it there first.")
            .arg(name, list);
    case Kind::AliasTarget:
        return Tr::tr("%1 is the target of the alias %2; point the alias elsewhere first.")
            .arg(name, list);
    case Kind::AliasReplacement:
        return Tr::tr("%1 replaces the deprecated alias %2; name another replacement first.")
            .arg(name, list);
    case Kind::AliasFallback:
        return Tr::tr("%1 is a fallback model of the alias %2; remove it there first.")
            .arg(name, list);
    case Kind::AllowedModel:
        return Tr::tr("%1 is an allowed model of %2; remove it there first.").arg(name, list);
    case Kind::FallbackModel:
        return Tr::tr("%1 is a fallback model of %2; remove it there first.").arg(name, list);
    }
    return {};
}

QLineEdit *ModelsScreen::searchEdit() const
{
    return m_search;
}
QTableView *ModelsScreen::listView() const
{
    return m_view;
}
ModelListModel *ModelsScreen::listModel() const
{
    return m_model;
}
QPushButton *ModelsScreen::newButton() const
{
    return m_new;
}
QToolButton *ModelsScreen::duplicateButton() const
{
    return m_duplicate;
}
QToolButton *ModelsScreen::enableButton() const
{
    return m_enable;
}
QToolButton *ModelsScreen::deleteButton() const
{
    return m_delete;
}
QTabWidget *ModelsScreen::tabs() const
{
    return m_tabs;
}
ModelOverviewTab *ModelsScreen::overviewTab() const
{
    return m_overview;
}
ModelSettingsTab *ModelsScreen::settingsTab() const
{
    return m_settings;
}
Common::ChangePreviewBar *ModelsScreen::previewBar() const
{
    return m_bar;
}

void ModelsScreen::createModel(const QString &name, Domain::Modality modality)
{
    Domain::Model m;
    m.name = name;
    m.modality = modality;
    // A new model starts Direct on the first connection, serving the id after the namespace.
    if (!m_session->edited().connections.isEmpty()) {
        Domain::Offering o;
        o.connection = m_session->edited().connections.first().name;
        o.upstreamModel = name.section(u'/', 1);
        m.offerings.append(o);
    }
    m_session->push(new Common::CreateModelCommand(m_session, m));
    selectWithoutAsking(name);
    m_tabs->setCurrentWidget(m_settings);
}

void ModelsScreen::handleSelection()
{
    const QModelIndex current = m_view->selectionModel()->currentIndex();
    const QString name
        = current.isValid() ? current.data(ModelListModel::ModelNameRole).toString() : QString();
    if (name != m_current && !m_leaving && !confirmLeavingModel(name))
        return;
    if (name != m_current) {
        m_current = name;
        m_title->setText(name.isEmpty() ? Tr::tr("No model selected") : name);
        m_overview->setModelName(name);
        m_settings->setModelName(name);
    }
    refreshActions();
}

bool ModelsScreen::confirmLeavingModel(const QString &next)
{
    if (m_current.isEmpty() || !concernsModel(m_session->changes(), m_current))
        return true;
    // The list may be reset while the dialog saves or discards, reselecting the model being left;
    // the guard keeps those reselections (and ours below) from asking again.
    m_leaving = true;
    const bool proceed = Common::confirmLeaving(this, m_session) && m_session->edited().model(next);
    // Cancel puts the selection back; after Save or Discard a list reset may have moved it.
    selectModel(proceed ? next : m_current);
    m_leaving = false;
    return proceed;
}

void ModelsScreen::selectWithoutAsking(const QString &name)
{
    m_leaving = true;
    selectModel(name);
    m_leaving = false;
}

void ModelsScreen::handleEdited()
{
    if (!m_current.isEmpty() && !m_session->edited().model(m_current)) {
        m_current.clear();
        handleSelection();
    }
    refreshActions();
}

void ModelsScreen::handleNew()
{
    bool ok = false;
    const QString name = QInputDialog::getText(this, Tr::tr("New model"),
                                               Tr::tr("Name (namespace/id), e.g. openai-2/gpt-4o:"),
                                               QLineEdit::Normal, QString(), &ok)
                             .trimmed();
    if (!ok)
        return;
    QString refusal;
    switch (Config::checkNewModelName(m_session->edited(), name)) {
    case Config::NewModelName::Valid:
        createModel(name, Domain::Modality::Chat);
        return;
    case Config::NewModelName::Empty:
        return;
    case Config::NewModelName::NotNamespaced:
        refusal = Tr::tr("\"%1\" is not a model name: it must have the form namespace/id, e.g. "
                         "openai-2/gpt-4o.")
                      .arg(name);
        break;
    case Config::NewModelName::TakenByModel:
        refusal = Tr::tr("A model named %1 exists already.").arg(name);
        break;
    case Config::NewModelName::TakenByAlias:
        refusal = Tr::tr("An alias is named %1; a model cannot share its name.").arg(name);
        break;
    }
    QMessageBox::warning(this, Tr::tr("New model"), refusal);
}

void ModelsScreen::handleDuplicate()
{
    if (m_current.isEmpty())
        return;
    const QString name = Config::duplicateModelName(m_session->edited(), m_current);
    m_session->push(new Common::DuplicateModelCommand(m_session, m_current, name));
    selectWithoutAsking(name);
}

void ModelsScreen::handleToggleEnabled()
{
    const QStringList names = selectedModels();
    const Domain::Model *first
        = names.isEmpty() ? nullptr : m_session->edited().model(names.first());
    if (!first)
        return;
    const bool enable = !first->enabled;
    QList<QUndoCommand *> commands;
    for (const QString &name : names)
        commands.append(new Common::SetModelEnabledCommand(m_session, name, enable));
    // Several selected models change in one undoable step.
    if (commands.size() == 1)
        m_session->push(commands.first());
    else
        m_session->pushMacro(enable ? Tr::tr("Enable %1 models").arg(names.size())
                                    : Tr::tr("Disable %1 models").arg(names.size()),
                             commands);
}

void ModelsScreen::handleDelete()
{
    if (m_current.isEmpty())
        return;
    const QString refusal = deleteRefusal(m_session->edited(), m_current);
    if (!refusal.isEmpty()) {
        QMessageBox::information(this, Tr::tr("Delete model"), refusal);
        return;
    }
    m_session->push(new Common::DeleteModelCommand(m_session, m_current));
}

QStringList ModelsScreen::selectedModels() const
{
    QStringList names;
    for (const QModelIndex &i : m_view->selectionModel()->selectedRows(ModelListModel::NameColumn))
        names.append(i.data(ModelListModel::ModelNameRole).toString());
    if (names.isEmpty() && !m_current.isEmpty())
        names.append(m_current);
    return names;
}

void ModelsScreen::refreshActions()
{
    const Domain::Model *m = m_session->edited().model(m_current);
    m_duplicate->setEnabled(m != nullptr);
    m_enable->setEnabled(m != nullptr);
    m_enable->setText(m && !m->enabled ? Tr::tr("Enable") : Tr::tr("Disable"));
    const QString refusal = m ? deleteRefusal(m_session->edited(), m_current) : QString();
    m_delete->setEnabled(m != nullptr && refusal.isEmpty());
    m_delete->setToolTip(
        refusal.isEmpty() ? Tr::tr("Delete the selected model (undoable until saved)") : refusal);
    m_tabs->setEnabled(m != nullptr);
}

} // namespace Ui::Models
