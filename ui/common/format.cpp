#include "format.h"

#include "tr.h"

#include <QLocale>

namespace Ui::Common {

QString number(qint64 n)
{
    return QLocale().toString(n);
}

QString number(double n, int decimals)
{
    return QLocale().toString(n, 'f', decimals);
}

QString money(double usd, double finerBelow)
{
    const int decimals = usd != 0 && qAbs(usd) < finerBelow ? 4 : 2;
    const QString amount = moneyPattern().arg(number(qAbs(usd), decimals));
    return usd < 0 ? QStringLiteral("−") + amount : amount;
}

QString moneyPattern()
{
    return Tr::tr("$%1");
}

QString relativeTime(const QDateTime &when, const QDateTime &now)
{
    if (!when.isValid())
        return {};
    const qint64 s = qMax<qint64>(0, when.secsTo(now));
    if (s < 60)
        return Tr::tr("%1 s ago").arg(s);
    if (s < 3600)
        return Tr::tr("%1 min ago").arg(s / 60);
    if (s < 86400)
        return Tr::tr("%1 h ago").arg(s / 3600);
    return Tr::tr("%1 d ago").arg(number(s / 86400));
}

QString exactTime(const QDateTime &when)
{
    return QLocale().toString(when.toLocalTime(), QLocale::LongFormat);
}

QString seconds(qint64 ms)
{
    return Tr::tr("%1 s").arg(number(double(ms) / 1000.0, 1));
}

QString timeLeft(qint64 ms)
{
    if (ms < 0)
        return {};
    const qint64 s = (ms + 999) / 1000; // never "about 0 s" while work remains
    if (s < 90)
        return Tr::tr("about %1 s left").arg(s);
    if (s < 90 * 60)
        return Tr::tr("about %1 min left").arg((s + 30) / 60);
    return Tr::tr("about %1 h left").arg(number(double(s) / 3600.0, 1));
}

QString progressCount(qint64 done, qint64 total)
{
    return Tr::tr("%1 of %2").arg(number(done), number(total));
}

QString endpointName(Domain::Endpoint e)
{
    switch (e) {
    case Domain::Endpoint::ChatCompletions:
        return Tr::tr("Chat completions");
    case Domain::Endpoint::Messages:
        return Tr::tr("Messages");
    case Domain::Endpoint::Responses:
        return Tr::tr("Responses");
    case Domain::Endpoint::Embeddings:
        return Tr::tr("Embeddings");
    }
    return Domain::toString(e);
}

} // namespace Ui::Common
