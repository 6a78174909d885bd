#include "classifierruleseditor.h"

#include "common/configtext.h"
#include "common/editcommands.h"
#include "common/fieldmark.h"
#include "common/sessiontext.h"
#include "common/theme.h"
#include "common/tr.h"
#include "common/workspacesession.h"
#include "ruletext.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QStyle>
#include <QStyledItemDelegate>
#include <QTableWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace Ui::Workspace {
namespace {

constexpr int kClassRole = Qt::UserRole;

// The whole list of rules at once: reordering, adding and editing are all one kind of step.
class SetClassifierRulesCommand : public Common::WorkspaceCommand
{
public:
    SetClassifierRulesCommand(Common::WorkspaceSession *s,
                              const QList<Domain::ClassifierRule> &rules, const QString &text)
        : WorkspaceCommand(s, text)
    {
        setEdit([rules](Domain::Workspace &ws) { ws.classifierRules = rules; });
    }
};

// The Class column is edited with a combo box of the task classes.
class ClassDelegate : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    QWidget *createEditor(QWidget *parent, const QStyleOptionViewItem &,
                          const QModelIndex &) const override
    {
        auto *combo = new QComboBox(parent);
        for (int i = 0; i < Domain::kTaskClassCount; ++i)
            combo->addItem(Common::sessionClassName(Domain::TaskClass(i)), i);
        return combo;
    }
    void setEditorData(QWidget *editor, const QModelIndex &index) const override
    {
        static_cast<QComboBox *>(editor)->setCurrentIndex(index.data(kClassRole).toInt());
    }
    void setModelData(QWidget *editor, QAbstractItemModel *model,
                      const QModelIndex &index) const override
    {
        // Both roles in one change: the first alone would be applied with the old name.
        auto *combo = static_cast<QComboBox *>(editor);
        model->setItemData(
            index,
            { { Qt::DisplayRole, combo->currentText() }, { kClassRole, combo->currentData() } });
    }
};

} // namespace

ClassifierRulesEditor::ClassifierRulesEditor(Common::WorkspaceSession *session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_table(new QTableWidget(0, 2, this))
    , m_error(Common::makeErrorLabel(this))
    , m_add(new QPushButton(Tr::tr("Add"), this))
    , m_remove(new QPushButton(Tr::tr("Remove"), this))
    , m_up(new QPushButton(Tr::tr("Move up"), this))
    , m_down(new QPushButton(Tr::tr("Move down"), this))
    , m_restore(new QPushButton(Tr::tr("Restore defaults"), this))
{
    m_table->setHorizontalHeaderLabels({ Tr::tr("Class"), Tr::tr("When") });
    m_table->setObjectName(u"classifierRules"_s);
    m_table->setItemDelegateForColumn(ClassColumn, new ClassDelegate(m_table));
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setTabKeyNavigation(false); // Tab goes on to the buttons; arrows move between cells
    m_table->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed
                             | QAbstractItemView::AnyKeyPressed);
    m_table->horizontalHeader()->setSectionResizeMode(ClassColumn, QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 10);
    m_table->setMinimumHeight(260);
    m_table->setToolTip(
        Tr::tr("Conditions are signals compared with whole numbers, separated by commas, e.g. "
               "\"code_fences ≥ 1, user_chars ≤ 400\" (>= and <= work too); empty: always."));
    m_add->setToolTip(Tr::tr("Add a rule below the selected one"));
    m_restore->setToolTip(Tr::tr("Replace every rule with the ones Switchboard ships with"));
    m_error->setObjectName(u"classifierRulesError"_s);
    auto *buttons = new QHBoxLayout;
    for (QPushButton *b : { m_add, m_remove, m_up, m_down })
        buttons->addWidget(b);
    buttons->addStretch();
    buttons->addWidget(m_restore);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_table);
    layout->addWidget(m_error);
    layout->addLayout(buttons);

    connect(m_table, &QTableWidget::itemChanged, this, &ClassifierRulesEditor::handleItemChanged);
    connect(m_table, &QTableWidget::itemSelectionChanged, this,
            &ClassifierRulesEditor::refreshButtons);
    connect(m_add, &QPushButton::clicked, this, &ClassifierRulesEditor::handleAdd);
    connect(m_remove, &QPushButton::clicked, this, &ClassifierRulesEditor::handleRemove);
    connect(m_up, &QPushButton::clicked, this, [this] { move(-1); });
    connect(m_down, &QPushButton::clicked, this, [this] { move(1); });
    connect(m_restore, &QPushButton::clicked, this, [this] {
        m_invalid.clear();
        setRules(Domain::defaultClassifierRules(), Tr::tr("Restore the default classifier rules"));
    });
    connect(m_session, &Common::WorkspaceSession::editedChanged, this,
            &ClassifierRulesEditor::refresh);
    refresh();
}

