#include "impactpanel.h"

#include "format.h"
#include "impactsource.h"
#include "preferences.h"
#include "tr.h"
#include "workspacesession.h"

#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>

using namespace Qt::StringLiterals;

namespace Ui::Common {
namespace {

const QString kSep = u" · "_s;
// Typing settles before a replay is asked for; the latest edit wins anyway.
constexpr int kDebounceMs = 150;
constexpr int kMaxHeight = 260;

// A share of the replayed calls, in percent with one decimal.
QString share(double calls, int of)
{
    return Tr::tr("%1 %").arg(number(of > 0 ? 100.0 * calls / of : 0.0, 1));
}

void setRows(QTableWidget *table, const QList<QStringList> &rows)
{
    table->setRowCount(int(rows.size()));
    for (int r = 0; r < rows.size(); ++r) {
        for (int c = 0; c < rows.at(r).size(); ++c) {
            auto *item = new QTableWidgetItem(rows.at(r).at(c));
            if (c == 0)
                item->setToolTip(item->text()); // the stretched column may elide it
            if (c > 0 && c >= table->columnCount() - 2)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            table->setItem(r, c, item);
        }
    }
    // As tall as its rows: the bar grows with the figures instead of scrolling inside itself.
    const int height = table->horizontalHeader()->height() + 2 * table->frameWidth()
        + table->verticalHeader()->length();
    table->setFixedHeight(height);
    table->setVisible(!rows.isEmpty());
}

QStringList rowsOf(const QTableWidget *table)
{
    QStringList out;
    if (!table->isVisibleTo(table->parentWidget()))
        return out;
    for (int r = 0; r < table->rowCount(); ++r) {
        QStringList cells;
        for (int c = 0; c < table->columnCount(); ++c)
            cells << (table->item(r, c) ? table->item(r, c)->text() : QString());
        out << cells.join(kSep);
    }
    return out;
}

QList<QStringList> summaryOf(const Routing::Impact &i)
{
    const Routing::ImpactSide &b = i.before, &a = i.after;
    const auto count = [](int n) { return number(qint64(n)); };
    return {
        { Tr::tr("Tried at once"), count(b.routed), count(a.routed) },
        { Tr::tr("Would fall back"), count(b.fallingBack), count(a.fallingBack) },
        { Tr::tr("Would wait for a cooldown"), count(b.waiting), count(a.waiting) },
        { Tr::tr("No eligible route"), count(b.refused), count(a.refused) },
        { Tr::tr("Cost per 1,000 calls"), money(b.costPer1000()), money(a.costPer1000()) },
    };
}

QString refusalText(const Routing::RefusalCount &r)
{
    return r.skipReason.isEmpty() ? r.errorCode
                                  : Tr::tr("%1, mostly %2").arg(r.errorCode, r.skipReason);
}

} // namespace

ImpactPanel::ImpactPanel(WorkspaceSession *session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_button(new QPushButton(Tr::tr("Impact"), parent))
    , m_count(new QSpinBox(this))
    , m_status(new QLabel(this))
    , m_figures(new QWidget)
    , m_scroll(new QScrollArea(this))
    , m_debounce(new QTimer(this))
{
    setObjectName(u"impactPanel"_s);
    m_button->setObjectName(u"impactButton"_s);
    m_button->setCheckable(true);
    m_button->setToolTip(Tr::tr("Replay recent calls through the draft and show what would "
                                "change"));
    m_button->setVisible(ImpactSource::of(session) != nullptr);
    m_count->setObjectName(u"impactCount"_s);
    m_count->setRange(10, 100000);
    m_count->setSingleStep(100);
    m_count->setGroupSeparatorShown(true);
    m_count->setValue(impactReplayCount());
    m_count->setAccessibleName(Tr::tr("Calls to replay"));
    m_status->setObjectName(u"impactStatus"_s);
    m_status->setWordWrap(true);
    m_status->setTextFormat(Qt::PlainText);
    m_summary = makeTable(u"impactSummary"_s, { {}, Tr::tr("Saved"), Tr::tr("Draft") });
    m_deployments = makeTable(u"impactDeployments"_s,
                              { Tr::tr("First picks: deployment"), Tr::tr("Connection"),
                                Tr::tr("Region"), Tr::tr("Saved"), Tr::tr("Draft") });
    m_regions = makeTable(u"impactRegions"_s,
                          { Tr::tr("Regions served"), Tr::tr("Saved"), Tr::tr("Draft") });
    m_refusals = makeTable(u"impactRefusals"_s,
                           { Tr::tr("No eligible route: why"), Tr::tr("Saved"), Tr::tr("Draft") });
    m_debounce->setSingleShot(true);
    m_debounce->setInterval(kDebounceMs);

    auto *top = new QHBoxLayout;
    auto *countLabel = new QLabel(Tr::tr("Replay the last"), this);
    countLabel->setBuddy(m_count);
    top->addWidget(countLabel);
    top->addWidget(m_count);
    top->addWidget(new QLabel(Tr::tr("calls"), this));
    top->addWidget(m_status, 1);
    // The short tables side by side, the deployments across: it fits a Models screen's pane. Many
    // rows scroll inside a bounded height, so the editor above keeps its room.
    auto *grid = new QGridLayout(m_figures);
    grid->setContentsMargins(0, 0, 0, 0);
    auto *side = new QVBoxLayout;
    side->addWidget(m_refusals);
    side->addWidget(m_regions);
    side->addStretch();
    grid->addWidget(m_summary, 0, 0, Qt::AlignTop);
    grid->addLayout(side, 0, 1);
    grid->addWidget(m_deployments, 1, 0, 1, 2, Qt::AlignTop);
    grid->setRowStretch(2, 1);
    m_scroll->setWidget(m_figures);
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_scroll->setVisible(false);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(top);
    layout->addWidget(m_scroll);
    setVisible(false);

    connect(m_button, &QPushButton::toggled, this, &ImpactPanel::setActive);
    connect(m_count, &QSpinBox::valueChanged, this, [this](int n) {
        setImpactReplayCount(n);
        handleEdited();
    });
    connect(m_debounce, &QTimer::timeout, this, &ImpactPanel::replay);
    connect(m_session, &WorkspaceSession::editedChanged, this, &ImpactPanel::handleEdited);
}

ImpactPanel::~ImpactPanel() = default;

QTableWidget *ImpactPanel::makeTable(const QString &name, const QStringList &headers)
{
    auto *table = new QTableWidget(0, int(headers.size()), this);
    table->setObjectName(name);
    table->setHorizontalHeaderLabels(headers);
    table->verticalHeader()->setVisible(false);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionMode(QAbstractItemView::NoSelection);
    table->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    table->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    table->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    // The first column takes the room left; the figures keep their width.
    table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    table->verticalHeader()->setDefaultSectionSize(table->fontMetrics().height() + 8);
    table->setVisible(false);
    return table;
}

QPushButton *ImpactPanel::button() const
{
    return m_button;
}

QSpinBox *ImpactPanel::countBox() const
{
    return m_count;
}

QString ImpactPanel::statusText() const
{
    return m_status->text();
}

QStringList ImpactPanel::summaryRows() const
{
    return rowsOf(m_summary);
}

QStringList ImpactPanel::deploymentRows() const
{
    return rowsOf(m_deployments);
}

QStringList ImpactPanel::regionRows() const
{
    return rowsOf(m_regions);
}

QStringList ImpactPanel::refusalRows() const
{
    return rowsOf(m_refusals);
}

bool ImpactPanel::isCurrent() const
{
    return m_asked > 0 && m_shown == m_asked;
}

void ImpactPanel::setActive(bool active)
{
    setVisible(active);
    if (active)
        replay();
    else
        m_debounce->stop();
}

void ImpactPanel::handleEdited()
{
    // The button, not the visibility: the bar (and so the panel) may be hidden while a save or a
    // discard left nothing to show, and the next edit must not show the old draft's figures.
    if (m_button->isChecked() && m_session->isModified())
        m_debounce->start();
}

void ImpactPanel::replay()
{
    m_debounce->stop();
    const ImpactSource *source = ImpactSource::of(m_session);
    if (!source)
        return;
    if (!m_loader) {
        m_loader = new Runtime::ImpactLoader(source->databasePath(), this);
        connect(m_loader, &Runtime::ImpactLoader::answered, this, &ImpactPanel::handleAnswer);
    }
    const QDateTime now = source->now();
    Runtime::ImpactQuery q;
    q.before = m_session->saved();
    q.after = m_session->edited();
    q.count = m_count->value();
    q.nowMs = now.toMSecsSinceEpoch();
    q.health = source->health(q.nowMs);
    m_askedWithHealth = q.health.has_value();
    q.todayUtc = now.toUTC().date();
    q.serial = ++m_asked;
    m_status->setText(Tr::tr("Replaying the last %n call(s)…", nullptr, q.count));
    m_loader->request(std::move(q));
}

void ImpactPanel::handleAnswer(const Runtime::ImpactAnswer &answer)
{
    if (answer.serial != m_asked)
        return; // an older edit's figures: a newer replay is on its way
    m_shown = answer.serial;
    if (answer.error) {
        m_status->setText(Tr::tr("Past calls could not be read."));
        showImpact({});
    } else if (answer.impact.calls == 0) {
        m_status->setText(Tr::tr("No calls to replay yet."));
        showImpact({});
    } else {
        const QString how = m_askedWithHealth
            ? Tr::tr("with the gateway's health now")
            : Tr::tr("with every deployment healthy (no gateway)");
        m_status->setText(Tr::tr("The last %n call(s), saved settings → draft, %1. A pool's "
                                 "shares are expected first picks, not random draws.",
                                 nullptr, answer.impact.calls)
                              .arg(how));
        showImpact(answer.impact);
    }
    Q_EMIT impactShown();
}

void ImpactPanel::showImpact(const Routing::Impact &i)
{
    const bool any = i.calls > 0;
    setRows(m_summary, any ? summaryOf(i) : QList<QStringList>());
    QList<QStringList> rows;
    for (const Routing::PickShare &p : i.deployments)
        rows << QStringList { p.deployment, p.connection, p.region.isEmpty() ? u"—"_s : p.region,
                              share(p.before, i.calls), share(p.after, i.calls) };
    setRows(m_deployments, rows);
    rows.clear();
    for (const Routing::RegionShare &r : i.regions)
        rows << QStringList { r.region.isEmpty() ? Tr::tr("no region known") : r.region,
                              share(r.before, i.calls), share(r.after, i.calls) };
    setRows(m_regions, rows);
    rows.clear();
    for (const Routing::RefusalCount &r : i.refusals)
        rows << QStringList { refusalText(r), number(qint64(r.before)), number(qint64(r.after)) };
    setRows(m_refusals, rows);
    // All of the figures up to a bound; past it they scroll.
    m_scroll->setFixedHeight(std::min(m_figures->sizeHint().height(), kMaxHeight));
    m_scroll->setVisible(any);
}

} // namespace Ui::Common
