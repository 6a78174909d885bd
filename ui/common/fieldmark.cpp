#include "fieldmark.h"

#include <QLabel>
#include <QStringList>
#include <QWidget>

using namespace Qt::StringLiterals;

namespace Ui::Common {

void markField(QWidget *field, QLabel *label, const QList<Config::Problem> &problems)
{
    QStringList messages;
    for (const Config::Problem &p : problems) {
        if (p.severity == Config::Problem::Severity::Error)
            messages.append(p.message);
    }
    markField(field, label, messages.join(u'\n'));
}

void markField(QWidget *field, QLabel *label, const QString &error)
{
    const bool invalid = !error.isEmpty();
    if (field->property("invalid").toBool() != invalid) {
        field->setProperty("invalid", invalid);
        // The outline follows the dynamic property; the style sheet is set once per field.
        field->setStyleSheet(invalid ? u"border: 1px solid #d32f2f; border-radius: 2px;"_s
                                     : QString());
    }
    field->setToolTip(error);
    if (label) {
        label->setText(error);
        label->setVisible(invalid);
    }
}

QLabel *makeErrorLabel(QWidget *parent)
{
    auto *label = new QLabel(parent);
    label->setObjectName(u"fieldError"_s);
    label->setStyleSheet(u"color: #d32f2f;"_s);
    label->setWordWrap(true);
    label->setVisible(false);
    return label;
}

} // namespace Ui::Common
