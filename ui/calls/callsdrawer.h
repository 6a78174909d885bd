#pragma once

#include <QHash>
#include <QStringList>
#include <QWidget>
#include <domain/receipt.h>
#include <domain/workspace.h>
#include <optional>

class QGridLayout;
class QFrame;
class QLabel;
class QPushButton;
class QScrollArea;
class QVBoxLayout;

namespace Ui::Calls {

// The Calls drawer (R-UI-5, UI.md): one receipt, attempt by attempt. Subtitle "3 attempts ·
// 1,240 ms · 200", Served by, every attempt with its wait and decision, every skipped candidate
// with its reason and directive level, a mixed-model session's verdict (SPEC §6), then alias,
// fallback, region header, holds, cost and usage.
class CallsDrawer : public QWidget
{
    Q_OBJECT
public:
    explicit CallsDrawer(QWidget *parent = nullptr);

    // Shows the receipt; nullopt shows "no call selected".
    void setReceipt(const std::optional<Domain::Receipt> &receipt);
    const std::optional<Domain::Receipt> &receipt() const;
    // Where provider names come from (connection → provider); may be null.
    void setWorkspace(const Domain::Workspace *workspace);

    // What the user reads, for tests and accessibility.
    QString titleText() const;
    QString subtitleText() const;
    QString servedByText() const;
    QStringList attemptTexts() const; // one entry per attempt: headline and detail, two lines
    QStringList skipTexts() const;
    QString detailText(const QString &field) const; // a row of the details ("Alias", "Fallback", …)
    QString sessionAcceptedText() const; // empty unless the call accepted a suggestion

    QPushButton *copyJsonButton() const;
    QPushButton *copyRequestIdButton() const;
    QPushButton *explainButton() const;

    // The sentences, also used by the tests to state what they expect.
    static QString subtitle(const Domain::Receipt &r);
    static QString attemptHeadline(const Domain::Attempt &a);
    static QString attemptDetail(const Domain::Attempt &a);
    static QString waitText(const Domain::Attempt &a);
    static QString skipText(const Domain::Skip &s, const QString &requestedModel);

Q_SIGNALS:
    void closeRequested();
    void explainRequested(const Domain::Receipt &receipt);

private:
    void buildBody();
    void rebuild();
    QString servedBy(const Domain::Receipt &r) const;
    QLabel *addSection(const QString &title);
    void fitLabels(QList<QLabel *> &pool, QVBoxLayout *layout, qsizetype count,
                   const QString &objectName);
    void showAttempts(const Domain::Receipt &r);
    void showSkips(const Domain::Receipt &r);
    void showDetails(const Domain::Receipt &r);
    void showSession(const Domain::Receipt &r);
    void addDetailRows(QGridLayout *grid, const QStringList &fields);
    void setDetail(const QString &field, const QString &value);
    void copyJson();
    void copyRequestId();

    std::optional<Domain::Receipt> m_receipt;
    const Domain::Workspace *m_workspace = nullptr;
    QLabel *m_title;
    QLabel *m_subtitle;
    QLabel *m_servedBy;
    QScrollArea *m_scroll = nullptr;
    // Made once, updated for every receipt.
    QWidget *m_body = nullptr;
    QVBoxLayout *m_bodyLayout = nullptr;
    QLabel *m_noAttempts = nullptr;
    QVBoxLayout *m_attemptLayout = nullptr;
    QList<QLabel *> m_attemptLabels; // the first attempts.size() are shown
    QLabel *m_skipsTitle = nullptr;
    QVBoxLayout *m_skipLayout = nullptr;
    QList<QLabel *> m_skipLabels; // the first skips.size() are shown
    QHash<QLabel *, QFrame *> m_sectionLines; // a section title's rule
    QGridLayout *m_details = nullptr;
    QLabel *m_sessionTitle = nullptr;
    QLabel *m_sessionAccepted = nullptr;
    QHash<QString, QLabel *> m_detailLabels; // by field ("Alias", "Fallback", …)
    QHash<QLabel *, QLabel *> m_detailNames; // each value's field name, hidden with it
    QStringList m_attemptPlain; // what each attempt's label shows, as plain text
    QPushButton *m_copyJson;
    QPushButton *m_copyId;
    QPushButton *m_explain;
};

} // namespace Ui::Calls
