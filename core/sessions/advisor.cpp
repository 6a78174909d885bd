#include "advisor.h"

#include "sessions/classifier.h"

#include <algorithm>

namespace Sessions {

double blendedPrice(const Domain::Model &m)
{
    return (3.0 * m.inputPricePerMTok + m.outputPricePerMTok) / 4.0;
}

double projectedSaving(qint64 inputTokens, qint64 outputTokens, double servedPriceIn,
                       double servedPriceOut, const Domain::Model &suggested)
{
    return (double(inputTokens) * (servedPriceIn - suggested.inputPricePerMTok)
            + double(outputTokens) * (servedPriceOut - suggested.outputPricePerMTok))
        / 1e6;
}

void Advisor::refresh(const Domain::WorkspaceSnapshot &ws)
{
    if (m_snapshot == ws)
        return;
    m_snapshot = ws;
    m_memo.clear();
    m_settings.clear();
    for (const Domain::Key &key : ws->keys)
        m_settings.push_back(ws->sessions(key));
    m_ranked.clear();
    for (qsizetype i = 0; i < ws->models.size(); ++i) {
        const Domain::Model &m = ws->models.at(i);
        if (m.enabled && m.modality == Domain::Modality::Chat && !m.quality.isEmpty())
            m_ranked.push_back(qint16(i));
    }
    // Cheapest first; equal prices by name, so the suggestion never depends on listing order.
    std::stable_sort(m_ranked.begin(), m_ranked.end(), [&ws](qint16 a, qint16 b) {
        const Domain::Model &ma = ws->models.at(a);
        const Domain::Model &mb = ws->models.at(b);
        const double pa = blendedPrice(ma);
        const double pb = blendedPrice(mb);
        return pa != pb ? pa < pb : ma.name < mb.name;
    });
}

qint16 Advisor::suggest(const Domain::WorkspaceSnapshot &ws, const Domain::Model &asked,
                        Domain::TaskClass taskClass, int floor,
                        const Routing::RequestSummary &request, QDate todayUtc)
{
    const double askedPrice = blendedPrice(asked);
    refresh(ws);
    for (const qint16 index : m_ranked) {
        const Domain::Model &m = ws->models.at(index);
        if (blendedPrice(m) >= askedPrice)
            return -1; // the rest cost at least as much as what was asked
        if (m.quality.tier(taskClass) < floor)
            continue;
        // The key may use it for this request: its directives, the request's capabilities and
        // region header admit it and leave it a candidate (cooldowns aside).
        Routing::RequestSummary asIf = request;
        asIf.model = m.name;
        const std::shared_ptr<const Routing::Route> route = m_routes
            ? m_routes->route(ws, asIf, todayUtc)
            : Routing::computeRoute(ws, asIf, todayUtc, m_ids);
        if (!route->admission.refusal && !route->plan.whenNoneCooling.candidates.isEmpty())
            return index;
    }
    return -1;
}

Advice Advisor::advise(const Domain::WorkspaceSnapshot &ws, const Domain::SessionSettings &settings,
                       const Call &call)
{
    Advice advice;
    advice.classification = applyRules(
        call.measured ? *call.measured : measure(call.body, call.endpoint), ws->classifierRules);
    const Domain::Model &asked = *call.route->admission.model;
    refresh(ws);
    const std::pair<const Routing::Route *, int> memoKey {
        call.route.get(), int(advice.classification.taskClass) * 8 + settings.qualityFloor
    };
    if (const auto it = m_memo.constFind(memoKey); it != m_memo.cend()) {
        advice.suggested = it->suggested;
    } else {
        advice.suggested = suggest(ws, asked, advice.classification.taskClass,
                                   settings.qualityFloor, call.request, call.clock.nowUtc().date());
        if (m_memo.size() >= kMaxMemo)
            m_memo.clear();
        m_memo.insert(memoKey, { call.route, advice.suggested });
    }
    if (settings.mode == Domain::SessionMode::Suggest) {
        const qint64 nowMs = call.clock.nowMs();
        const qint64 windowMs = qint64(ws->sessionWindowMinutes) * 60 * 1000;
        const QString session = sessionOf(call.keyId, call.sessionHeader);
        advice.accepted = m_book.accept(session, asked.name, nowMs, windowMs);
        if (advice.suggested >= 0)
            m_book.suggest(session, ws->models.at(advice.suggested).name, nowMs, windowMs);
    }
    return advice;
}

} // namespace Sessions
