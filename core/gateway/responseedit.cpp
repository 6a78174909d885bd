#include "gateway/responseedit.h"

#include "gateway/jsonfields.h"
#include "util/bytes.h"
#include "util/jsonliteral.h"

#include <QJsonDocument>
#include <QJsonParseError>
#include <algorithm>
#include <cstring>
#include <domain/upstreamerror.h>

using namespace Qt::StringLiterals;

namespace Gateway {

void readUsage(const QJsonObject &u, Domain::Usage &usage)
{
    if (u.contains(u"prompt_tokens"_s))
        usage.inputTokens = u.value(u"prompt_tokens"_s).toInteger();
    if (u.contains(u"completion_tokens"_s))
        usage.outputTokens = u.value(u"completion_tokens"_s).toInteger();
    if (u.contains(u"input_tokens"_s))
        usage.inputTokens = u.value(u"input_tokens"_s).toInteger();
    if (u.contains(u"output_tokens"_s))
        usage.outputTokens = u.value(u"output_tokens"_s).toInteger();
}

namespace {

qsizetype skipSpace(const QByteArray &b, qsizetype i)
{
    while (i < b.size() && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r'))
        ++i;
    return i;
}

// One past the string literal that starts at b[i] == '"'; -1 if unterminated. memchr finds each
// quote; one after an odd run of backslashes is escaped.
qsizetype skipString(const QByteArray &b, qsizetype i)
{
    const char *const begin = b.constData();
    const char *const end = begin + b.size();
    const char *p = begin + i + 1;
    while (p < end) {
        const char *quote = static_cast<const char *>(std::memchr(p, '"', size_t(end - p)));
        if (!quote)
            return -1;
        const char *q = quote;
        while (q > p && q[-1] == '\\')
            --q;
        if ((quote - q) % 2 == 0)
            return quote + 1 - begin;
        p = quote + 1;
    }
    return -1;
}

// One past the value that starts at b[i]; -1 if it does not end.
qsizetype skipValue(const QByteArray &b, qsizetype i)
{
    if (i >= b.size())
        return -1;
    const char *const data = b.constData();
    if (data[i] == '"')
        return skipString(b, i);
    if (data[i] == '{' || data[i] == '[') {
        int depth = 0;
        for (const qsizetype size = b.size(); i < size;) {
            const char c = data[i];
            if (c == '"') {
                i = skipString(b, i);
                if (i < 0)
                    return -1;
                continue;
            }
            if (c == '{' || c == '[')
                ++depth;
            else if ((c == '}' || c == ']') && --depth == 0)
                return i + 1;
            ++i;
        }
        return -1;
    }
    for (const qsizetype size = b.size(); i < size; ++i) {
        const char c = data[i];
        if (c == ',' || c == '}' || c == ']' || c == ' ' || c == '\t' || c == '\n' || c == '\r')
            break;
    }
    return i;
}

} // namespace

// body (a JSON object QJsonDocument accepted) with the value of every top-level "model" key
// replaced by value, the rest byte for byte as it came; nullopt when no key is spelt plainly
// "model" (e.g. with an escape), for the caller to fall back to re-serialising.
std::optional<QByteArray> spliceTopLevelModel(const QByteArray &body, const QByteArray &value,
                                              int modelKeys)
{
    qsizetype i = skipSpace(body, 0);
    if (i >= body.size() || body[i] != '{')
        return std::nullopt;
    QByteArray out;
    qsizetype copied = 0;
    int found = 0;
    i = skipSpace(body, i + 1);
    while (i < body.size() && body[i] == '"' && found != modelKeys) {
        const qsizetype keyEnd = skipString(body, i);
        if (keyEnd < 0)
            return std::nullopt;
        const bool isModel = QByteArrayView(body).sliced(i, keyEnd - i) == "\"model\"";
        // A key with an escape may also decode to "model" ("mod\u0065l" next to a plain one): only
        // re-serialising replaces every spelling (fuzz_completebody checks it). A known count of
        // model keys tells that without looking at the others.
        if (!isModel && modelKeys < 0
            && std::find(body.cbegin() + i, body.cbegin() + keyEnd, '\\') != body.cbegin() + keyEnd)
            return std::nullopt;
        i = skipSpace(body, keyEnd);
        if (i >= body.size() || body[i] != ':')
            return std::nullopt;
        const qsizetype valueStart = skipSpace(body, i + 1);
        const qsizetype valueEnd = skipValue(body, valueStart);
        if (valueEnd < 0)
            return std::nullopt;
        if (isModel) {
            if (found == 0)
                out.reserve(body.size() + value.size());
            Util::appendAll(out, QByteArrayView(body).sliced(copied, valueStart - copied), value);
            copied = valueEnd;
            ++found;
        }
        i = skipSpace(body, valueEnd);
        if (i < body.size() && body[i] == ',')
            i = skipSpace(body, i + 1);
    }
    if (found == 0 || (modelKeys >= 0 && found != modelKeys))
        return std::nullopt;
    Util::appendAll(out, QByteArrayView(body).sliced(copied));
    return out;
}

std::optional<QByteArray> rewriteCompleteBody(const QByteArray &body, const QString &model,
                                              Domain::Usage &usage)
{
    // simdjson reads the usual answer; what it refuses (an integer beyond 64 bits, …) is judged by
    // QJsonDocument as before, so no answer changes verdict.
    bool hasModel = false;
    int modelKeys = -1;
    std::optional<QJsonObject> parsed;
    if (const std::optional<JsonFields> fields = scanObject(body, usage)) {
        usage = fields->usage;
        modelKeys = fields->modelKeys;
        hasModel = modelKeys > 0;
    } else {
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(body, &error);
        if (error.error != QJsonParseError::NoError || !doc.isObject())
            return std::nullopt;
        parsed = doc.object();
        readUsage(parsed->value(u"usage"_s).toObject(), usage);
        hasModel = parsed->contains(u"model"_s);
    }
    if (!hasModel || model.isEmpty())
        return body;
    // Splicing the new value into the upstream's bytes costs a fraction of re-serialising the
    // whole document, and keeps the provider's key order and number spelling.
    if (std::optional<QByteArray> spliced
        = spliceTopLevelModel(body, Util::jsonStringLiteral(model), modelKeys))
        return spliced;
    QJsonObject o = parsed ? *parsed : QJsonDocument::fromJson(body).object();
    o[u"model"_s] = model;
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

bool isContentRefusal(int httpStatus, const QByteArray &errorBody)
{
    if (httpStatus < 400 || httpStatus >= 500)
        return false;
    const Domain::UpstreamError error = Domain::parseUpstreamError(errorBody);
    if (error.code == u"content_policy_violation"_s || error.code == u"content_filter"_s)
        return true;
    const QString &message = error.message;
    return message.contains(u"content filtering policy"_s, Qt::CaseInsensitive)
        || message.contains(u"content management policy"_s, Qt::CaseInsensitive);
}

namespace {

// The type of an error event is its type, or its code when it names none.
StreamError streamErrorFrom(const QJsonObject &o)
{
    const Domain::UpstreamError e = Domain::upstreamErrorFrom(o);
    return { e.type.isEmpty() ? e.code : e.type, e.message };
}

} // namespace

QByteArray SseRewriter::feed(const QByteArray &data)
{
    if (m_error)
        return {};
    m_buffer += data;
    QByteArray out;
    out.reserve(m_buffer.size() + 256); // room for the usual rewrite (a longer model name)
    const char *const bytes = m_buffer.constData();
    const qsizetype size = m_buffer.size();
    qsizetype from = 0; // the first byte of the next event
    qsizetype scan = std::min(m_scanFrom, size);
    while (!m_error) {
        const auto [cut, sepLen] = Translation::findEventEnd(bytes, size, from, scan);
        if (cut < 0)
            break;
        const QByteArrayView event(bytes + from, cut - from);
        const QByteArrayView separator(bytes + cut, sepLen);
        from = scan = cut + sepLen;
        ++m_events;
        const qsizetype mark = out.size();
        const bool dispatched = appendEvent(out, event);
        if (m_error || (!dispatched && m_dataEvents == 0)) {
            out.truncate(mark); // an error event, or a comment before the first data
            continue;
        }
        m_dataEvents += dispatched ? 1 : 0;
        Util::appendAll(out, separator);
    }
    m_buffer.remove(0, from);
    // A separator may straddle the end of what arrived: look again from its earliest start.
    m_scanFrom = std::max<qsizetype>(0, m_buffer.size() - 3);
    return out;
}

QByteArray SseRewriter::takeRest()
{
    QByteArray rest;
    rest.swap(m_buffer);
    m_scanFrom = 0;
    return rest;
}

// Appends the event with each JSON data line rewritten; true when it has a data line (an SSE
// event is dispatched only then: the rest are comments, ": ping", or field lines without data).
bool SseRewriter::appendEvent(QByteArray &out, QByteArrayView event)
{
    bool namedError = false;
    bool dispatched = false;
    qsizetype pos = 0;
    for (;;) {
        const void *found = std::memchr(event.data() + pos, '\n', size_t(event.size() - pos));
        const qsizetype end
            = found ? static_cast<const char *>(found) - event.data() : event.size();
        const QByteArrayView line = event.sliced(pos, end - pos);
        const bool cr = line.endsWith('\r');
        const QByteArrayView content = cr ? line.chopped(1) : line;
        bool rewritten = false;
        if (content.startsWith("event:") && content.sliced(6).trimmed() == "error")
            namedError = true;
        if (content.startsWith("data:")) {
            dispatched = true;
            const QByteArrayView payload = content.sliced(5).trimmed();
            if (payload.startsWith('{')) {
                // A view of m_buffer, which nothing changes until feed() has taken its events.
                const QByteArray json = QByteArray::fromRawData(payload.data(), payload.size());
                Util::appendAll(out, "data: ", rewriteData(json), cr ? "\r" : "");
                rewritten = true;
            }
        }
        if (!found) {
            if (!rewritten)
                Util::appendAll(out, line);
            break;
        }
        if (rewritten)
            Util::appendAll(out, "\n");
        else
            Util::appendAll(out, line, "\n");
        pos = end + 1;
    }
    if (namedError && !m_error)
        m_error = StreamError {}; // an Anthropic error event whose data could not be read
    return dispatched;
}

QByteArray SseRewriter::rewriteData(const QByteArray &json)
{
    // The usual chunk: read by simdjson, its top-level model spliced in. An error event,
    // Anthropic's message_start (nested model) and what simdjson does not read take the
    // QJsonDocument path.
    if (const std::optional<JsonFields> fields = scanObject(json, m_usage);
        fields && !fields->error && !fields->messageStart) {
        m_usage = fields->usage;
        if (fields->modelKeys == 0)
            return json;
        if (m_modelLiteral.isEmpty())
            m_modelLiteral = Util::jsonStringLiteral(m_model);
        if (std::optional<QByteArray> spliced
            = spliceTopLevelModel(json, m_modelLiteral, fields->modelKeys))
            return *spliced;
    }
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject())
        return json;
    QJsonObject o = doc.object();
    // An error event carries an error object (or message); "error": null is an ordinary chunk.
    const QJsonValue errorValue = o.value(u"error"_s);
    if (errorValue.isObject() || (errorValue.isString() && !errorValue.toString().isEmpty())) {
        m_error = streamErrorFrom(o);
        return json;
    }
    readUsage(o.value(u"usage"_s).toObject(), m_usage);
    const bool messageStart = o.value(u"type"_s).toString() == u"message_start"_s;
    if (!o.contains(u"model"_s) && !messageStart)
        return json;
    // A chunk's top-level `model` is spliced into its bytes; only Anthropic's message_start (once
    // per stream, `model` nested in `message`) is re-serialised.
    if (!messageStart) {
        if (m_modelLiteral.isEmpty())
            m_modelLiteral = Util::jsonStringLiteral(m_model);
        if (std::optional<QByteArray> spliced = spliceTopLevelModel(json, m_modelLiteral))
            return *spliced;
    }
    if (o.contains(u"model"_s))
        o[u"model"_s] = m_model;
    if (messageStart) {
        QJsonObject message = o.value(u"message"_s).toObject();
        readUsage(message.value(u"usage"_s).toObject(), m_usage);
        if (message.contains(u"model"_s))
            message[u"model"_s] = m_model;
        o[u"message"_s] = message;
    }
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

std::optional<QByteArray> completeAnswer(Domain::ApiTranslation translation, const QByteArray &body,
                                         const Translation::ResponseIdentity &shown,
                                         Domain::Usage &usage)
{
    switch (translation) {
    case Domain::ApiTranslation::None:
        break;
    case Domain::ApiTranslation::ChatToMessages:
        return Translation::messagesAnswerToChat(body, shown.model, shown.createdAt, usage);
    case Domain::ApiTranslation::MessagesToChat:
        return Translation::chatAnswerToMessages(body, shown.model, usage);
    case Domain::ApiTranslation::ResponsesToChat:
        return Translation::chatAnswerToResponses(body, shown, usage);
    case Domain::ApiTranslation::ResponsesToMessages:
        return Translation::messagesAnswerToResponses(body, shown, usage);
    }
    return rewriteCompleteBody(body, shown.model, usage);
}

std::unique_ptr<Translation::StreamTranslator>
newStreamEditor(Domain::ApiTranslation translation, const Translation::ResponseIdentity &shown,
                bool includeUsage)
{
    switch (translation) {
    case Domain::ApiTranslation::None:
        break;
    case Domain::ApiTranslation::ChatToMessages:
        return Translation::messagesStreamToChat(shown.model, shown.createdAt, includeUsage);
    case Domain::ApiTranslation::MessagesToChat:
        return Translation::chatStreamToMessages(shown.model);
    case Domain::ApiTranslation::ResponsesToChat:
        return Translation::chatStreamToResponses(shown);
    case Domain::ApiTranslation::ResponsesToMessages:
        return Translation::messagesStreamToResponses(shown);
    }
    return std::make_unique<SseRewriter>(shown.model);
}

} // namespace Gateway
