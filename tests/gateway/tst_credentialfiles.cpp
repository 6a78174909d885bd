#include "gatewayharness.h"

#include <QFile>
#include <QMutex>
#include <QTemporaryDir>
#include <QTest>
#include <sys/stat.h>

using namespace Qt::StringLiterals;

// A credential file others can read is a leaked key (README "File modes"): the gateway
// says so when it starts and when it takes a new workspace, naming the file and the fix, never its
// content; a file readable by its owner only gives no warning (R-SEC-3).
class tst_CredentialFiles : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void warnsAtStartAboutAFileOthersCanRead_R_SEC_3();
};

namespace {

QMutex s_mutex;
QStringList s_lines;
QtMessageHandler s_previous = nullptr;

void collect(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    {
        QMutexLocker lock(&s_mutex);
        s_lines << message;
    }
    if (s_previous)
        s_previous(type, context, message);
}

QStringList linesWith(const QString &text)
{
    QMutexLocker lock(&s_mutex);
    QStringList out;
    for (const QString &line : std::as_const(s_lines)) {
        if (line.contains(text))
            out << line;
    }
    return out;
}

bool writeKey(const QString &path, const QByteArray &key, int mode)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(key) == key.size() && (f.close(), true)
        && ::chmod(QFile::encodeName(path).constData(), mode_t(mode)) == 0;
}

} // namespace

void tst_CredentialFiles::warnsAtStartAboutAFileOthersCanRead_R_SEC_3()
{
    QTemporaryDir dir;
    const QString open = dir.filePath(u"open.key"_s);
    const QString closed = dir.filePath(u"closed.key"_s);
    QVERIFY(writeKey(open, "sk-canary-open-5d1e", 0644));
    QVERIFY(writeKey(closed, "sk-canary-closed-77b0", 0600));
    GatewayHarness h;
    for (const auto &[name, path] :
         { std::pair { u"conn-open"_s, open }, std::pair { u"conn-closed"_s, closed } }) {
        Domain::Connection &c = h.addConnection(name, u"http://127.0.0.1:9"_s);
        c.credential = Domain::Credential { Domain::Credential::Kind::File, path, {} };
    }
    s_previous = qInstallMessageHandler(collect);
    const bool started = h.start();
    qInstallMessageHandler(s_previous);
    QVERIFY(started);
    const QStringList warnings = linesWith(u"credential file"_s);
    QCOMPARE(warnings.size(), 1);
    QVERIFY(warnings.first().contains(open));
    QVERIFY(warnings.first().contains(u"conn-open"_s));
    QVERIFY(warnings.first().contains(u"chmod 600"_s));
    QVERIFY(linesWith(u"sk-canary"_s).isEmpty());

    // One file fixed, the other opened to its group, and a new workspace taken: the warning
    // follows the files.
    QVERIFY(::chmod(QFile::encodeName(open).constData(), 0600) == 0);
    QVERIFY(::chmod(QFile::encodeName(closed).constData(), 0640) == 0);
    {
        QMutexLocker lock(&s_mutex);
        s_lines.clear();
    }
    s_previous = qInstallMessageHandler(collect);
    h.service->applyConfig(std::make_shared<const Domain::Workspace>(h.ws));
    const int status = h.send("GET", u"/metrics"_s, {}).status; // the config is applied by then
    qInstallMessageHandler(s_previous);
    QCOMPARE(status, 200);
    const QStringList after = linesWith(u"credential file"_s);
    QCOMPARE(after.size(), 1);
    QVERIFY(after.first().contains(closed));
    QVERIFY(after.first().contains(u"conn-closed"_s));
    QVERIFY(linesWith(u"sk-canary"_s).isEmpty());
}

QTEST_MAIN(tst_CredentialFiles)
#include "tst_credentialfiles.moc"
