#include <QTest>
#include <QTranslator>
#include <common/errortext.h>
#include <runtime/operations.h>
#include <store/storeerror.h>

using namespace Qt::StringLiterals;
using Store::ErrorCode;

// The store states what failed as a code with arguments and the system's own words; the studio
// words it in its language and the headless gateway prints the same words in English.
class tst_ErrorText : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void storeErrorsInWords_R_UI_9_data();
    void storeErrorsInWords_R_UI_9();
    void everyStoreCodeIsWorded_R_UI_9();
    void runtimeErrorsInWords_R_UI_9();
    void otherPartsKeepTheirMessage();
    void germanWithItsTranslator_R_UI_9();
};

void tst_ErrorText::storeErrorsInWords_R_UI_9_data()
{
    QTest::addColumn<QString>("code");
    QTest::addColumn<QList<Util::ErrorArg>>("args");
    QTest::addColumn<QString>("detail");
    QTest::addColumn<QString>("expected");
    QTest::newRow("newer schema") << toString(ErrorCode::NewerSchema)
                                  << QList<Util::ErrorArg> { u"/tmp/w.sqlite"_s, 9, 7 } << QString()
                                  << u"/tmp/w.sqlite has schema version 9, newer than this "
                                     "Switchboard knows (7). Use a newer Switchboard."_s;
    QTest::newRow("SQLite's words behind the sentence")
        << toString(ErrorCode::CannotStoreSecret) << QList<Util::ErrorArg> { u"openai-1"_s }
        << u"disk I/O error"_s
        << u"Cannot store the secret of connection openai-1: disk I/O error"_s;
    QTest::newRow("the OS's words inside it")
        << toString(ErrorCode::CannotCreateFile) << QList<Util::ErrorArg> { u"/ro/w.sqlite"_s }
        << u"Permission denied"_s << u"Cannot create /ro/w.sqlite: Permission denied"_s;
    QTest::newRow("a count") << toString(ErrorCode::ReceiptsNotWritten)
                             << QList<Util::ErrorArg> { 12, u"/tmp/w.sqlite"_s } << QString()
                             << u"12 receipts are not written yet: writing to /tmp/w.sqlite "
                                "failed; they stay queued."_s;
}

void tst_ErrorText::storeErrorsInWords_R_UI_9()
{
    QFETCH(QString, code);
    QFETCH(QList<Util::ErrorArg>, args);
    QFETCH(QString, detail);
    QFETCH(QString, expected);
    const Util::Error e { code, {}, args, detail };
    QVERIFY(Store::errorCodeOf(e));
    QCOMPARE(Ui::Common::errorText(e), expected);
}

void tst_ErrorText::everyStoreCodeIsWorded_R_UI_9()
{
    for (int i = int(ErrorCode::NoPath); i <= int(ErrorCode::BadStatisticsWindow); ++i) {
        const ErrorCode code = ErrorCode(i);
        QVERIFY2(!toString(code).isEmpty(), qPrintable(QString::number(i)));
        QCOMPARE(Store::errorCodeFromString(toString(code)), std::optional(code));
        const Util::Error e = Store::storeError(code, { u"A"_s, 1, 2 }, u"D"_s);
        const QString text = Ui::Common::errorText(e);
        QVERIFY2(!text.contains(toString(code)), qPrintable(text)); // worded, not the stable code
        QVERIFY2(text.size() > 10, qPrintable(text));
    }
}

// The runtime's operations (keys, export) state codes too; the CLI and the studio word them.
void tst_ErrorText::runtimeErrorsInWords_R_UI_9()
{
    Domain::Workspace ws;
    const auto unnamed = Runtime::addKey(ws, u"default"_s, u" "_s, {});
    QVERIFY(!unnamed);
    QCOMPARE(Ui::Common::errorText(unnamed.error()), u"A key needs a name."_s);
    const auto noProject = Runtime::addKey(ws, u"nope"_s, u"ci"_s, {});
    QVERIFY(!noProject);
    QCOMPARE(Ui::Common::errorText(noProject.error()), u"There is no project with id nope."_s);
    const auto noKey = Runtime::revokeKey(ws, u"key_x"_s);
    QVERIFY(!noKey);
    QCOMPARE(Ui::Common::errorText(noKey.error()), u"There is no key with id key_x."_s);
    const QString path = u"/nonexistent-folder/out.json"_s;
    const Util::Status written = Runtime::writeWorkspaceFile(ws, path);
    QVERIFY(!written);
    QVERIFY2(Ui::Common::errorText(written.error()).startsWith(u"Cannot write "_s + path + u": "_s),
             qPrintable(Ui::Common::errorText(written.error())));
}

void tst_ErrorText::otherPartsKeepTheirMessage()
{
    QCOMPARE(Ui::Common::errorText(Util::Error { u"cli.listen"_s, u"no port"_s }), u"no port"_s);
    QCOMPARE(Ui::Common::errorText(Util::Error { u"x.y"_s, {}, { u"a"_s }, u"d"_s }),
             u"x.y(a): d"_s); // unknown and unworded: its stable form
}

void tst_ErrorText::germanWithItsTranslator_R_UI_9()
{
    QTranslator translator;
    QVERIFY(translator.load(u":/i18n/switchboard_de.qm"_s));
    QCoreApplication::installTranslator(&translator);
    const QString text
        = Ui::Common::errorText(Store::storeError(ErrorCode::NotADatabase, { u"/tmp/w.sqlite"_s }));
    QCoreApplication::removeTranslator(&translator);
    QCOMPARE(text, u"/tmp/w.sqlite ist keine Switchboard-Datenbank (keine SQLite-Datei)."_s);
}

QTEST_MAIN(tst_ErrorText)
#include "tst_errortext.moc"
