#include "preferencesdialog.h"

#include "common/theme.h"
#include "common/tr.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <store/database.h>
#include <store/receiptwriter.h>

using namespace Qt::StringLiterals;

namespace Ui::Main {
PreferencesDialog::PreferencesDialog(const QString &databaseInUse, Store::ReceiptWriter *writer,
                                     QWidget *parent)
    : QDialog(parent)
    , m_databaseInUse(databaseInUse)
    , m_writer(writer)
    , m_loaded(Common::Preferences::load())
{
    setWindowTitle(Tr::tr("Preferences"));
    auto *form = new QFormLayout;

    m_language = new QComboBox(this);
    const QString system = QLocale().name().left(2);
    m_language->addItem(
        Tr::tr("System (%1)")
            .arg(Common::languageName(Common::languages().contains(system) ? system : u"en"_s)),
        u"system"_s);
    for (const QString &code : Common::languages())
        m_language->addItem(Common::languageName(code), code);
    m_languageNote
        = Common::noteLabel(Tr::tr("A new language shows when Switchboard starts again."), this);
    auto *language = new QVBoxLayout;
    language->addWidget(m_language);
    language->addWidget(m_languageNote);
    form->addRow(Tr::tr("Language"), language);

    m_theme = new QComboBox(this);
    m_theme->addItem(Tr::tr("System"), Common::themeName(Common::Theme::System));
    m_theme->addItem(Tr::tr("Light"), Common::themeName(Common::Theme::Light));
    m_theme->addItem(Tr::tr("Dark"), Common::themeName(Common::Theme::Dark));
    form->addRow(Tr::tr("Theme"), m_theme);

    m_listen = new QLineEdit(this);
    m_listen->setPlaceholderText(u"127.0.0.1:8640"_s);
    m_listenMessage = new QLabel(this);
    m_listenMessage->setWordWrap(true);
    Common::showAsError(m_listenMessage);
    m_listenMessage->hide();
    auto *listen = new QVBoxLayout;
    listen->addWidget(m_listen);
    listen->addWidget(m_listenMessage);
    listen->addWidget(
        Common::noteLabel(Tr::tr("Where the embedded gateway listens the next time it starts: "
                                 "127.0.0.1:8640, [::1]:8640, localhost:8640, or port 0 for any "
                                 "free port."),
                          this));
    form->addRow(Tr::tr("Gateway address"), listen);
    connect(m_listen, &QLineEdit::textChanged, this, &PreferencesDialog::validateListen);

    form->addRow(Tr::tr("Receipts"), buildRetention());
    form->addRow(Tr::tr("Database"), buildDatabase());

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &PreferencesDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &PreferencesDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_buttons);
    showValues(m_loaded);
}

QWidget *PreferencesDialog::buildRetention()
{
    auto *box = new QWidget(this);
    m_retention = new QComboBox(box);
    m_retention->addItem(Tr::tr("Keep every receipt"), int(Retention::KeepAll));
    m_retention->addItem(Tr::tr("Keep the receipts of the last days"), int(Retention::Days));
    m_retention->addItem(Tr::tr("Keep the newest receipts"), int(Retention::Receipts));
    m_amount = new QSpinBox(box);
    m_amount->setGroupSeparatorShown(true);
    auto *row = new QHBoxLayout;
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(m_retention, 1);
    row->addWidget(m_amount);
    auto *column = new QVBoxLayout(box);
    column->setContentsMargins(0, 0, 0, 0);
    column->addLayout(row);
    column->addWidget(
        Common::noteLabel(Tr::tr("Older receipts are deleted in the background, now and then "
                                 "every hour, while calls go on."),
                          box));
    connect(m_retention, &QComboBox::currentIndexChanged, this,
            &PreferencesDialog::updateRetentionAmount);
    return box;
}

QWidget *PreferencesDialog::buildDatabase()
{
    auto *box = new QWidget(this);
    m_database = new QLineEdit(box);
    m_database->setReadOnly(true);
    auto *choose = new QPushButton(Tr::tr("Choose…"), box);
    auto *standard = new QPushButton(Tr::tr("Default"), box);
    connect(choose, &QPushButton::clicked, this, &PreferencesDialog::chooseDatabase);
    connect(standard, &QPushButton::clicked, this, [this] { setDatabasePath({}); });
    auto *row = new QHBoxLayout;
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(m_database, 1);
    row->addWidget(choose);
    row->addWidget(standard);
    m_databaseNote = Common::noteLabel({}, box);
    auto *column = new QVBoxLayout(box);
    column->setContentsMargins(0, 0, 0, 0);
    column->addLayout(row);
    column->addWidget(m_databaseNote);
    return box;
}

