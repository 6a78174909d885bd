#pragma once

#include <QtGlobal>
#include <random>

namespace Routing {

// Randomness as the routing core sees it (weighted pool order, R-PLAN-1). Injected, never global.
class RandomSource
{
public:
    virtual ~RandomSource() = default;
    // A uniformly distributed value in [0, 1).
    virtual double uniform() = 0;
};

// A seeded Mersenne Twister: the gateway seeds it once per worker thread (not thread-safe: one per
// thread), tests with a fixed seed so that statistical checks are reproducible.
class SeededRandom : public RandomSource
{
public:
    explicit SeededRandom(quint64 seed)
        : m_engine(seed)
    {
    }
    double uniform() override;

private:
    std::mt19937_64 m_engine;
};

} // namespace Routing
