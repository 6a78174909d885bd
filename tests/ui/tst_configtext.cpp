#include <QSet>
#include <QTest>
#include <QTranslator>
#include <common/configtext.h>

using namespace Qt::StringLiterals;
using Config::Problem;
using Code = Config::ProblemCode;
using Args = QList<Config::ProblemArg>;

Q_DECLARE_METATYPE(Config::Problem)

namespace {

Problem problem(Code code, Args args = {})
{
    return Problem { Problem::Severity::Error, u"models[0]"_s, code, std::move(args) };
}

// Every code from the first to the last that has a name.
QList<Code> allCodes()
{
    QList<Code> codes;
    for (int i = int(Code::None) + 1; !Config::toString(Code(i)).isEmpty(); ++i)
        codes << Code(i);
    return codes;
}

// Names for every argument; a range names a setting it knows.
Problem sample(Code code)
{
    QString first = u"alpha"_s;
    if (code == Code::RecoveryOutOfRange)
        first = u"attempts"_s;
    else if (code == Code::SimulatorOutOfRange)
        first = u"latencyMs"_s;
    return problem(code, { first, u"beta"_s, u"gamma"_s, u"delta"_s, u"epsilon"_s });
}

} // namespace

// The studio and the headless import word core/config's problems at the edge: English from the
// sources (the import, which loads no translation, prints the same), the studio's language with its
// translator. Core states only codes and arguments.
class tst_ConfigText : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everyCodeIsWorded_R_UI_9();
    void english_R_CLI_2_data();
    void english_R_CLI_2();
    void lineCarriesThePath_R_CLI_2();
    void germanWithItsTranslator_R_UI_9();

private:
    static void fileRows();
    static void workspaceRows();
    static void connectionAndAliasRows();
    static void sessionRows();
};

void tst_ConfigText::everyCodeIsWorded_R_UI_9()
{
    const QList<Code> codes = allCodes();
    QCOMPARE(codes.size(), int(Code::KeyHashForm));
    QSet<QString> seen;
    for (Code code : codes) {
        const Problem p = sample(code);
        const QString text = Ui::Common::problemText(p);
        // An unworded code falls back to its name and arguments.
        QVERIFY2(!text.isEmpty() && text != Config::describe(p),
                 qPrintable(Config::toString(code)));
        QVERIFY2(!seen.contains(text), qPrintable(Config::toString(code) + u": "_s + text));
        seen.insert(text);
    }
}

void tst_ConfigText::english_R_CLI_2_data()
{
    QTest::addColumn<Problem>("problem");
    QTest::addColumn<QString>("expected");
    fileRows();
    workspaceRows();
    connectionAndAliasRows();
    sessionRows();
}

// Classes and signals by the names the file writes.
void tst_ConfigText::sessionRows()
{
    QTest::newRow("quality floor")
        << problem(Code::QualityFloorOutOfRange, { u"key"_s, u"ci-bot"_s, 6, 1, 5 })
        << u"Quality floor of key ci-bot must be between 1 and 5 (is 6)."_s;
    QTest::newRow("quality tier")
        << problem(Code::QualityTierOutOfRange, { u"sim-east/gpt-4o"_s, u"code"_s, 7, 0, 5 })
        << u"Quality tier \"code\" of model sim-east/gpt-4o must be between 0 and 5 (is 7)."_s;
    QTest::newRow("session window")
        << problem(Code::SessionWindowOutOfRange, { 2000, 1, 1440 })
        << u"Session window must be between 1 and 1,440 min (is 2,000)."_s;
    QTest::newRow("too many rules") << problem(Code::TooManyClassifierRules, { 65, 64 })
                                    << u"The classifier has 65 rules; at most 64 are allowed."_s;
    QTest::newRow("too many conditions")
        << problem(Code::TooManyConditions, { 3, 9, 8 })
        << u"Classifier rule 3 has 9 conditions; at most 8 are allowed."_s;
    QTest::newRow("one bound") << problem(Code::ConditionNeedsOneBound, { 3, 2 })
                               << u"Condition 2 of classifier rule 3 needs exactly one of "
                                  "\"atLeast\" and \"atMost\"."_s;
    QTest::newRow("condition value")
        << problem(Code::ConditionValueOutOfRange,
                   { 1, 2, u"user_chars"_s, 100000001, 0, 100000000 })
        << u"Condition 2 (user_chars) of classifier rule 1 must be between 0 and 100,000,000 (is "
           "100,000,001)."_s;
}

