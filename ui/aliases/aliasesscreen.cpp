#include "aliasesscreen.h"

#include "aliascommands.h"
#include "aliaseditor.h"
#include "common/changepreviewbar.h"
#include "common/errortext.h"
#include "common/format.h"
#include "common/tr.h"
#include "common/workspacesession.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>
#include <store/database.h>
#include <store/receiptreader.h>
#include <store/receiptwriter.h>

using namespace Qt::StringLiterals;

namespace Ui::Aliases {
namespace {

constexpr int kUsageDays = 7;

QString statusText(const Domain::Alias &a)
{
    if (a.isDeprecated()) {
        return Tr::tr("deprecated %1 → %2")
            .arg(a.deprecationDate.toString(Qt::ISODate),
                 a.replacement.isEmpty() ? Tr::tr("?") : a.replacement);
    }
    QStringList parts;
    if (!a.presetDefaults.isEmpty())
        parts << Tr::tr("preset");
    if (!a.fallbackModels.isEmpty())
        parts << Tr::tr("fallback: %1").arg(a.fallbackModels.join(u" → "_s));
    return parts.isEmpty() ? Tr::tr("active") : parts.join(u" · "_s);
}

} // namespace

AliasesScreen::AliasesScreen(Common::WorkspaceSession *session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_list(new QTableWidget(0, ColumnCount, this))
    , m_new(new QPushButton(Tr::tr("+ New"), this))
    , m_delete(new QPushButton(Tr::tr("Delete"), this))
    , m_editor(new AliasEditor(session, this))
    , m_bar(new Common::ChangePreviewBar(session, this))
{
    setObjectName(u"aliasesScreen"_s);
    m_list->setHorizontalHeaderLabels(
        { Tr::tr("Alias"), Tr::tr("Target"), Tr::tr("Status"), Tr::tr("Calls, 7 days") });
    m_list->verticalHeader()->hide();
    m_list->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_list->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_list->setSelectionMode(QAbstractItemView::SingleSelection);
    // Status is the long column: it takes the room left and elides; the others fit their text.
    m_list->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_list->horizontalHeader()->setSectionResizeMode(StatusColumn, QHeaderView::Stretch);
    m_list->setTextElideMode(Qt::ElideRight);

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_new);
    buttons->addWidget(m_delete);
    buttons->addStretch();
    auto *left = new QWidget(this);
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addLayout(buttons);
    leftLayout->addWidget(m_list, 1);

    auto *scroll = new QScrollArea(this);
    scroll->setWidget(m_editor);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(left);
    splitter->addWidget(scroll);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({ 480, 720 });
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter, 1);
    layout->addWidget(m_bar);

    connect(m_new, &QPushButton::clicked, this, &AliasesScreen::createAlias);
    connect(m_delete, &QPushButton::clicked, this, &AliasesScreen::handleDelete);
    connect(m_list, &QTableWidget::itemSelectionChanged, this, &AliasesScreen::handleSelection);
    connect(m_editor, &AliasEditor::aliasRenamed, this, [this](const QString &name) {
        rebuildList();
        selectAlias(name);
    });
    connect(m_session, &Common::WorkspaceSession::editedChanged, this, &AliasesScreen::rebuildList);
    rebuildList();
    if (m_list->rowCount() > 0)
        m_list->selectRow(0);
}

AliasesScreen::~AliasesScreen() = default;

void AliasesScreen::useDatabase(const QString &path, Store::ReceiptWriter *writer)
{
    if (path.isEmpty())
        return;
    auto db = Store::Database::open(path, Store::Database::Mode::ReadOnly);
    if (!db.ok()) {
        m_editor->setUsageText(Tr::tr("unknown: %1").arg(Common::errorText(db.error())));
        return;
    }
    m_db = std::move(db.value());
    m_ownReader = std::make_unique<Store::ReceiptReader>(*m_db);
    setReceiptReader(m_ownReader.get());
    // The writer signals from its own thread: queued to this screen's thread.
    if (writer)
        connect(writer, &Store::ReceiptWriter::receiptsWritten, this, [this] {
            m_usage.clear(); // new receipts: count again
            refreshUsage();
        });
}

void AliasesScreen::setReceiptReader(Store::ReceiptReader *reader, std::function<QDateTime()> now)
{
    m_reader = reader;
    m_now = std::move(now);
    m_usage.clear();
    refreshUsage();
}

