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
    return Domain::costUsd(inputTokens, outputTokens, servedPriceIn, servedPriceOut)
        - Domain::costUsd(inputTokens, outputTokens, suggested.inputPricePerMTok,
                          suggested.outputPricePerMTok);
}

void Advisor::refresh(const Domain::WorkspaceSnapshot &ws)
{
    if (m_snapshot == ws)
        return;
    m_snapshot = ws;
    m_windowMs = qint64(ws->sessionWindowMinutes) * 60 * 1000;
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

std::vector<qint16> Advisor::qualifying(const Domain::WorkspaceSnapshot &ws,
                                        const Domain::Model &asked, Domain::TaskClass taskClass,
                                        int floor, const Routing::RequestSummary &request,
                                        QDate todayUtc)
{
    refresh(ws);
    std::vector<qint16> out;
    const double askedPrice = blendedPrice(asked);
    for (const qint16 index : m_ranked) {
        const Domain::Model &m = ws->models.at(index);
        if (blendedPrice(m) >= askedPrice)
            break; // the rest cost at least as much as what was asked
        if (m.quality.tier(taskClass) < floor)
            continue;
        // The key may use it for this request: its directives, the request's capabilities and
        // region header admit it and leave it a candidate (cooldowns aside). Worked out here, not
        // in the gateway's route cache, whose room is for the routes calls take.
        Routing::RequestSummary asIf = request;
        asIf.model = m.name;
        const std::shared_ptr<const Routing::Route> route
            = Routing::computeRoute(ws, asIf, todayUtc, m_ids);
        if (!route->admission.refusal && !route->plan.whenNoneCooling.candidates.isEmpty())
            out.push_back(index);
    }
    return out;
}

qint16 Advisor::firstFitting(const Domain::Workspace &ws, const std::vector<qint16> &models,
                             const Routing::RequestSummary &request)
{
    for (const qint16 index : models) {
        if (Routing::fitsContext(ws.models.at(index), request))
            return index;
    }
    return -1;
}

qint16 Advisor::suggest(const Domain::WorkspaceSnapshot &ws, const Domain::Model &asked,
                        Domain::TaskClass taskClass, int floor,
                        const Routing::RequestSummary &request, QDate todayUtc)
{
    return firstFitting(*ws, qualifying(ws, asked, taskClass, floor, request, todayUtc), request);
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
    auto it = m_memo.constFind(memoKey);
    if (it == m_memo.cend()) {
        if (m_memo.size() >= kMaxMemo)
            m_memo.clear();
        it = m_memo.insert(
            memoKey,
            { call.route,
              qualifying(ws, asked, advice.classification.taskClass, settings.qualityFloor,
                         call.request, call.clock.nowUtc().date()) });
    }
    advice.suggested = firstFitting(*ws, it->qualifying, call.request);
    if (settings.mode == Domain::SessionMode::Suggest) {
        advice.accepted = m_book.accept(sessionOf(call.keyId, call.sessionHeader), asked.name,
                                        call.clock.nowMs(), m_windowMs);
    }
    return advice;
}

} // namespace Sessions
