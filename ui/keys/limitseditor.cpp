#include "limitseditor.h"

#include "common/fieldmark.h"
#include "common/format.h"
#include "common/theme.h"
#include "common/tr.h"
#include "common/workspacesession.h"
#include "spendtext.h"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QGridLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace Ui::Keys {
namespace {

using Field = LimitsEditor::Field;
using Domain::SpendLimits;

constexpr std::array kFields { Field::DailyUsd, Field::MonthlyUsd, Field::RequestsPerMinute,
                               Field::TokensPerMinute };

bool isBudget(Field f)
{
    return f == Field::DailyUsd || f == Field::MonthlyUsd;
}

// The key of the field in the workspace JSON and in the validator's paths.
QString fieldKey(Field f)
{
    switch (f) {
    case Field::DailyUsd:
        return u"dailyUsd"_s;
    case Field::MonthlyUsd:
        return u"monthlyUsd"_s;
    case Field::RequestsPerMinute:
        return u"requestsPerMinute"_s;
    case Field::TokensPerMinute:
        return u"tokensPerMinute"_s;
    }
    return {};
}

std::optional<double> valueOf(const SpendLimits &l, Field f)
{
    const auto real = [](const std::optional<qint64> &v) {
        return v ? std::optional<double>(double(*v)) : std::nullopt;
    };
    switch (f) {
    case Field::DailyUsd:
        return l.dailyUsd;
    case Field::MonthlyUsd:
        return l.monthlyUsd;
    case Field::RequestsPerMinute:
        return real(l.requestsPerMinute);
    case Field::TokensPerMinute:
        return real(l.tokensPerMinute);
    }
    return {};
}

// What a field offers when it is switched on, until a value is typed.
double startValue(Field f)
{
    switch (f) {
    case Field::DailyUsd:
        return 10;
    case Field::MonthlyUsd:
        return 100;
    case Field::RequestsPerMinute:
        return 60;
    case Field::TokensPerMinute:
        return 100000;
    }
    return 0;
}

void setBounds(QDoubleSpinBox *spin, Field f)
{
    switch (f) {
    case Field::DailyUsd:
    case Field::MonthlyUsd:
        spin->setDecimals(2);
        spin->setRange(SpendLimits::kBudgetUsd.lowest, SpendLimits::kBudgetUsd.highest);
        spin->setSuffix(Tr::tr(" USD"));
        break;
    case Field::RequestsPerMinute:
        spin->setDecimals(0);
        spin->setRange(double(SpendLimits::kRequestsPerMinute.lowest),
                       double(SpendLimits::kRequestsPerMinute.highest));
        spin->setSuffix(Tr::tr(" req/min"));
        break;
    case Field::TokensPerMinute:
        spin->setDecimals(0);
        spin->setRange(double(SpendLimits::kTokensPerMinute.lowest),
                       double(SpendLimits::kTokensPerMinute.highest));
        spin->setSuffix(Tr::tr(" tok/min"));
        break;
    }
}

QString rangeHint(Field f)
{
    switch (f) {
    case Field::DailyUsd:
        return Tr::tr("USD per UTC day, for calls started that day; unset: no daily budget.");
    case Field::MonthlyUsd:
        return Tr::tr("USD per UTC month; unset: no monthly budget.");
    case Field::RequestsPerMinute:
        return Tr::tr("Calls admitted in the last 60 s, %1 to %2; unset: no limit.")
            .arg(Common::number(SpendLimits::kRequestsPerMinute.lowest),
                 Common::number(SpendLimits::kRequestsPerMinute.highest));
    case Field::TokensPerMinute:
        return Tr::tr("Input + output tokens in the last 60 s, %1 to %2; unset: no limit.")
            .arg(Common::number(SpendLimits::kTokensPerMinute.lowest),
                 Common::number(SpendLimits::kTokensPerMinute.highest));
    }
    return {};
}

} // namespace

LimitsEditor::LimitsEditor(Common::WorkspaceSession *session, QWidget *parent)
    : QGroupBox(Tr::tr("Budgets and rate limits"), parent)
    , m_session(session)
    , m_subject(new QLabel(this))
    , m_note(new QLabel(this))
{
    m_subject->setWordWrap(true);
    m_note->setWordWrap(true);
    m_note->setVisible(false);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_subject);
    auto *grid = new QGridLayout;
    grid->setColumnStretch(5, 1); // the fields keep their width; the space goes to the right
    grid->setColumnMinimumWidth(2, 12);
    layout->addLayout(grid);
    layout->addWidget(m_note);
    // Created in reading order, so Tab walks them row by row.
    addRow(Field::DailyUsd, Tr::tr("Daily budget"), 0, 0);
    addRow(Field::MonthlyUsd, Tr::tr("Monthly budget"), 0, 1);
    addRow(Field::RequestsPerMinute, Tr::tr("Requests per minute"), 1, 0);
    addRow(Field::TokensPerMinute, Tr::tr("Tokens per minute"), 1, 1);
    connect(m_session, &Common::WorkspaceSession::editedChanged, this, &LimitsEditor::refresh);
    refresh();
}