void AliasesScreen::refreshUsage()
{
    for (int r = 0; r < m_list->rowCount(); ++r) {
        const QString name = m_list->item(r, NameColumn)->text();
        const int n = usageOf(name);
        QTableWidgetItem *item = m_list->item(r, CallsColumn);
        item->setText(n < 0 ? Tr::tr("—") : Common::number(n));
        item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    }
    const int n = usageOf(m_editor->aliasName());
    m_editor->setUsageText(n < 0 ? Tr::tr("unknown (no receipts database)")
                                 : Tr::tr("%1 calls named this alias in the last %2 days")
                                       .arg(Common::number(n))
                                       .arg(kUsageDays));
}

int AliasesScreen::usageOf(const QString &alias) const
{
    if (!m_reader || alias.isEmpty())
        return -1;
    // Counted once per alias until new receipts arrive: editing an alias re-lists the table on
    // every keystroke, which must not query the database each time.
    if (const auto it = m_usage.constFind(alias); it != m_usage.constEnd())
        return *it;
    const QDateTime now = m_now ? m_now() : QDateTime::currentDateTimeUtc();
    const int n = m_reader->countUsingAlias(alias, now.addDays(-kUsageDays));
    m_usage.insert(alias, n);
    return n;
}

bool AliasesScreen::selectAlias(const QString &name)
{
    for (int r = 0; r < m_list->rowCount(); ++r) {
        if (m_list->item(r, NameColumn)->text() == name) {
            m_list->selectRow(r);
            return true;
        }
    }
    return false;
}

QString AliasesScreen::currentAlias() const
{
    return m_editor->aliasName();
}

void AliasesScreen::createAlias()
{
    const Domain::Workspace &ws = m_session->edited();
    QString name = u"org/new-alias"_s;
    for (int n = 2; ws.alias(name) || ws.model(name); ++n)
        name = u"org/new-alias-%1"_s.arg(n);
    Domain::Alias alias;
    alias.name = name;
    alias.target = ws.models.isEmpty() ? QString() : ws.models.first().name;
    m_session->push(new AddAliasCommand(m_session, alias));
    selectAlias(name);
    m_editor->nameEdit()->setFocus();
    m_editor->nameEdit()->selectAll();
}

QTableWidget *AliasesScreen::list() const
{
    return m_list;
}
QPushButton *AliasesScreen::newButton() const
{
    return m_new;
}
QPushButton *AliasesScreen::deleteButton() const
{
    return m_delete;
}
AliasEditor *AliasesScreen::editor() const
{
    return m_editor;
}
Common::ChangePreviewBar *AliasesScreen::previewBar() const
{
    return m_bar;
}

void AliasesScreen::rebuildList()
{
    const Domain::Workspace &ws = m_session->edited();
    const QString current = m_editor->aliasName();
    {
        const QSignalBlocker blocker(m_list);
        m_list->setRowCount(int(ws.aliases.size()));
        for (int r = 0; r < ws.aliases.size(); ++r) {
            const Domain::Alias &a = ws.aliases.at(r);
            const QStringList cells { a.name, a.target, statusText(a), QString() };
            for (int c = 0; c < ColumnCount; ++c) {
                auto *item = new QTableWidgetItem(cells.at(c));
                item->setToolTip(cells.at(c));
                m_list->setItem(r, c, item);
            }
        }
    }
    refreshUsage();
    const int row = aliasIndex(ws, current);
    if (row >= 0) {
        const QSignalBlocker blocker(m_list);
        m_list->selectRow(row);
    } else if (!current.isEmpty()) {
        m_list->clearSelection();
        m_editor->setAliasName(ws.aliases.isEmpty() ? QString() : ws.aliases.first().name);
        if (!ws.aliases.isEmpty())
            m_list->selectRow(0);
    }
    m_delete->setEnabled(aliasIndex(ws, m_editor->aliasName()) >= 0);
}

void AliasesScreen::handleSelection()
{
    const QList<QTableWidgetItem *> selected = m_list->selectedItems();
    if (selected.isEmpty())
        return;
    const QString name = m_list->item(selected.first()->row(), NameColumn)->text();
    if (name != m_editor->aliasName())
        m_editor->setAliasName(name);
    refreshUsage();
    m_delete->setEnabled(true);
}

void AliasesScreen::handleDelete()
{
    const QString name = m_editor->aliasName();
    if (aliasIndex(m_session->edited(), name) < 0)
        return;
    m_session->push(new RemoveAliasCommand(m_session, name));
}

} // namespace Ui::Aliases
