#include "rehearse.h"

using namespace Qt::StringLiterals;

namespace Rehearse {
namespace {

constexpr int kCaseWidth = 26;
constexpr int kStreamWidth = 8;
constexpr int kAnswerWidth = 34;
constexpr int kAttemptsWidth = 9;
constexpr int kServedWidth = 32;
constexpr int kTimeWidth = 9;

QString caseName(const FaultLab::Case &c)
{
    QString s = Domain::toString(c.failure);
    if (c.scope == FaultLab::Scope::FirstTried)
        s += u" (first tried)"_s;
    return s;
}

QString answerText(const FaultLab::CaseResult &r)
{
    const FaultLab::CallerView &s = r.seen;
    if (s.status == 0)
        return u"no answer"_s;
    QString text = QString::number(s.status);
    if (!s.errorCode.isEmpty())
        text += u' ' + s.errorCode;
    if (!s.errorEventCode.isEmpty())
        text += u" +event " + s.errorEventCode;
    else if (s.stream && s.status == 200)
        text += s.doneSeen ? u" [DONE]"_s : u" no [DONE]"_s;
    return text;
}

QString servedText(const FaultLab::CaseResult &r)
{
    if (r.servedBy.isEmpty())
        return u"-"_s;
    if (!r.fallbackModel.isEmpty() && r.fallbackModel == r.seen.header(u"ib-fallback-model"_s))
        return r.servedDeployment + u" (fallback)"_s;
    return r.servedDeployment;
}

// A column at least `width` wide, always followed by a space when the text is longer.
QString col(const QString &text, int width)
{
    return text.leftJustified(width - 1) + u' ';
}

} // namespace

void printHeader(QTextStream &out, const FaultLab::Report &report, qsizetype cases)
{
    out << "Rehearsing " << report.model << ": " << cases << " cases on a private gateway, "
        << "receipts of kind rehearsal, caller key " << report.keyId << ".\n"
        << FaultLab::scaleText(report.scale, report.minimumMs) << ".\n";
    for (FaultLab::Relaxation r : report.relaxed)
        out << "Note: " << FaultLab::relaxationText(r) << ".\n";
    out << '\n'
        << col(u"case"_s, kCaseWidth) << col(u"stream"_s, kStreamWidth)
        << col(u"answer"_s, kAnswerWidth) << col(u"attempts"_s, kAttemptsWidth)
        << col(u"served by"_s, kServedWidth) << col(u"time"_s, kTimeWidth) << "result" << Qt::endl;
}

void printRow(QTextStream &out, const FaultLab::CaseResult &r)
{
    out << col(caseName(r.testCase), kCaseWidth)
        << col((r.testCase.stream ? u"yes"_s : u"no"_s), kStreamWidth)
        << col(answerText(r), kAnswerWidth) << col(QString::number(r.attempts), kAttemptsWidth)
        << col(servedText(r), kServedWidth) << col(u"%1 ms"_s.arg(r.elapsedMs), kTimeWidth)
        << (r.passed() ? "PASS" : "FAIL") << '\n';
    if (!r.error.isEmpty())
        out << "    error: " << r.error << '\n';
    for (const FaultLab::Check &c : r.failedChecks()) {
        out << "    " << c.specId() << ' ' << FaultLab::ruleText(c.rule) << ": expected "
            << c.expected << ", observed " << c.observed << '\n';
    }
    out.flush();
}

void printSummary(QTextStream &out, const FaultLab::Report &report, const QString &dbPath)
{
    const qsizetype n = report.results.size();
    out << '\n'
        << (n - report.failedCount()) << " of " << n << " cases passed in "
        << QString::number(double(report.elapsedMs) / 1000.0, 'f', 1) << " s";
    if (report.cancelled)
        out << " (cancelled)";
    out << ". Receipts (kind rehearsal) in " << dbPath << '.' << Qt::endl;
}

int exitCode(const FaultLab::Report &report)
{
    if (!report.error.isEmpty())
        return 1;
    return report.passed() ? 0 : 2;
}

} // namespace Rehearse
