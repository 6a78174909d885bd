// An edit moved onto a version saved meanwhile keeps what it changed and takes the rest from that
// version; where both changed the same thing the edit's value stays, for review.
#include "config/changelist.h"
#include "config/demo.h"
#include "config/rebase.h"

#include <QTest>

using namespace Qt::StringLiterals;

namespace {

Domain::Model &model(Domain::Workspace &ws, const QString &name)
{
    Domain::Model *m = ws.model(name);
    if (!m)
        qFatal("no model %s in the demo workspace", qPrintable(name));
    return *m;
}

Domain::Alias alias(const QString &name, const QString &target)
{
    Domain::Alias a;
    a.name = name;
    a.target = target;
    return a;
}

} // namespace

class tst_Rebase : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void noEditGivesTheirs();
    void separateEditsAreBothKept();
    void theEditWinsWhereBothChangedIt();
    void oneModelEditedOnBothSidesKeepsBoth_R_UI_10();
    void creationsAndDeletionsOfEitherSide();
};

void tst_Rebase::noEditGivesTheirs()
{
    const Domain::Workspace base = Config::demoWorkspace();
    Domain::Workspace theirs = base;
    theirs.budgetAlertPercent = 50;
    model(theirs, u"demo/chat"_s).enabled = false;
    theirs.aliases.append(alias(u"org/new"_s, u"demo/chat"_s));
    QCOMPARE(Config::rebase(base, base, theirs), theirs);
}

void tst_Rebase::separateEditsAreBothKept()
{
    const Domain::Workspace base = Config::demoWorkspace();
    Domain::Workspace mine = base;
    mine.strictReceipts = !base.strictReceipts;
    model(mine, u"demo/chat"_s).pool.deployments.first().weight = 7;
    Domain::Workspace theirs = base;
    theirs.budgetAlertPercent = 50;
    model(theirs, u"demo/resilient"_s).enabled = false;
    const Domain::Workspace merged = Config::rebase(base, mine, theirs);
    QCOMPARE(merged.strictReceipts, mine.strictReceipts);
    QCOMPARE(merged.budgetAlertPercent, 50);
    QCOMPARE(merged.model(u"demo/chat"_s)->pool.deployments.first().weight, 7);
    QVERIFY(!merged.model(u"demo/resilient"_s)->enabled);
    // What saving would change now: only the edit.
    QCOMPARE(Config::changeList(theirs, merged), Config::changeList(base, mine));
}

void tst_Rebase::theEditWinsWhereBothChangedIt()
{
    const Domain::Workspace base = Config::demoWorkspace();
    Domain::Workspace mine = base;
    model(mine, u"demo/chat"_s).pool.deployments.first().weight = 7;
    mine.budgetAlertPercent = 90;
    Domain::Workspace theirs = base;
    model(theirs, u"demo/chat"_s).pool.deployments.first().weight = 5;
    theirs.budgetAlertPercent = 50;
    const Domain::Workspace merged = Config::rebase(base, mine, theirs);
    QCOMPARE(merged.model(u"demo/chat"_s)->pool.deployments.first().weight, 7);
    QCOMPARE(merged.budgetAlertPercent, 90);
    QCOMPARE(Config::changeList(theirs, merged).size(), 2);
}

// Two studios edit different fields of one model: neither edit is lost (the whole model of the
// edit had put their weight back, shown as if it were the edit's own change).
void tst_Rebase::oneModelEditedOnBothSidesKeepsBoth_R_UI_10()
{
    const Domain::Workspace base = Config::demoWorkspace();
    Domain::Workspace theirs = base;
    model(theirs, u"demo/chat"_s).pool.deployments.first().weight = 4;
    Domain::Workspace mine = base;
    model(mine, u"demo/chat"_s).enabled = false;
    const Domain::Workspace merged = Config::rebase(base, mine, theirs);
    QCOMPARE(merged.model(u"demo/chat"_s)->pool.deployments.first().weight, 4);
    QVERIFY(!merged.model(u"demo/chat"_s)->enabled);
    QCOMPARE(Config::changeList(theirs, merged), Config::changeList(base, mine));
}

void tst_Rebase::creationsAndDeletionsOfEitherSide()
{
    Domain::Workspace base = Config::demoWorkspace();
    base.aliases
        = { alias(u"org/kept"_s, u"demo/chat"_s), alias(u"org/mine-gone"_s, u"demo/chat"_s),
            alias(u"org/theirs-gone"_s, u"demo/chat"_s) };
    Domain::Workspace mine = base;
    mine.aliases.removeAt(1); // org/mine-gone
    mine.aliases.append(alias(u"org/mine-new"_s, u"demo/chat"_s));
    Domain::Workspace theirs = base;
    theirs.aliases.removeAt(2); // org/theirs-gone
    theirs.aliases.append(alias(u"org/theirs-new"_s, u"demo/chat"_s));
    const Domain::Workspace merged = Config::rebase(base, mine, theirs);
    QStringList names;
    for (const Domain::Alias &a : merged.aliases)
        names << a.name;
    QCOMPARE(names, (QStringList { u"org/kept"_s, u"org/theirs-new"_s, u"org/mine-new"_s }));
}

QTEST_MAIN(tst_Rebase)
#include "tst_rebase.moc"
