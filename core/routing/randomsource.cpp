#include "randomsource.h"

namespace Routing {

double SeededRandom::uniform()
{
    // 53 random bits → exactly representable doubles in [0, 1), as std::generate_canonical would,
    // but with a fixed recipe so a seed gives the same sequence on every standard library.
    return double(m_engine() >> 11) * 0x1.0p-53;
}

} // namespace Routing
