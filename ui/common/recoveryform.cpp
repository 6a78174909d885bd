#include "recoveryform.h"

#include "configtext.h"
#include "fieldmark.h"
#include "tr.h"

#include <QGridLayout>
#include <QLabel>
#include <QLocale>
#include <QSignalBlocker>
#include <QSpinBox>
#include <array>
#include <config/recoveryfields.h>

using namespace Qt::StringLiterals;

namespace Ui::Common {
namespace {

struct FieldText
{
    const char *label;
    const char *hint; // %1 and %2: the allowed range, from core (never restated here)
};

// In Domain::RecoveryField order.
const std::array<FieldText, Domain::kRecoveryFieldCount> kTexts { {
    { QT_TRANSLATE_NOOP("Ui", "Attempts"),
      QT_TRANSLATE_NOOP("Ui", "%1 to %2, including the first; 1 turns retries off") },
    { QT_TRANSLATE_NOOP("Ui", "Deadline, ms"),
      QT_TRANSLATE_NOOP("Ui", "%1 to %2, the whole request") },
    { QT_TRANSLATE_NOOP("Ui", "Backoff, ms"),
      QT_TRANSLATE_NOOP("Ui", "first wait; at most the longest") },
    { QT_TRANSLATE_NOOP("Ui", "to"), QT_TRANSLATE_NOOP("Ui", "longest wait, %1 to %2") },
    { QT_TRANSLATE_NOOP("Ui", "Cooldown, ms"),
      QT_TRANSLATE_NOOP("Ui", "%1 to %2; a failed deployment is skipped") },
    { QT_TRANSLATE_NOOP("Ui", "Connect timeout, ms"),
      QT_TRANSLATE_NOOP("Ui", "%1 to %2, every attempt") },
    { QT_TRANSLATE_NOOP("Ui", "Stream start timeout, ms"),
      QT_TRANSLATE_NOOP("Ui", "%1 to %2; a stream's wait for its status line") },
    { QT_TRANSLATE_NOOP("Ui", "Stream idle timeout, ms"),
      QT_TRANSLATE_NOOP("Ui", "%1 to %2; silence once a stream has started") },
} };

// Wide enough to type any out-of-range value, so validation can name it.
constexpr int kSpinMax = 99999999;

QString hintFor(const Config::RecoveryFieldSpec &spec)
{
    const QString hint = Tr::tr(kTexts[int(spec.field)].hint);
    if (!hint.contains(u"%1"_s))
        return hint;
    const QLocale locale;
    return hint.arg(locale.toString(spec.min), locale.toString(spec.max));
}

} // namespace

RecoveryForm::RecoveryForm(QWidget *parent)
    : QWidget(parent)
{
    auto *grid = new QGridLayout(this);
    grid->setContentsMargins(16, 0, 0, 0);
    for (const Config::RecoveryFieldSpec &spec : Config::recoveryFields()) {
        const int row = 2 * int(spec.field);
        auto *spin = new QSpinBox(this);
        spin->setRange(0, kSpinMax);
        spin->setGroupSeparatorShown(true);
        spin->setObjectName(spec.key);
        // The visible label may be short ("to"); a screen reader gets core's full name.
        spin->setAccessibleName(recoveryFieldLabel(spec.field));
        auto *label = new QLabel(Tr::tr(kTexts[int(spec.field)].label), this);
        label->setBuddy(spin);
        auto *hint = new QLabel(hintFor(spec), this);
        hint->setEnabled(false);
        hint->setWordWrap(true); // never widens the page (a narrow Settings tab stays unscrolled)
        spin->setAccessibleDescription(hint->text());
        QLabel *error = makeErrorLabel(this);
        grid->addWidget(label, row, 0);
        grid->addWidget(spin, row, 1);
        grid->addWidget(hint, row, 2);
        grid->addWidget(error, row + 1, 1, 1, 2);
        const Domain::RecoveryField field = spec.field;
        connect(spin, &QSpinBox::valueChanged, this,
                [this, field](int value) { Q_EMIT valueEdited(field, value); });
        m_spins.append(spin);
        m_errors.append(error);
    }
    grid->setColumnStretch(2, 1);
}

void RecoveryForm::setValues(const Domain::RecoverySettings &values)
{
    for (const Config::RecoveryFieldSpec &spec : Config::recoveryFields()) {
        QSpinBox *spin = m_spins.at(int(spec.field));
        if (spin->value() != values.value(spec.field)) {
            const QSignalBlocker blocker(spin);
            spin->setValue(values.value(spec.field));
        }
    }
}

void RecoveryForm::setProblems(const QList<Config::Problem> &problems)
{
    for (const Config::RecoveryFieldSpec &spec : Config::recoveryFields()) {
        QList<Config::Problem> mine;
        for (const Config::Problem &p : problems) {
            if (p.path.endsWith(u'.' + spec.key))
                mine.append(p);
        }
        markField(m_spins.at(int(spec.field)), m_errors.at(int(spec.field)), mine);
    }
}

QSpinBox *RecoveryForm::spin(Domain::RecoveryField field) const
{
    return m_spins.at(int(field));
}

QLabel *RecoveryForm::errorLabel(Domain::RecoveryField field) const
{
    return m_errors.at(int(field));
}

} // namespace Ui::Common
