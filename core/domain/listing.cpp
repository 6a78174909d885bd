#include "listing.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QUrl>

using namespace Qt::StringLiterals;

namespace Domain {

ListingSource classifyListingSource(const QString &source)
{
    if (source.isEmpty())
        return {};
    if (source.startsWith(u"qrc:/"_s))
        return { ListingSourceKind::Resource, source.mid(3) };
    if (source.startsWith(u":/"_s))
        return { ListingSourceKind::Resource, source };
    if (source.startsWith(u"http://"_s, Qt::CaseInsensitive)
        || source.startsWith(u"https://"_s, Qt::CaseInsensitive)) {
        const QUrl url(source, QUrl::StrictMode);
        if (url.isValid() && !url.host().isEmpty())
            return { ListingSourceKind::Http, source };
        return { ListingSourceKind::Invalid, source };
    }
    if (source.startsWith(u"file:"_s, Qt::CaseInsensitive)) {
        const QUrl url(source, QUrl::StrictMode);
        if (url.isValid() && url.isLocalFile() && !url.toLocalFile().isEmpty())
            return { ListingSourceKind::File, url.toLocalFile() };
        return { ListingSourceKind::Invalid, source };
    }
    if (QDir::isAbsolutePath(source) && !source.contains(u"://"_s))
        return { ListingSourceKind::File, source };
    return { ListingSourceKind::Invalid, source };
}

std::optional<ListingFacts> parseListing(const QByteArray &bytes, const QString &providerId,
                                         QString *error)
{
    const auto fail = [&](const QString &why) -> std::optional<ListingFacts> {
        if (error)
            *error = why;
        return std::nullopt;
    };
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return fail(u"The listing is not JSON (%1 at byte %2)."_s.arg(parseError.errorString())
                        .arg(parseError.offset));
    if (!doc.isObject())
        return fail(u"The listing is not a JSON object."_s);
    const QJsonObject root = doc.object();
    const QString format = root.value(u"format"_s).toString();
    if (format != QStringView(kListingFormat))
        return fail(u"The listing's format is \"%1\", not \"%2\"."_s.arg(
            format, QString::fromUtf16(kListingFormat)));
    ListingFacts facts;
    if (root.contains(u"published"_s)) {
        facts.published
            = QDateTime::fromString(root.value(u"published"_s).toString(), Qt::ISODateWithMs);
        if (!facts.published.isValid())
            return fail(u"The listing's \"published\" is not an ISO 8601 time."_s);
        facts.published = facts.published.toUTC();
    }
    if (!root.value(u"providers"_s).isArray())
        return fail(u"The listing has no \"providers\" array."_s);
    for (const QJsonValue &v : root.value(u"providers"_s).toArray()) {
        const QJsonObject entry = v.toObject();
        if (entry.value(u"id"_s).toString() != providerId)
            continue;
        const QJsonValue zdr = entry.value(u"zeroDataRetention"_s);
        const QJsonValue training = entry.value(u"noTraining"_s);
        if (!zdr.isBool() || !training.isBool())
            return fail(u"The listing's entry for \"%1\" needs the booleans "
                        "\"zeroDataRetention\" and \"noTraining\"."_s.arg(providerId));
        facts.zeroDataRetention = zdr.toBool();
        facts.noTraining = training.toBool();
        return facts;
    }
    return fail(u"The listing does not list provider \"%1\"."_s.arg(providerId));
}

bool listingFresh(const QDateTime &fetchedAt, const QDateTime &now, int maxAgeHours)
{
    return fetchedAt.isValid() && fetchedAt.secsTo(now) <= qint64(maxAgeHours) * 3600;
}

void applyListings(Workspace &ws, const QList<ListingState> &states, const QDateTime &now)
{
    for (Provider &p : ws.providers) {
        if (p.listingSource.isEmpty())
            continue;
        p.zeroDataRetention = false;
        p.noTraining = false;
        p.listingFetchedAt = {};
        p.listingError.clear();
        p.listingRefreshFailures = 0;
        p.listingStale = false;
        for (const ListingState &s : states) {
            if (s.provider != p.id || s.source != p.listingSource)
                continue;
            p.listingFetchedAt = s.fetchedAt;
            p.listingError = s.lastError;
            p.listingRefreshFailures = s.failures;
            if (listingFresh(s.fetchedAt, now, ws.listingMaxAgeHours)) {
                p.zeroDataRetention = s.facts.zeroDataRetention;
                p.noTraining = s.facts.noTraining;
            } else {
                p.listingStale = s.fetchedAt.isValid();
            }
            break;
        }
    }
}

bool listingRulesApply(const Workspace &ws, const Key *key)
{
    QList<const Directives *> levels { &ws.directives };
    if (key) {
        if (const Project *project = ws.project(key->project))
            levels << &project->directives;
        levels << &key->directives;
    }
    for (const Directives *d : levels) {
        if (d->requireZdr.value_or(false) || d->requireNoTraining.value_or(false))
            return true;
    }
    return false;
}

QList<ListingTime> judgedListings(const Workspace &ws, const Key *key, const Receipt &r)
{
    if (!listingRulesApply(ws, key))
        return {};
    QSet<QString> connections;
    for (const Skip &s : r.skips)
        connections.insert(s.connection.isEmpty() ? s.candidate : s.connection);
    for (const Attempt &a : r.attempts)
        connections.insert(a.connection);
    const auto addOfferings = [&](const Model *m) {
        if (!m)
            return;
        for (const Offering &o : m->offerings)
            connections.insert(o.connection);
    };
    if (const Model *m = ws.model(r.modelResolved)) {
        addOfferings(m);
        for (const PoolEntry &e : m->pool.deployments)
            addOfferings(ws.model(e.model));
    }
    QSet<QString> providers;
    for (const QString &name : std::as_const(connections)) {
        if (const Connection *c = ws.connection(name))
            providers.insert(c->provider);
    }
    QList<ListingTime> out;
    for (const Provider &p : ws.providers) {
        if (!p.listingSource.isEmpty() && providers.contains(p.id))
            out.append({ p.id, p.listingFetchedAt });
    }
    std::sort(out.begin(), out.end(),
              [](const ListingTime &a, const ListingTime &b) { return a.provider < b.provider; });
    return out;
}

} // namespace Domain
