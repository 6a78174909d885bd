#include "tst_callsfixture.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>
#include <config/receiptjson.h>

using namespace Qt::StringLiterals;

// The stable receipt JSON of docs/receipt-json.md (Config::receiptToJson, core).
class tst_ReceiptJson : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void schemaKeys_R_RCPT_1()
    {
        const QJsonObject j = Config::receiptToJson(CallsFixture::failedEverywhere());
        QCOMPARE(j.keys(),
                 (QStringList { u"attempts"_s,  u"charged"_s,     u"cost"_s,         u"endpoint"_s,
                                u"fallback"_s,  u"firstByteMs"_s, u"holdTotal"_s,    u"instance"_s,
                                u"keyId"_s,     u"kind"_s,        u"latencyMs"_s,    u"model"_s,
                                u"outcome"_s,   u"projectId"_s,   u"regionHeader"_s, u"request"_s,
                                u"requestId"_s, u"schema"_s,      u"servedBy"_s,     u"skips"_s,
                                u"startedAt"_s, u"stream"_s,      u"usage"_s }));
        // The request's shape: flags and sizes, never text (schema 12).
        QCOMPARE(j.value(u"request"_s).toObject().keys(),
                 (QStringList { u"contextTokens"_s, u"maxOutputTokens"_s, u"responseFormat"_s,
                                u"tools"_s, u"vision"_s }));
        QCOMPARE(j.value(u"request"_s).toObject().value(u"responseFormat"_s).toString(), u"none"_s);
        QCOMPARE(j.value(u"startedAt"_s).toString(), u"2026-11-29T12:00:30.000Z"_s);
        QCOMPARE(j.value(u"kind"_s).toString(), u"call"_s);
        QVERIFY(j.value(u"firstByteMs"_s).isNull());
        // Stored before instances were named: "", never absent.
        QCOMPARE(j.value(u"instance"_s).toString(), QString());
        Domain::Receipt named = CallsFixture::failedEverywhere();
        named.instance = u"gw-2"_s;
        QCOMPARE(Config::receiptToJson(named).value(u"instance"_s).toString(), u"gw-2"_s);
        QCOMPARE(j.value(u"outcome"_s).toObject().value(u"statusClass"_s).toString(), u"failed"_s);
        const QJsonArray attempts = j.value(u"attempts"_s).toArray();
        QCOMPARE(attempts.size(), 3);
        const QJsonObject second = attempts.at(1).toObject();
        QCOMPARE(second.value(u"wait"_s).toObject().value(u"ms"_s).toInteger(), 5000);
        QCOMPARE(second.value(u"wait"_s).toObject().value(u"reason"_s).toString(), u"cooldown"_s);
        QCOMPARE(second.value(u"errorClass"_s).toString(), u"overloaded"_s);
        // How the transport failed, by its kind; the system's words beside it.
        QCOMPARE(attempts.at(2).toObject().value(u"transportFailure"_s).toString(),
                 u"connect_refused"_s);
        QCOMPARE(attempts.at(2).toObject().value(u"transportError"_s).toString(),
                 u"Connection refused"_s);
        QCOMPARE(attempts.at(0).toObject().value(u"transportFailure"_s).toString(), u"none"_s);
    }

    // A classified call's receipt carries its session's facts; any other has no "session" key.
    void sessionOnlyWhenClassified()
    {
        Domain::Receipt r = CallsFixture::failedEverywhere();
        QVERIFY(!Config::receiptToJson(r).contains(u"session"_s));
        r.session = { Domain::SessionMode::Suggest,
                      Domain::TaskClass::Summarisation,
                      u"summary_cue=1 (≥ 1)"_s,
                      u"org/small"_s,
                      0.0012,
                      true };
        const QJsonObject s = Config::receiptToJson(r).value(u"session"_s).toObject();
        QCOMPARE(s.keys(),
                 (QStringList { u"accepted"_s, u"mode"_s, u"projectedSaving"_s, u"signals"_s,
                                u"suggestedModel"_s, u"taskClass"_s }));
        QCOMPARE(s.value(u"mode"_s).toString(), u"suggest"_s);
        QCOMPARE(s.value(u"taskClass"_s).toString(), u"summarisation"_s);
        QCOMPARE(s.value(u"signals"_s).toString(), u"summary_cue=1 (≥ 1)"_s);
        QCOMPARE(s.value(u"suggestedModel"_s).toString(), u"org/small"_s);
        QCOMPARE(s.value(u"projectedSaving"_s).toDouble(), 0.0012);
        QCOMPARE(s.value(u"accepted"_s).toBool(), true);
    }

    // A probe's receipt says so by its kind's wire name, as a rehearsal's does.
    void kindByWireName_data()
    {
        QTest::addColumn<Domain::CallKind>("kind");
        QTest::addColumn<QString>("expected");
        QTest::newRow("call") << Domain::CallKind::Call << u"call"_s;
        QTest::newRow("probe") << Domain::CallKind::Probe << u"probe"_s;
        QTest::newRow("rehearsal") << Domain::CallKind::Rehearsal << u"rehearsal"_s;
    }

    void kindByWireName()
    {
        QFETCH(Domain::CallKind, kind);
        QFETCH(QString, expected);
        Domain::Receipt r = CallsFixture::failedEverywhere();
        r.kind = kind;
        QCOMPARE(Config::receiptToJson(r).value(u"kind"_s).toString(), expected);
        QCOMPARE(Domain::callKindFromString(expected), std::optional(kind));
    }

    void skips_R_PLAN_4()
    {
        const QJsonObject j = Config::receiptToJson(CallsFixture::regionRejected());
        const QJsonArray skips = j.value(u"skips"_s).toArray();
        QCOMPARE(skips.size(), 2);
        QCOMPARE(skips.at(0).toObject().value(u"reason"_s).toString(), u"out_of_region"_s);
        QCOMPARE(skips.at(1).toObject().value(u"level"_s).toString(), u"project"_s);
    }

    void noSecrets_R_SEC_3_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected");
        QTest::newRow("bearer") << u"upstream said: Authorization: Bearer abc.DEF-123"_s
                                << u"upstream said: Authorization: Bearer [redacted]"_s;
        QTest::newRow("api-key header")
            << u"bad api-key: 0123456789abcdef"_s << u"bad api-key: [redacted]"_s;
        QTest::newRow("openai key") << u"Incorrect API key provided: sk-proj-ABCDEFGH1234"_s
                                    << u"Incorrect API key provided: sk-[redacted]"_s;
        QTest::newRow("caller key")
            << u"key sb-3f9a0011aabbccdd revoked"_s << u"key sb-[redacted] revoked"_s;
        QTest::newRow("plain text kept") << u"503 is transient"_s << u"503 is transient"_s;
    }

    void noSecrets_R_SEC_3()
    {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        Domain::Receipt r = CallsFixture::failedEverywhere();
        r.errorMessage = text;
        r.attempts[0].transportError = { Domain::TransportFailure::ErrorEvent, text };
        const QJsonObject j = Config::receiptToJson(r);
        QCOMPARE(j.value(u"outcome"_s).toObject().value(u"errorMessage"_s).toString(), expected);
        const QJsonArray attempts = j.value(u"attempts"_s).toArray();
        QCOMPARE(attempts.at(0).toObject().value(u"transportError"_s).toString(), expected);
    }
};

QTEST_MAIN(tst_ReceiptJson)
#include "tst_receiptjson.moc"