// Items are updated in place, never replaced: an edit's own itemChanged leads here.
void ClassifierRulesEditor::refresh()
{
    const QList<Domain::ClassifierRule> &rules = m_session->edited().classifierRules;
    if (rules != m_shown || m_table->rowCount() != rules.size()) {
        // A refused text is tied to a row number, which any other change (undo, Discard, a move)
        // may give to another rule: it is dropped, and every row shows what applies.
        m_invalid.clear();
        m_shown = rules;
        const QSignalBlocker blocker(m_table);
        m_table->setRowCount(int(rules.size()));
        for (int row = 0; row < rules.size(); ++row) {
            if (!m_table->item(row, ClassColumn)) {
                m_table->setItem(row, ClassColumn, new QTableWidgetItem);
                m_table->setItem(row, WhenColumn, new QTableWidgetItem);
            }
            const Domain::TaskClass c = rules.at(row).taskClass;
            QTableWidgetItem *cls = m_table->item(row, ClassColumn);
            cls->setData(kClassRole, int(c));
            cls->setText(Common::sessionClassName(c));
            m_table->item(row, WhenColumn)->setText(conditionsText(rules.at(row).conditions));
        }
    }
    m_restore->setEnabled(rules != Domain::defaultClassifierRules());
    refreshError();
    refreshButtons();
}

void ClassifierRulesEditor::refreshButtons()
{
    const int row = selectedRow();
    const int n = m_table->rowCount();
    m_remove->setEnabled(row >= 0);
    m_up->setEnabled(row > 0);
    m_down->setEnabled(row >= 0 && row < n - 1);
    m_add->setEnabled(n < Domain::kMaxClassifierRules);
}

// A row whose text is refused keeps it, in the error colour, with the reason under the table.
void ClassifierRulesEditor::refreshError()
{
    QStringList lines;
    const QSignalBlocker blocker(m_table);
    for (int row = 0; row < m_table->rowCount(); ++row) {
        QTableWidgetItem *when = m_table->item(row, WhenColumn);
        const QString error = m_invalid.value(row);
        when->setToolTip(error);
        when->setForeground(error.isEmpty() ? QBrush() : QBrush(Common::errorColor(palette())));
        // The icon stays visible on a selected row, whose highlight hides the colour.
        when->setIcon(error.isEmpty() ? QIcon()
                                      : style()->standardIcon(QStyle::SP_MessageBoxWarning));
        if (!error.isEmpty())
            lines << Tr::tr("Rule %1 is not applied: %2").arg(row + 1).arg(error);
    }
    for (const Config::Problem &p : m_session->problemsAt(u"classifierRules"_s))
        lines << Common::problemText(p);
    m_error->setText(lines.join(u'\n'));
    m_error->setVisible(!lines.isEmpty());
}

void ClassifierRulesEditor::handleItemChanged(QTableWidgetItem *item)
{
    const int row = item->row();
    QList<Domain::ClassifierRule> rules = m_session->edited().classifierRules;
    if (row < 0 || row >= rules.size())
        return;
    if (item->column() == ClassColumn) {
        const auto c = Domain::TaskClass(item->data(kClassRole).toInt());
        if (rules[row].taskClass == c)
            return;
        rules[row].taskClass = c;
        setRules(rules, Tr::tr("Set the class of rule %1").arg(row + 1));
        return;
    }
    const ParsedConditions parsed = parseConditions(item->text());
    if (!parsed.ok()) {
        m_invalid.insert(row, parsed.error);
        refreshError();
        return;
    }
    m_invalid.remove(row);
    if (rules[row].conditions == parsed.conditions) {
        refreshError();
        return;
    }
    rules[row].conditions = parsed.conditions;
    // refresh() shows the applied text as the rule reads back ("tools>=1" → "tools ≥ 1").
    setRules(rules, Tr::tr("Set the conditions of rule %1").arg(row + 1));
}

void ClassifierRulesEditor::setRules(const QList<Domain::ClassifierRule> &rules,
                                     const QString &text)
{
    if (rules != m_session->edited().classifierRules)
        m_session->push(new SetClassifierRulesCommand(m_session, rules, text));
}

void ClassifierRulesEditor::move(int delta)
{
    const int row = selectedRow();
    QList<Domain::ClassifierRule> rules = m_session->edited().classifierRules;
    const int to = row + delta;
    if (row < 0 || to < 0 || to >= rules.size())
        return;
    rules.move(row, to);
    m_invalid.clear();
    setRules(rules, Tr::tr("Move rule %1 to %2").arg(row + 1).arg(to + 1));
    m_table->setCurrentCell(to, m_table->currentColumn() < 0 ? 0 : m_table->currentColumn());
}

void ClassifierRulesEditor::handleAdd()
{
    QList<Domain::ClassifierRule> rules = m_session->edited().classifierRules;
    const int row = selectedRow() < 0 ? int(rules.size()) : selectedRow() + 1;
    // A new rule always holds until conditions are typed; the user places it with Move.
    rules.insert(row, Domain::ClassifierRule {});
    m_invalid.clear();
    setRules(rules, Tr::tr("Add a classifier rule"));
    m_table->setCurrentCell(row, WhenColumn);
    m_table->setFocus();
}

void ClassifierRulesEditor::handleRemove()
{
    const int row = selectedRow();
    QList<Domain::ClassifierRule> rules = m_session->edited().classifierRules;
    if (row < 0 || row >= rules.size())
        return;
    rules.removeAt(row);
    m_invalid.clear();
    setRules(rules, Tr::tr("Remove rule %1").arg(row + 1));
    if (!rules.isEmpty())
        m_table->setCurrentCell(std::min(row, int(rules.size()) - 1), ClassColumn);
}

int ClassifierRulesEditor::selectedRow() const
{
    const QList<QTableWidgetItem *> selected = m_table->selectedItems();
    return selected.isEmpty() ? -1 : selected.first()->row();
}

} // namespace Ui::Workspace
