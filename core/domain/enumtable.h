#pragma once

#include <QString>
#include <optional>
#include <type_traits>
#include <utility>

// Lookup between an enum and its stable wire name, for the constexpr tables in enums.cpp,
// connection.cpp and receipt.cpp.
namespace Domain::EnumTable {

template<typename Table, typename E> QString nameOf(const Table &table, E v)
{
    // The names are literals in static storage: the string refers to them instead of copying
    // (an allocation per name, several per receipt written, before).
    for (const auto &[value, name] : table) {
        if (value == v) {
            const QStringView view(name);
            return QString::fromRawData(view.data(), view.size());
        }
    }
    return {};
}

template<typename Table>
auto valueOf(const Table &table, const QString &s)
    -> std::optional<std::remove_cvref_t<decltype(table[0].first)>>
{
    for (const auto &[value, name] : table) {
        if (s == QStringView(name))
            return value;
    }
    return std::nullopt;
}

} // namespace Domain::EnumTable
