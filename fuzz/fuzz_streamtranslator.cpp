// The stream translators (Translation::messagesStreamToChat, chatStreamToMessages, and the
// Responses ones, chatStreamToResponses and messagesStreamToResponses) on arbitrary
// upstream bytes cut into chunks at points the fuzzer chooses. Checks that what comes out is always
// valid SSE in the caller's API (each event ends with a blank line, every data line but [DONE] is
// a JSON object, nothing after the ending, no ending after an upstream error) and that cutting
// changes nothing: the same bytes fed at once give the same events, usage, error and rest. Also
// holds the two readers of an event (simdjson, QJsonDocument) to the same fields wherever both
// read it, on the whole input and on each data line.
//
// Input: the stream, then (from the end, FuzzedDataProvider) include_usage, the chunk count and
// the chunk lengths.

#include "fuzzsupport.h"
#include "translation/responses.h"
#include "translation/streamevents.h"
#include "translation/streamtranslator.h"

#include <QByteArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <fuzzer/FuzzedDataProvider.h>
#include <vector>

using namespace Qt::StringLiterals;

namespace {

bool isJsonObject(const QByteArray &data)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(data, &error);
    return error.error == QJsonParseError::NoError && doc.isObject();
}

// The chat caller's stream: "data: <object>\n\n" events, "data: [DONE]\n\n" only last.
void checkChat(const QByteArray &out, const Translation::StreamTranslator &t)
{
    bool sawDone = false;
    qsizetype pos = 0;
    while (pos < out.size()) {
        const qsizetype end = out.indexOf("\n\n", pos);
        FUZZ_CHECK(end >= 0);
        const QByteArray event = out.sliced(pos, end - pos);
        pos = end + 2;
        FUZZ_CHECK(!sawDone);
        FUZZ_CHECK(event.startsWith("data: "));
        FUZZ_CHECK(!event.contains('\n') && !event.contains('\r'));
        if (event == "data: [DONE]")
            sawDone = true;
        else
            FUZZ_CHECK(isJsonObject(event.sliced(6)));
    }
    FUZZ_CHECK(sawDone == t.complete());
    FUZZ_CHECK(!(sawDone && t.upstreamError()));
}

// The messages caller's stream: "event: <type>\ndata: <object>\n\n", message_stop only last.
void checkMessages(const QByteArray &out, const Translation::StreamTranslator &t)
{
    bool sawStop = false;
    qsizetype pos = 0;
    while (pos < out.size()) {
        const qsizetype end = out.indexOf("\n\n", pos);
        FUZZ_CHECK(end >= 0);
        const QByteArray event = out.sliced(pos, end - pos);
        pos = end + 2;
        FUZZ_CHECK(!sawStop);
        const QList<QByteArray> lines = event.split('\n');
        FUZZ_CHECK(lines.size() == 2);
        FUZZ_CHECK(lines[0].startsWith("event: ") && lines[1].startsWith("data: "));
        FUZZ_CHECK(!event.contains('\r'));
        FUZZ_CHECK(isJsonObject(lines[1].sliced(6)));
        sawStop = lines[0] == "event: message_stop";
    }
    FUZZ_CHECK(sawStop == t.complete());
    FUZZ_CHECK(!(sawStop && t.upstreamError()));
}

// The Responses caller's stream (R-RESP-4): "event: <type>\ndata: <object>\n\n", the object
// naming the same type, the sequence numbers counting up from `first`; response.completed or
// response.incomplete only last and only when complete(); response.failed only as the one event
// failureEvent() gives.
void checkResponses(const QByteArray &out, const Translation::StreamTranslator &t,
                    bool failure = false, int first = 0)
{
    bool sawEnd = false;
    int sequence = first;
    qsizetype pos = 0;
    while (pos < out.size()) {
        const qsizetype end = out.indexOf("\n\n", pos);
        FUZZ_CHECK(end >= 0);
        const QByteArray event = out.sliced(pos, end - pos);
        pos = end + 2;
        FUZZ_CHECK(!sawEnd);
        const QList<QByteArray> lines = event.split('\n');
        FUZZ_CHECK(lines.size() == 2);
        FUZZ_CHECK(lines[0].startsWith("event: ") && lines[1].startsWith("data: "));
        FUZZ_CHECK(!event.contains('\r'));
        FUZZ_CHECK(isJsonObject(lines[1].sliced(6)));
        const QJsonObject data = QJsonDocument::fromJson(lines[1].sliced(6)).object();
        const QByteArray type = lines[0].sliced(7);
        FUZZ_CHECK(data.value(u"type"_s).toString().toUtf8() == type);
        FUZZ_CHECK(data.value(u"sequence_number"_s).toInteger(-1) == sequence++);
        FUZZ_CHECK((type == "response.failed") == failure);
        sawEnd = type == "response.completed" || type == "response.incomplete" || failure;
    }
    if (failure) {
        FUZZ_CHECK(sawEnd);
        return;
    }
    FUZZ_CHECK(sawEnd == t.complete());
    FUZZ_CHECK(!(sawEnd && t.upstreamError()));
}

