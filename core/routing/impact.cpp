#include "impact.h"

#include "domain/callerror.h"
#include "routeexplainer.h"

#include <QHash>
#include <algorithm>
#include <map>
#include <vector>

using namespace Qt::StringLiterals;

namespace Routing {
namespace {

// Everything explain() reads of a request. The prompt and output sizes enter only through the
// context windows they fit (a fallback model's rule): their bracket among the windows of both
// configurations, so calls of one bracket get the same answer and share one explanation.
struct ShapeKey
{
    QString model;
    QString keyId;
    QString projectId;
    QString webSearchToolVersion;
    QString notCarried;
    QStringList regionHeaderLines;
    quint32 bits = 0;
    qsizetype contextBracket = 0;

    bool operator==(const ShapeKey &) const = default;
};

size_t qHash(const ShapeKey &k, size_t seed = 0)
{
    return qHashMulti(seed, k.model, k.keyId, k.projectId, k.webSearchToolVersion, k.notCarried,
                      k.regionHeaderLines, k.bits, k.contextBracket);
}

// The calls of one shape: one of them stands for all, their tokens added up (cost is linear).
struct Shape
{
    RequestSummary request;
    int calls = 0;
    qint64 inputTokens = 0;
    qint64 outputTokens = 0;
};

std::vector<qint64> contextWindows(const Domain::Workspace &a, const Domain::Workspace &b)
{
    std::vector<qint64> windows;
    for (const Domain::Workspace *ws : { &a, &b }) {
        for (const Domain::Model &m : ws->models)
            windows.push_back(m.contextWindow);
    }
    std::sort(windows.begin(), windows.end());
    windows.erase(std::unique(windows.begin(), windows.end()), windows.end());
    return windows;
}

ShapeKey keyOf(const RequestSummary &r, const std::vector<qint64> &windows)
{
    const quint32 bits = quint32(r.endpoint) | quint32(r.modality) << 2 | quint32(r.usesTools) << 3
        | quint32(r.responseFormat) << 4 | quint32(r.vision) << 6 | quint32(r.stream) << 7
        | quint32(r.requiredFields.has_value()) << 8;
    const qint64 need = r.contextTokens + r.maxOutputTokens;
    const auto bracket = std::lower_bound(windows.begin(), windows.end(), need) - windows.begin();
    return { r.model,      r.keyId,
             r.projectId,  r.webSearchToolVersion,
             r.notCarried, r.regionHeaderLines,
             bits,         bracket };
}

// Where one configuration sends one shape's calls.
struct Outcome
{
    enum class Kind { Routed, FallingBack, Waiting, Refused };
    Kind kind = Kind::Refused;
    QList<Candidate> firsts; // with their firstChance
    QString errorCode;
    QString skipReason;
};

// The reason most of the requested model's skips give; ties go to the earlier check (R-PLAN-4).
QString dominantSkip(const QList<Domain::Skip> &skips)
{
    std::map<Domain::SkipReason, int> counts;
    for (const Domain::Skip &s : skips)
        ++counts[s.reason];
    const auto best
        = std::max_element(counts.begin(), counts.end(),
                           [](const auto &a, const auto &b) { return a.second < b.second; });
    return best == counts.end() ? QString() : Domain::toString(best->first);
}

Outcome outcomeOf(const Explanation &e)
{
    Outcome o;
    if (e.refused) {
        o.errorCode = e.errorCode;
        if (e.errorCode
            == Domain::CallError { Domain::CallErrorCode::RouteConstraintsUnmet }.codeText())
            o.skipReason = dominantSkip(e.skips);
        return o;
    }
    if (!e.allCooling) {
        o.kind = Outcome::Kind::Routed;
        o.firsts = e.candidates;
        return o;
    }
    // Every candidate cooling: it waits when the wait fits (then it keeps attempts, R-DET), else
    // the first fallback model that qualifies now takes the call, else 503 no_healthy_route.
    if (e.attemptsForRequested > 0) {
        o.kind = Outcome::Kind::Waiting;
        return o;
    }
    for (const FallbackExplanation &f : e.fallbacks) {
        if (f.qualifies && !f.candidates.isEmpty()) {
            o.kind = Outcome::Kind::FallingBack;
            o.firsts = f.candidates;
            return o;
        }
    }
    o.errorCode = Domain::CallError { Domain::CallErrorCode::NoHealthyRoute }.codeText();
    o.skipReason = dominantSkip(e.skips);
    return o;
}

// Adds up both configurations' outcomes into one impact's rows, found by their identity.
class Tally
{
public:
    explicit Tally(Impact &impact)
        : m_impact(impact)
    {
    }

