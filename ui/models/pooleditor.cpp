#include "pooleditor.h"

#include "common/configtext.h"
#include "common/editcommands.h"
#include "common/fieldmark.h"
#include "common/format.h"
#include "common/tr.h"
#include "common/workspacesession.h"

#include <QButtonGroup>
#include <QComboBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QToolButton>
#include <QVBoxLayout>
#include <config/rules.h>
#include <config/validator.h>

using namespace Qt::StringLiterals;

namespace Ui::Models {
namespace {

enum RouteId { DirectId, PoolId };

// The spin box accepts more than the valid range so that a wrong value can be typed and then
// explained next to the field, instead of being silently swallowed (R-UI-3).
constexpr int kSpinMax = 99999999;

QString rowPath(int modelIndex, int row)
{
    return u"%1.pool.deployments[%2]"_s.arg(Common::WorkspaceSession::modelPath(modelIndex))
        .arg(row);
}

} // namespace

PoolEditor::PoolEditor(Common::WorkspaceSession *session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_routeGroup(new QButtonGroup(this))
    , m_direct(new QRadioButton(Tr::tr("Direct (default)"), this))
    , m_pool(new QRadioButton(Tr::tr("Pool"), this))
    , m_poolBox(new QWidget(this))
    , m_rowsLayout(new QGridLayout)
    , m_add(new QPushButton(Tr::tr("Add deployment"), this))
    , m_count(new QLabel(this))
    , m_regions(new QLineEdit(this))
    , m_regionsError(Common::makeErrorLabel(this))
    , m_poolError(Common::makeErrorLabel(this))
{
    m_routeGroup->addButton(m_direct, DirectId);
    m_routeGroup->addButton(m_pool, PoolId);
    m_add->setIcon(QIcon::fromTheme(u"list-add"_s, QIcon(u":/switchboard/icons/list-add.svg"_s)));
    m_regions->setPlaceholderText(Tr::tr("any region, or e.g. us-east-1, us-west-2"));
    m_regions->setObjectName(u"allowedRegions"_s);

    auto *routeRow = new QHBoxLayout;
    routeRow->addWidget(m_direct);
    routeRow->addWidget(m_pool);
    routeRow->addStretch();

    m_rowsLayout->addWidget(new QLabel(Tr::tr("Deployment"), m_poolBox), 0, 0);
    m_rowsLayout->addWidget(new QLabel(Tr::tr("Weight"), m_poolBox), 0, 1);
    m_rowsLayout->setColumnStretch(0, 3);
    m_rowsLayout->setColumnStretch(1, 1);
    auto *addRow = new QHBoxLayout;
    addRow->addWidget(m_add);
    addRow->addWidget(m_count);
    addRow->addStretch();
    auto *regionsForm = new QFormLayout;
    regionsForm->addRow(Tr::tr("Allowed regions"), m_regions);
    regionsForm->addRow(QString(), m_regionsError);

    auto *poolLayout = new QVBoxLayout(m_poolBox);
    poolLayout->setContentsMargins(16, 0, 0, 0);
    poolLayout->addLayout(m_rowsLayout);
    poolLayout->addLayout(addRow);
    poolLayout->addWidget(m_poolError);
    poolLayout->addLayout(regionsForm);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(routeRow);
    layout->addWidget(m_poolBox);

    connect(m_routeGroup, &QButtonGroup::idClicked, this, &PoolEditor::handleRouteClicked);
    connect(m_add, &QPushButton::clicked, this, &PoolEditor::handleAdd);
    connect(m_regions, &QLineEdit::textEdited, this, &PoolEditor::handleRegionsEdited);
    connect(m_session, &Common::WorkspaceSession::editedChanged, this, &PoolEditor::refresh);
}

void PoolEditor::setModelName(const QString &name)
{
    m_model = name;
    m_regions->clear();
    refresh();
}

QRadioButton *PoolEditor::directButton() const
{
    return m_direct;
}
QRadioButton *PoolEditor::poolButton() const
{
    return m_pool;
}
QPushButton *PoolEditor::addButton() const
{
    return m_add;
}
QLabel *PoolEditor::countLabel() const
{
    return m_count;
}
QLineEdit *PoolEditor::regionsEdit() const
{
    return m_regions;
}
QLabel *PoolEditor::regionsError() const
{
    return m_regionsError;
}
int PoolEditor::rowCount() const
{
    return int(m_rows.size());
}
QComboBox *PoolEditor::deploymentCombo(int row) const
{
    return m_rows.at(row).deployment;
}
QSpinBox *PoolEditor::weightSpin(int row) const
{
    return m_rows.at(row).weight;
}
QToolButton *PoolEditor::removeButton(int row) const
{
    return m_rows.at(row).remove;
}
QLabel *PoolEditor::rowError(int row) const
{
    return m_rows.at(row).error;
}

const Domain::Model *PoolEditor::model() const
{
    return m_session->edited().model(m_model);
}

void PoolEditor::refresh()
{
    const Domain::Model *m = model();
    setEnabled(m != nullptr);
    if (!m)
        return;
    const int modelIndex = m_session->editedModelIndex(m_model);
    {
        const QSignalBlocker blocker(m_routeGroup);
        (m->isPool() ? m_pool : m_direct)->setChecked(true);
    }
    m_poolBox->setVisible(m->isPool());
    rebuildRows(int(m->pool.deployments.size()));
    for (int row = 0; row < m_rows.size(); ++row)
        refreshRow(row, *m, modelIndex);
    refreshAddButton(*m);
    refreshRegions(*m, modelIndex);
    QStringList poolErrors;
    for (const Config::Problem &p :
         m_session->problemsAt(Common::WorkspaceSession::modelPath(modelIndex) + u".pool"_s)) {
        if (!p.path.contains(u".deployments["_s) && !p.path.contains(u"allowedRegions"_s))
            poolErrors.append(Common::problemText(p));
    }
    m_poolError->setText(poolErrors.join(u'\n'));
    m_poolError->setVisible(!poolErrors.isEmpty());
}

void PoolEditor::rebuildRows(int count)
{
    while (m_rows.size() > count) {
        // deleteLater: the row's own remove button may be the sender of the edit that shrank the
        // pool.
        const Row row = m_rows.takeLast();
        for (QWidget *w :
             { static_cast<QWidget *>(row.deployment), static_cast<QWidget *>(row.weight),
               static_cast<QWidget *>(row.remove), static_cast<QWidget *>(row.error) }) {
            w->hide();
            m_rowsLayout->removeWidget(w);
            w->disconnect(this);
            w->deleteLater();
        }
    }
    while (m_rows.size() < count) {
        const int index = int(m_rows.size());
        Row row;
        row.deployment = new QComboBox(m_poolBox);
        row.deployment->setAccessibleName(Tr::tr("Deployment %1").arg(index + 1));
        row.weight = new QSpinBox(m_poolBox);
        row.weight->setRange(0, kSpinMax);
        row.weight->setGroupSeparatorShown(true);
        row.weight->setAccessibleName(Tr::tr("Weight %1").arg(index + 1));
        row.weight->setToolTip(
            Tr::tr("Weight from %1 to %2")
                .arg(Common::number(Config::kMinWeight), Common::number(Config::kMaxWeight)));
        row.remove = new QToolButton(m_poolBox);
        row.remove->setText(u"✕"_s);
        row.remove->setToolTip(Tr::tr("Remove this deployment"));
        row.error = Common::makeErrorLabel(m_poolBox);
        const int gridRow = 1 + 2 * index;
        m_rowsLayout->addWidget(row.deployment, gridRow, 0);
        m_rowsLayout->addWidget(row.weight, gridRow, 1);
        m_rowsLayout->addWidget(row.remove, gridRow, 2);
        m_rowsLayout->addWidget(row.error, gridRow + 1, 0, 1, 3);
        connect(row.deployment, &QComboBox::currentIndexChanged, this, [this, index](int i) {
            const QString chosen = m_rows.at(index).deployment->itemText(i);
            m_session->push(new Common::SetDeploymentCommand(m_session, m_model, index, chosen));
        });
        connect(row.weight, &QSpinBox::valueChanged, this, [this, index](int value) {
            m_session->push(new Common::SetWeightCommand(m_session, m_model, index, value));
        });
        connect(row.remove, &QToolButton::clicked, this, [this, index] {
            m_session->push(new Common::RemoveDeploymentCommand(m_session, m_model, index));
        });
        m_rows.append(row);
    }
}

void PoolEditor::refreshRow(int row, const Domain::Model &m, int modelIndex)
{
    const Row &r = m_rows.at(row);
    const Domain::PoolEntry &entry = m.pool.deployments.at(row);
    QStringList choices = Config::eligibleDeployments(m_session->edited(), m, row);
    // A deployment turned off after it was added stays in its row (R-PLAN-6).
    if (!choices.contains(entry.model))
        choices.prepend(entry.model);
    {
        const QSignalBlocker blocker(r.deployment);
        QStringList current;
        for (int i = 0; i < r.deployment->count(); ++i)
            current.append(r.deployment->itemText(i));
        if (current != choices) {
            r.deployment->clear();
            r.deployment->addItems(choices);
        }
        r.deployment->setCurrentIndex(int(choices.indexOf(entry.model)));
    }
    if (r.weight->value() != entry.weight) {
        const QSignalBlocker blocker(r.weight);
        r.weight->setValue(entry.weight);
    }
    const QString path = rowPath(modelIndex, row);
    Common::markField(r.weight, nullptr, m_session->problemsAt(path + u".weight"_s));
    Common::markField(r.deployment, nullptr, m_session->problemsAt(path + u".model"_s));
    QStringList messages;
    for (const Config::Problem &p : m_session->problemsAt(path))
        messages.append(Common::problemText(p));
    r.error->setText(messages.join(u'\n'));
    r.error->setVisible(!messages.isEmpty());
}

void PoolEditor::refreshAddButton(const Domain::Model &m)
{
    const int count = int(m.pool.deployments.size());
    m_count->setText(Tr::tr("(%1 of %2)")
                         .arg(Common::number(count), Common::number(Config::kMaxPoolDeployments)));
    const Config::AddDeploymentBlock block = Config::addDeploymentBlock(m_session->edited(), m);
    m_add->setEnabled(block == Config::AddDeploymentBlock::None);
    switch (block) {
    case Config::AddDeploymentBlock::Full:
        m_add->setToolTip(
            Tr::tr("A pool holds at most %1 deployments.").arg(Config::kMaxPoolDeployments));
        break;
    case Config::AddDeploymentBlock::NoneLeft:
        m_add->setToolTip(Tr::tr("No other enabled, unpooled %1 model is left to add.")
                              .arg(Domain::toString(m.modality)));
        break;
    case Config::AddDeploymentBlock::None:
        m_add->setToolTip(Tr::tr("Add a row for another deployment"));
        break;
    }
}

void PoolEditor::refreshRegions(const Domain::Model &m, int modelIndex)
{
    // Keep what the user is typing ("us-east-1, ") while it means the same list.
    if (Config::splitRegionList(m_regions->text()) != m.pool.allowedRegions)
        m_regions->setText(m.pool.allowedRegions.join(u", "_s));
    QString error = Common::problemText(Config::regionListError(m_regions->text()));
    if (error.isEmpty()) {
        QStringList messages;
        const QString path
            = Common::WorkspaceSession::modelPath(modelIndex) + u".pool.allowedRegions"_s;
        for (const Config::Problem &p : m_session->problemsAt(path))
            messages.append(Common::problemText(p));
        error = messages.join(u'\n');
    }
    Common::markField(m_regions, m_regionsError, error);
}

void PoolEditor::handleRouteClicked(int id)
{
    const auto kind = id == PoolId ? Domain::RouteKind::Pool : Domain::RouteKind::Direct;
    m_session->push(new Common::SetRouteKindCommand(m_session, m_model, kind));
}

void PoolEditor::handleAdd()
{
    const Domain::Model *m = model();
    if (!m
        || Config::addDeploymentBlock(m_session->edited(), *m) != Config::AddDeploymentBlock::None)
        return;
    const QStringList eligible = Config::eligibleDeployments(m_session->edited(), *m);
    m_session->push(new Common::AddDeploymentCommand(m_session, m_model,
                                                     Domain::PoolEntry { eligible.first(), 1 }));
}

void PoolEditor::handleRegionsEdited(const QString &text)
{
    m_session->push(
        new Common::SetAllowedRegionsCommand(m_session, m_model, Config::splitRegionList(text)));
    // The list may be unchanged ("us-east-1" → "us-east-1,"): the field's own error still shows.
    if (const Domain::Model *m = model())
        refreshRegions(*m, m_session->editedModelIndex(m_model));
}

} // namespace Ui::Models
