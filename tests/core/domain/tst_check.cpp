#include "util/check.h"

#include <QRegularExpression>
#include <QTest>

using namespace Qt::StringLiterals;

// SB_CHECK (Qt Creator's QTC_ASSERT): a broken invariant stops a debug build; a
// release build logs it with the condition and where, then runs the recovery action.
class tst_Check : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void holdsWithoutNoise();
    void brokenLogsAndRecovers();
};

namespace {

int lookup(const int *value)
{
    SB_CHECK(value, return -1);
    return *value;
}

} // namespace

void tst_Check::holdsWithoutNoise()
{
    const int five = 5;
    QCOMPARE(lookup(&five), 5);
}

void tst_Check::brokenLogsAndRecovers()
{
#ifndef QT_NO_DEBUG
    QSKIP("A debug build stops at a broken invariant (Q_ASSERT).");
#endif
    QTest::ignoreMessage(
        QtCriticalMsg,
        QRegularExpression(u"^broken invariant \"value\" at .*tst_check\\.cpp:\\d+$"_s));
    QCOMPARE(lookup(nullptr), -1);
}

QTEST_GUILESS_MAIN(tst_Check)
#include "tst_check.moc"
