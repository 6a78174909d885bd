// Routing::parseRetryAfter on an upstream's Retry-After and retry-after-ms headers (R-REC-5): delta
// seconds, HTTP-dates in the three forms of RFC 9110, fractions and garbage. Checks the promise of
// outcome.h: a wait is never negative.
//
// Input: "<retry-after-ms>\n<Retry-After>" (Latin-1, as headers are read), then from the end the
// clock's "now" in seconds since 1970.

#include "fuzzsupport.h"
#include "routing/outcome.h"

#include <QDateTime>
#include <QTimeZone>
#include <fuzzer/FuzzedDataProvider.h>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Fuzz::quietQt();
    FuzzedDataProvider fdp(data, size);
    // 1970 .. 2106: the range a system clock reports.
    const qint64 nowSeconds = fdp.ConsumeIntegral<quint32>();
    const std::string text = fdp.ConsumeRemainingBytesAsString();
    const QByteArray bytes(text.data(), qsizetype(text.size()));
    const qsizetype newline = bytes.indexOf('\n');
    const QString retryAfterMs
        = QString::fromLatin1(newline < 0 ? QByteArray() : bytes.left(newline));
    const QString retryAfter = QString::fromLatin1(newline < 0 ? bytes : bytes.mid(newline + 1));
    const QDateTime now = QDateTime::fromSecsSinceEpoch(nowSeconds, QTimeZone::utc());

    const std::optional<qint64> ms = Routing::parseRetryAfter(retryAfter, retryAfterMs, now);
    if (ms)
        FUZZ_CHECK(*ms >= 0);
    return 0;
}
