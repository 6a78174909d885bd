#pragma once

#include <QWidget>
#include <domain/model.h>

class QCheckBox;
class QComboBox;
class QLineEdit;
class QListWidget;
class QPushButton;

namespace Ui::Common {
class WorkspaceSession;
}

namespace Ui::Models {

// Settings → Offerings of a Direct model: the fixed order (R-PLAN-3) with move up/down, add,
// remove, and a form for the selected offering (connection, upstream model id, precision,
// capabilities, certified).
class OfferingsEditor : public QWidget
{
    Q_OBJECT
public:
    explicit OfferingsEditor(Common::WorkspaceSession *session, QWidget *parent = nullptr);
    void setModelName(const QString &name);

    QListWidget *list() const;
    QPushButton *upButton() const;
    QPushButton *downButton() const;
    QPushButton *addButton() const;
    QPushButton *removeButton() const;
    QLineEdit *upstreamEdit() const;

    static QString summary(const Domain::Offering &o);

private:
    void connectFields();
    void refresh();
    void refreshForm();
    void editSelected(const std::function<void(Domain::Offering &)> &edit, const QString &field);
    void move(int delta);
    void handleAdd();
    void handleRemove();
    int selectedRow() const;

    Common::WorkspaceSession *m_session;
    QString m_model;
    QListWidget *m_list;
    QPushButton *m_up;
    QPushButton *m_down;
    QPushButton *m_add;
    QPushButton *m_remove;
    QWidget *m_form;
    QComboBox *m_connection;
    QLineEdit *m_upstream;
    QComboBox *m_precision;
    QCheckBox *m_tools;
    QCheckBox *m_structured;
    QCheckBox *m_vision;
    QLineEdit *m_webSearch;
    QCheckBox *m_certified;
};

} // namespace Ui::Models
