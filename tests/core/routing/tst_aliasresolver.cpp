#include "routing/aliasresolver.h"
#include "routingfixtures.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace RoutingFixtures;

class tst_AliasResolver : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void resolve_R_ALIAS_1_2_data();
    void resolve_R_ALIAS_1_2();
    void presetAndFallbackFollowReplacement_R_ALIAS_2();
    void unknownIs404_R_ALIAS_1();
    void presetFillsOnlyLeftOut_R_ALIAS_3_data();
    void presetFillsOnlyLeftOut_R_ALIAS_3();
    void presetSystemPromptPerEndpoint_R_ALIAS_3_data();
    void presetSystemPromptPerEndpoint_R_ALIAS_3();

private:
    static Domain::Workspace workspace();
};

Domain::Workspace tst_AliasResolver::workspace()
{
    Domain::Workspace ws = seedWorkspace();
    Domain::Alias fast { u"org/fast"_s,
                         u"sim/solo"_s,
                         QJsonObject { { u"temperature"_s, 0.2 } },
                         { u"sim/backup"_s },
                         {},
                         {} };
    Domain::Alias old {
        u"org/old"_s,      u"sim/three"_s,     QJsonObject { { u"max_tokens"_s, 100 } },
        { u"sim/solo"_s }, QDate(2026, 12, 1), u"org/fast"_s
    };
    Domain::Alias retiring { u"org/retiring"_s,  u"sim/three"_s,      {}, {},
                             QDate(2026, 12, 1), u"openai-2/gpt-4o"_s };
    ws.aliases = { fast, old, retiring };
    return ws;
}

void tst_AliasResolver::resolve_R_ALIAS_1_2_data()
{
    QTest::addColumn<QString>("requested");
    QTest::addColumn<QDate>("today");
    QTest::addColumn<QString>("alias");
    QTest::addColumn<QString>("model");
    QTest::addColumn<QString>("header");

    const QDate before(2026, 11, 30), on(2026, 12, 1), after(2027, 1, 5);
    QTest::newRow("model named directly")
        << u"sim/three"_s << before << QString() << u"sim/three"_s << QString();
    QTest::newRow("plain alias") << u"org/fast"_s << before << u"org/fast"_s << u"sim/solo"_s
                                 << QString();
    QTest::newRow("deprecated, day before: runs as itself")
        << u"org/retiring"_s << before << u"org/retiring"_s << u"sim/three"_s
        << u"date=2026-12-01; replacement=openai-2/gpt-4o"_s;
    QTest::newRow("deprecated, on the date: runs as replacement")
        << u"org/retiring"_s << on << u"org/retiring"_s << u"openai-2/gpt-4o"_s
        << u"date=2026-12-01; replacement=openai-2/gpt-4o"_s;
    QTest::newRow("deprecated, after: replacement alias resolved")
        << u"org/old"_s << after << u"org/old"_s << u"sim/solo"_s
        << u"date=2026-12-01; replacement=org/fast"_s;
}

void tst_AliasResolver::resolve_R_ALIAS_1_2()
{
    QFETCH(QString, requested);
    QFETCH(QDate, today);
    QFETCH(QString, alias);
    QFETCH(QString, model);
    QFETCH(QString, header);
    const auto r = Routing::resolveAlias(workspace(), requested, today);
    QVERIFY(r.ok());
    QCOMPARE(r->requested, requested);
    QCOMPARE(r->alias, alias);
    QCOMPARE(r->model, model);
    QCOMPARE(r->deprecationHeader, header);
}

void tst_AliasResolver::presetAndFallbackFollowReplacement_R_ALIAS_2()
{
    const auto before = Routing::resolveAlias(workspace(), u"org/old"_s, QDate(2026, 11, 30));
    QCOMPARE(before->presetDefaults.value(u"max_tokens"_s).toInt(), 100);
    QCOMPARE(before->aliasFallbackModels, QStringList { u"sim/solo"_s });
    const auto after = Routing::resolveAlias(workspace(), u"org/old"_s, QDate(2026, 12, 1));
    QCOMPARE(after->presetDefaults.value(u"temperature"_s).toDouble(), 0.2);
    QVERIFY(!after->presetDefaults.contains(u"max_tokens"_s));
    QCOMPARE(after->aliasFallbackModels, QStringList { u"sim/backup"_s });
}

