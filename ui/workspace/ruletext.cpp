#include "ruletext.h"

#include "common/tr.h"

#include <QRegularExpression>
#include <QStringList>

using namespace Qt::StringLiterals;

namespace Ui::Workspace {
namespace {

using Op = Domain::ClassifierCondition::Op;

QString signalNames()
{
    QStringList names;
    for (int i = 0; i < Domain::kClassifierSignalCount; ++i)
        names << Domain::toString(Domain::ClassifierSignal(i));
    return names.join(u", "_s);
}

// One "signal op value"; an error names the piece the user wrote.
QString parseOne(const QString &piece, Domain::ClassifierCondition &out)
{
    static const QRegularExpression shape(u"^([A-Za-z_]+)\\s*(≥|>=|≤|<=)\\s*(\\S+)$"_s);
    const QRegularExpressionMatch m = shape.match(piece);
    if (!m.hasMatch())
        return Tr::tr("\"%1\" is not a condition: write a signal, ≥ or ≤ and a whole number, "
                      "e.g. \"user_chars ≤ 400\".")
            .arg(piece);
    const std::optional<Domain::ClassifierSignal> signal
        = Domain::classifierSignalFromString(m.captured(1).toLower());
    if (!signal)
        return Tr::tr("\"%1\" is not a signal; the signals are %2.")
            .arg(m.captured(1), signalNames());
    // Only the shape: the value's range is the validator's, named in the change bar.
    bool isNumber = false;
    const qint64 value = m.captured(3).toLongLong(&isNumber);
    if (!isNumber)
        return Tr::tr("The value of \"%1\" must be a whole number (is %2).")
            .arg(piece, m.captured(3));
    const QString op = m.captured(2);
    out = { *signal, op == u"≥"_s || op == u">="_s ? Op::AtLeast : Op::AtMost, value };
    return {};
}

} // namespace

QString conditionsText(const QList<Domain::ClassifierCondition> &conditions)
{
    QStringList parts;
    for (const Domain::ClassifierCondition &c : conditions)
        parts << u"%1 %2 %3"_s.arg(Domain::toString(c.signal),
                                   c.op == Op::AtLeast ? u"≥"_s : u"≤"_s, QString::number(c.value));
    return parts.join(u", "_s);
}

ParsedConditions parseConditions(const QString &text)
{
    ParsedConditions out;
    // Empty pieces (a trailing comma) are skipped: they state nothing.
    for (const QString &raw : text.split(u',')) {
        const QString piece = raw.trimmed();
        if (piece.isEmpty())
            continue;
        Domain::ClassifierCondition c;
        out.error = parseOne(piece, c);
        if (!out.ok()) {
            out.conditions.clear();
            return out;
        }
        out.conditions << c;
    }
    return out; // how many conditions a rule may have is the validator's to say
}

} // namespace Ui::Workspace