void tst_ConfigText::fileRows()
{
    QTest::newRow("json syntax")
        << problem(Code::JsonSyntax, { 3, 14, u"missing name separator"_s, 52 })
        << u"line 3, column 14: missing name separator (byte offset 52)."_s;
    QTest::newRow("not an object") << problem(Code::NotAnObject)
                                   << u"The file must hold one JSON object, a Switchboard "
                                      "workspace."_s;
    QTest::newRow("not a workspace")
        << problem(Code::NotAWorkspace, { u"switchboard-workspace"_s })
        << u"This is not a Switchboard workspace file (expected \"switchboard-workspace\")."_s;
    QTest::newRow("version") << problem(Code::UnsupportedVersion, { 1, u"2"_s })
                             << u"This Switchboard reads version 1 of the format (found 2)."_s;
    QTest::newRow("wrong type") << problem(Code::WrongType, { u"integer"_s, u"number"_s })
                                << u"Expected an integer (found a number)."_s;
    QTest::newRow("wrong type, list") << problem(Code::WrongType, { u"strings"_s, u"missing"_s })
                                      << u"Expected an array of strings (found nothing)."_s;
    QTest::newRow("unknown value")
        << problem(Code::UnknownValue, { u"audio"_s, QStringList { u"chat"_s, u"embedding"_s } })
        << u"Unknown value \"audio\"; expected one of chat, embedding."_s;
    QTest::newRow("required") << problem(Code::RequiredMissing) << u"Required field is missing."_s;
    QTest::newRow("empty") << problem(Code::MustNotBeEmpty) << u"Must not be empty."_s;
    QTest::newRow("date") << problem(Code::BadDate, { u"01/03/2027"_s })
                          << u"Expected a date as yyyy-MM-dd (found \"01/03/2027\")."_s;
    QTest::newRow("date and time")
        << problem(Code::BadDateTime, { u"today"_s })
        << u"Expected an ISO 8601 UTC date and time such as 2026-11-29T19:00:00.000Z (found "
           "\"today\")."_s;
    QTest::newRow("unknown field") << problem(Code::UnknownField) << u"Unknown field, ignored."_s;
    QTest::newRow("secret") << problem(Code::SecretNotCarried, { u"openai-2"_s })
                            << u"Connection openai-2 keeps its credential in the database and the "
                               "file carries no secret; enter it again after the import."_s;
    QTest::newRow("name empty") << problem(Code::NameEmpty, { u"model"_s, 2, u"name"_s })
                                << u"Model 2 has an empty name."_s;
    QTest::newRow("name twice")
        << problem(Code::NameTwice, { u"connection"_s, u"sim-east"_s, u"connections[0]"_s })
        << u"Connection sim-east is defined twice (also at connections[0])."_s;
}

