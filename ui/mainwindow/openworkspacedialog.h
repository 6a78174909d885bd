#pragma once

#include <QDialog>

class QCheckBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QRadioButton;

namespace Ui::Main {

// File → Open workspace…: a database file on this computer, or a PostgreSQL database that several
// gateways share (postgresql://user@host:port/database). The password never goes through the
// studio: libpq reads PGPASSWORD or ~/.pgpass, and a location holding one is refused here.
class OpenWorkspaceDialog : public QDialog
{
    Q_OBJECT
public:
    // `current`: the location in use, shown as the starting choice.
    explicit OpenWorkspaceDialog(const QString &current, QWidget *parent = nullptr);

    // The chosen file's path or the PostgreSQL URL; valid once problem() is empty.
    QString location() const;
    // Empty, or why OK is refused (translated).
    QString problem() const;

    QRadioButton *fileChoice() const { return m_fileChoice; }
    QRadioButton *postgresChoice() const { return m_postgresChoice; }
    QLineEdit *fileField() const { return m_file; }
    QLineEdit *urlField() const { return m_url; }
    // Checked: the location becomes the one the studio opens when started without --db
    // (Preferences → Database).
    QCheckBox *everyStartChoice() const { return m_everyStart; }

    void accept() override;

private:
    void chooseFile();
    void validate();

    QRadioButton *m_fileChoice;
    QLineEdit *m_file;
    QPushButton *m_browse;
    QRadioButton *m_postgresChoice;
    QLineEdit *m_url;
    QCheckBox *m_everyStart;
    QLabel *m_problem;
    QDialogButtonBox *m_buttons;
};

// How the window title names a location: the file's name, or host:port/database.
QString locationTitle(const QString &location);

} // namespace Ui::Main
