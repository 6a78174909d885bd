#pragma once

#include <QDateTime>
#include <QGroupBox>
#include <QStringList>
#include <functional>
#include <optional>
#include <store/statsloader.h>

class QBarSet;
class QChart;
class QDateTimeAxis;
class QGridLayout;
class QLabel;
class QProgressBar;
class QTimer;
class QValueAxis;

namespace Store {
class ReceiptWriter;
}

namespace Ui::Keys {

// "Sessions (last 30 days)" of the selected key (SPEC §6): projected savings per UTC day, the task
// class mix, Suggest mode's acceptance rate and the total saving. One query answers every key,
// off the UI thread (Store::StatsLoader); it runs when the panel is shown and, while shown, at most
// once per refresh delay after receipts are written.
class SessionsPanel : public QGroupBox
{
    Q_OBJECT
public:
    static constexpr int kDays = 30;

    explicit SessionsPanel(QWidget *parent = nullptr);
    ~SessionsPanel() override;

    // Without a database the panel says its figures are not available. Only the first call counts.
    void useDatabase(const QString &path, Store::ReceiptWriter *writer);
    void setNow(std::function<QDateTime()> now);
    void setRefreshDelay(int ms);
    // `inForce`: the key's session mode in force, for what an empty window means.
    void setKey(const QString &keyId, const QString &keyName, Domain::SessionMode inForce);
    void reload();

    // The last 30 UTC days up to today's, one day per bucket, the sessions' figures only.
    Store::StatsQuery currentQuery() const;
    QString summaryText() const;
    QString acceptanceText() const;
    QStringList classRows() const; // "Code · 12 · 30 %" per class, in the classes' order
    QList<double> dailySavings() const; // USD per day of the chart, oldest first
    QChart *chart() const { return m_chart; }

Q_SIGNALS:
    void refreshed(); // an answer (or an error) is shown

protected:
    void showEvent(QShowEvent *event) override;

private:
    void noteReceiptsWritten();
    void handleAnswer(const Store::StatsAnswer &answer);
    void showKey();
    void showChart(const Store::KeySessionStats &stats, const QDate &firstDay);
    void showClassMix(const Store::KeySessionStats &stats);
    void showBarTip(bool entered, int index);

    Store::StatsLoader *m_loader = nullptr;
    std::function<QDateTime()> m_now;
    QTimer *m_liveTimer;
    bool m_stale = true; // receipts written while hidden: reload when shown
    QString m_keyId;
    QString m_keyName;
    Domain::SessionMode m_mode = Domain::SessionMode::Off;
    std::optional<Store::StatsAnswer> m_answer;
    QLabel *m_summary;
    QLabel *m_acceptance;
    QChart *m_chart;
    QBarSet *m_savings;
    QDateTimeAxis *m_days;
    QDate m_firstDay; // the chart's first bar
    QValueAxis *m_amounts;
    QList<QLabel *> m_classNames;
    QList<QProgressBar *> m_classShares;
    QList<QLabel *> m_classCounts;
};

} // namespace Ui::Keys
