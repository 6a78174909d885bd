#include "fieldmark.h"

#include "configtext.h"
#include "theme.h"

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
            messages.append(problemText(p));
    }
    markField(field, label, messages.join(u'\n'));
}

void markField(QWidget *field, QLabel *label, const QString &error)
{
    const bool invalid = !error.isEmpty();
    // The style sheet is set when the state changes, not on every refresh.
    if (field->property("invalid").toBool() != invalid) {
        field->setProperty("invalid", invalid);
        outlineAsError(field, invalid);
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
    showAsError(label);
    label->setWordWrap(true);
    label->setVisible(false);
    return label;
}

} // namespace Ui::Common