void LimitsEditor::addRow(Field field, const QString &label, int gridRow, int gridColumn)
{
    Row &row = m_rows[size_t(field)];
    row.box = new QCheckBox(label, this);
    row.spin = new QDoubleSpinBox(this);
    row.error = Common::makeErrorLabel(this);
    setBounds(row.spin, field);
    row.spin->setValue(startValue(field));
    row.spin->setGroupSeparatorShown(true);
    row.spin->setKeyboardTracking(false); // one edit per value entered, not per keystroke
    row.spin->setAccessibleName(label);
    row.spin->setMinimumWidth(150);
    row.box->setToolTip(rangeHint(field));
    row.spin->setWhatsThis(rangeHint(field));
    auto *grid = static_cast<QGridLayout *>(layout()->itemAt(1)->layout());
    const int column = gridColumn * 3;
    grid->addWidget(row.box, gridRow * 2, column);
    grid->addWidget(row.spin, gridRow * 2, column + 1);
    grid->addWidget(row.error, gridRow * 2 + 1, column, 1, 2);
    connect(row.box, &QCheckBox::clicked, this, [this, field](bool on) {
        push(field, on ? std::optional<double>(spin(field)->value()) : std::nullopt);
    });
    connect(row.spin, &QDoubleSpinBox::valueChanged, this, [this, field](double value) {
        if (checkBox(field)->isChecked())
            push(field, value);
    });
}

void LimitsEditor::setSubject(Domain::SpendScope scope, const QString &id)
{
    m_scope = scope;
    m_id = id;
    refresh();
}

QCheckBox *LimitsEditor::checkBox(Field field) const
{
    return m_rows[size_t(field)].box;
}

QDoubleSpinBox *LimitsEditor::spin(Field field) const
{
    return m_rows[size_t(field)].spin;
}

QLabel *LimitsEditor::errorLabel(Field field) const
{
    return m_rows[size_t(field)].error;
}

const Domain::SpendLimits *LimitsEditor::limits() const
{
    if (m_id.isEmpty())
        return nullptr;
    const Domain::Workspace &ws = m_session->edited();
    if (m_scope == Domain::SpendScope::Key) {
        const Domain::Key *k = ws.keyById(m_id);
        return k ? &k->limits : nullptr;
    }
    const Domain::Project *p = ws.project(m_id);
    return p ? &p->limits : nullptr;
}

QString LimitsEditor::problemPath(Field field) const
{
    const Domain::Workspace &ws = m_session->edited();
    const qsizetype i = m_scope == Domain::SpendScope::Key
        ? Common::indexIn(ws.keys, [&](const Domain::Key &k) { return k.id == m_id; })
        : Common::indexIn(ws.projects, [&](const Domain::Project &p) { return p.id == m_id; });
    if (i < 0)
        return {};
    return u"%1[%2].limits.%3"_s.arg(m_scope == Domain::SpendScope::Key ? u"keys"_s : u"projects"_s)
        .arg(i)
        .arg(fieldKey(field));
}

void LimitsEditor::refresh()
{
    const Domain::SpendLimits *l = limits();
    const Domain::Workspace &ws = m_session->edited();
    if (!l) {
        m_subject->setText(Tr::tr("Select a key or a project to edit its budgets and rate "
                                  "limits."));
    } else if (m_scope == Domain::SpendScope::Key) {
        const Domain::Key *k = ws.keyById(m_id);
        m_subject->setText(Tr::tr("Key %1 (project %2): limits of this key alone; a call must "
                                  "also fit its project's.")
                               .arg(k->name, k->project));
    } else {
        m_subject->setText(
            Tr::tr("Project %1: limits of all its keys together; each key may have its own too.")
                .arg(m_id));
    }
    bool zeroBudget = false;
    for (Field f : kFields) {
        const Row &row = m_rows[size_t(f)];
        const std::optional<double> v = l ? valueOf(*l, f) : std::nullopt;
        const bool set = v.has_value();
        const double value = set ? v.value() : row.spin->value(); // unset keeps the last offer
        const QSignalBlocker blockBox(row.box);
        const QSignalBlocker blockSpin(row.spin);
        row.box->setEnabled(l);
        row.box->setChecked(set);
        row.spin->setEnabled(set);
        row.spin->setValue(value);
        zeroBudget = zeroBudget || (set && isBudget(f) && value == 0);
        Common::markField(row.spin, row.error,
                          l ? m_session->problemsAt(problemPath(f)) : QList<Config::Problem> {});
    }
    m_note->setText(Tr::tr("A budget of %1 refuses every call.").arg(Common::money(0)));
    m_note->setVisible(zeroBudget);
}

void LimitsEditor::push(Field field, std::optional<double> value)
{
    const Domain::SpendLimits *l = limits();
    if (!l || valueOf(*l, field) == value)
        return;
    m_session->push(new Common::SetSpendLimitCommand(m_session, m_scope, m_id, field, value));
}

} // namespace Ui::Keys
