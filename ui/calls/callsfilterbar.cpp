#include "callsfilterbar.h"

#include "common/tr.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QStyle>
#include <QStyleOptionComboBox>
#include <QStylePainter>
#include <algorithm>

using namespace Qt::StringLiterals;

namespace Ui::Calls {
namespace {

constexpr Domain::ErrorClass kErrorClasses[] = {
    Domain::ErrorClass::RateLimited,    Domain::ErrorClass::Overloaded,
    Domain::ErrorClass::ServerError,    Domain::ErrorClass::RequestTimeout,
    Domain::ErrorClass::ConnectTimeout, Domain::ErrorClass::FirstByteTimeout,
    Domain::ErrorClass::Transport,      Domain::ErrorClass::InvalidRequest,
    Domain::ErrorClass::AuthFailed,     Domain::ErrorClass::ContentRefusal,
    Domain::ErrorClass::BadResponse,    Domain::ErrorClass::StoppedAnswering,
    Domain::ErrorClass::Deadline,       Domain::ErrorClass::CallerClosed,
};

// A filter choice: as wide as its longest entry when there is room. A narrow window (or a
// language with longer words) trims the choices instead of widening the window: the shown entry is
// then elided, never cut.
class FilterCombo : public QComboBox
{
public:
    explicit FilterCombo(QWidget *parent)
        : QComboBox(parent)
    {
        setSizeAdjustPolicy(QComboBox::AdjustToContents);
    }

