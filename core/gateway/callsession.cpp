#include "gateway/callexecutor.h"

// Mixed-model sessions (docs/sessions.md): what the call of an opted-in key is classified as, the
// cheaper model that would have met its floor, and Suggest mode's headers. Nothing here changes
// what the upstream is sent or what the caller is answered, apart from those headers.
namespace Gateway {

void CallExecutor::adviseSession()
{
    if (!m_env.sessions || m_input.kind != Domain::CallKind::Call || m_record.key < 0)
        return;
    const Domain::SessionSettings &settings
        = m_env.sessions->settings(m_input.snapshot, m_record.key);
    const Domain::Model *asked = m_router->admittedModel();
    if (settings.mode == Domain::SessionMode::Off || !asked)
        return;
    // A Responses call's body is the chat body it became at intake.
    const Domain::Endpoint measuredAs = m_input.endpoint == Domain::Endpoint::Responses
        ? Domain::Endpoint::ChatCompletions
        : m_input.endpoint;
    const Sessions::Advice advice = m_env.sessions->advise(
        m_input.snapshot, settings, m_input.bodyBytes, measuredAs, m_router->request(), *asked,
        Sessions::sessionOf(m_input.key->id, m_input.sessionHeader), m_env.clock->nowMs(),
        m_env.clock->nowUtc().date());
    m_record.sessionMode = settings.mode;
    m_record.classification = advice.classification;
    m_record.suggestedModel = advice.suggested;
    m_record.suggestionAccepted = advice.accepted;
}

void CallExecutor::addSuggestionHeaders(HeaderList &headers) const
{
    if (m_record.sessionMode != Domain::SessionMode::Suggest || m_record.suggestedModel < 0)
        return;
    const Domain::Model &suggested = m_input.snapshot->models.at(m_record.suggestedModel);
    // A stream's head goes before any token: its saving counts the prompt's estimate only.
    const auto [input, output] = tokensUsed();
    const double saving = Sessions::projectedSaving(input, m_record.stream ? 0 : output,
                                                    m_usedPriceIn, m_usedPriceOut, suggested);
    QByteArray text = QByteArray::number(saving, 'f', 6);
    while (text.endsWith('0'))
        text.chop(1);
    if (text.endsWith('.'))
        text.chop(1);
    headers.emplaceBack(QByteArrayLiteral("ib-suggested-model"), suggested.name.toUtf8());
    headers.emplaceBack(QByteArrayLiteral("ib-suggested-saving"), text);
}

} // namespace Gateway
