#pragma once

namespace Domain {

// The values a setting may take, both ends included.
template<typename T> struct Bounds
{
    T lowest;
    T highest;
    constexpr bool contains(T v) const { return v >= lowest && v <= highest; } // false for NaN
};

} // namespace Domain
