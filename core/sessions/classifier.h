#pragma once

#include "domain/enums.h"
#include "domain/sessions.h"

#include <QByteArray>
#include <QList>

// The mixed-model sessions' classifier (docs/sessions.md): local, deterministic, and blind to
// meaning. It measures a request's shape (Domain::ClassifierSignal) and the workspace's rules name
// the class. Nothing it reads is kept: the measurement is counts and lengths only.
namespace Sessions {

using Signals = std::array<qint64, Domain::kClassifierSignalCount>;

// The request's signals, read from the caller's body on `endpoint` (chat completions, messages or
// responses). A body it cannot read measures all zeros.
Signals measure(const QByteArray &body, Domain::Endpoint endpoint);

// The first rule whose conditions all hold (Classification::rule), else chit-chat with rule -1.
Domain::Classification applyRules(const Signals &measured,
                                  const QList<Domain::ClassifierRule> &rules);

inline Domain::Classification classify(const QByteArray &body, Domain::Endpoint endpoint,
                                       const QList<Domain::ClassifierRule> &rules)
{
    return applyRules(measure(body, endpoint), rules);
}

} // namespace Sessions