void PreferencesDialog::showValues(const Common::Preferences &p)
{
    m_language->setCurrentIndex(qMax(0, m_language->findData(p.language)));
    m_theme->setCurrentIndex(qMax(0, m_theme->findData(Common::themeName(p.theme))));
    m_listen->setText(p.listen.text());
    const Retention kind = p.retention.keepDays > 0 ? Retention::Days
        : p.retention.keepReceipts > 0              ? Retention::Receipts
                                                    : Retention::KeepAll;
    m_retention->setCurrentIndex(m_retention->findData(int(kind)));
    updateRetentionAmount();
    if (kind == Retention::Days)
        m_amount->setValue(p.retention.keepDays);
    else if (kind == Retention::Receipts)
        m_amount->setValue(int(qMin<qint64>(p.retention.keepReceipts, m_amount->maximum())));
    setDatabasePath(p.databasePath);
}

void PreferencesDialog::updateRetentionAmount()
{
    const auto kind = Retention(m_retention->currentData().toInt());
    const QSignalBlocker block(m_amount);
    m_amount->setEnabled(kind != Retention::KeepAll);
    if (kind == Retention::Days) {
        m_amount->setRange(1, 3650);
        m_amount->setSuffix(Tr::tr(" days"));
        m_amount->setValue(30);
    } else if (kind == Retention::Receipts) {
        m_amount->setRange(100, 100000000);
        m_amount->setSingleStep(1000);
        m_amount->setSuffix(Tr::tr(" receipts"));
        m_amount->setValue(100000);
    } else {
        m_amount->setSuffix({});
        m_amount->setRange(0, 0);
    }
}

void PreferencesDialog::setDatabasePath(const QString &path)
{
    const QString next = path.isEmpty() ? Store::Database::defaultPath() : path;
    m_database->setText(next);
    m_database->setProperty("chosen", path);
    m_databaseNote->setText(
        QFileInfo(next).absoluteFilePath() == QFileInfo(m_databaseInUse).absoluteFilePath()
            ? Tr::tr("In use now.")
            : Tr::tr("Opened at the next start; in use now: %1").arg(m_databaseInUse));
}

void PreferencesDialog::chooseDatabase()
{
    const QString path = QFileDialog::getSaveFileName(
        this, Tr::tr("Database for the next start"), m_database->text(),
        Tr::tr("Switchboard database (*.sqlite *.db);;All files (*)"), nullptr,
        QFileDialog::DontConfirmOverwrite);
    if (!path.isEmpty())
        setDatabasePath(path);
}

QString PreferencesDialog::listenProblem() const
{
    const QString text = m_listen->text().trimmed();
    if (Runtime::parseListenAddress(text))
        return {};
    return Tr::tr("“%1” is not an address the gateway can listen on: write HOST:PORT with an IP "
                  "address or localhost and a port from 0 to 65535, such as 127.0.0.1:8640.")
        .arg(text);
}

void PreferencesDialog::growToFit()
{
    // A message shown under a field needs height the open dialog did not reserve; a window does
    // not grow for word-wrapped labels by itself, and they would be drawn over each other.
    if (!isVisible())
        return;
    layout()->activate();
    const int needed = layout()->totalHeightForWidth(width());
    if (needed > height())
        resize(width(), needed);
}

void PreferencesDialog::validateListen()
{
    const QString problem = listenProblem();
    m_listenMessage->setText(problem);
    m_listenMessage->setVisible(!problem.isEmpty());
    growToFit();
    Common::outlineAsError(m_listen, !problem.isEmpty());
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(problem.isEmpty());
}

Common::Preferences PreferencesDialog::preferences() const
{
    Common::Preferences p;
    p.language = m_language->currentData().toString();
    p.theme = Common::themeFromName(m_theme->currentData().toString());
    if (const auto listen = Runtime::parseListenAddress(m_listen->text()))
        p.listen = *listen;
    const auto kind = Retention(m_retention->currentData().toInt());
    if (kind == Retention::Days)
        p.retention.keepDays = m_amount->value();
    else if (kind == Retention::Receipts)
        p.retention.keepReceipts = m_amount->value();
    p.databasePath = m_database->property("chosen").toString();
    return p;
}

void PreferencesDialog::accept()
{
    validateListen();
    if (!listenProblem().isEmpty()) {
        m_listen->setFocus();
        return;
    }
    const Common::Preferences p = preferences();
    p.save();
    if (p.theme != m_loaded.theme)
        Common::applyTheme(p.theme);
    if (m_writer && p.retention != m_loaded.retention)
        m_writer->setRetention(p.retention);
    m_loaded = p;
    QDialog::accept();
}

} // namespace Ui::Main
