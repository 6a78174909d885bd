#include "progressline.h"

#include "common/format.h"

#include <cstdio>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace {

constexpr qint64 kFirstShowMs = 500; // quicker work prints nothing
constexpr qint64 kRedrawMs = 200;

QString lineText(const QString &what, const QString &unit, qint64 done, qint64 total, qint64 msLeft)
{
    QString line = what + u": "_s + Ui::Common::progressCount(done, total) + u' ' + unit;
    if (total > 0)
        line += u" (%1 %)"_s.arg(done * 100 / total);
    if (done < total && msLeft >= 0)
        line += u", "_s + Ui::Common::timeLeft(msLeft);
    return line;
}

} // namespace

ProgressLine::ProgressLine(QString what, QString unit)
    : m_what(std::move(what))
    , m_unit(std::move(unit))
    , m_terminal(::isatty(STDERR_FILENO) == 1)
{
    m_clock.start();
}

ProgressLine::~ProgressLine()
{
    if (m_width > 0)
        std::fputc('\n', stderr);
}

Util::Progress ProgressLine::progress()
{
    return [this](qint64 done, qint64 total) {
        report(done, total);
        return true;
    };
}

void ProgressLine::report(qint64 done, qint64 total)
{
    const qint64 now = m_clock.elapsed();
    const qint64 left = m_estimate.update(now, done, total);
    if (!m_terminal || now < kFirstShowMs)
        return;
    if (done < total && m_lastShownMs >= 0 && now - m_lastShownMs < kRedrawMs)
        return;
    m_lastShownMs = now;
    QString line = lineText(m_what, m_unit, done, total, left);
    const int width = int(line.size());
    line = line.leftJustified(std::max(width, m_width)); // covers a longer line before it
    m_width = width;
    // The last report ends the line: what the work logs after it starts on a line of its own.
    const QByteArray bytes = "\r" + line.toLocal8Bit() + (done < total ? "" : "\n");
    std::fputs(bytes.constData(), stderr);
    std::fflush(stderr);
    if (done >= total)
        m_width = 0;
}
