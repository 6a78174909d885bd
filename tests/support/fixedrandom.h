#pragma once

#include "routing/randomsource.h"

#include <QList>

// Returns the given values in turn, then starts over: a test decides every "random" draw.
class FixedRandom : public Routing::RandomSource
{
public:
    explicit FixedRandom(QList<double> values = { 0.0 })
        : m_values(std::move(values))
    {
    }

    double uniform() override
    {
        if (m_values.isEmpty())
            return 0.0;
        const double v = m_values.at(m_next % m_values.size());
        ++m_next;
        return v;
    }
    int draws() const { return m_next; }

private:
    QList<double> m_values;
    int m_next = 0;
};
