#pragma once

#include "domain/sessions.h"
#include "domain/workspace.h"
#include "routing/routecache.h"
#include "sessions/classifier.h"
#include "sessions/sessionbook.h"
#include "util/clock.h"

#include <QDate>
#include <vector>

// Mixed-model sessions on the gateway thread (docs/sessions.md): classifies an opted-in key's
// turn, finds the cheaper model that still meets the key's quality floor, and keeps Suggest mode's
// sessions. Not thread-safe.
namespace Sessions {

// A model's price for comparing models: 3 parts input to 1 part output, per 1M tokens (the blend
// most price comparisons use; one call's real mix is not known before it is served).
double blendedPrice(const Domain::Model &m);

// What one call's session settles before its first attempt.
struct Advice
{
    Domain::Classification classification;
    qint16 suggested = -1; // in ws->models; -1: the asked model is the cheapest that qualifies
    bool accepted = false; // Suggest mode: the call named the model its session waited on
};

// The saving of serving `usage`-like token counts with `suggested` rather than at the prices the
// call was served at (USD; negative when the suggestion would have cost more).
double projectedSaving(qint64 inputTokens, qint64 outputTokens, double servedPriceIn,
                       double servedPriceOut, const Domain::Model &suggested);

class Advisor
{
public:
    // ids: the gateway thread's cooldown book, which the candidates of the routes it works out
    // refer to.
    explicit Advisor(const Routing::CooldownBook &ids)
        : m_ids(ids)
    {
    }

    // The cheapest enabled chat model cheaper than `asked` that `request` (its key, its
    // capabilities, its region header) may be routed to, whose context window takes it and whose
    // tier for `taskClass` is at least `floor`; -1 when there is none. Live health is not
    // consulted: a suggestion is for the configuration, not for this second.
    qint16 suggest(const Domain::WorkspaceSnapshot &ws, const Domain::Model &asked,
                   Domain::TaskClass taskClass, int floor, const Routing::RequestSummary &request,
                   QDate todayUtc);

    // What one call brings to advise().
    struct Call
    {
        const QByteArray &body;
        Domain::Endpoint endpoint; // the body's shape
        const Signals *measured; // the body's signals when already measured; null: measure it
        // The route the call was admitted on: its request and model, with its key, capabilities,
        // region header and day, are what the suggestion depends on beside the class.
        const std::shared_ptr<const Routing::Route> &route;
        const Routing::RequestSummary &request;
        const QString &keyId;
        QByteArrayView sessionHeader;
        const Util::Clock &clock;
    };

    // Classifies the call's body with the workspace's rules and picks the suggestion; in Suggest
    // mode also counts an acceptance of what the call's session waited on.
    Advice advise(const Domain::WorkspaceSnapshot &ws, const Domain::SessionSettings &settings,
                  const Call &call);
    // Suggest mode: the caller was answered with the suggestion `model`; the session waits on it
    // for the workspace's window.
    void offered(const QString &session, const QString &model, qint64 nowMs)
    {
        m_book.suggest(session, model, nowMs, m_windowMs);
    }

    // The setting that applies to ws->keys[keyIndex] (Workspace::sessions), looked up once per
    // snapshot: a key whose mode is Off costs a call one comparison.
    const Domain::SessionSettings &settings(const Domain::WorkspaceSnapshot &ws, qsizetype keyIndex)
    {
        refresh(ws);
        return keyIndex >= 0 && keyIndex < qsizetype(m_settings.size()) ? m_settings[keyIndex]
                                                                        : m_off;
    }

private:
    // What is worked out once per snapshot: the settings per key, and the chat models that are
    // enabled and rated, cheapest first.
    void refresh(const Domain::WorkspaceSnapshot &ws);

    const Routing::CooldownBook &m_ids;
    Domain::WorkspaceSnapshot m_snapshot;
    std::vector<Domain::SessionSettings> m_settings;
    qint64 m_windowMs = 0; // the snapshot's sessionWindowMinutes
    const Domain::SessionSettings m_off {};
    std::vector<qint16> m_ranked;
    // Per admitted route, class and floor, for this snapshot: the models that qualify but for the
    // context window (which depends on each call's size), cheapest first. The route is kept alive
    // here, so its address names no other route while it is a key.
    struct Memo
    {
        std::shared_ptr<const Routing::Route> route;
        std::vector<qint16> qualifying;
    };
    // The models cheaper than `asked` that qualify for the class, floor and request, but for the
    // context window.
    std::vector<qint16> qualifying(const Domain::WorkspaceSnapshot &ws, const Domain::Model &asked,
                                   Domain::TaskClass taskClass, int floor,
                                   const Routing::RequestSummary &request, QDate todayUtc);
    // The first of them whose context window takes `request`.
    static qint16 firstFitting(const Domain::Workspace &ws, const std::vector<qint16> &models,
                               const Routing::RequestSummary &request);
    QHash<std::pair<const Routing::Route *, int>, Memo> m_memo;
    static constexpr qsizetype kMaxMemo = 4096;
    SessionBook m_book;
};

} // namespace Sessions
