#pragma once

#include <QList>
#include <QString>
#include <domain/sessions.h>

// A classifier rule's conditions as the Workspace settings write them: "code_fences ≥ 1,
// user_chars ≤ 400" (signal wire names, ≥ or >=, ≤ or <=, whole numbers); empty: always holds.
namespace Ui::Workspace {

struct ParsedConditions
{
    QList<Domain::ClassifierCondition> conditions;
    QString error; // translated; empty when the text parsed

    bool ok() const { return error.isEmpty(); }
};

QString conditionsText(const QList<Domain::ClassifierCondition> &conditions);
ParsedConditions parseConditions(const QString &text);

} // namespace Ui::Workspace
