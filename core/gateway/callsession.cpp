#include "gateway/callexecutor.h"

#include <algorithm>
#include <cmath>

// Mixed-model sessions (docs/sessions.md): what the call of an opted-in key is classified as, the
// cheaper model that would have met its floor, and Suggest mode's headers. Nothing here changes
// what the upstream is sent or what the caller is answered, apart from those headers.
namespace Gateway {

namespace {

// USD to the millionth, without trailing zeros ("0.000295", "1.5", "-0.01", "0"): written out
// digit by digit, as QByteArray::number cost more than the rest of the suggestion.
QByteArray usdText(double usd)
{
    // Token counts are the upstream's: bounded, so that no count makes the arithmetic overflow.
    constexpr double kMaxUsd = 1e12;
    usd = std::isfinite(usd) ? std::clamp(usd, -kMaxUsd, kMaxUsd) : 0.0;
    const qint64 micros = qRound64(usd * 1e6);
    char buffer[32];
    char *end = buffer + sizeof buffer;
    char *at = end;
    const bool negative = micros < 0;
    quint64 left = negative ? quint64(-micros) : quint64(micros);
    bool significant = false; // a fraction digit other than a trailing zero was written
    for (int digit = 0; digit < 6; ++digit, left /= 10) {
        const char c = char('0' + left % 10);
        if (significant || c != '0') {
            *--at = c;
            significant = true;
        }
    }
    if (significant)
        *--at = '.';
    do {
        *--at = char('0' + left % 10);
        left /= 10;
    } while (left);
    if (negative)
        *--at = '-';
    return QByteArray(at, end - at);
}

} // namespace

void CallExecutor::adviseSession()
{
    if (!m_env.sessions || m_input.kind != Domain::CallKind::Call || m_record.key < 0
        || m_input.endpoint == Domain::Endpoint::Embeddings)
        return;
    const Domain::SessionSettings &settings
        = m_env.sessions->settings(m_input.snapshot, m_record.key);
    const Domain::Model *asked = m_router->admittedModel();
    if (settings.mode == Domain::SessionMode::Off || !asked)
        return;
    // Not measured at intake (a body only Qt reads): a Responses call's body is the chat body it
    // became there.
    const Domain::Endpoint measuredAs = m_input.endpoint == Domain::Endpoint::Responses
        ? Domain::Endpoint::ChatCompletions
        : m_input.endpoint;
    const Sessions::Advice advice = m_env.sessions->advise(
        m_input.snapshot, settings,
        { m_input.bodyBytes, measuredAs, m_input.signals.get(), m_router->route(),
          m_router->request(), m_input.key->id, m_input.sessionHeader, *m_env.clock });
    m_record.sessionMode = settings.mode;
    m_record.classification = advice.classification;
    m_record.suggestedModel = advice.suggested;
    m_record.suggestionAccepted = advice.accepted;
}

void CallExecutor::addSuggestionHeaders(HeaderList &headers) const
{
    if (m_record.suggestedModel < 0)
        return;
    const Domain::Model &suggested = m_input.snapshot->models.at(m_record.suggestedModel);
    headers.emplaceBack(QByteArrayLiteral("ib-suggested-model"), suggested.name.toUtf8());
    // A stream's head goes before any token: its saving counts the prompt's estimate only.
    headers.emplaceBack(QByteArrayLiteral("ib-suggested-saving"),
                        usdText(projectedSaving(m_record.stream)));
}

double CallExecutor::projectedSaving(bool promptOnly) const
{
    if (m_record.suggestedModel < 0)
        return 0;
    const auto [input, output] = tokensUsed();
    return Sessions::projectedSaving(input, promptOnly ? 0 : output, m_usedPriceIn, m_usedPriceOut,
                                     m_input.snapshot->models.at(m_record.suggestedModel));
}

void CallExecutor::settleSession(bool served)
{
    if (m_record.suggestedModel < 0)
        return;
    if (!served) {
        m_record.suggestedModel = -1;
        return;
    }
    m_record.projectedSaving = projectedSaving(false);
    if (m_record.sessionMode == Domain::SessionMode::Suggest) {
        m_env.sessions->offered(Sessions::sessionOf(m_input.key->id, m_input.sessionHeader),
                                m_input.snapshot->models.at(m_record.suggestedModel).name,
                                m_env.clock->nowMs());
    }
}

} // namespace Gateway