void tst_AliasResolver::unknownIs404_R_ALIAS_1()
{
    const auto r = Routing::resolveAlias(workspace(), u"org/nope"_s, QDate(2026, 11, 30));
    QVERIFY(!r.ok());
    QCOMPARE(r.error().code, u"model_not_found"_s);
    QVERIFY(r.error().message.contains(u"org/nope"_s));
}

void tst_AliasResolver::presetFillsOnlyLeftOut_R_ALIAS_3_data()
{
    QTest::addColumn<QJsonObject>("request");
    QTest::addColumn<QJsonObject>("expected");
    QTest::newRow("nothing set") << QJsonObject { { u"model"_s, u"org/fast"_s } }
                                 << QJsonObject { { u"model"_s, u"org/fast"_s },
                                                  { u"temperature"_s, 0.2 },
                                                  { u"max_tokens"_s, 100 } };
    QTest::newRow("caller's value kept")
        << QJsonObject { { u"temperature"_s, 1.0 } }
        << QJsonObject { { u"temperature"_s, 1.0 }, { u"max_tokens"_s, 100 } };
    QTest::newRow("explicit null kept")
        << QJsonObject { { u"max_tokens"_s, QJsonValue::Null } }
        << QJsonObject { { u"max_tokens"_s, QJsonValue::Null }, { u"temperature"_s, 0.2 } };
}

void tst_AliasResolver::presetFillsOnlyLeftOut_R_ALIAS_3()
{
    QFETCH(QJsonObject, request);
    QFETCH(QJsonObject, expected);
    const QJsonObject defaults { { u"temperature"_s, 0.2 }, { u"max_tokens"_s, 100 } };
    QCOMPARE(Routing::applyPresetDefaults(request, defaults), expected);
}

void tst_AliasResolver::presetSystemPromptPerEndpoint_R_ALIAS_3_data()
{
    QTest::addColumn<int>("endpoint");
    QTest::addColumn<QJsonObject>("request");
    QTest::addColumn<QJsonObject>("expected");
    const QJsonObject user { { u"role"_s, u"user"_s }, { u"content"_s, u"hi"_s } };
    const QJsonObject presetSystem { { u"role"_s, u"system"_s }, { u"content"_s, u"Be brief."_s } };
    const QJsonObject ownSystem { { u"role"_s, u"system"_s }, { u"content"_s, u"Mine."_s } };
    QTest::newRow("chat: prepended as a system message")
        << int(Domain::Endpoint::ChatCompletions)
        << QJsonObject { { u"messages"_s, QJsonArray { user } } }
        << QJsonObject { { u"messages"_s, QJsonArray { presetSystem, user } } };
    QTest::newRow("chat: caller's own system message kept")
        << int(Domain::Endpoint::ChatCompletions)
        << QJsonObject { { u"messages"_s, QJsonArray { ownSystem, user } } }
        << QJsonObject { { u"messages"_s, QJsonArray { ownSystem, user } } };
    QTest::newRow("messages: top-level field")
        << int(Domain::Endpoint::Messages) << QJsonObject { { u"messages"_s, QJsonArray { user } } }
        << QJsonObject { { u"messages"_s, QJsonArray { user } }, { u"system"_s, u"Be brief."_s } };
    QTest::newRow("messages: caller's system kept")
        << int(Domain::Endpoint::Messages) << QJsonObject { { u"system"_s, u"Mine."_s } }
        << QJsonObject { { u"system"_s, u"Mine."_s } };
}

void tst_AliasResolver::presetSystemPromptPerEndpoint_R_ALIAS_3()
{
    QFETCH(int, endpoint);
    QFETCH(QJsonObject, request);
    QFETCH(QJsonObject, expected);
    const QJsonObject defaults { { u"system"_s, u"Be brief."_s } };
    QCOMPARE(Routing::applyPresetDefaults(request, defaults, Domain::Endpoint(endpoint)), expected);
}

QTEST_GUILESS_MAIN(tst_AliasResolver)
#include "tst_aliasresolver.moc"
