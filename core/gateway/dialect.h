#pragma once

#include "domain/connection.h"
#include "net/upstreamtransport.h"
#include "routing/directiveset.h"
#include "util/result.h"

#include <QJsonObject>

namespace Gateway {

// The secret of a credential: environment variable, file (trimmed) or stored. Error code
// "credential.unavailable"; the message names where it looked, never the secret (R-SEC-3).
Util::Result<QString> resolveCredential(const Domain::Credential &credential);

// One sentence for each connection whose credential file other users can read (group or others),
// or that cannot be found: the gateway logs them when it starts and when it takes a new workspace,
// since calls on such a connection fail (R-SEC-3). Names the file, never reads the secret.
QStringList credentialFileWarnings(const QList<Domain::Connection> &connections);

// The upstream request for one attempt in the connection's dialect (R-CONN-1):
//   openai        {base}/chat/completions | {base}/embeddings, Authorization: Bearer
//   azure-openai  {base}/openai/deployments/{model}/chat/completions?api-version={v}, api-key
//   anthropic     {base}/messages, x-api-key + anthropic-version
//   simulator     simulator://{connection}/v1/… (answered in process)
// The body is the caller's with `model` set to the upstream id; aggregator connections also get the
// directives as OpenRouter `provider` fields (R-DIR-5). Nothing of the caller's headers is copied:
// the upstream sees the connection's credential only (R-SEC-5).
// `callerBytes`, when given, are the bytes `body` was parsed from (no preset default added): if
// only `model` changes, it is spliced into them and the rest goes out as the caller wrote it.
Util::Result<UpstreamRequest> buildUpstreamRequest(const Domain::Connection &connection,
                                                   const QString &upstreamModel,
                                                   Domain::Endpoint endpoint, QJsonObject body,
                                                   const Routing::EffectiveDirectives &directives,
                                                   const QByteArray &callerBytes = {});

// The same from the caller's bytes (valid JSON, as the intake accepted them) with no preset default
// to add: a document is built only when more than `model` changes (an aggregator's `provider`
// block) or `model` is not spelt plainly. `stream`: the body's "stream" is true. `modelKeys`: the
// body's top-level keys that decode to "model" (scanRequest counts them), so that the splice stops
// at the last one instead of reading the rest of the body (the messages); -1: unknown.
Util::Result<UpstreamRequest>
buildUpstreamRequest(const Domain::Connection &connection, const QString &upstreamModel,
                     Domain::Endpoint endpoint, const QByteArray &callerBytes, bool stream,
                     const Routing::EffectiveDirectives &directives, int modelKeys = -1);

// OpenRouter "provider" preferences for an aggregator (R-DIR-5); empty when no directive applies.
QJsonObject aggregatorPreferences(const Routing::EffectiveDirectives &directives);

} // namespace Gateway
