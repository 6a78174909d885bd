#pragma once

#include <QStringList>
#include <QWidget>

class QComboBox;
class QLabel;
class QListWidget;
class QPushButton;

namespace Ui::Directives {

// A list of names edited by picking or typing: an editable choice box (existing models, vendor
// patterns, providers…) with Add, and Remove; ordered lists also get Up and Down. Every user edit
// emits itemsEdited with the whole new list; setItems() from the session does not.
class StringListEditor : public QWidget
{
    Q_OBJECT
public:
    enum class Order { Unordered, Ordered };
    explicit StringListEditor(Order order, QWidget *parent = nullptr);

    void setChoices(const QStringList &choices);
    void setItems(const QStringList &items);
    QStringList items() const;
    void setPlaceholder(const QString &text);

    QComboBox *entry() const;
    QListWidget *list() const;
    QPushButton *addButton() const;
    QPushButton *removeButton() const;
    QPushButton *upButton() const; // nullptr for unordered lists
    QPushButton *downButton() const; // nullptr for unordered lists

Q_SIGNALS:
    void itemsEdited(const QStringList &items);

private:
    void handleAdd();
    void handleRemove();
    void move(int delta);
    void refreshButtons();

    QComboBox *m_entry;
    QListWidget *m_list;
    QPushButton *m_add;
    QPushButton *m_remove;
    QPushButton *m_up = nullptr;
    QPushButton *m_down = nullptr;
};

} // namespace Ui::Directives
