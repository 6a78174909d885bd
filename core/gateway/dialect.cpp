#include "gateway/dialect.h"

#include "gateway/responseedit.h"
#include "util/jsonliteral.h"

#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QUrlQuery>

using namespace Qt::StringLiterals;
using Domain::Dialect;
using Domain::Endpoint;

namespace Gateway {
namespace {

QString trimmedBase(const QString &base)
{
    QString b = base.trimmed();
    while (b.endsWith(u'/'))
        b.chop(1);
    return b;
}

QString endpointPath(Endpoint endpoint)
{
    switch (endpoint) {
    case Endpoint::ChatCompletions:
        return u"/chat/completions"_s;
    case Endpoint::Messages:
        return u"/messages"_s;
    case Endpoint::Embeddings:
        return u"/embeddings"_s;
    case Endpoint::Responses: // sent as chat completions (Domain::bodyEndpoint)
        break;
    }
    return {};
}

// The URL of an attempt, with its pool key and request target when they are kept per URL.
struct UpstreamAddress
{
    QUrl url;
    QString poolKey;
    QByteArray target;
};

UpstreamAddress upstreamAddress(const Domain::Connection &c, const QString &upstreamModel,
                                Endpoint endpoint)
{
    if (c.kind == Dialect::Simulator)
        return { QUrl(u"simulator://%1/v1%2"_s.arg(
                     QString::fromLatin1(QUrl::toPercentEncoding(c.name)), endpointPath(endpoint))),
                 {},
                 {} };
    if (c.kind == Dialect::AzureOpenAi) {
        QUrl url(trimmedBase(c.baseUrl) + u"/openai/deployments/"_s
                 + QString::fromLatin1(QUrl::toPercentEncoding(upstreamModel))
                 + endpointPath(endpoint));
        QUrlQuery q;
        q.addQueryItem(u"api-version"_s, c.apiVersion);
        url.setQuery(q);
        return { url, {}, {} };
    }
    // A workspace has few upstream URLs and every call would parse the same one again and derive
    // its pool key and request target: the thread keeps them. Bounded: a changed workspace's old
    // URLs go when it is full.
    struct Kept
    {
        UpstreamAddress address;
        QString caFile; // the pool key's
    };
    thread_local QHash<QString, Kept> kept;
    const QString text = trimmedBase(c.baseUrl) + endpointPath(endpoint);
    if (const auto it = kept.constFind(text); it != kept.cend() && it->caFile == c.caFile)
        return it->address;
    if (kept.size() >= 256)
        kept.clear();
    const QUrl url(text);
    UpstreamAddress address { url, {}, {} };
    if (url.isValid() && !url.host().isEmpty()) {
        address.poolKey = poolKeyOf(url, c.caFile);
        address.target = originFormTarget(url);
    }
    kept.insert(text, Kept { address, c.caFile });
    return address;
}

// OpenRouter quantization names at or above a minimum precision.
QJsonArray quantizationsAtLeast(Domain::Precision min)
{
    QJsonArray out;
    if (Domain::precisionRank(min) <= Domain::precisionRank(Domain::Precision::Fp4))
        out.append(u"fp4"_s);
    if (Domain::precisionRank(min) <= Domain::precisionRank(Domain::Precision::Fp8))
        out.append(u"fp8"_s);
    out.append(u"fp16"_s);
    out.append(u"bf16"_s);
    out.append(u"fp32"_s);
    return out;
}

// A key file others can read is a leaked key: refuse it rather than use it (R-SEC-3).
// The message names the file and the fix, never its content.
Util::Result<QString> readCredentialFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Util::Error { u"credential.unavailable"_s,
                             u"cannot read credential file %1"_s.arg(path) };
    if (file.permissions() & (QFileDevice::ReadGroup | QFileDevice::ReadOther)) {
        return Util::Error { u"credential.permissions"_s,
                             u"credential file %1 is readable by other users; "
                             "make it readable only by you: chmod 600 %1"_s.arg(path) };
    }
    return QString::fromUtf8(file.readAll()).trimmed();
}

} // namespace

Util::Result<QString> resolveCredential(const Domain::Credential &credential)
{
    switch (credential.kind) {
    case Domain::Credential::Kind::None:
        return QString();
    case Domain::Credential::Kind::Stored:
        return credential.secret;
    case Domain::Credential::Kind::EnvironmentVariable: {
        const QString value = qEnvironmentVariable(credential.reference.toLocal8Bit().constData());
        if (value.isEmpty()) {
            return Util::Error { u"credential.unavailable"_s,
                                 u"environment variable %1 is not set"_s.arg(
                                     credential.reference) };
        }
        return value;
    }
    case Domain::Credential::Kind::File:
        return readCredentialFile(credential.reference);
    }
    return QString();
}

QStringList credentialFileWarnings(const QList<Domain::Connection> &connections)
{
    QStringList out;
    for (const Domain::Connection &c : connections) {
        if (c.credential.kind != Domain::Credential::Kind::File)
            continue;
        const QString &path = c.credential.reference;
        const QFileInfo info(path);
        if (!info.exists()) {
            out << u"credential file %1 of connection %2 does not exist; its calls fail until it "
                   "does"_s.arg(path, c.name);
        } else if (info.permissions() & (QFileDevice::ReadGroup | QFileDevice::ReadOther)) {
            out << u"credential file %1 of connection %2 is readable by other users; "
                   "its calls fail until it is readable only by you: chmod 600 %1"_s.arg(path,
                                                                                         c.name);
        }
    }
    return out;
}