void tst_ConfigText::workspaceRows()
{
    QTest::newRow("region alone") << problem(Code::RegionEmpty, { QString() })
                                  << u"A region name must not be empty."_s;
    QTest::newRow("region list") << problem(Code::RegionListEmptyEntry)
                                 << u"The list of regions has an empty entry between commas."_s;
    QTest::newRow("serving region")
        << problem(Code::RegionBadCharacter,
                   { u"us east"_s, u"servingRegionOverride"_s, u"sim-east/gpt-4o"_s })
        << u"Serving region of sim-east/gpt-4o: Region name \"us east\" may contain only "
           "letters, digits, '-' and '_'."_s;
    QTest::newRow("connection region")
        << problem(Code::RegionTooLong, { QString(65, u'a'), u"region"_s, u"sim-east"_s })
        << u"Region of connection sim-east: Region name \"aaaaaaaaaaaaaaaa…\" is longer than 64 "
           "characters."_s;
    QTest::newRow("weight")
        << problem(Code::WeightOutOfRange, { u"sim-west-eu/gpt-4o"_s, 10001, 1, 10000 })
        << u"Weight of sim-west-eu/gpt-4o must be between 1 and 10,000 (is 10,001)."_s;
    QTest::newRow("modality")
        << problem(Code::DeploymentOtherModality,
                   { u"sim-east/emb"_s, u"demo/chat"_s, u"embedding"_s, u"chat"_s })
        << u"Deployment sim-east/emb of demo/chat has modality embedding; demo/chat has modality "
           "chat."_s;
    QTest::newRow("pool size") << problem(Code::PoolTooLarge, { u"demo/chat"_s, 17, 16 })
                               << u"Pool demo/chat has 17 deployments; at most 16 are allowed."_s;
    QTest::newRow("offering connection")
        << problem(Code::OfferingConnectionMissing, { 1, u"sim-east/gpt-4o"_s, u"nope"_s })
        << u"Offering 1 of sim-east/gpt-4o names connection \"nope\", which does not exist."_s;
    QTest::newRow("context window") << problem(Code::ContextWindowTooSmall, { u"a/b"_s, 0 })
                                    << u"Context window of a/b must be at least 1 token (is 0)."_s;
    QTest::newRow("max output tokens")
        << problem(Code::MaxOutputTokensOutOfRange, { u"a/b"_s, 0, 1, 1000000 })
        << u"Max output tokens of a/b must be between 1 and 1,000,000 (is 0)."_s;
    QTest::newRow("recovery of a model")
        << problem(Code::RecoveryOutOfRange,
                   { u"deadlineMs"_s, u"sim-east/gpt-4o"_s, 600001, 1, 600000 })
        << u"Deadline of sim-east/gpt-4o must be between 1 and 600,000 ms (is 600,001)."_s;
    QTest::newRow("recovery defaults")
        << problem(Code::RecoveryOutOfRange, { u"attempts"_s, QString(), 9, 1, 8 })
        << u"Attempts of the workspace defaults must be between 1 and 8 (is 9)."_s;
    QTest::newRow("backoff above maximum")
        << problem(Code::BackoffAboveMaximum, { QString(), 2001, 2000 })
        << u"Backoff of the workspace defaults must not exceed its maximum (2,001 ms > 2,000 "
           "ms)."_s;
    QTest::newRow("max attempts of a key")
        << problem(Code::MaxAttemptsOutOfRange, { u"key"_s, u"ci-bot"_s, 9, 1, 8 })
        << u"Max application attempts of key ci-bot must be between 1 and 8 (is 9)."_s;
    QTest::newRow("allowed model of the workspace")
        << problem(Code::AllowedModelMissing, { u"workspace"_s, QString(), u"nope/x"_s })
        << u"Allowed model nope/x of the workspace is neither a model of this workspace nor a "
           "vendor pattern such as openai/*."_s;
    QTest::newRow("denied provider of a project")
        << problem(Code::DeniedProviderMissing, { u"project"_s, u"default"_s, u"nope"_s })
        << u"Denied provider \"nope\" of project default does not exist."_s;
    QTest::newRow("vendor without models")
        << problem(Code::AllowedVendorNoModels, { u"project"_s, u"research"_s, u"openai/*"_s })
        << u"Allowed models of project research name vendor openai/*, which has no models yet."_s;
}