    QSize minimumSizeHint() const override
    {
        QStyleOptionComboBox option;
        initStyleOption(&option);
        const QSize text(fontMetrics().horizontalAdvance(u"Xxxxx…"_s), fontMetrics().height());
        const QSize fitted = style()->sizeFromContents(QStyle::CT_ComboBox, &option, text, this);
        return { std::min(fitted.width(), sizeHint().width()), sizeHint().height() };
    }

protected:
    void paintEvent(QPaintEvent *) override
    {
        QStylePainter painter(this);
        painter.setPen(palette().color(QPalette::Text));
        QStyleOptionComboBox option;
        initStyleOption(&option);
        painter.drawComplexControl(QStyle::CC_ComboBox, option);
        const QRect field = style()->subControlRect(QStyle::CC_ComboBox, &option,
                                                    QStyle::SC_ComboBoxEditField, this);
        option.currentText
            = fontMetrics().elidedText(option.currentText, Qt::ElideRight, field.width());
        painter.drawControl(QStyle::CE_ComboBoxLabel, option);
    }
};

qint64 rangeSeconds(CallsFilterBar::Range r)
{
    switch (r) {
    case CallsFilterBar::Range::Any:
        return 0;
    case CallsFilterBar::Range::Last15Minutes:
        return 15 * 60;
    case CallsFilterBar::Range::LastHour:
        return 3600;
    case CallsFilterBar::Range::Last24Hours:
        return 24 * 3600;
    case CallsFilterBar::Range::Last7Days:
        return 7 * 24 * 3600;
    }
    return 0;
}

} // namespace

CallsFilterBar::CallsFilterBar(QWidget *parent)
    : QWidget(parent)
    , m_model(new FilterCombo(this))
    , m_endpoint(new FilterCombo(this))
    , m_kind(new FilterCombo(this))
    , m_servedBy(new FilterCombo(this))
    , m_instance(new FilterCombo(this))
    , m_status(new FilterCombo(this))
    , m_error(new FilterCombo(this))
    , m_range(new FilterCombo(this))
    , m_requestId(new QLineEdit(this))
{
    refill(m_model, Tr::tr("All models"), {});
    refill(m_servedBy, Tr::tr("All connections"), {});
    setInstances({});
    m_endpoint->addItem(Tr::tr("All endpoints"));
    m_endpoint->addItem(Tr::tr("Chat completions"),
                        Domain::toString(Domain::Endpoint::ChatCompletions));
    m_endpoint->addItem(Tr::tr("Messages"), Domain::toString(Domain::Endpoint::Messages));
    m_endpoint->addItem(Tr::tr("Responses"), Domain::toString(Domain::Endpoint::Responses));
    m_endpoint->addItem(Tr::tr("Embeddings"), Domain::toString(Domain::Endpoint::Embeddings));
    m_kind->addItem(Tr::tr("All kinds"));
    m_kind->addItem(Tr::tr("Calls"), Domain::toString(Domain::CallKind::Call));
    m_kind->addItem(Tr::tr("Probes"), Domain::toString(Domain::CallKind::Probe));
    m_kind->addItem(Tr::tr("Rehearsals"), Domain::toString(Domain::CallKind::Rehearsal));
    m_status->addItem(Tr::tr("Any status"));
    m_status->addItem(Tr::tr("OK first time"), Domain::toString(Domain::StatusClass::Ok));
    m_status->addItem(Tr::tr("Retried, OK"), Domain::toString(Domain::StatusClass::RetriedOk));
    m_status->addItem(Tr::tr("Fell back"), Domain::toString(Domain::StatusClass::FellBack));
    m_status->addItem(Tr::tr("Failed"), Domain::toString(Domain::StatusClass::Failed));
    m_error->addItem(Tr::tr("Any error"));
    for (Domain::ErrorClass e : kErrorClasses)
        m_error->addItem(Domain::toString(e), Domain::toString(e));
    m_range->addItem(Tr::tr("Any time"), int(Range::Any));
    m_range->addItem(Tr::tr("Last 15 minutes"), int(Range::Last15Minutes));
    m_range->addItem(Tr::tr("Last hour"), int(Range::LastHour));
    m_range->addItem(Tr::tr("Last 24 hours"), int(Range::Last24Hours));
    m_range->addItem(Tr::tr("Last 7 days"), int(Range::Last7Days));
    m_requestId->setPlaceholderText(Tr::tr("request id…"));
    m_requestId->setClearButtonEnabled(true);

    m_model->setToolTip(Tr::tr("Model asked, resolved or served"));
    m_endpoint->setToolTip(Tr::tr("Endpoint the call arrived on"));
    m_kind->setToolTip(
        Tr::tr("Who made the call: a caller, the gateway's reliability probe or a rehearsal"));
    m_servedBy->setToolTip(Tr::tr("Connection that answered"));
    m_instance->setToolTip(Tr::tr("Gateway instance that stored the call"));
    m_status->setToolTip(Tr::tr("Status class"));
    m_error->setToolTip(Tr::tr("Error class of the last failure"));
    m_range->setToolTip(Tr::tr("Time range"));

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    for (QComboBox *box :
         { m_model, m_endpoint, m_kind, m_servedBy, m_instance, m_status, m_error, m_range }) {
        layout->addWidget(box);
        connect(box, &QComboBox::currentIndexChanged, this, &CallsFilterBar::filterChanged);
    }
    // The request id keeps room to be read; the choices shorten first.
    m_requestId->setMinimumWidth(m_requestId->fontMetrics().horizontalAdvance(u"req_0000000000"_s)
                                 + 24);
    layout->addWidget(m_requestId, 1);
    connect(m_requestId, &QLineEdit::editingFinished, this, &CallsFilterBar::filterChanged);
}

QVariantList CallsFilterBar::choices() const
{
    QVariantList result;
    for (QComboBox *box :
         { m_model, m_endpoint, m_kind, m_servedBy, m_instance, m_status, m_error, m_range })
        result << box->currentIndex();
    result << m_requestId->text();
    return result;
}

void CallsFilterBar::restoreChoices(const QVariantList &choices)
{
    const QList<QComboBox *> boxes { m_model,    m_endpoint, m_kind,  m_servedBy,
                                     m_instance, m_status,   m_error, m_range };
    if (choices.size() != boxes.size() + 1)
        return;
    for (int i = 0; i < boxes.size(); ++i) {
        const QSignalBlocker blocker(boxes.at(i));
        boxes.at(i)->setCurrentIndex(choices.at(i).toInt());
    }
    const QSignalBlocker blocker(m_requestId);
    m_requestId->setText(choices.constLast().toString());
}

void CallsFilterBar::refill(QComboBox *box, const QString &allText, const QStringList &values)
{
    const QString current = box->currentData().toString();
    const QSignalBlocker blocker(box);
    box->clear();
    box->addItem(allText);
    for (const QString &v : values)
        box->addItem(v, v);
    box->setCurrentIndex(std::max(0, box->findData(current)));
}

void CallsFilterBar::setModels(const QStringList &models)
{
    refill(m_model, Tr::tr("All models"), models);
}

void CallsFilterBar::setConnections(const QStringList &connections)
{
    refill(m_servedBy, Tr::tr("All connections"), connections);
}

void CallsFilterBar::setInstances(const QStringList &instances)
{
    refill(m_instance, Tr::tr("All instances"), instances);
    // One gateway (or receipts from before instances were named): nothing to choose between.
    m_instance->setVisible(instances.size() > 1 || m_instance->currentIndex() > 0);
}

void CallsFilterBar::setFixedModel(const QString &model)
{
    m_fixedModel = model;
    m_model->setVisible(model.isEmpty());
    Q_EMIT filterChanged();
}

Store::ReceiptFilter CallsFilterBar::filter(const QDateTime &now) const
{
    Store::ReceiptFilter f;
    f.model = m_fixedModel.isEmpty() ? m_model->currentData().toString() : m_fixedModel;
    f.endpoint = Domain::endpointFromString(m_endpoint->currentData().toString());
    f.kind = Domain::callKindFromString(m_kind->currentData().toString());
    f.servedBy = m_servedBy->currentData().toString();
    f.instance = m_instance->currentData().toString();
    f.statusClass = Domain::statusClassFromString(m_status->currentData().toString());
    f.errorClass = Domain::errorClassFromString(m_error->currentData().toString());
    if (const qint64 s = rangeSeconds(Range(m_range->currentData().toInt())); s > 0)
        f.from = now.addSecs(-s);
    f.requestId = m_requestId->text().trimmed();
    return f;
}

QComboBox *CallsFilterBar::modelBox() const
{
    return m_model;
}

QComboBox *CallsFilterBar::endpointBox() const
{
    return m_endpoint;
}

QComboBox *CallsFilterBar::kindBox() const
{
    return m_kind;
}

QComboBox *CallsFilterBar::servedByBox() const
{
    return m_servedBy;
}

QComboBox *CallsFilterBar::instanceBox() const
{
    return m_instance;
}

QComboBox *CallsFilterBar::statusBox() const
{
    return m_status;
}

QComboBox *CallsFilterBar::errorBox() const
{
    return m_error;
}

QComboBox *CallsFilterBar::rangeBox() const
{
    return m_range;
}

QLineEdit *CallsFilterBar::requestIdEdit() const
{
    return m_requestId;
}

} // namespace Ui::Calls
