#include "qualityeditor.h"

#include "common/editcommands.h"
#include "common/sessiontext.h"
#include "common/tr.h"
#include "common/workspacesession.h"

#include <QFormLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSpinBox>

using namespace Qt::StringLiterals;

namespace Ui::Models {
namespace {

// One tier of one model; stepping the same tier merges into one undo step.
class SetQualityTierCommand : public Common::WorkspaceCommand
{
public:
    SetQualityTierCommand(Common::WorkspaceSession *s, const QString &model, Domain::TaskClass c,
                          int tier)
        : WorkspaceCommand(s, Tr::tr("Set the quality of %1").arg(model),
                           u"%1#quality#%2"_s.arg(model, Domain::toString(c)))
    {
        setModelEdit(model, [c, tier](Domain::Model &m) { m.quality.setTier(c, tier); });
    }
    int id() const override { return Common::ModelFieldId; }
};

} // namespace

QualityEditor::QualityEditor(Common::WorkspaceSession *session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
{
    const QString why
        = Tr::tr("Mixed-model sessions suggest a cheaper model for a turn only when its tier for "
                 "the turn's task class meets the key's quality floor. 1 is the weakest, 5 the "
                 "strongest; a class not rated is never suggested.");
    setToolTip(why);
    auto *intro = new QLabel(why, this);
    intro->setWordWrap(true);
    auto *layout = new QFormLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setFieldGrowthPolicy(QFormLayout::FieldsStayAtSizeHint);
    layout->addRow(intro);
    for (int i = 0; i < Domain::kTaskClassCount; ++i) {
        const auto c = Domain::TaskClass(i);
        auto *spin = new QSpinBox(this);
        spin->setRange(Domain::QualityTiers::kTier.lowest, Domain::QualityTiers::kTier.highest);
        spin->setSpecialValueText(Tr::tr("Not rated"));
        spin->setObjectName(u"quality_"_s + Domain::toString(c));
        spin->setToolTip(why);
        layout->addRow(Common::sessionClassName(c), spin);
        m_spins << spin;
        connect(spin, &QSpinBox::valueChanged, this, [this, c](int tier) {
            const Domain::Model *m = m_session->edited().model(m_model);
            if (m && m->quality.tier(c) != tier)
                m_session->push(new SetQualityTierCommand(m_session, m_model, c, tier));
        });
    }
    connect(m_session, &Common::WorkspaceSession::editedChanged, this, &QualityEditor::refresh);
}

void QualityEditor::setModelName(const QString &name)
{
    m_model = name;
    refresh();
}

QSpinBox *QualityEditor::spin(Domain::TaskClass c) const
{
    return m_spins.at(int(c));
}

void QualityEditor::refresh()
{
    const Domain::Model *m = m_session->edited().model(m_model);
    if (!m)
        return;
    for (int i = 0; i < m_spins.size(); ++i) {
        const QSignalBlocker blocker(m_spins.at(i));
        m_spins.at(i)->setValue(m->quality.tier(Domain::TaskClass(i)));
    }
}

} // namespace Ui::Models
