// Gateway::SseRewriter on an upstream stream (OpenAI chunks, Anthropic events, comments, errors)
// cut into chunks at points the fuzzer chooses. Checks that cutting changes nothing: the events
// passed on, the usage collected and the upstream error are those of the same bytes fed at once.
//
// Input: the stream, then (from the end, FuzzedDataProvider) the model name choice and the chunk
// lengths.

#include "fuzzsupport.h"
#include "gateway/responseedit.h"

#include <QByteArray>
#include <QString>
#include <fuzzer/FuzzedDataProvider.h>

using namespace Qt::StringLiterals;

namespace {

// Caller-visible model names: plain, with characters JSON must escape, and empty.
QString modelName(quint8 choice)
{
    switch (choice % 4) {
    case 0:
        return u"org/m"_s;
    case 1:
        return u"a\"b\\c\u00e9\U0001F600\n"_s;
    case 2:
        return QString();
    default:
        return u"gpt-4o-mini"_s;
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Fuzz::quietQt();
    FuzzedDataProvider fdp(data, size);
    const QString model = modelName(fdp.ConsumeIntegral<quint8>());
    const quint8 chunkCount = fdp.ConsumeIntegral<quint8>();
    std::vector<size_t> cuts;
    for (int i = 0; i < chunkCount % 32; ++i)
        cuts.push_back(fdp.ConsumeIntegralInRange<size_t>(0, 64));
    const std::string rest = fdp.ConsumeRemainingBytesAsString();
    const QByteArray stream(rest.data(), qsizetype(rest.size()));

    Gateway::SseRewriter whole(model);
    const QByteArray wholeOut = whole.feed(stream);

    Gateway::SseRewriter split(model);
    QByteArray splitOut;
    qsizetype at = 0;
    for (size_t cut : cuts) {
        const qsizetype n = qMin<qsizetype>(qsizetype(cut), stream.size() - at);
        splitOut += split.feed(stream.mid(at, n));
        at += n;
    }
    splitOut += split.feed(stream.mid(at));

    FUZZ_CHECK(wholeOut == splitOut);
    FUZZ_CHECK(whole.events() == split.events());
    FUZZ_CHECK(whole.usage() == split.usage());
    FUZZ_CHECK(whole.upstreamError().has_value() == split.upstreamError().has_value());
    if (!whole.upstreamError())
        FUZZ_CHECK(whole.takeRest() == split.takeRest());
    return 0;
}
