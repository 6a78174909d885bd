#include "modelsettingstab.h"

#include "common/configtext.h"
#include "common/editcommands.h"
#include "common/fieldmark.h"
#include "common/tr.h"
#include "common/workspacesession.h"
#include "offeringseditor.h"
#include "pooleditor.h"
#include "qualityeditor.h"
#include "recoveryeditor.h"

#include <QButtonGroup>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QRadioButton>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>
#include <config/validator.h>

using namespace Qt::StringLiterals;

namespace Ui::Models {
namespace {

enum RegionModeId { DefaultId, OverrideId };

QGroupBox *group(const QString &title, QWidget *content, QWidget *parent)
{
    auto *box = new QGroupBox(title, parent);
    auto *layout = new QVBoxLayout(box);
    layout->addWidget(content);
    return box;
}

} // namespace

ModelSettingsTab::ModelSettingsTab(Common::WorkspaceSession *session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_regionMode(new QButtonGroup(this))
    , m_regionDefault(new QRadioButton(Tr::tr("Default"), this))
    , m_regionOverride(new QRadioButton(Tr::tr("Override"), this))
    , m_region(new QLineEdit(this))
    , m_regionError(Common::makeErrorLabel(this))
    , m_maxOutputTokensBox(nullptr)
    , m_maxOutputTokens(new QSpinBox(this))
    , m_pool(new PoolEditor(session, this))
    , m_recovery(new RecoveryEditor(session, this))
    , m_offeringsBox(nullptr)
    , m_offerings(new OfferingsEditor(session, this))
    , m_qualityBox(nullptr)
    , m_quality(new QualityEditor(session, this))
{
    m_regionMode->addButton(m_regionDefault, DefaultId);
    m_regionMode->addButton(m_regionOverride, OverrideId);
    m_region->setPlaceholderText(Tr::tr("e.g. us-east-1"));
    m_region->setObjectName(u"servingRegion"_s);
    auto *regionWidget = new QWidget(this);
    auto *regionRow = new QHBoxLayout;
    regionRow->addWidget(m_regionDefault);
    regionRow->addWidget(m_regionOverride);
    regionRow->addWidget(m_region, 1);
    auto *regionLayout = new QVBoxLayout(regionWidget);
    regionLayout->setContentsMargins(0, 0, 0, 0);
    regionLayout->addLayout(regionRow);
    regionLayout->addWidget(m_regionError);

    // The core's limits (Domain::Model::kMaxOutputTokens).
    m_maxOutputTokens->setRange(Domain::Model::kMaxOutputTokens.lowest,
                                Domain::Model::kMaxOutputTokens.highest);
    m_maxOutputTokens->setGroupSeparatorShown(true);
    m_maxOutputTokens->setSuffix(Tr::tr(" tokens"));
    m_maxOutputTokens->setObjectName(u"maxOutputTokens"_s);
    auto *tokensHint = new QLabel(
        Tr::tr("Sent as max_tokens when a chat call that names none is served by an Anthropic "
               "connection."),
        this);
    tokensHint->setWordWrap(true);
    auto *tokensWidget = new QWidget(this);
    auto *tokensLayout = new QVBoxLayout(tokensWidget);
    tokensLayout->setContentsMargins(0, 0, 0, 0);
    tokensLayout->addWidget(m_maxOutputTokens, 0, Qt::AlignLeft);
    tokensLayout->addWidget(tokensHint);

    auto *content = new QWidget(this);
    auto *contentLayout = new QVBoxLayout(content);
    contentLayout->addWidget(group(Tr::tr("Serving region"), regionWidget, content));
    m_maxOutputTokensBox = group(Tr::tr("Max output tokens"), tokensWidget, content);
    contentLayout->addWidget(m_maxOutputTokensBox);
    contentLayout->addWidget(group(Tr::tr("Deployment pool"), m_pool, content));
    m_offeringsBox = group(Tr::tr("Offerings, tried in this order"), m_offerings, content);
    contentLayout->addWidget(m_offeringsBox);
    contentLayout->addWidget(group(Tr::tr("Recovery"), m_recovery, content));
    m_qualityBox = group(Tr::tr("Quality per task"), m_quality, content);
    contentLayout->addWidget(m_qualityBox);
    contentLayout->addStretch();

    auto *scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(content);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(scroll);

    connect(m_regionMode, &QButtonGroup::idClicked, this,
            &ModelSettingsTab::handleRegionModeClicked);
    connect(m_region, &QLineEdit::textEdited, this, [this](const QString &text) {
        m_session->push(new Common::SetServingRegionCommand(m_session, m_model, text.trimmed()));
        refresh();
    });
    connect(m_maxOutputTokens, &QSpinBox::valueChanged, this, [this](int tokens) {
        m_session->push(new Common::SetMaxOutputTokensCommand(m_session, m_model, tokens));
    });
    connect(m_session, &Common::WorkspaceSession::editedChanged, this, &ModelSettingsTab::refresh);
}

void ModelSettingsTab::setModelName(const QString &name)
{
    m_model = name;
    m_overridePending = false;
    m_region->clear();
    {
        const QSignalBlocker blocker(m_regionMode);
        m_regionDefault->setChecked(true);
    }
    m_pool->setModelName(name);
    m_recovery->setModelName(name);
    m_offerings->setModelName(name);
    m_quality->setModelName(name);
    refresh();
}

QRadioButton *ModelSettingsTab::regionDefaultButton() const
{
    return m_regionDefault;
}
QRadioButton *ModelSettingsTab::regionOverrideButton() const
{
    return m_regionOverride;
}
QLineEdit *ModelSettingsTab::regionEdit() const
{
    return m_region;
}
QLabel *ModelSettingsTab::regionError() const
{
    return m_regionError;
}
QSpinBox *ModelSettingsTab::maxOutputTokensSpin() const
{
    return m_maxOutputTokens;
}
PoolEditor *ModelSettingsTab::poolEditor() const
{
    return m_pool;
}
RecoveryEditor *ModelSettingsTab::recoveryEditor() const
{
    return m_recovery;
}
OfferingsEditor *ModelSettingsTab::offeringsEditor() const
{
    return m_offerings;
}
QualityEditor *ModelSettingsTab::qualityEditor() const
{
    return m_quality;
}

void ModelSettingsTab::refresh()
{
    const Domain::Model *m = m_session->edited().model(m_model);
    setEnabled(m != nullptr);
    if (!m)
        return;
    m_offeringsBox->setVisible(!m->isPool());
    // Only chat calls carry max_tokens; a pool's calls are served by its deployments, each with
    // its own.
    m_maxOutputTokensBox->setVisible(m->modality == Domain::Modality::Chat && !m->isPool());
    // Sessions classify chat turns only: no other model is ever suggested.
    m_qualityBox->setVisible(m->modality == Domain::Modality::Chat);
    if (m_maxOutputTokens->value() != m->maxOutputTokens) {
        const QSignalBlocker blocker(m_maxOutputTokens);
        m_maxOutputTokens->setValue(m->maxOutputTokens);
    }
    const QString region = m->servingRegionOverride;
    // Override stays chosen while its field is still empty: the domain keeps only the region.
    const bool overridden = !region.isEmpty() || m_overridePending;
    {
        const QSignalBlocker blocker(m_regionMode);
        (overridden ? m_regionOverride : m_regionDefault)->setChecked(true);
    }
    m_region->setEnabled(overridden);
    if (m_region->text().trimmed() != region)
        m_region->setText(region);
    QString error
        = region.isEmpty() ? QString() : Common::problemText(Config::regionNameError(region));
    if (error.isEmpty()) {
        QStringList messages;
        const QString path
            = Common::WorkspaceSession::modelPath(m_session->editedModelIndex(m_model));
        for (const Config::Problem &p : m_session->problemsAt(path)) {
            if (p.path.contains(u"servingRegion"_s, Qt::CaseInsensitive))
                messages.append(Common::problemText(p));
        }
        error = messages.join(u'\n');
    }
    Common::markField(m_region, m_regionError, error);
}

void ModelSettingsTab::handleRegionModeClicked(int id)
{
    m_overridePending = id == OverrideId;
    if (id == OverrideId) {
        m_region->setEnabled(true);
        m_region->setFocus();
        return;
    }
    m_session->push(new Common::SetServingRegionCommand(m_session, m_model, QString()));
    refresh();
}

} // namespace Ui::Models
