#pragma once

#include "streamtranslator.h"

#include <QByteArray>
#include <QByteArrayView>

namespace Translation {

// What both stream translators share: the upstream's bytes cut into SSE events (a blank line,
// "\n\n" or "\r\n\r\n", ends one), comments and events without data dropped, and each complete
// event with data handed to translateEvent(). Once translateEvent() sets m_error or m_complete
// nothing more comes out and what arrives after is ignored.
class SseEventTranslator : public StreamTranslator
{
public:
    QByteArray feed(const QByteArray &data) final;
    QByteArray takeRest() final;

protected:
    // Appends the caller's events for one upstream event: its `event:` name (empty when none) and
    // its data lines joined by '\n', trimmed. Counts each event it appends in m_events.
    virtual void translateEvent(QByteArray &out, QByteArrayView name, QByteArrayView data) = 0;

private:
    void dispatch(QByteArray &out, QByteArrayView event);

    QByteArray m_buffer;
    qsizetype m_scanFrom = 0; // where feed() looks for the end of the event m_buffer starts
};

// The error for a data line that is not a JSON object: nothing of it can be translated.
StreamError undecodableEvent();

} // namespace Translation
