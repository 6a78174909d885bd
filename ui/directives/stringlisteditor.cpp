#include "stringlisteditor.h"

#include "common/tr.h"

#include <QComboBox>
#include <QGridLayout>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSignalBlocker>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace Ui::Directives {

StringListEditor::StringListEditor(Order order, QWidget *parent)
    : QWidget(parent)
    , m_entry(new QComboBox(this))
    , m_list(new QListWidget(this))
    , m_add(new QPushButton(Tr::tr("Add"), this))
    , m_remove(new QPushButton(Tr::tr("Remove"), this))
{
    m_entry->setEditable(true);
    m_entry->setInsertPolicy(QComboBox::NoInsert);
    // No inline completion: typing "a/b" must not silently become "a/b-mini"; the list offers
    // picks.
    m_entry->setCompleter(nullptr);
    m_entry->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_entry->setMinimumContentsLength(12);
    m_list->setMaximumHeight(80);
    m_list->setSelectionMode(QAbstractItemView::SingleSelection);

    // The list with its row actions beside it, the entry with Add below: narrow enough for a form.
    auto *rowActions = new QVBoxLayout;
    rowActions->addWidget(m_remove);
    if (order == Order::Ordered) {
        m_up = new QPushButton(Tr::tr("Up"), this);
        m_down = new QPushButton(Tr::tr("Down"), this);
        rowActions->addWidget(m_up);
        rowActions->addWidget(m_down);
        connect(m_up, &QPushButton::clicked, this, [this] { move(-1); });
        connect(m_down, &QPushButton::clicked, this, [this] { move(1); });
    }
    rowActions->addStretch();
    auto *layout = new QGridLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_list, 0, 0);
    layout->addLayout(rowActions, 0, 1);
    layout->addWidget(m_entry, 1, 0);
    layout->addWidget(m_add, 1, 1);

    connect(m_add, &QPushButton::clicked, this, &StringListEditor::handleAdd);
    connect(m_entry->lineEdit(), &QLineEdit::returnPressed, this, &StringListEditor::handleAdd);
    connect(m_remove, &QPushButton::clicked, this, &StringListEditor::handleRemove);
    connect(m_list, &QListWidget::currentRowChanged, this, &StringListEditor::refreshButtons);
    connect(m_entry, &QComboBox::editTextChanged, this, &StringListEditor::refreshButtons);
    refreshButtons();
}

void StringListEditor::setChoices(const QStringList &choices)
{
    const QString typed = m_entry->currentText();
    const QSignalBlocker blocker(m_entry);
    m_entry->clear();
    m_entry->addItems(choices);
    m_entry->setEditText(typed);
}

void StringListEditor::setItems(const QStringList &items)
{
    if (items == this->items())
        return;
    const int row = m_list->currentRow();
    const QSignalBlocker blocker(m_list);
    m_list->clear();
    m_list->addItems(items);
    m_list->setCurrentRow(qMin(row, int(items.size()) - 1));
    refreshButtons();
}

QStringList StringListEditor::items() const
{
    QStringList out;
    for (int i = 0; i < m_list->count(); ++i)
        out << m_list->item(i)->text();
    return out;
}

void StringListEditor::setPlaceholder(const QString &text)
{
    m_entry->lineEdit()->setPlaceholderText(text);
}

QComboBox *StringListEditor::entry() const
{
    return m_entry;
}
QListWidget *StringListEditor::list() const
{
    return m_list;
}
QPushButton *StringListEditor::addButton() const
{
    return m_add;
}
QPushButton *StringListEditor::removeButton() const
{
    return m_remove;
}
QPushButton *StringListEditor::upButton() const
{
    return m_up;
}
QPushButton *StringListEditor::downButton() const
{
    return m_down;
}

void StringListEditor::handleAdd()
{
    const QString name = m_entry->currentText().trimmed();
    // A name already listed adds nothing: the lists are sets (ordered or not).
    if (name.isEmpty() || items().contains(name))
        return;
    QStringList next = items();
    next << name;
    m_entry->setEditText(QString());
    Q_EMIT itemsEdited(next);
}

void StringListEditor::handleRemove()
{
    const int row = m_list->currentRow();
    if (row < 0)
        return;
    QStringList next = items();
    next.removeAt(row);
    Q_EMIT itemsEdited(next);
}

void StringListEditor::move(int delta)
{
    const int row = m_list->currentRow();
    const int to = row + delta;
    if (row < 0 || to < 0 || to >= m_list->count())
        return;
    QStringList next = items();
    next.move(row, to);
    Q_EMIT itemsEdited(next);
    m_list->setCurrentRow(to);
}

void StringListEditor::refreshButtons()
{
    const int row = m_list->currentRow();
    const QString typed = m_entry->currentText().trimmed();
    m_add->setEnabled(!typed.isEmpty() && !items().contains(typed));
    m_remove->setEnabled(row >= 0);
    if (m_up)
        m_up->setEnabled(row > 0);
    if (m_down)
        m_down->setEnabled(row >= 0 && row < m_list->count() - 1);
}

} // namespace Ui::Directives
