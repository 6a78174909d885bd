#include "offeringseditor.h"

#include "common/editcommands.h"
#include "common/tr.h"
#include "common/workspacesession.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSignalBlocker>
#include <QVBoxLayout>
#include <memory>

using namespace Qt::StringLiterals;

namespace Ui::Models {
namespace {

const QList<Domain::Precision> kPrecisions { Domain::Precision::None, Domain::Precision::Fp4,
                                             Domain::Precision::Fp8, Domain::Precision::Bf16 };

QStringList splitList(const QString &text)
{
    QStringList items;
    for (const QString &part : text.split(u',', Qt::SkipEmptyParts)) {
        if (!part.trimmed().isEmpty())
            items.append(part.trimmed());
    }
    return items;
}

} // namespace

OfferingsEditor::OfferingsEditor(Common::WorkspaceSession *session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_list(new QListWidget(this))
    , m_up(new QPushButton(Tr::tr("Move up"), this))
    , m_down(new QPushButton(Tr::tr("Move down"), this))
    , m_add(new QPushButton(Tr::tr("Add offering"), this))
    , m_remove(new QPushButton(Tr::tr("Remove"), this))
    , m_form(new QWidget(this))
    , m_connection(new QComboBox(m_form))
    , m_upstream(new QLineEdit(m_form))
    , m_precision(new QComboBox(m_form))
    , m_tools(new QCheckBox(Tr::tr("Tools"), m_form))
    , m_structured(new QCheckBox(Tr::tr("Structured output"), m_form))
    , m_vision(new QCheckBox(Tr::tr("Vision"), m_form))
    , m_webSearch(new QLineEdit(m_form))
    , m_certified(new QCheckBox(Tr::tr("Certified"), m_form))
{
    m_list->setMaximumHeight(110);
    for (Domain::Precision p : kPrecisions)
        m_precision->addItem(p == Domain::Precision::None ? Tr::tr("not listed")
                                                          : Domain::toString(p));
    m_webSearch->setPlaceholderText(Tr::tr("web search tool versions, comma-separated"));
    auto *buttons = new QHBoxLayout;
    for (QPushButton *b : { m_up, m_down, m_add, m_remove })
        buttons->addWidget(b);
    buttons->addStretch();
    auto *caps = new QHBoxLayout;
    for (QCheckBox *c : { m_tools, m_structured, m_vision })
        caps->addWidget(c);
    caps->addStretch();
    auto *form = new QFormLayout(m_form);
    form->setContentsMargins(0, 0, 0, 0);
    form->addRow(Tr::tr("Connection"), m_connection);
    form->addRow(Tr::tr("Upstream model"), m_upstream);
    form->addRow(Tr::tr("Precision"), m_precision);
    form->addRow(Tr::tr("Capabilities"), caps);
    form->addRow(Tr::tr("Web search"), m_webSearch);
    form->addRow(QString(), m_certified);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_list);
    layout->addLayout(buttons);
    layout->addWidget(m_form);
    connectFields();
}

void OfferingsEditor::connectFields()
{
    connect(m_list, &QListWidget::currentRowChanged, this, &OfferingsEditor::refreshForm);
    connect(m_up, &QPushButton::clicked, this, [this] { move(-1); });
    connect(m_down, &QPushButton::clicked, this, [this] { move(+1); });
    connect(m_add, &QPushButton::clicked, this, &OfferingsEditor::handleAdd);
    connect(m_remove, &QPushButton::clicked, this, &OfferingsEditor::handleRemove);
    connect(m_connection, &QComboBox::currentTextChanged, this, [this](const QString &name) {
        editSelected([&](Domain::Offering &o) { o.connection = name; }, u"connection"_s);
    });
    connect(m_upstream, &QLineEdit::textEdited, this, [this](const QString &id) {
        editSelected([&](Domain::Offering &o) { o.upstreamModel = id; }, u"upstream"_s);
    });
    connect(m_precision, &QComboBox::currentIndexChanged, this, [this](int i) {
        editSelected([&](Domain::Offering &o) { o.precision = kPrecisions.value(i); },
                     u"precision"_s);
    });
    connect(m_tools, &QCheckBox::toggled, this, [this](bool on) {
        editSelected([&](Domain::Offering &o) { o.capabilities.tools = on; }, u"tools"_s);
    });
    connect(m_structured, &QCheckBox::toggled, this, [this](bool on) {
        editSelected([&](Domain::Offering &o) { o.capabilities.structuredOutput = on; },
                     u"structured"_s);
    });
    connect(m_vision, &QCheckBox::toggled, this, [this](bool on) {
        editSelected([&](Domain::Offering &o) { o.capabilities.vision = on; }, u"vision"_s);
    });
    connect(m_webSearch, &QLineEdit::textEdited, this, [this](const QString &text) {
        editSelected(
            [&](Domain::Offering &o) { o.capabilities.webSearchToolVersions = splitList(text); },
            u"web"_s);
    });
    connect(m_certified, &QCheckBox::toggled, this, [this](bool on) {
        editSelected([&](Domain::Offering &o) { o.certified = on; }, u"certified"_s);
    });
    connect(m_session, &Common::WorkspaceSession::editedChanged, this, &OfferingsEditor::refresh);
}

void OfferingsEditor::setModelName(const QString &name)
{
    m_model = name;
    refresh();
    m_list->setCurrentRow(m_list->count() > 0 ? 0 : -1);
}

QListWidget *OfferingsEditor::list() const
{
    return m_list;
}
QPushButton *OfferingsEditor::upButton() const
{
    return m_up;
}
QPushButton *OfferingsEditor::downButton() const
{
    return m_down;
}
QPushButton *OfferingsEditor::addButton() const
{
    return m_add;
}
QPushButton *OfferingsEditor::removeButton() const
{
    return m_remove;
}
QLineEdit *OfferingsEditor::upstreamEdit() const
{
    return m_upstream;
}

QString OfferingsEditor::summary(const Domain::Offering &o)
{
    QStringList parts { o.connection, o.upstreamModel };
    if (o.precision != Domain::Precision::None)
        parts.append(Domain::toString(o.precision));
    if (o.capabilities.tools)
        parts.append(Tr::tr("tools"));
    if (o.capabilities.structuredOutput)
        parts.append(Tr::tr("structured output"));
    if (o.capabilities.vision)
        parts.append(Tr::tr("vision"));
    if (!o.certified)
        parts.append(Tr::tr("uncertified"));
    return parts.join(u" · "_s);
}

int OfferingsEditor::selectedRow() const
{
    return m_list->currentRow();
}

void OfferingsEditor::refresh()
{
    const Domain::Model *m = m_session->edited().model(m_model);
    setEnabled(m != nullptr);
    if (!m)
        return;
    const int keep = m_list->currentRow();
    {
        const QSignalBlocker blocker(m_list);
        m_list->clear();
        for (int i = 0; i < m->offerings.size(); ++i)
            m_list->addItem(Tr::tr("%1. %2").arg(i + 1).arg(summary(m->offerings.at(i))));
        m_list->setCurrentRow(qMin(keep, m_list->count() - 1));
    }
    refreshForm();
}

void OfferingsEditor::refreshForm()
{
    const Domain::Model *m = m_session->edited().model(m_model);
    const int row = selectedRow();
    const bool has = m && row >= 0 && row < m->offerings.size();
    m_form->setEnabled(has);
    m_remove->setEnabled(has);
    m_up->setEnabled(has && row > 0);
    m_down->setEnabled(has && row + 1 < m_list->count());
    if (!has)
        return;
    const Domain::Offering &o = m->offerings.at(row);
    const QList<QObject *> fields { m_connection, m_upstream, m_precision, m_tools,
                                    m_structured, m_vision,   m_webSearch, m_certified };
    QList<std::shared_ptr<QSignalBlocker>> blockers;
    for (QObject *f : fields)
        blockers.append(std::make_shared<QSignalBlocker>(f));
    m_connection->clear();
    for (const Domain::Connection &c : m_session->edited().connections)
        m_connection->addItem(c.name);
    if (m_connection->findText(o.connection) < 0)
        m_connection->addItem(o.connection);
    m_connection->setCurrentText(o.connection);
    if (m_upstream->text() != o.upstreamModel)
        m_upstream->setText(o.upstreamModel);
    m_precision->setCurrentIndex(int(kPrecisions.indexOf(o.precision)));
    m_tools->setChecked(o.capabilities.tools);
    m_structured->setChecked(o.capabilities.structuredOutput);
    m_vision->setChecked(o.capabilities.vision);
    if (splitList(m_webSearch->text()) != o.capabilities.webSearchToolVersions)
        m_webSearch->setText(o.capabilities.webSearchToolVersions.join(u", "_s));
    m_certified->setChecked(o.certified);
}

void OfferingsEditor::editSelected(const std::function<void(Domain::Offering &)> &edit,
                                   const QString &field)
{
    const Domain::Model *m = m_session->edited().model(m_model);
    const int row = selectedRow();
    if (!m || row < 0 || row >= m->offerings.size())
        return;
    Domain::Offering o = m->offerings.at(row);
    edit(o);
    m_session->push(new Common::SetOfferingCommand(m_session, m_model, row, o, field));
}

void OfferingsEditor::move(int delta)
{
    const int row = selectedRow();
    const int to = row + delta;
    if (row < 0 || to < 0 || to >= m_list->count())
        return;
    m_session->push(new Common::MoveOfferingCommand(m_session, m_model, row, to));
    m_list->setCurrentRow(to);
}

void OfferingsEditor::handleAdd()
{
    Domain::Offering o;
    const QList<Domain::Connection> &connections = m_session->edited().connections;
    if (!connections.isEmpty())
        o.connection = connections.first().name;
    const int slash = int(m_model.indexOf(u'/'));
    o.upstreamModel = slash >= 0 ? m_model.mid(slash + 1) : m_model;
    m_session->push(new Common::AddOfferingCommand(m_session, m_model, o));
    m_list->setCurrentRow(m_list->count() - 1);
}

void OfferingsEditor::handleRemove()
{
    const int row = selectedRow();
    if (row >= 0)
        m_session->push(new Common::RemoveOfferingCommand(m_session, m_model, row));
}

} // namespace Ui::Models
