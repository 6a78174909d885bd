#pragma once

#include <QDateTime>
#include <QStringList>
#include <QVariantList>
#include <QWidget>
#include <store/receiptrow.h>

class QComboBox;
class QLineEdit;

namespace Ui::Calls {

// The filters above the Calls table: model, endpoint, call kind (callers' calls, probes,
// rehearsals), served-by connection, gateway instance, status class, error class, time range and
// request id (R-UI-5).
// It only collects choices; CallsTableModel runs them in SQL.
class CallsFilterBar : public QWidget
{
    Q_OBJECT
public:
    enum class Range { Any, Last15Minutes, LastHour, Last24Hours, Last7Days };

    explicit CallsFilterBar(QWidget *parent = nullptr);

    // The choices offered; the current choice is kept when it is still offered.
    void setModels(const QStringList &models);
    void setConnections(const QStringList &connections);
    // The gateway instances known to have stored receipts. Their chooser shows once there are two
    // (several gateways on one database), or while one is chosen.
    void setInstances(const QStringList &instances);
    // The Calls tab of a model page: the model is fixed and its chooser hidden.
    void setFixedModel(const QString &model);

    // The filter for the current choices; time ranges count back from `now`.
    Store::ReceiptFilter filter(const QDateTime &now) const;

    // The choices as they stand, and back to them without filterChanged (a cancelled filter).
    QVariantList choices() const;
    void restoreChoices(const QVariantList &choices);

    QComboBox *modelBox() const;
    QComboBox *endpointBox() const;
    QComboBox *kindBox() const;
    QComboBox *servedByBox() const;
    QComboBox *instanceBox() const;
    QComboBox *statusBox() const;
    QComboBox *errorBox() const;
    QComboBox *rangeBox() const;
    QLineEdit *requestIdEdit() const;

Q_SIGNALS:
    void filterChanged();

private:
    static void refill(QComboBox *box, const QString &allText, const QStringList &values);

    QString m_fixedModel;
    QComboBox *m_model;
    QComboBox *m_endpoint;
    QComboBox *m_kind;
    QComboBox *m_servedBy;
    QComboBox *m_instance;
    QComboBox *m_status;
    QComboBox *m_error;
    QComboBox *m_range;
    QLineEdit *m_requestId;
};

} // namespace Ui::Calls
