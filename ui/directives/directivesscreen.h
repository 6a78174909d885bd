#pragma once

#include "directivecommands.h"

#include <QWidget>

class QTabWidget;
class QTreeWidget;
class QTreeWidgetItem;

namespace Ui::Common {
class ChangePreviewBar;
class WorkspaceSession;
} // namespace Ui::Common

namespace Ui::Directives {

class DirectivesEditor;
class EffectiveView;

// Directives: the three levels as a tree (workspace (team) → projects → their keys), the selected
// level's editor, the effective view with provenance, and the shared change-preview bar (R-UI-6,
// R-DIR-*, R-UI-4).
class DirectivesScreen : public QWidget
{
    Q_OBJECT
public:
    explicit DirectivesScreen(Common::WorkspaceSession *session, QWidget *parent = nullptr);

    // Selects a level in the tree (and so in the editor); false when it does not exist.
    bool selectTarget(const DirectiveTarget &target);
    DirectiveTarget currentTarget() const;

    QTreeWidget *tree() const;
    QTabWidget *tabs() const;
    DirectivesEditor *editor() const;
    EffectiveView *effectiveView() const;
    Common::ChangePreviewBar *previewBar() const;

    enum Tab { RulesTab, EffectiveTab };

private:
    void rebuildTree();
    QTreeWidgetItem *addItem(QTreeWidgetItem *parent, const QString &text,
                             const DirectiveTarget &target, const Domain::Directives &directives);
    QTreeWidgetItem *itemFor(const DirectiveTarget &target) const;
    void handleCurrentItem(QTreeWidgetItem *item);
    QStringList structure() const;

    Common::WorkspaceSession *m_session;
    QTreeWidget *m_tree;
    QTabWidget *m_tabs;
    DirectivesEditor *m_editor;
    EffectiveView *m_effective;
    Common::ChangePreviewBar *m_bar;
    QStringList m_structure;
};

} // namespace Ui::Directives
