#include "sessionspanel.h"

#include "common/chartaxes.h"
#include "common/errortext.h"
#include "common/format.h"
#include "common/sessiontext.h"
#include "common/tr.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QCursor>
#include <QDateTimeAxis>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLegend>
#include <QLineSeries>
#include <QLocale>
#include <QPalette>
#include <QProgressBar>
#include <QTimer>
#include <QToolTip>
#include <QVBoxLayout>
#include <QValueAxis>
#include <algorithm>
#include <store/receiptwriter.h>

using namespace Qt::StringLiterals;

namespace Ui::Keys {
namespace {

constexpr qint64 kDayMs = 24LL * 60 * 60 * 1000;
// Receipts arrive many times a second under load; a month's figures need not follow each batch.
constexpr int kDefaultRefreshMs = 5000;

// Savings are fractions of a cent per call: 4 decimals below a dollar, as the Dashboard's costs.
QString saving(double usd)
{
    return Common::money(usd, 1.0);
}

QString percent(double fraction)
{
    return Tr::tr("%1 %").arg(Common::number(100.0 * fraction, 0));
}

QChart *newChart(const QPalette &palette)
{
    auto *chart = new QChart;
    // Qt 6.4 has no color-scheme API: a dark window colour means a dark theme (UI.md).
    const bool dark = palette.color(QPalette::Window).lightness() < 128;
    chart->setTheme(dark ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setLocalizeNumbers(true); // "0,005 $" in German, as money() writes it
    chart->legend()->hide();
    chart->setMargins(QMargins(2, 2, 2, 2));
    return chart;
}

} // namespace

SessionsPanel::SessionsPanel(QWidget *parent)
    : QGroupBox(Tr::tr("Sessions (last %n days)", nullptr, kDays), parent)
    , m_now([] { return QDateTime::currentDateTimeUtc(); })
    , m_liveTimer(new QTimer(this))
    , m_summary(new QLabel(this))
    , m_acceptance(new QLabel(this))
    , m_chart(newChart(palette()))
    , m_savings(new QBarSet(Tr::tr("Projected savings")))
    , m_days(new QDateTimeAxis)
    , m_amounts(new QValueAxis)
{
    m_summary->setWordWrap(true);
    m_acceptance->setWordWrap(true);
    m_liveTimer->setSingleShot(true);
    m_liveTimer->setInterval(kDefaultRefreshMs);
    connect(m_liveTimer, &QTimer::timeout, this, &SessionsPanel::reload);

    m_chart->setTitle(Tr::tr("Projected savings per UTC day"));
    m_savings->setColor(QColor(0x3a, 0x9a, 0x5b));
    m_savings->setBorderColor(m_savings->color());
    auto *bars = new QBarSeries;
    bars->setBarWidth(0.8);
    bars->append(m_savings);
    m_chart->addSeries(bars);
    QStringList dayNumbers;
    for (int i = 0; i < kDays; ++i)
        dayNumbers.append(QString::number(i));
    auto *categories = new QBarCategoryAxis;
    categories->append(dayNumbers);
    m_chart->addAxis(categories, Qt::AlignBottom);
    m_chart->addAxis(m_amounts, Qt::AlignLeft);
    bars->attachAxis(categories);
    bars->attachAxis(m_amounts);
    connect(bars, &QBarSeries::hovered, this,
            [this](bool entered, int index) { showBarTip(entered, index); });
    // A bar per day, named by an axis of time beneath: thirty day labels do not fit. The date axis
    // spans the bars' width (the window's first midnight to its end); an empty series carries it,
    // as Qt Charts draws an axis only with a series.
    categories->setVisible(false);
    m_days->setFormat(u"d MMM"_s);
    m_days->setTickCount(6);
    m_chart->addAxis(m_days, Qt::AlignBottom);
    auto *carrier = new QLineSeries;
    m_chart->addSeries(carrier);
    carrier->attachAxis(m_days);
    carrier->attachAxis(m_amounts);
    auto *view = new QChartView(m_chart, this);
    view->setRenderHint(QPainter::Antialiasing);
    view->setMinimumSize(320, 150);
    view->setAccessibleName(m_chart->title());

    auto *mix = new QGridLayout;
    mix->addWidget(new QLabel(Tr::tr("Task classes"), this), 0, 0, 1, 3);
    for (int i = 0; i < Domain::kTaskClassCount; ++i) {
        auto *name = new QLabel(Common::sessionClassName(Domain::TaskClass(i)), this);
        auto *share = new QProgressBar(this);
        share->setRange(0, 1000);
        share->setTextVisible(true);
        share->setMaximumHeight(name->sizeHint().height() + 2);
        share->setAccessibleName(name->text());
        auto *count = new QLabel(this);
        count->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
        mix->addWidget(name, i + 1, 0);
        mix->addWidget(share, i + 1, 1);
        mix->addWidget(count, i + 1, 2);
        m_classNames.append(name);
        m_classShares.append(share);
        m_classCounts.append(count);
    }
    mix->setColumnStretch(1, 1);
    mix->setRowStretch(Domain::kTaskClassCount + 1, 1);

    auto *figures = new QHBoxLayout;
    figures->addWidget(view, 3);
    figures->addLayout(mix, 2);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_summary);
    layout->addWidget(m_acceptance);
    layout->addLayout(figures, 1);
    showKey();
}

SessionsPanel::~SessionsPanel() = default;

void SessionsPanel::useDatabase(const QString &path, Store::ReceiptWriter *writer)
{
    // Once: a second call would add a loader and count each written receipt twice.
    if (path.isEmpty() || m_loader)
        return;
    m_loader = new Store::StatsLoader(path, this);
    connect(m_loader, &Store::StatsLoader::answered, this, &SessionsPanel::handleAnswer);
    // Queued: the writer emits on its own thread.
    if (writer)
        connect(writer, &Store::ReceiptWriter::receiptsWritten, this,
                &SessionsPanel::noteReceiptsWritten, Qt::QueuedConnection);
    m_stale = true;
    if (isVisible())
        reload();
}

void SessionsPanel::setNow(std::function<QDateTime()> now)
{
    m_now = std::move(now);
}

void SessionsPanel::setRefreshDelay(int ms)
{
    m_liveTimer->setInterval(ms);
}

void SessionsPanel::setKey(const QString &keyId, const QString &keyName,
                           Domain::SessionMode inForce)
{
    if (m_keyId == keyId && m_keyName == keyName && m_mode == inForce)
        return;
    m_keyId = keyId;
    m_keyName = keyName;
    m_mode = inForce;
    showKey();
}

Store::StatsQuery SessionsPanel::currentQuery() const
{
    const qint64 today = m_now().toMSecsSinceEpoch() / kDayMs;
    Store::StatsQuery query;
    query.from = QDateTime::fromMSecsSinceEpoch((today - kDays + 1) * kDayMs, Qt::UTC);
    query.bucketMs = kDayMs;
    query.count = kDays;
    query.sessions = true;
    return query;
}

void SessionsPanel::reload()
{
    m_liveTimer->stop();
    if (!m_loader)
        return;
    m_stale = false;
    m_loader->request(currentQuery());
}

void SessionsPanel::showEvent(QShowEvent *event)
{
    QGroupBox::showEvent(event);
    // New receipts while hidden, or a new UTC day since the last answer.
    if (m_stale || (m_answer && !(m_answer->query == currentQuery())))
        reload();
}

void SessionsPanel::noteReceiptsWritten()
{
    m_stale = true;
    // The first batch starts the delay; later ones within it ride along in the same reload.
    if (isVisible() && !m_liveTimer->isActive())
        m_liveTimer->start();
}

void SessionsPanel::handleAnswer(const Store::StatsAnswer &answer)
{
    m_answer = answer;
    showKey();
    Q_EMIT refreshed();
}

void SessionsPanel::showKey()
{
    const QDate firstDay = currentQuery().from.date();
    Store::KeySessionStats stats;
    if (m_answer && !m_answer->error) {
        const auto it
            = std::find_if(m_answer->sessions.cbegin(), m_answer->sessions.cend(),
                           [this](const Store::KeySessionStats &s) { return s.keyId == m_keyId; });
        if (it != m_answer->sessions.cend())
            stats = *it;
    }
    showChart(stats, m_answer ? m_answer->query.from.date() : firstDay);
    showClassMix(stats);
    m_acceptance->setVisible(!m_keyId.isEmpty() && m_answer && !m_answer->error);
    if (m_keyId.isEmpty()) {
        m_summary->setText(Tr::tr("Select a key to see its sessions."));
    } else if (!m_loader) {
        m_summary->setText(Tr::tr("The sessions' figures need the receipts database."));
    } else if (!m_answer) {
        m_summary->setText(Tr::tr("Loading…"));
    } else if (m_answer->error) {
        m_summary->setText(Tr::tr("The sessions' figures cannot be shown: %1")
                               .arg(Common::errorText(*m_answer->error)));
    } else if (stats.classified == 0 && m_mode != Domain::SessionMode::Off) {
        m_summary->setText(
            Tr::tr("Key %1: no classified calls in the last %n days.", nullptr, kDays)
                .arg(m_keyName));
    } else if (stats.classified == 0) {
        m_summary->setText(
            Tr::tr("Key %1: no classified calls in the last %n days. Set its mode to Shadow to "
                   "see what a cheaper route would save.",
                   nullptr, kDays)
                .arg(m_keyName));
    } else {
        m_summary->setText(Tr::tr("Key %1: projected savings %2 over %Ln classified call(s)",
                                  nullptr, stats.classified)
                               .arg(m_keyName, saving(stats.projectedSaving)));
    }
    m_acceptance->setText(
        stats.suggestOffers == 0
            ? Tr::tr("No suggestions offered in Suggest mode yet")
            : Tr::tr("%1 of %Ln suggestion(s) accepted (%2)", nullptr, stats.suggestOffers)
                  .arg(Common::number(qint64(stats.accepted)), percent(stats.acceptanceRate())));
}

void SessionsPanel::showChart(const Store::KeySessionStats &stats, const QDate &firstDay)
{
    m_firstDay = firstDay;
    m_savings->remove(0, m_savings->count());
    double max = 0;
    for (int i = 0; i < kDays; ++i) {
        const double usd = i < stats.days.size() ? stats.days[i].projectedSaving : 0.0;
        m_savings->append(usd);
        max = std::max(max, usd);
    }
    m_days->setRange(QDateTime(firstDay, QTime(0, 0), Qt::UTC),
                     QDateTime(firstDay.addDays(kDays), QTime(0, 0), Qt::UTC));
    // Three intervals: the chart is short, and more labels would be elided.
    Common::fitAmountAxis(m_amounts, max, Common::moneyPattern(), 3);
}

void SessionsPanel::showBarTip(bool entered, int index)
{
    if (!entered) {
        QToolTip::hideText();
        return;
    }
    const QString day = QLocale().toString(m_firstDay.addDays(index), QLocale::ShortFormat);
    QToolTip::showText(
        QCursor::pos(),
        Tr::tr("%1 (UTC): projected savings %2").arg(day, saving(m_savings->at(index))));
}

void SessionsPanel::showClassMix(const Store::KeySessionStats &stats)
{
    for (int i = 0; i < Domain::kTaskClassCount; ++i) {
        const int calls = stats.classMix[size_t(i)];
        const double share = stats.classified > 0 ? double(calls) / stats.classified : 0.0;
        m_classShares[i]->setValue(int(share * 1000));
        m_classShares[i]->setFormat(stats.classified > 0 ? percent(share) : u"—"_s);
        m_classCounts[i]->setText(Common::number(qint64(calls)));
    }
}

QString SessionsPanel::summaryText() const
{
    return m_summary->text();
}

QString SessionsPanel::acceptanceText() const
{
    return m_acceptance->text();
}

QStringList SessionsPanel::classRows() const
{
    QStringList rows;
    for (int i = 0; i < Domain::kTaskClassCount; ++i)
        rows.append(u"%1 · %2 · %3"_s.arg(m_classNames[i]->text(), m_classCounts[i]->text(),
                                          m_classShares[i]->format()));
    return rows;
}

QList<double> SessionsPanel::dailySavings() const
{
    QList<double> out;
    for (int i = 0; i < m_savings->count(); ++i)
        out.append(m_savings->at(i));
    return out;
}

} // namespace Ui::Keys
