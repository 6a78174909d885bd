#include "simulator/simulatorbodies.h"

#include "simulator/simulatoranswer.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QUuid>
#include <QtEndian>
#include <bit>

using namespace Qt::StringLiterals;

namespace Gateway::Simulated {
namespace {

QByteArray compact(const QJsonObject &o)
{
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

QString newId(const QString &prefix)
{
    return prefix + QUuid::createUuid().toString(QUuid::Id128).left(24);
}

QByteArray sse(const QJsonObject &o, const QByteArray &event = {})
{
    const QByteArray head = event.isEmpty() ? QByteArray() : "event: " + event + '\n';
    return head + "data: " + compact(o) + "\n\n";
}

// The tool call's arguments in three pieces, as providers stream them.
QList<QByteArray> argumentPieces(const QByteArray &arguments)
{
    const qsizetype third = qMax<qsizetype>(1, arguments.size() / 3);
    QList<QByteArray> out;
    for (qsizetype at = 0; at < arguments.size(); at += third) {
        if (out.size() == 2) {
            out << arguments.sliced(at);
            break;
        }
        out << arguments.mid(at, third);
    }
    return out;
}

QList<QByteArray> openAiStream(const QString &model, const Answer &answer, int inputTokens)
{
    const QString id = newId(u"chatcmpl-sim"_s);
    const qint64 created = QDateTime::currentSecsSinceEpoch();
    auto chunk = [&](const QJsonObject &delta, const QJsonValue &finish) {
        const QJsonObject choice { { u"index"_s, 0 },
                                   { u"delta"_s, delta },
                                   { u"finish_reason"_s, finish } };
        return QJsonObject { { u"id"_s, id },
                             { u"object"_s, u"chat.completion.chunk"_s },
                             { u"created"_s, created },
                             { u"model"_s, model },
                             { u"choices"_s, QJsonArray { choice } } };
    };
    QList<QByteArray> out;
    out << sse(chunk(QJsonObject { { u"role"_s, u"assistant"_s }, { u"content"_s, u""_s } },
                     QJsonValue()));
    if (const auto &call = answer.toolCall) {
        const QJsonObject function { { u"name"_s, call->name }, { u"arguments"_s, u""_s } };
        out << sse(
            chunk(QJsonObject { { u"tool_calls"_s,
                                  QJsonArray { QJsonObject { { u"index"_s, 0 },
                                                             { u"id"_s, call->id },
                                                             { u"type"_s, u"function"_s },
                                                             { u"function"_s, function } } } } },
                  QJsonValue()));
        for (const QByteArray &piece : argumentPieces(call->arguments)) {
            const QJsonObject part { { u"arguments"_s, QString::fromUtf8(piece) } };
            out << sse(chunk(QJsonObject { { u"tool_calls"_s,
                                             QJsonArray { QJsonObject {
                                                 { u"index"_s, 0 }, { u"function"_s, part } } } } },
                             QJsonValue()));
        }
    } else {
        for (const QString &w : answer.words)
            out << sse(chunk(QJsonObject { { u"content"_s, QString(w + u' ') } }, QJsonValue()));
    }
    const int output = answer.outputTokens();
    QJsonObject last = chunk(QJsonObject {}, answer.toolCall ? u"tool_calls"_s : u"stop"_s);
    last[u"usage"_s] = QJsonObject { { u"prompt_tokens"_s, inputTokens },
                                     { u"completion_tokens"_s, output },
                                     { u"total_tokens"_s, inputTokens + output } };
    out << sse(last) << QByteArray("data: [DONE]\n\n");
    return out;
}

QList<QByteArray> anthropicStream(const QString &model, const Answer &answer, int inputTokens)
{
    const QJsonObject message { { u"id"_s, newId(u"msg_sim"_s) },
                                { u"type"_s, u"message"_s },
                                { u"role"_s, u"assistant"_s },
                                { u"model"_s, model },
                                { u"content"_s, QJsonArray {} },
                                { u"stop_reason"_s, QJsonValue() },
                                { u"usage"_s,
                                  QJsonObject { { u"input_tokens"_s, inputTokens },
                                                { u"output_tokens"_s, 1 } } } };
    QList<QByteArray> out;
    out << sse({ { u"type"_s, u"message_start"_s }, { u"message"_s, message } }, "message_start");
    auto delta = [&out](const QJsonObject &d) {
        out << sse(
            { { u"type"_s, u"content_block_delta"_s }, { u"index"_s, 0 }, { u"delta"_s, d } },
            "content_block_delta");
    };
    if (const auto &call = answer.toolCall) {
        out << sse({ { u"type"_s, u"content_block_start"_s },
                     { u"index"_s, 0 },
                     { u"content_block"_s,
                       QJsonObject { { u"type"_s, u"tool_use"_s },
                                     { u"id"_s, call->id },
                                     { u"name"_s, call->name },
                                     { u"input"_s, QJsonObject {} } } } },
                   "content_block_start");
        for (const QByteArray &piece : argumentPieces(call->arguments))
            delta({ { u"type"_s, u"input_json_delta"_s },
                    { u"partial_json"_s, QString::fromUtf8(piece) } });
    } else {
        out << sse({ { u"type"_s, u"content_block_start"_s },
                     { u"index"_s, 0 },
                     { u"content_block"_s,
                       QJsonObject { { u"type"_s, u"text"_s }, { u"text"_s, u""_s } } } },
                   "content_block_start");
        for (const QString &w : answer.words)
            delta({ { u"type"_s, u"text_delta"_s }, { u"text"_s, QString(w + u' ') } });
    }
    out << sse({ { u"type"_s, u"content_block_stop"_s }, { u"index"_s, 0 } }, "content_block_stop");
    out << sse(
        { { u"type"_s, u"message_delta"_s },
          { u"delta"_s,
            QJsonObject { { u"stop_reason"_s, answer.toolCall ? u"tool_use"_s : u"end_turn"_s } } },
          { u"usage"_s, QJsonObject { { u"output_tokens"_s, answer.outputTokens() } } } },
        "message_delta");
    out << sse({ { u"type"_s, u"message_stop"_s } }, "message_stop");
    return out;
}

} // namespace

Api apiForPath(const QString &path)
{
    if (path.endsWith(u"/messages"_s))
        return Api::Messages;
    if (path.endsWith(u"/messages/count_tokens"_s))
        return Api::CountTokens;
    if (path.endsWith(u"/embeddings"_s))
        return Api::Embeddings;
    return Api::Chat;
}

QStringList answerWords(const QString &connection, int count)
{
    static const QStringList vocabulary = u"This is a simulated answer from the Switchboard "
                                          "simulator so you can test routing without spending "
                                          "money on a real provider"_s.split(u' ');
    QStringList out;
    out << u"[%1]"_s.arg(connection);
    for (int i = 1; i < count; ++i)
        out << vocabulary.at(i % vocabulary.size());
    return out;
}

QByteArray completeBody(Api api, const QString &model, const Answer &answer, int inputTokens)
{
    const QString text = answer.words.join(u' ');
    const int out = answer.outputTokens();
    const auto &call = answer.toolCall;
    if (api == Api::Messages) {
        const QJsonObject block = call
            ? QJsonObject { { u"type"_s, u"tool_use"_s },
                            { u"id"_s, call->id },
                            { u"name"_s, call->name },
                            { u"input"_s, QJsonDocument::fromJson(call->arguments).object() } }
            : QJsonObject { { u"type"_s, u"text"_s }, { u"text"_s, text } };
        return compact({ { u"id"_s, newId(u"msg_sim"_s) },
                         { u"type"_s, u"message"_s },
                         { u"role"_s, u"assistant"_s },
                         { u"model"_s, model },
                         { u"content"_s, QJsonArray { block } },
                         { u"stop_reason"_s, call ? u"tool_use"_s : u"end_turn"_s },
                         { u"usage"_s,
                           QJsonObject { { u"input_tokens"_s, inputTokens },
                                         { u"output_tokens"_s, out } } } });
    }
    QJsonObject message { { u"role"_s, u"assistant"_s } };
    if (call) {
        message.insert(u"content"_s, QJsonValue());
        message.insert(
            u"tool_calls"_s,
            QJsonArray { QJsonObject {
                { u"id"_s, call->id },
                { u"type"_s, u"function"_s },
                { u"function"_s,
                  QJsonObject { { u"name"_s, call->name },
                                { u"arguments"_s, QString::fromUtf8(call->arguments) } } } } });
    } else {
        message.insert(u"content"_s, text);
    }
    const QJsonObject choice { { u"index"_s, 0 },
                               { u"message"_s, message },
                               { u"finish_reason"_s, call ? u"tool_calls"_s : u"stop"_s } };
    return compact({ { u"id"_s, newId(u"chatcmpl-sim"_s) },
                     { u"object"_s, u"chat.completion"_s },
                     { u"created"_s, QDateTime::currentSecsSinceEpoch() },
                     { u"model"_s, model },
                     { u"choices"_s, QJsonArray { choice } },
                     { u"usage"_s,
                       QJsonObject { { u"prompt_tokens"_s, inputTokens },
                                     { u"completion_tokens"_s, out },
                                     { u"total_tokens"_s, inputTokens + out } } } });
}

QByteArray embeddingBody(const QString &model, int inputs, int inputTokens, bool base64)
{
    QJsonArray data;
    for (int i = 0; i < inputs; ++i) {
        QJsonArray vector;
        QByteArray packed;
        for (int d = 0; d < 8; ++d) {
            const double value = double((i * 31 + d * 17) % 100) / 100.0 - 0.5;
            vector.append(value);
            const quint32 bits = qToLittleEndian(std::bit_cast<quint32>(float(value)));
            packed.append(reinterpret_cast<const char *>(&bits), sizeof bits);
        }
        const QJsonValue embedding
            = base64 ? QJsonValue(QString::fromLatin1(packed.toBase64())) : QJsonValue(vector);
        data.append(QJsonObject {
            { u"object"_s, u"embedding"_s }, { u"index"_s, i }, { u"embedding"_s, embedding } });
    }
    return compact({ { u"object"_s, u"list"_s },
                     { u"data"_s, data },
                     { u"model"_s, model },
                     { u"usage"_s,
                       QJsonObject { { u"prompt_tokens"_s, inputTokens },
                                     { u"total_tokens"_s, inputTokens } } } });
}

QList<QByteArray> streamEvents(Api api, const QString &model, const Answer &answer, int inputTokens)
{
    return api == Api::Messages ? anthropicStream(model, answer, inputTokens)
                                : openAiStream(model, answer, inputTokens);
}

QByteArray errorBody(Api api, int status, const QString &type, const QString &message)
{
    if (api == Api::Messages) {
        return compact(
            { { u"type"_s, u"error"_s },
              { u"error"_s, QJsonObject { { u"type"_s, type }, { u"message"_s, message } } } });
    }
    return compact(
        { { u"error"_s,
            QJsonObject {
                { u"message"_s, message },
                { u"type"_s, type },
                { u"code"_s, status == 400 ? u"content_policy_violation"_s : type } } } });
}

} // namespace Gateway::Simulated
