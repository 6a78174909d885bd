#include "openworkspacedialog.h"

#include "common/errortext.h"
#include "common/theme.h"
#include "common/tr.h"

#include <QApplication>
#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QUrl>
#include <QUrlQuery>
#include <QVBoxLayout>
#include <store/database.h>
#include <store/storeerror.h>

using namespace Qt::StringLiterals;

namespace Ui::Main {
OpenWorkspaceDialog::OpenWorkspaceDialog(const QString &current, QWidget *parent)
    : QDialog(parent)
    , m_fileChoice(new QRadioButton(Tr::tr("A &file on this computer"), this))
    , m_file(new QLineEdit(this))
    , m_browse(new QPushButton(Tr::tr("&Browse…"), this))
    , m_postgresChoice(new QRadioButton(Tr::tr("A &PostgreSQL database"), this))
    , m_url(new QLineEdit(this))
    , m_everyStart(new QCheckBox(Tr::tr("Open it at &every start"), this))
    , m_problem(new QLabel(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Open | QDialogButtonBox::Cancel, this))
{
    setObjectName(u"openWorkspaceDialog"_s);
    setWindowTitle(Tr::tr("Open workspace"));
    m_file->setObjectName(u"workspaceFile"_s);
    m_url->setObjectName(u"workspaceUrl"_s);
    m_url->setPlaceholderText(u"postgresql://user@host:5432/switchboard"_s);
    m_problem->setObjectName(u"openProblem"_s);
    m_problem->setWordWrap(true);
    Common::showAsError(m_problem);
    m_problem->hide();

    auto *fileRow = new QHBoxLayout;
    fileRow->addWidget(m_file, 1);
    fileRow->addWidget(m_browse);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(
        Common::noteLabel(Tr::tr("Switchboard starts again on the workspace you open; unsaved "
                                 "changes are asked about first."),
                          this));
    layout->addWidget(m_fileChoice);
    layout->addLayout(fileRow);
    layout->addWidget(m_postgresChoice);
    layout->addWidget(m_url);
    layout->addWidget(
        Common::noteLabel(Tr::tr("Several gateways and studios can share one PostgreSQL "
                                 "database. The password is never typed here: it comes from "
                                 "the PGPASSWORD environment variable or from ~/.pgpass."),
                          this));
    layout->addWidget(m_everyStart);
    layout->addWidget(m_problem);
    layout->addWidget(m_buttons);
    // Wide enough for a location, and for the notes to wrap into a few lines instead of being cut.
    setMinimumWidth(fontMetrics().averageCharWidth() * 64);

    if (Store::Database::isPostgresLocation(current)) {
        m_url->setText(current);
        m_postgresChoice->setChecked(true);
    } else {
        m_file->setText(current);
        m_fileChoice->setChecked(true);
    }
    connect(m_browse, &QPushButton::clicked, this, &OpenWorkspaceDialog::chooseFile);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &OpenWorkspaceDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &OpenWorkspaceDialog::reject);
    for (QRadioButton *choice : { m_fileChoice, m_postgresChoice })
        connect(choice, &QRadioButton::toggled, this, &OpenWorkspaceDialog::validate);
    for (QLineEdit *field : { m_file, m_url })
        connect(field, &QLineEdit::textChanged, this, &OpenWorkspaceDialog::validate);
    // Typing into a field chooses it.
    connect(m_file, &QLineEdit::textEdited, m_fileChoice,
            [this] { m_fileChoice->setChecked(true); });
    connect(m_url, &QLineEdit::textEdited, m_postgresChoice,
            [this] { m_postgresChoice->setChecked(true); });
    validate();
}

QString OpenWorkspaceDialog::location() const
{
    if (m_postgresChoice->isChecked())
        return m_url->text().trimmed();
    // Absolute: the location outlives this working folder (Open it at every start).
    const QString file = m_file->text().trimmed();
    return file.isEmpty() ? file : QFileInfo(file).absoluteFilePath();
}

QString OpenWorkspaceDialog::problem() const
{
    const QString chosen = location();
    if (m_fileChoice->isChecked()) {
        if (chosen.isEmpty())
            return Tr::tr("Choose a database file.");
        if (QFileInfo(chosen).isDir())
            return Tr::tr("“%1” is a folder: choose a database file.").arg(chosen);
        return {};
    }
    if (chosen.isEmpty())
        return Tr::tr("Enter the database's location: postgresql://user@host:port/database.");
    if (!Store::Database::isPostgresLocation(chosen))
        return Common::errorText(Store::storeError(Store::ErrorCode::BadDatabaseUrl, { chosen }));
    const Util::Status checked = Store::Database::checkLocation(chosen);
    return checked ? QString() : Common::errorText(checked.error());
}

void OpenWorkspaceDialog::accept()
{
    validate();
    if (!problem().isEmpty())
        return;
    // The studio closes to start again on the location: a server that cannot be reached, a
    // refused login or a newer schema is said here, while the studio is still open. A database no
    // Switchboard used yet (schema 0) is fine: the new start creates it.
    if (Store::Database::isPostgresLocation(location())) {
        QApplication::setOverrideCursor(Qt::WaitCursor);
        const auto db = Store::Database::open(location(), Store::Database::Mode::ReadOnly);
        QApplication::restoreOverrideCursor();
        if (!db && Store::errorCodeOf(db.error()) != Store::ErrorCode::OldSchema) {
            m_problem->setText(Common::errorText(db.error()));
            m_problem->setVisible(true);
            Common::outlineAsError(m_url, true);
            return;
        }
    }
    QDialog::accept();
}

void OpenWorkspaceDialog::chooseFile()
{
    // An existing file, or the name of a new one (an empty workspace): opened, never overwritten.
    QFileDialog dialog(this, Tr::tr("Open workspace"), m_file->text(),
                       Tr::tr("Switchboard database (*.sqlite *.db);;All files (*)"));
    dialog.setAcceptMode(QFileDialog::AcceptOpen);
    dialog.setFileMode(QFileDialog::AnyFile);
    if (dialog.exec() != QDialog::Accepted || dialog.selectedFiles().isEmpty())
        return;
    m_file->setText(dialog.selectedFiles().constFirst());
    m_fileChoice->setChecked(true);
}

void OpenWorkspaceDialog::validate()
{
    const bool file = m_fileChoice->isChecked();
    m_browse->setEnabled(file);
    const QString why = problem();
    // An empty field is not an error yet: Open just waits for it.
    const bool empty = location().isEmpty();
    m_problem->setText(empty ? QString() : why);
    m_problem->setVisible(!empty && !why.isEmpty());
    Common::outlineAsError(file ? m_file : m_url, !empty && !why.isEmpty());
    Common::outlineAsError(file ? m_url : m_file, false);
    m_buttons->button(QDialogButtonBox::Open)->setEnabled(why.isEmpty());
}

QString locationTitle(const QString &location)
{
    if (!Store::Database::isPostgresLocation(location))
        return QFileInfo(location).fileName();
    const QUrl url(location);
    QString where = url.host();
    if (url.port() > 0)
        where += u':' + QString::number(url.port());
    return where + url.path();
}

} // namespace Ui::Main
