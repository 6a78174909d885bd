#pragma once

#include "common/preferences.h"

#include <QDialog>

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace Store {
class ReceiptWriter;
}

namespace Ui::Main {

// Edit → Preferences (Ctrl+,): language, theme, the embedded gateway's default listen address,
// receipt retention and the database of the next start, saved in QSettings (Common::Preferences).
// OK applies at once what can be (theme, retention: the writer prunes in the background); the
// language, the address and the database take effect later, and the dialog says when.
class PreferencesDialog : public QDialog
{
    Q_OBJECT
public:
    enum class Retention { KeepAll, Days, Receipts };

    // `databaseInUse`: the file this run opened. `writer`: the running receipt writer, if any.
    PreferencesDialog(const QString &databaseInUse, Store::ReceiptWriter *writer,
                      QWidget *parent = nullptr);

    // What the widgets say now; valid only when listenProblem() is empty.
    Common::Preferences preferences() const;
    // Empty, or why the listen address is refused (translated).
    QString listenProblem() const;
    void setDatabasePath(const QString &path); // empty: the default location

    QComboBox *languageBox() const { return m_language; }
    QComboBox *themeBox() const { return m_theme; }
    QLineEdit *listenEdit() const { return m_listen; }
    QLabel *listenMessage() const { return m_listenMessage; }
    QComboBox *retentionBox() const { return m_retention; }
    QSpinBox *retentionAmount() const { return m_amount; }
    QLineEdit *databaseEdit() const { return m_database; }
    QLabel *languageNote() const { return m_languageNote; }
    QDialogButtonBox *buttons() const { return m_buttons; }

public Q_SLOTS:
    void accept() override; // refuses an invalid address; otherwise saves and applies

private:
    QWidget *buildRetention();
    QWidget *buildDatabase();
    void showValues(const Common::Preferences &p);
    void validateListen();
    void growToFit();
    void updateRetentionAmount();
    void chooseDatabase();

    QString m_databaseInUse;
    Store::ReceiptWriter *m_writer;
    Common::Preferences m_loaded;
    QComboBox *m_language;
    QLabel *m_languageNote;
    QComboBox *m_theme;
    QLineEdit *m_listen;
    QLabel *m_listenMessage;
    QComboBox *m_retention;
    QSpinBox *m_amount;
    QLineEdit *m_database;
    QLabel *m_databaseNote;
    QDialogButtonBox *m_buttons;
};

} // namespace Ui::Main
