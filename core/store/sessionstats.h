#pragma once

#include "domain/sessions.h"

#include <QDate>
#include <QList>
#include <QString>
#include <array>

namespace Store {

// A key's classified calls of one UTC day (mixed-model sessions, the Keys screen's chart).
struct SessionDay
{
    QDate day;
    int classified = 0;
    int suggestions = 0;
    int accepted = 0;
    double projectedSaving = 0;

    bool operator==(const SessionDay &) const = default;
};

// A key's classified calls (Shadow or Suggest) in a window: callers' calls only.
struct KeySessionStats
{
    QString keyId;
    int classified = 0; // calls with a session mode (shadow or suggest)
    std::array<int, Domain::kTaskClassCount> classMix {}; // per TaskClass, in enum order
    int suggestions = 0; // calls that got a suggestion, either mode
    int suggestOffers = 0; // of those, in Suggest mode (the acceptance rate's denominator)
    int accepted = 0; // calls that accepted a suggestion
    double projectedSaving = 0; // sum over the window
    QList<SessionDay> days; // per UTC day of the window, oldest first, every day present
    double acceptanceRate() const { return suggestOffers ? double(accepted) / suggestOffers : 0; }

    bool operator==(const KeySessionStats &) const = default;
};

} // namespace Store
