#pragma once

#include "config/changelist.h"
#include "config/keys.h"
#include "domain/workspace.h"
#include "store/configstore.h"
#include "store/database.h"

#include <QDateTime>
#include <QString>

// Saves, as a program would find it on disk, a workspace with one model, `model`, served by the
// OpenAI-compatible upstream at baseUrl (a FakeUpstream), and one caller key. Returns the key's
// secret, empty when the database could not be written.
inline QString seedWorkspace(const QString &dbPath, const QString &baseUrl,
                             const QString &model = QStringLiteral("test/x"))
{
    Domain::Workspace ws;
    ws.projects << Domain::Project { QStringLiteral("default"), QStringLiteral("Default"), {} };
    ws.providers << Domain::Provider {
        QStringLiteral("fake"), QStringLiteral("Fake"), false, false, {}
    };
    Domain::Connection c;
    c.name = QStringLiteral("conn-a");
    c.provider = QStringLiteral("fake");
    c.kind = Domain::Dialect::OpenAi;
    c.baseUrl = baseUrl;
    c.credential.kind = Domain::Credential::Kind::Stored;
    c.credential.secret = QStringLiteral("upstream-secret");
    ws.connections << c;
    Domain::Model m;
    m.name = model;
    m.offerings << Domain::Offering { c.name, QStringLiteral("up-x"), {}, {}, true, {} };
    ws.models << m;
    const Config::NewKey key = Config::makeKey(QStringLiteral("default"), QStringLiteral("test"),
                                               QDateTime::currentDateTimeUtc());
    ws.keys << key.key;
    auto db = Store::Database::open(dbPath);
    if (!db)
        return {};
    Store::ConfigStore store(**db);
    return store.save(ws, { Config::workspaceCreated(QStringLiteral("Seed")) },
                      QStringLiteral("test"))
        ? key.secret
        : QString();
}
