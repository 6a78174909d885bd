#pragma once

#include <QDialog>

class QLineEdit;
class QPushButton;

namespace Ui::Keys {

// Shows a new caller key exactly once, with a copy button; afterwards only its prefix is known
// (SPEC §1: only a hash is stored).
class KeyCreatedDialog : public QDialog
{
    Q_OBJECT
public:
    KeyCreatedDialog(const QString &keyName, const QString &secret, QWidget *parent = nullptr);
    QLineEdit *secretEdit() const;
    QPushButton *copyButton() const;

private:
    QLineEdit *m_secret;
    QPushButton *m_copy;
};

} // namespace Ui::Keys
