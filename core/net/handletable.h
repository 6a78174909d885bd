#pragma once

#include <QtGlobal>
#include <vector>

namespace Gateway {

// The entries of a DeadlineWheel or a DeadlineHeap, named by handles: a freed entry is reused, and
// its generation moves on so that an old handle no longer reaches the new one. Entry has a
// `quint32 generation = 1`; whether an entry is in use is the owner's to say (isLive).
template<typename Entry> class HandleTable
{
public:
    using Handle = quint64; // 0: none

    int acquire()
    {
        if (m_free.empty()) {
            m_entries.emplace_back();
            return int(m_entries.size()) - 1;
        }
        const int index = m_free.back();
        m_free.pop_back();
        return index;
    }
    void release(int index)
    {
        ++m_entries[size_t(index)].generation; // stale handles no longer match
        m_free.push_back(index);
    }
    Handle handleOf(int index) const
    {
        return (Handle(m_entries[size_t(index)].generation) << 32) | Handle(index + 1);
    }
    // The entry handle names, if it is still the one handed out and isLive(entry).
    template<typename IsLive> const Entry *find(Handle handle, IsLive isLive) const
    {
        const qint64 index = qint64(handle & 0xffffffffu) - 1;
        if (index < 0 || index >= qint64(m_entries.size()))
            return nullptr;
        const Entry &e = m_entries[size_t(index)];
        return e.generation == quint32(handle >> 32) && isLive(e) ? &e : nullptr;
    }
    int indexOf(const Entry *e) const { return int(e - m_entries.data()); }
    Entry &operator[](int index) { return m_entries[size_t(index)]; }
    const Entry &operator[](int index) const { return m_entries[size_t(index)]; }

private:
    std::vector<Entry> m_entries;
    std::vector<int> m_free;
};

} // namespace Gateway
