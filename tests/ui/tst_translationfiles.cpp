#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

using namespace Qt::StringLiterals;

// lupdate on today's sources, into a temporary copy of each translation: German and French must
// come back with every entry translated, none vanished (its text left the sources) and none
// obsolete; English must hold every plural form (R-UI-9). The files in translations/ are never
// written.
class tst_TranslationFiles : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everyEntryFinished_R_UI_9_data();
    void everyEntryFinished_R_UI_9();
    void aNewTextIsReportedUnfinished_R_UI_9();
    void aRemovedTextIsReportedVanished_R_UI_9();
};

namespace {

struct Entry
{
    QString context;
    QString source;
    QString state; // "", "unfinished", "vanished", "obsolete"
    QStringList forms; // the translation, or its plural forms
    bool numerus = false;
};

QList<Entry> readTs(const QString &path)
{
    QList<Entry> entries;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return entries;
    QXmlStreamReader xml(&file);
    QString context;
    Entry entry;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        if (xml.name() == "name"_L1) {
            context = xml.readElementText();
        } else if (xml.name() == "message"_L1) {
            entry = Entry { context, {}, {}, {}, xml.attributes().value("numerus"_L1) == "yes"_L1 };
        } else if (xml.name() == "source"_L1) {
            entry.source = xml.readElementText();
        } else if (xml.name() == "translation"_L1) {
            entry.state = xml.attributes().value("type"_L1).toString();
            if (entry.numerus) {
                while (xml.readNextStartElement())
                    entry.forms << xml.readElementText();
            } else {
                entry.forms << xml.readElementText();
            }
            entries << entry;
        }
    }
    return entries;
}

// Runs lupdate as scripts/update-translations does, but keeping what vanished, on a copy of `ts`;
// returns the copy's entries. `extraSources` is scanned along with core/, ui/ and app/.
QList<Entry> updatedCopy(const QString &ts, const QTemporaryDir &dir, bool pluralOnly,
                         const QString &sourceRoot, const QString &extraSources = {})
{
    const QString copy = dir.filePath(QFileInfo(ts).fileName());
    QFile::remove(copy);
    if (!QFile::copy(ts, copy))
        return {};
    QStringList args { u"-locations"_s, u"none"_s, u"-extensions"_s, u"cpp,h"_s };
    if (pluralOnly)
        args << u"-pluralonly"_s;
    for (const QString &part : { u"core"_s, u"ui"_s, u"app"_s })
        args << QDir(sourceRoot).filePath(part);
    if (!extraSources.isEmpty())
        args << extraSources;
    args << u"-ts"_s << copy;
    QProcess lupdate;
    lupdate.start(QStringLiteral(SWITCHBOARD_LUPDATE), args);
    if (!lupdate.waitForFinished(120000) || lupdate.exitCode() != 0) {
        qWarning() << "lupdate failed:" << lupdate.readAllStandardError();
        return {};
    }
    return readTs(copy);
}

// What keeps a file from being complete, one line per entry.
QStringList problems(const QList<Entry> &entries, bool pluralOnly)
{
    QStringList out;
    for (const Entry &e : entries) {
        const bool empty = e.forms.isEmpty()
            || std::any_of(e.forms.begin(), e.forms.end(),
                           [](const QString &f) { return f.isEmpty(); });
        if (!e.state.isEmpty() || empty || (pluralOnly && !e.numerus))
            out << u"%1 [%2] %3"_s.arg(e.state.isEmpty() ? u"empty"_s : e.state, e.context,
                                       e.source);
    }
    return out;
}

QString translationsDir()
{
    return QStringLiteral(SWITCHBOARD_SOURCE_DIR) + u"/translations"_s;
}

} // namespace

void tst_TranslationFiles::everyEntryFinished_R_UI_9_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<bool>("pluralOnly");
    QTest::addColumn<int>("atLeast");
    QTest::newRow("de") << u"switchboard_de.ts"_s << false << 900;
    QTest::newRow("fr") << u"switchboard_fr.ts"_s << false << 900;
    QTest::newRow("en plurals") << u"switchboard_en.ts"_s << true << 10;
}

void tst_TranslationFiles::everyEntryFinished_R_UI_9()
{
    QFETCH(QString, file);
    QFETCH(bool, pluralOnly);
    QFETCH(int, atLeast);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QList<Entry> entries = updatedCopy(translationsDir() + u'/' + file, dir, pluralOnly,
                                             QStringLiteral(SWITCHBOARD_SOURCE_DIR));
    QVERIFY2(entries.size() >= atLeast, qPrintable(QString::number(entries.size())));
    const QStringList bad = problems(entries, pluralOnly);
    QVERIFY2(
        bad.isEmpty(),
        qPrintable(u"%1 entries to fix (run scripts/update-translations, then translate):\n"_s.arg(
                       bad.size())
                   + bad.join(u'\n')));
    // Two plural forms in each of the three languages, both filled in.
    for (const Entry &e : entries) {
        if (e.numerus)
            QVERIFY2(e.forms.size() == 2, qPrintable(e.source));
    }
}

// The check can fail: a text the translations do not know yet comes back unfinished.
void tst_TranslationFiles::aNewTextIsReportedUnfinished_R_UI_9()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QDir(dir.path()).mkdir(u"extra"_s);
    QFile extra(dir.filePath(u"extra/extra.cpp"_s));
    QVERIFY(extra.open(QIODevice::WriteOnly));
    extra.write("#include <QCoreApplication>\n"
                "QString f() { return QCoreApplication::translate(\"Ui\", \"A text no "
                "translation has yet\"); }\n");
    extra.close();
    const QList<Entry> entries
        = updatedCopy(translationsDir() + u"/switchboard_fr.ts"_s, dir, false,
                      QStringLiteral(SWITCHBOARD_SOURCE_DIR), dir.filePath(u"extra"_s));
    QCOMPARE(problems(entries, false),
             QStringList({ u"unfinished [Ui] A text no translation has yet"_s }));
}

// ...and a translated text the sources no longer have comes back vanished.
void tst_TranslationFiles::aRemovedTextIsReportedVanished_R_UI_9()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QFile ts(translationsDir() + u"/switchboard_de.ts"_s);
    QVERIFY(ts.open(QIODevice::ReadOnly));
    QByteArray text = ts.readAll();
    const QByteArray last = "</context>\n</TS>";
    QVERIFY(text.contains(last));
    const QByteArray entry
        = "    <message>\n        <source>A text the sources lost</source>\n"
          "        <translation>Ein Text, den die Quellen verloren</translation>\n"
          "    </message>\n";
    text.replace(last, QByteArray(entry + last));
    const QString edited = dir.filePath(u"edited/switchboard_de.ts"_s);
    QDir(dir.path()).mkdir(u"edited"_s);
    QFile out(edited);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(text);
    out.close();
    QTemporaryDir work;
    const QList<Entry> entries
        = updatedCopy(edited, work, false, QStringLiteral(SWITCHBOARD_SOURCE_DIR));
    QCOMPARE(problems(entries, false), QStringList({ u"vanished [Ui] A text the sources lost"_s }));
}

QTEST_GUILESS_MAIN(tst_TranslationFiles)
#include "tst_translationfiles.moc"