bool sameJson(const QString &a, const QString &b)
{
    return QJsonDocument::fromJson(a.toUtf8()) == QJsonDocument::fromJson(b.toUtf8());
}

void compareReaders(QByteArrayView data)
{
    std::optional<Translation::AnthropicEvent> fast = Translation::readAnthropicEventFast(data);
    const std::optional<Translation::AnthropicEvent> qt = Translation::readAnthropicEventQt(data);
    if (fast && qt) {
        // The two write a tool's input with their own number spellings: compared as JSON.
        FUZZ_CHECK(sameJson(fast->toolInput, qt->toolInput));
        fast->toolInput = qt->toolInput;
        FUZZ_CHECK(*fast == *qt);
    }
    const std::optional<Translation::ChatChunk> fastChunk = Translation::readChatChunkFast(data);
    const std::optional<Translation::ChatChunk> qtChunk = Translation::readChatChunkQt(data);
    if (fastChunk && qtChunk)
        FUZZ_CHECK(*fastChunk == *qtChunk);
}

void compareReadersOnDataLines(const QByteArray &stream)
{
    compareReaders(stream);
    for (QByteArrayView line : stream.split('\n')) {
        if (line.startsWith("data:"))
            compareReaders(line.sliced(5).trimmed());
    }
}

enum class Kind { MessagesToChat, ChatToMessages, ChatToResponses, MessagesToResponses };

void run(Kind kind, bool includeUsage, const QByteArray &stream, const std::vector<size_t> &cuts)
{
    auto make = [&]() -> std::unique_ptr<Translation::StreamTranslator> {
        const Translation::ResponseIdentity identity { u"resp_\u00e9\""_s, u"m\"\u00e9"_s, 17 };
        switch (kind) {
        case Kind::MessagesToChat:
            return Translation::messagesStreamToChat(u"m\"\u00e9"_s, 17, includeUsage);
        case Kind::ChatToMessages:
            return Translation::chatStreamToMessages(u"m\"\u00e9"_s);
        case Kind::ChatToResponses:
            return Translation::chatStreamToResponses(identity);
        case Kind::MessagesToResponses:
            return Translation::messagesStreamToResponses(identity);
        }
        return {};
    };
    const auto whole = make();
    const QByteArray wholeOut = whole->feed(stream);

    const auto split = make();
    QByteArray splitOut;
    qsizetype at = 0;
    for (size_t cut : cuts) {
        const qsizetype n = qMin<qsizetype>(qsizetype(cut), stream.size() - at);
        splitOut += split->feed(stream.mid(at, n));
        at += n;
    }
    splitOut += split->feed(stream.mid(at));

    if (kind == Kind::MessagesToChat)
        checkChat(wholeOut, *whole);
    else if (kind == Kind::ChatToMessages)
        checkMessages(wholeOut, *whole);
    else
        checkResponses(wholeOut, *whole);
    FUZZ_CHECK(wholeOut == splitOut);
    FUZZ_CHECK(whole->events() == split->events());
    FUZZ_CHECK(whole->complete() == split->complete());
    FUZZ_CHECK(whole->usage() == split->usage());
    FUZZ_CHECK(whole->upstreamError().has_value() == split->upstreamError().has_value());
    FUZZ_CHECK(whole->takeRest() == split->takeRest());
    // Nothing comes out after the ending or an error.
    if (whole->complete() || whole->upstreamError())
        FUZZ_CHECK(whole->feed(stream).isEmpty());
    // R-RESP-4: a failure partway ends the Responses stream with response.failed, numbered on.
    if (kind >= Kind::ChatToResponses && !whole->complete()) {
        const int events = whole->events();
        const QByteArray failed = whole->failureEvent(u"stream_interrupted"_s, u"cut"_s);
        checkResponses(failed, *whole, true, events);
        FUZZ_CHECK(failed == split->failureEvent(u"stream_interrupted"_s, u"cut"_s));
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Fuzz::quietQt();
    FuzzedDataProvider fdp(data, size);
    const bool includeUsage = fdp.ConsumeBool();
    const quint8 chunkCount = fdp.ConsumeIntegral<quint8>();
    std::vector<size_t> cuts;
    for (int i = 0; i < chunkCount % 32; ++i)
        cuts.push_back(fdp.ConsumeIntegralInRange<size_t>(0, 64));
    const std::string rest = fdp.ConsumeRemainingBytesAsString();
    const QByteArray stream(rest.data(), qsizetype(rest.size()));

    run(Kind::MessagesToChat, includeUsage, stream, cuts);
    run(Kind::ChatToMessages, includeUsage, stream, cuts);
    run(Kind::ChatToResponses, includeUsage, stream, cuts);
    run(Kind::MessagesToResponses, includeUsage, stream, cuts);
    compareReadersOnDataLines(stream);
    return 0;
}
