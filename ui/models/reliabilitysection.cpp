#include "reliabilitysection.h"

#include "common/format.h"
#include "common/probenow.h"
#include "common/tr.h"
#include "common/workspacesession.h"

#include <QChart>
#include <QChartView>
#include <QDateTimeAxis>
#include <QFontDatabase>
#include <QFrame>
#include <QLabel>
#include <QLineSeries>
#include <QLocale>
#include <QMap>
#include <QPlainTextEdit>
#include <QScatterSeries>
#include <QVBoxLayout>
#include <QValueAxis>
#include <runtime/probescheduler.h>

using namespace Qt::StringLiterals;

namespace Ui::Models {

namespace {

constexpr qint64 kBucketMs = 3600'000; // the chart's points: one per hour with results

const QString kTools = u"tools"_s;
const QString kStructured = u"structured_output"_s;

bool sameOffering(const Domain::ProbeResult &r, const QString &model, const Domain::Offering &o)
{
    return r.model == model && r.connection == o.connection && r.upstreamModel == o.upstreamModel;
}

QString rateText(const QString &kind, int passed, int total)
{
    const QString name = kind == kTools ? Tr::tr("Tools") : Tr::tr("Structured output");
    if (total == 0)
        return Tr::tr("%1: no probes yet").arg(name);
    const QLocale l;
    return Tr::tr("%1: %2 of %3 passed (%4 %)")
        .arg(name, l.toString(passed), l.toString(total),
             l.toString(qRound(100.0 * passed / total)));
}

// Why an offering has no next run, from the workspace the studio shows; metered first, as it
// holds whatever the interval.
QString notScheduledText(const Domain::Workspace &ws, const Domain::Offering &o)
{
    const Domain::Connection *c = ws.connection(o.connection);
    if (!o.certified)
        return Tr::tr("Next run: not scheduled: the offering is not certified");
    if (c && c->metered)
        return Tr::tr("Next run: not scheduled: metered connection");
    if (ws.probeIntervalHours <= 0)
        return Tr::tr("Next run: not scheduled: probes are off in the workspace settings");
    return Tr::tr("Next run: not scheduled: the gateway is not running");
}

QChartView *passRateChart(const QList<const Domain::ProbeResult *> &results,
                          const QPalette &palette)
{
    auto *chart = new QChart;
    const bool dark = palette.color(QPalette::Window).lightness() < 128;
    chart->setTheme(dark ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    chart->setBackgroundVisible(false);
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setMargins(QMargins(0, 0, 0, 0));
    chart->legend()->setAlignment(Qt::AlignRight);
    auto *x = new QDateTimeAxis;
    x->setFormat(u"HH:mm"_s);
    x->setTickCount(3);
    auto *y = new QValueAxis;
    y->setRange(0, 100);
    y->setTickCount(3);
    y->setLabelFormat(u"%d %"_s);
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    qint64 first = 0;
    qint64 last = 0;
    for (const QString &kind : { kTools, kStructured }) {
        QMap<qint64, std::pair<int, int>> buckets; // bucket start: passed, graded
        for (const Domain::ProbeResult *r : results) {
            if (r->kind != kind || r->outcome == Domain::ProbeResult::Outcome::Error)
                continue;
            auto &[passed, graded] = buckets[r->atMs - r->atMs % kBucketMs];
            passed += r->outcome == Domain::ProbeResult::Outcome::Passed ? 1 : 0;
            ++graded;
        }
        auto *line = new QLineSeries;
        line->setName(kind == kTools ? Tr::tr("Tools") : Tr::tr("Structured output"));
        line->setPointsVisible(true);
        for (auto it = buckets.cbegin(); it != buckets.cend(); ++it) {
            const qint64 at = it.key() + kBucketMs / 2;
            line->append(double(at), 100.0 * it.value().first / it.value().second);
            first = first == 0 ? at : qMin(first, at);
            last = qMax(last, at);
        }
        chart->addSeries(line);
        line->attachAxis(x);
        line->attachAxis(y);
    }
    // A single run still gets a readable axis around it.
    x->setRange(QDateTime::fromMSecsSinceEpoch(first - kBucketMs),
                QDateTime::fromMSecsSinceEpoch(last + kBucketMs));
    auto *view = new QChartView(chart);
    view->setRenderHint(QPainter::Antialiasing);
    view->setFixedHeight(110);
    view->setFocusPolicy(Qt::NoFocus);
    return view;
}

} // namespace

ReliabilitySection::ReliabilitySection(Common::WorkspaceSession *session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_empty(new QLabel(this))
    , m_list(new QVBoxLayout)
    , m_probeNow(new Common::ProbeNowControl(this))
{
    auto *title = new QLabel(Tr::tr("Reliability"), this);
    QFont bold = title->font();
    bold.setBold(true);
    title->setFont(bold);
    m_empty->setWordWrap(true);
    m_empty->setEnabled(false);
    m_probeNow->setRequest([this] {
        Domain::ProbeRequest request;
        request.model = m_model;
        return request;
    });
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(title);
    layout->addWidget(m_probeNow);
    layout->addWidget(m_empty);
    layout->addLayout(m_list);
    layout->addStretch();
    connect(m_session, &Common::WorkspaceSession::savedChanged, this, &ReliabilitySection::rebuild);
}

void ReliabilitySection::setScheduler(Runtime::ProbeScheduler *probes)
{
    if (m_probes)
        disconnect(m_probes, nullptr, this, nullptr);
    m_probes = probes;
    m_probeNow->setScheduler(probes);
    if (m_probes) {
        // A run with results ends in changed(): one rebuild, not one per signal.
        connect(m_probes, &Runtime::ProbeScheduler::changed, this, &ReliabilitySection::rebuild);
    }
    rebuild();
}

void ReliabilitySection::setModelName(const QString &name)
{
    m_model = name;
    rebuild();
}

void ReliabilitySection::rebuild()
{
    qDeleteAll(m_blocks);
    m_blocks.clear();
    const Domain::Model *model = m_session->saved().model(m_model);
    const int offerings = model ? int(model->offerings.size()) : 0;
    m_empty->setText(offerings == 0
                         ? Tr::tr("Probes test the offerings of a saved Direct model.")
                         : (m_probes ? QString()
                                     : Tr::tr("Probe results need the gateway: the studio "
                                              "runs without it.")));
    m_empty->setVisible(!m_empty->text().isEmpty());
    m_probeNow->setVisible(offerings > 0);
    for (int i = 0; i < offerings; ++i) {
        QWidget *block = buildBlock(i);
        m_list->addWidget(block);
        block->show(); // at once, not when the layout gets round to it
        m_blocks << block;
    }
}

QWidget *ReliabilitySection::buildBlock(int index)
{
    const Domain::Workspace &ws = m_session->saved();
    const Domain::Offering &o = ws.model(m_model)->offerings.at(index);
    auto *block = new QFrame(this);
    block->setObjectName(u"offering:"_s + o.connection);
    block->setFrameShape(QFrame::StyledPanel);
    auto *layout = new QVBoxLayout(block);
    auto *name = new QLabel(block);
    QFont bold = name->font();
    bold.setBold(true);
    name->setFont(bold);
    name->setText(Tr::tr("%1 · %2").arg(o.connection, o.upstreamModel));
    layout->addWidget(name);

    QList<const Domain::ProbeResult *> mine;
    if (m_probes) {
        for (const Domain::ProbeResult &r : m_probes->recent()) {
            if (sameOffering(r, m_model, o))
                mine << &r;
        }
    }
    // The pass counts are of the latest probe set this offering ran, as routing counts them.
    const QString version = mine.isEmpty() ? QString() : mine.last()->setVersion;
    int passed[2] = { 0, 0 };
    int total[2] = { 0, 0 };
    const Domain::ProbeResult *lastFailure = nullptr;
    for (const Domain::ProbeResult *r : std::as_const(mine)) {
        if (r->outcome != Domain::ProbeResult::Outcome::Passed)
            lastFailure = r;
        if (r->setVersion != version || r->outcome == Domain::ProbeResult::Outcome::Error)
            continue;
        const int k = r->kind == kTools ? 0 : 1;
        ++total[k];
        passed[k] += r->outcome == Domain::ProbeResult::Outcome::Passed ? 1 : 0;
    }
    auto *rates = new QLabel(block);
    rates->setObjectName(u"rates"_s);
    rates->setText(rateText(kTools, passed[0], total[0]) + u" · "_s
                   + rateText(kStructured, passed[1], total[1]));
    layout->addWidget(rates);

    const QDateTime now = QDateTime::currentDateTimeUtc();
    auto *when = new QLabel(block);
    when->setObjectName(u"schedule"_s);
    const QDateTime last = m_probes ? m_probes->lastRun(m_model, o) : QDateTime();
    const QDateTime next = m_probes ? m_probes->nextRun(m_model, o) : QDateTime();
    const QLocale l;
    QString lastText = last.isValid() ? Tr::tr("Last run %1").arg(Common::relativeTime(last, now))
                                      : Tr::tr("Never probed");
    QString nextText = !next.isValid()
        ? notScheduledText(ws, o)
        : (next <= now ? Tr::tr("Next run: due now")
                       : Tr::tr("Next run due %1")
                             .arg(l.toString(next.toLocalTime(), QLocale::ShortFormat)));
    when->setText(lastText + u" · "_s + nextText);
    if (last.isValid())
        when->setToolTip(l.toString(last.toLocalTime(), QLocale::LongFormat));
    layout->addWidget(when);

    if (!mine.isEmpty())
        layout->addWidget(passRateChart(mine, palette()));

    if (lastFailure) {
        auto *failure = new QLabel(block);
        failure->setObjectName(u"lastFailure"_s);
        failure->setTextInteractionFlags(Qt::TextSelectableByMouse);
        failure->setText(
            Tr::tr("Last failure: %1 (%2), %3")
                .arg(lastFailure->taskId,
                     lastFailure->kind == kTools ? Tr::tr("tools") : Tr::tr("structured output"),
                     l.toString(QDateTime::fromMSecsSinceEpoch(lastFailure->atMs).toLocalTime(),
                                QLocale::ShortFormat)));
        layout->addWidget(failure);
        // Not word-wrapped: a wrapped label inside the scroll area gets too little height. The
        // whole sentence is in the tooltip when the pane is narrow.
        auto *reason = new QLabel(lastFailure->reason, block);
        reason->setObjectName(u"failureReason"_s);
        reason->setTextInteractionFlags(Qt::TextSelectableByMouse);
        reason->setToolTip(lastFailure->reason);
        reason->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
        layout->addWidget(reason);
        auto *output = new QPlainTextEdit(block);
        output->setObjectName(u"failingOutput"_s);
        output->setReadOnly(true);
        output->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
        output->setPlainText(lastFailure->output.isEmpty()
                                 ? Tr::tr("(no output)")
                                 : QString::fromUtf8(lastFailure->output));
        output->setMaximumHeight(output->fontMetrics().lineSpacing() * 5 + 12);
        layout->addWidget(output);
        if (!lastFailure->requestId.isEmpty()) {
            auto *receipt = new QLabel(block);
            receipt->setObjectName(u"receipt"_s);
            receipt->setTextInteractionFlags(Qt::TextSelectableByMouse);
            receipt->setText(Tr::tr("Receipt: %1 (Calls, kind probe)").arg(lastFailure->requestId));
            layout->addWidget(receipt);
        }
    }
    return block;
}

} // namespace Ui::Models
