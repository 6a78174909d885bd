#include "keycreateddialog.h"

#include "common/tr.h"

#include <QClipboard>
#include <QDialogButtonBox>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace Ui::Keys {

KeyCreatedDialog::KeyCreatedDialog(const QString &keyName, const QString &secret, QWidget *parent)
    : QDialog(parent)
    , m_secret(new QLineEdit(secret, this))
    , m_copy(new QPushButton(Tr::tr("Copy"), this))
{
    setWindowTitle(Tr::tr("Key %1 created").arg(keyName));
    m_secret->setReadOnly(true);
    m_secret->setMinimumWidth(420);
    auto *note = new QLabel(Tr::tr("Copy this key now: it is shown only once. Only a hash is kept; "
                                   "the key works once you save changes."),
                            this);
    note->setWordWrap(true);
    auto *row = new QHBoxLayout;
    row->addWidget(m_secret, 1);
    row->addWidget(m_copy);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(note);
    layout->addLayout(row);
    layout->addWidget(buttons);
    connect(m_copy, &QPushButton::clicked, this, [this] {
        QGuiApplication::clipboard()->setText(m_secret->text());
        m_copy->setText(Tr::tr("Copied"));
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

QLineEdit *KeyCreatedDialog::secretEdit() const
{
    return m_secret;
}
QPushButton *KeyCreatedDialog::copyButton() const
{
    return m_copy;
}

} // namespace Ui::Keys