    template<typename Row> decltype(Row::after) &column(Row &row)
    {
        return m_after ? row.after : row.before;
    }

    // `after`: the draft's column, else the saved configuration's.
    void add(const Shape &s, const Outcome &o, bool after)
    {
        m_after = after;
        ImpactSide &side = after ? m_impact.after : m_impact.before;
        switch (o.kind) {
        case Outcome::Kind::Routed:
            side.routed += s.calls;
            break;
        case Outcome::Kind::FallingBack:
            side.fallingBack += s.calls;
            break;
        case Outcome::Kind::Waiting:
            side.waiting += s.calls;
            break;
        case Outcome::Kind::Refused:
            side.refused += s.calls;
            column(refusal(o.errorCode, o.skipReason)) += s.calls;
            break;
        }
        for (const Candidate &c : o.firsts) {
            if (c.firstChance <= 0)
                continue;
            const double picks = c.firstChance * s.calls;
            column(pick(c)) += picks;
            column(region(c.region)) += picks;
            side.costUsd += c.firstChance
                * Domain::costUsd(s.inputTokens, s.outputTokens, c.priceIn, c.priceOut);
        }
    }

private:
    template<typename Row, typename Make> Row &rowOf(QList<Row> &rows, const QString &id, Make make)
    {
        const auto it = m_index.constFind(id);
        if (it != m_index.cend())
            return rows[*it];
        m_index.insert(id, rows.size());
        rows.append(make());
        return rows.back();
    }
    PickShare &pick(const Candidate &c)
    {
        return rowOf(m_impact.deployments, u"d\x1f"_s + c.deployment + u'\x1f' + c.connection, [&] {
            return PickShare { c.deployment, c.connection, c.region };
        });
    }
    RegionShare &region(const QString &name)
    {
        return rowOf(m_impact.regions, u"r\x1f"_s + name, [&] { return RegionShare { name }; });
    }
    RefusalCount &refusal(const QString &code, const QString &reason)
    {
        return rowOf(m_impact.refusals, u"x\x1f"_s + code + u'\x1f' + reason, [&] {
            return RefusalCount { code, reason };
        });
    }

    Impact &m_impact;
    QHash<QString, qsizetype> m_index; // row id → position in its list
    bool m_after = false;
};

template<typename Row> void sortRows(QList<Row> &rows, auto name)
{
    std::stable_sort(rows.begin(), rows.end(), [&](const Row &a, const Row &b) {
        if (a.after != b.after)
            return a.after > b.after;
        if (a.before != b.before)
            return a.before > b.before;
        return name(a) < name(b);
    });
}

} // namespace

Impact replayImpact(const Domain::Workspace &before, const Domain::Workspace &after,
                    const QList<ReplayCall> &calls, const CooldownBook *cooldowns, qint64 nowMs,
                    QDate todayUtc)
{
    const std::vector<qint64> windows = contextWindows(before, after);
    QHash<ShapeKey, qsizetype> shapeIndex;
    QList<Shape> shapes;
    for (const ReplayCall &call : calls) {
        const ShapeKey key = keyOf(call.request, windows);
        auto it = shapeIndex.constFind(key);
        if (it == shapeIndex.cend()) {
            it = shapeIndex.insert(key, shapes.size());
            shapes.append({ call.request });
        }
        Shape &s = shapes[*it];
        ++s.calls;
        s.inputTokens += call.inputTokens;
        s.outputTokens += call.outputTokens;
    }
    Impact impact;
    impact.calls = int(calls.size());
    impact.shapes = int(shapes.size());
    Tally tally(impact);
    for (const Shape &s : std::as_const(shapes)) {
        tally.add(s, outcomeOf(explain(before, s.request, cooldowns, nowMs, todayUtc)), false);
        tally.add(s, outcomeOf(explain(after, s.request, cooldowns, nowMs, todayUtc)), true);
    }
    sortRows(impact.deployments,
             [](const PickShare &r) { return r.deployment + u'\x1f' + r.connection; });
    sortRows(impact.regions, [](const RegionShare &r) { return r.region; });
    sortRows(impact.refusals,
             [](const RefusalCount &r) { return r.errorCode + u'\x1f' + r.skipReason; });
    return impact;
}

} // namespace Routing