QJsonObject aggregatorPreferences(const Routing::EffectiveDirectives &directives)
{
    QJsonObject provider;
    if (directives.requireZdr.value)
        provider[u"zdr"_s] = true;
    if (directives.requireNoTraining.value)
        provider[u"data_collection"_s] = u"deny"_s;
    if (directives.minPrecision.value != Domain::Precision::None)
        provider[u"quantizations"_s] = quantizationsAtLeast(directives.minPrecision.value);
    // The allowed providers are every level's lists intersected, less the denied ones, which win.
    QStringList denied;
    for (const auto &[level, name] : directives.deniedProviders) {
        if (!denied.contains(name))
            denied << name;
    }
    if (!directives.allowedProviderLists.isEmpty()) {
        QStringList only = directives.allowedProviderLists.first().second;
        only.removeIf(
            [&](const QString &p) { return denied.contains(p) || !directives.providerAllowed(p); });
        only.removeDuplicates();
        provider[u"only"_s] = QJsonArray::fromStringList(only);
    }
    if (!denied.isEmpty())
        provider[u"ignore"_s] = QJsonArray::fromStringList(denied);
    return provider;
}

namespace {

// The attempt's request around a body ready to send: URL, credential and headers of the dialect.
Util::Result<UpstreamRequest> requestWithBody(const Domain::Connection &connection,
                                              const QString &upstreamModel, Endpoint endpoint,
                                              bool stream, QByteArray body)
{
    const Util::Result<QString> secret = resolveCredential(connection.credential);
    if (!secret)
        return secret.error();
    UpstreamRequest r;
    r.connection = connection.name;
    r.caFile = connection.caFile;
    UpstreamAddress address = upstreamAddress(connection, upstreamModel, endpoint);
    r.url = std::move(address.url);
    r.poolKey = std::move(address.poolKey);
    r.target = std::move(address.target);
    if (r.poolKey.isEmpty()
        && (!r.url.isValid()
            || (connection.kind != Dialect::Simulator && r.url.host().isEmpty()))) {
        return Util::Error { u"connection.url"_s,
                             u"connection %1 has no usable base URL"_s.arg(connection.name) };
    }
    r.stream = stream;
    r.body = std::move(body);
    r.headers.emplaceBack(QByteArrayLiteral("content-type"), QByteArrayLiteral("application/json"));
    r.headers.emplaceBack(QByteArrayLiteral("accept"),
                          r.stream ? QByteArrayLiteral("text/event-stream")
                                   : QByteArrayLiteral("application/json"));
    const QByteArray key = secret->toUtf8();
    r.credential = key;
    switch (connection.kind) {
    case Dialect::OpenAi:
        if (!key.isEmpty())
            r.headers.emplaceBack(QByteArrayLiteral("authorization"), "Bearer " + key);
        break;
    case Dialect::AzureOpenAi:
        r.headers.emplaceBack(QByteArrayLiteral("api-key"), key);
        break;
    case Dialect::Anthropic:
        r.headers.emplaceBack(QByteArrayLiteral("x-api-key"), key);
        r.headers.emplaceBack(QByteArrayLiteral("anthropic-version"),
                              QByteArrayLiteral("2023-06-01"));
        break;
    case Dialect::Simulator:
        break;
    }
    return r;
}

QJsonObject preferencesFor(const Domain::Connection &connection,
                           const Routing::EffectiveDirectives &directives)
{
    return connection.aggregator ? aggregatorPreferences(directives) : QJsonObject();
}

// The body to send. When only `model` changes, the caller's bytes with it spliced in (cheaper than
// building and serialising the document, and the caller's number spelling and key order
// survive); else the document with `model` set and the aggregator's `provider` block added.
// `document` is made only when the splice cannot serve: `model` not spelt plainly, preferences to
// add, or no caller bytes.
template<typename MakeDocument>
QByteArray upstreamBody(const QString &upstreamModel, const QJsonObject &prefs,
                        const QByteArray &callerBytes, int modelKeys, MakeDocument document)
{
    if (!callerBytes.isEmpty() && prefs.isEmpty()) {
        if (std::optional<QByteArray> spliced
            = spliceTopLevelModel(callerBytes, Util::jsonStringLiteral(upstreamModel), modelKeys))
            return std::move(*spliced);
    }
    QJsonObject body = document();
    body[u"model"_s] = upstreamModel;
    if (!prefs.isEmpty()) {
        QJsonObject provider = body.value(u"provider"_s).toObject();
        for (auto it = prefs.begin(); it != prefs.end(); ++it)
            provider[it.key()] = it.value();
        body[u"provider"_s] = provider;
    }
    return QJsonDocument(body).toJson(QJsonDocument::Compact);
}

} // namespace

Util::Result<UpstreamRequest> buildUpstreamRequest(const Domain::Connection &connection,
                                                   const QString &upstreamModel, Endpoint endpoint,
                                                   QJsonObject body,
                                                   const Routing::EffectiveDirectives &directives,
                                                   const QByteArray &callerBytes)
{
    const bool stream = body.value(u"stream"_s).toBool(false);
    return requestWithBody(connection, upstreamModel, endpoint, stream,
                           upstreamBody(upstreamModel, preferencesFor(connection, directives),
                                        callerBytes, -1, [&body] { return std::move(body); }));
}

Util::Result<UpstreamRequest> buildUpstreamRequest(const Domain::Connection &connection,
                                                   const QString &upstreamModel, Endpoint endpoint,
                                                   const QByteArray &callerBytes, bool stream,
                                                   const Routing::EffectiveDirectives &directives,
                                                   int modelKeys)
{
    return requestWithBody(
        connection, upstreamModel, endpoint, stream,
        upstreamBody(upstreamModel, preferencesFor(connection, directives), callerBytes, modelKeys,
                     [&callerBytes] { return QJsonDocument::fromJson(callerBytes).object(); }));
}

} // namespace Gateway
