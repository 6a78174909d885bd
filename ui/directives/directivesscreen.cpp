#include "directivesscreen.h"

#include "common/changepreviewbar.h"
#include "common/tr.h"
#include "common/workspacesession.h"
#include "directiveseditor.h"
#include "effectiveview.h"

#include <QHeaderView>
#include <QScrollArea>
#include <QSplitter>
#include <QTabWidget>
#include <QTreeWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace Ui::Directives {
namespace {

constexpr int kLevelRole = Qt::UserRole;
constexpr int kIdRole = Qt::UserRole + 1;

DirectiveTarget targetOf(const QTreeWidgetItem *item)
{
    if (!item)
        return {};
    return { Domain::DirectiveLevel(item->data(0, kLevelRole).toInt()),
             item->data(0, kIdRole).toString() };
}

// Levels that set any rule are shown in bold, so the tree shows where rules live without opening
// each; the structure string carries the same fact so a change rebuilds the tree.
QString setMark(const Domain::Directives &d)
{
    return d.isEmpty() ? QString() : u"*"_s;
}

} // namespace

DirectivesScreen::DirectivesScreen(Common::WorkspaceSession *session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_tree(new QTreeWidget(this))
    , m_tabs(new QTabWidget(this))
    , m_editor(new DirectivesEditor(session, this))
    , m_effective(new EffectiveView(session, this))
    , m_bar(new Common::ChangePreviewBar(session, this))
{
    setObjectName(u"directivesScreen"_s);
    m_tree->setHeaderLabel(Tr::tr("Levels"));
    m_tree->setObjectName(u"directivesTree"_s);
    m_tree->setMinimumWidth(240);

    auto *scroll = new QScrollArea(this);
    scroll->setWidget(m_editor);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    m_tabs->insertTab(RulesTab, scroll, Tr::tr("Rules"));
    m_tabs->insertTab(EffectiveTab, m_effective, Tr::tr("Effective"));

    auto *right = new QWidget(this);
    auto *rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->addWidget(m_tabs, 1);
    rightLayout->addWidget(m_bar);

    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(m_tree);
    splitter->addWidget(right);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({ 280, 720 });
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter);

    connect(m_tree, &QTreeWidget::currentItemChanged, this,
            [this](QTreeWidgetItem *current) { handleCurrentItem(current); });
    connect(m_session, &Common::WorkspaceSession::editedChanged, this,
            &DirectivesScreen::rebuildTree);
    rebuildTree();
    m_tree->setCurrentItem(m_tree->topLevelItem(0));
}

bool DirectivesScreen::selectTarget(const DirectiveTarget &target)
{
    QTreeWidgetItem *item = itemFor(target);
    if (!item)
        return false;
    m_tree->setCurrentItem(item);
    return true;
}

DirectiveTarget DirectivesScreen::currentTarget() const
{
    return targetOf(m_tree->currentItem());
}
QTreeWidget *DirectivesScreen::tree() const
{
    return m_tree;
}
QTabWidget *DirectivesScreen::tabs() const
{
    return m_tabs;
}
DirectivesEditor *DirectivesScreen::editor() const
{
    return m_editor;
}
EffectiveView *DirectivesScreen::effectiveView() const
{
    return m_effective;
}
Common::ChangePreviewBar *DirectivesScreen::previewBar() const
{
    return m_bar;
}

QStringList DirectivesScreen::structure() const
{
    const Domain::Workspace &ws = m_session->edited();
    QStringList out { setMark(ws.directives) };
    for (const Domain::Project &p : ws.projects)
        out << p.id + u'|' + p.name + setMark(p.directives);
    for (const Domain::Key &k : ws.keys)
        out << k.id + u'|' + k.name + u'|' + k.project + setMark(k.directives);
    return out;
}

void DirectivesScreen::rebuildTree()
{
    // Rebuilding on every keystroke would lose the user's place: only when the levels change.
    const QStringList now = structure();
    if (now == m_structure)
        return;
    m_structure = now;
    const DirectiveTarget current = currentTarget();
    const Domain::Workspace &ws = m_session->edited();
    const QSignalBlocker blocker(m_tree);
    m_tree->clear();
    QTreeWidgetItem *root = addItem(nullptr, Tr::tr("Workspace (team)"),
                                    { Domain::DirectiveLevel::Workspace, {} }, ws.directives);
    for (const Domain::Project &p : ws.projects) {
        const QString name
            = p.name.isEmpty() || p.name == p.id ? p.id : Tr::tr("%1 (%2)").arg(p.name, p.id);
        QTreeWidgetItem *pi = addItem(root, Tr::tr("Project %1").arg(name),
                                      { Domain::DirectiveLevel::Project, p.id }, p.directives);
        for (const Domain::Key &k : ws.keys) {
            if (k.project != p.id)
                continue;
            const QString text
                = k.revoked ? Tr::tr("Key %1 (revoked)").arg(k.name) : Tr::tr("Key %1").arg(k.name);
            addItem(pi, text, { Domain::DirectiveLevel::Key, k.id }, k.directives);
        }
    }
    m_tree->expandAll();
    QTreeWidgetItem *again = itemFor(current);
    m_tree->setCurrentItem(again ? again : root);
    if (!again)
        handleCurrentItem(root);
}

QTreeWidgetItem *DirectivesScreen::addItem(QTreeWidgetItem *parent, const QString &text,
                                           const DirectiveTarget &target,
                                           const Domain::Directives &directives)
{
    auto *item = parent ? new QTreeWidgetItem(parent) : new QTreeWidgetItem(m_tree);
    item->setText(0, text);
    QFont font = item->font(0);
    font.setBold(!directives.isEmpty());
    item->setFont(0, font);
    item->setToolTip(0,
                     directives.isEmpty() ? Tr::tr("%1: no rules at this level").arg(text)
                                          : Tr::tr("%1: sets rules").arg(text));
    item->setData(0, kLevelRole, int(target.level));
    item->setData(0, kIdRole, target.id);
    return item;
}

QTreeWidgetItem *DirectivesScreen::itemFor(const DirectiveTarget &target) const
{
    for (QTreeWidgetItemIterator it(m_tree); *it; ++it) {
        if (targetOf(*it) == target)
            return *it;
    }
    return nullptr;
}

void DirectivesScreen::handleCurrentItem(QTreeWidgetItem *item)
{
    if (!item)
        return;
    const DirectiveTarget target = targetOf(item);
    m_editor->setTarget(target);
    // The effective view follows the tree: a key shows its own calls, a project any of its keys.
    const Domain::Workspace &ws = m_session->edited();
    if (target.level == Domain::DirectiveLevel::Key) {
        if (const Domain::Key *k = ws.keyById(target.id))
            m_effective->choose(k->project, k->id);
    } else if (target.level == Domain::DirectiveLevel::Project) {
        m_effective->choose(target.id, {});
    }
}

} // namespace Ui::Directives