void tst_ConfigText::connectionAndAliasRows()
{
    QTest::newRow("simulator latency")
        << problem(Code::SimulatorOutOfRange, { u"latencyMs"_s, u"sim-east"_s, -1, 0, 600000 })
        << u"Latency of connection sim-east must be between 0 and 600,000 ms (is -1)."_s;
    QTest::newRow("simulator retry-after")
        << problem(Code::SimulatorOutOfRange,
                   { u"retryAfterSeconds"_s, u"sim-east"_s, 3601, 0, 3600 })
        << u"Retry-After of connection sim-east must be between 0 and 3,600 s (is 3,601)."_s;
    QTest::newRow("listing refresh")
        << problem(Code::ListingOutOfRange, { u"listingRefreshMinutes"_s, 2, 5, 10080 })
        << u"Listing refresh interval must be between 5 and 10,080 min (is 2)."_s;
    QTest::newRow("listing age") << problem(Code::ListingOutOfRange,
                                            { u"listingMaxAgeHours"_s, 0, 1, 8760 })
                                 << u"Listing maximum age must be between 1 and 8,760 h (is 0)."_s;
    QTest::newRow("listing source")
        << problem(Code::ListingSourceForm, { u"openai"_s, u"ftp://x"_s })
        << u"Listing source of provider openai must be an http or https URL, an absolute file "
           "path or a file:// URL (is \"ftp://x\")."_s;
    QTest::newRow("failure rate") << problem(Code::FailureRateOutOfRange,
                                             { u"sim-flaky"_s, u"1.5"_s, u"0"_s, u"1"_s })
                                  << u"Failure rate of connection sim-flaky must be between 0 and "
                                     "1 (is 1.5)."_s;
    QTest::newRow("base url")
        << problem(Code::BaseUrlNotHttp, { u"openai-2"_s, u"ftp://api.openai.com"_s })
        << u"Base URL of connection openai-2 must be an http or https URL (is "
           "\"ftp://api.openai.com\")."_s;
    QTest::newRow("alias target none")
        << problem(Code::AliasTargetMissing, { u"org/fast"_s, QString() })
        << u"Alias org/fast targets nothing, which is not a model of "
           "this workspace."_s;
    QTest::newRow("replacement cycle")
        << problem(Code::ReplacementCycle,
                   { u"org/fast"_s, QStringList { u"org/fast"_s, u"org/next"_s, u"org/fast"_s } })
        << u"Replacements of alias org/fast form a cycle: org/fast → org/next → org/fast."_s;
    QTest::newRow("daily budget")
        << problem(Code::LimitOutOfRange,
                   { u"key"_s, u"ci-bot"_s, u"dailyUsd"_s, u"-2.5"_s, u"0"_s, u"1000000000"_s })
        << u"Daily budget of key ci-bot must be between 0 and 1,000,000,000 (is -2.50)."_s;
    QTest::newRow("key project") << problem(Code::KeyProjectMissing, { u"ci-bot"_s, u"nope"_s })
                                 << u"Key ci-bot belongs to project \"nope\", which does not "
                                    "exist."_s;
}

void tst_ConfigText::english_R_CLI_2()
{
    QFETCH(Problem, problem);
    QFETCH(QString, expected);
    QCOMPARE(Ui::Common::problemText(problem), expected);
}

void tst_ConfigText::lineCarriesThePath_R_CLI_2()
{
    QCOMPARE(Ui::Common::problemLine(problem(Code::RequiredMissing)),
             u"models[0]: Required field is missing."_s);
    Problem whole = problem(Code::NotAnObject);
    whole.path.clear();
    QCOMPARE(Ui::Common::problemLine(whole),
             u"The file must hold one JSON object, a Switchboard workspace."_s);
    QCOMPARE(Ui::Common::problemText(std::optional<Problem>()), QString());
}

// The translations of the sentences core/config used to produce carried over to the studio.
void tst_ConfigText::germanWithItsTranslator_R_UI_9()
{
    QList<QString> english;
    for (Code code : allCodes())
        english << Ui::Common::problemText(sample(code));
    QTranslator translator;
    QVERIFY(translator.load(u":/i18n/switchboard_de.qm"_s));
    QCoreApplication::installTranslator(&translator);
    const QString pool = Ui::Common::problemText(problem(Code::PoolEmpty, { u"demo/chat"_s }));
    const QString range = Ui::Common::problemText(
        problem(Code::RecoveryOutOfRange, { u"connectTimeoutMs"_s, u"sim/x"_s, 50, 100, 60000 }));
    const QString label = Ui::Common::recoveryFieldLabel(Domain::RecoveryField::ConnectTimeoutMs);
    QStringList untranslated;
    const QList<Code> codes = allCodes();
    for (qsizetype i = 0; i < codes.size(); ++i) {
        if (Ui::Common::problemText(sample(codes[i])) == english[i])
            untranslated << Config::toString(codes[i]);
    }
    QCoreApplication::removeTranslator(&translator);
    QCOMPARE(pool,
             u"Der Pool demo/chat hat keine Deployments; fügen Sie eines hinzu oder stellen Sie "
             "ihn auf Direkt um."_s);
    QCOMPARE(range,
             u"Verbindungs-Timeout von sim/x muss zwischen 100 und 60,000 ms liegen (ist 50)."_s);
    QCOMPARE(label, u"Verbindungs-Timeout, ms"_s);
    QVERIFY2(untranslated.isEmpty(), qPrintable(untranslated.join(u", "_s)));
}

QTEST_MAIN(tst_ConfigText)
#include "tst_configtext.moc"
