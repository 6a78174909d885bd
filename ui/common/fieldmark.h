#pragma once

#include <QList>
#include <config/problem.h>

class QLabel;
class QWidget;

namespace Ui::Common {

// Shows validation where the field is (R-UI-3): a red outline and the message as tooltip on the
// field, and the message in the small label under it. No problems clears both.
void markField(QWidget *field, QLabel *label, const QList<Config::Problem> &problems);
// The same for a message computed in the widget (a region list as typed).
void markField(QWidget *field, QLabel *label, const QString &error);
// A small red label for field messages, hidden while empty.
QLabel *makeErrorLabel(QWidget *parent);

} // namespace Ui::Common
