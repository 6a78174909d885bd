// Providers and offerings screen: data-policy facts with their source, edited by clicks and typing
// with exact preview lines; offerings with precision, capabilities, certified flag and probe pass
// rates ("no probes yet" when there are none) (R-UI-6, R-PREC-1, R-REL-1).

#include "common/changepreviewbar.h"
#include "providers/offeringrows.h"
#include "providers/providersscreen.h"
#include "uitestsupport.h"

#include <QCheckBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTableWidget>
#include <QTest>
#include <QUndoStack>

using namespace Qt::StringLiterals;
using Ui::Providers::ProvidersScreen;

namespace {

Domain::Workspace fixture()
{
    Domain::Workspace ws;
    ws.providers
        = { { u"openai"_s, u"OpenAI"_s, false, true, u"provider listing 2026-11-01"_s },
            { u"azure"_s, u"Azure OpenAI"_s, true, true, u"provider listing 2026-11-01"_s } };
    for (const auto &[name, provider] :
         { std::pair { u"oa"_s, u"openai"_s }, std::pair { u"az"_s, u"azure"_s } }) {
        Domain::Connection c;
        c.name = name;
        c.provider = provider;
        c.kind = Domain::Dialect::Simulator;
        ws.connections << c;
    }
    Domain::Model m;
    m.name = u"multi/chat"_s;
    Domain::Offering fp8 { u"az"_s, u"gpt-4o"_s, Domain::Precision::Fp8 };
    fp8.capabilities = { true, true, false, { u"web_search_20250305"_s } };
    fp8.probes = { 8, 10, 3, 4 };
    Domain::Offering plain { u"oa"_s, u"gpt-4o"_s };
    plain.certified = false;
    m.offerings = { plain, fp8 };
    ws.models << m;
    Domain::Model pool;
    pool.name = u"multi/pool"_s;
    pool.route = Domain::RouteKind::Pool;
    pool.pool.deployments = { { u"multi/chat"_s, 1 } };
    ws.models << pool;
    ws.projects = { { u"default"_s, u"Default"_s, {} } };
    return ws;
}

void clickBox(QCheckBox *box)
{
    QTest::mouseClick(box, Qt::LeftButton, {}, QPoint(8, box->height() / 2));
}

QStringList rowTexts(QTableWidget *t, int row)
{
    QStringList out;
    for (int c = 0; c < t->columnCount(); ++c)
        out << t->item(row, c)->text();
    return out;
}

} // namespace

class tst_ProvidersScreen : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void showsFactsAndSource_R_UI_6();
    void editFacts_R_UI_6_data();
    void editFacts_R_UI_6();
    void addProvider_R_UI_6();
    void offeringsTable_R_REL_1();
    void probeText_R_REL_1_data();
    void probeText_R_REL_1();
};

void tst_ProvidersScreen::showsFactsAndSource_R_UI_6()
{
    StudioFixture f;
    QVERIFY(f.open(fixture()));
    ProvidersScreen screen(f.session.get());
    QTableWidget *t = screen.providerTable();
    QCOMPARE(t->rowCount(), 2);
    QCOMPARE(rowTexts(t, 0),
             (QStringList { u"openai"_s, u"OpenAI"_s, u"no"_s, u"yes"_s,
                            u"provider listing 2026-11-01"_s, u"oa"_s }));
    QCOMPARE(rowTexts(t, 1).at(ProvidersScreen::ZdrColumn), u"yes"_s);
}

void tst_ProvidersScreen::editFacts_R_UI_6_data()
{
    QTest::addColumn<int>("edit");
    QTest::addColumn<QStringList>("lines");
    QTest::newRow("zdr on") << 0
                            << QStringList { u"Provider openai: Zero data retention: off → on"_s };
    QTest::newRow("training off") << 1
                                  << QStringList { u"Provider openai: No training: on → off"_s };
    QTest::newRow("source typed")
        << 2
        << QStringList {
               u"Provider openai: Policy source: provider listing 2026-11-01 → set by hand"_s
           };
}

void tst_ProvidersScreen::editFacts_R_UI_6()
{
    QFETCH(int, edit);
    QFETCH(QStringList, lines);
    StudioFixture f;
    QVERIFY(f.open(fixture()));
    ProvidersScreen screen(f.session.get());
    screen.resize(1200, 800);
    screen.show();
    QVERIFY(QTest::qWaitForWindowExposed(&screen));
    QVERIFY(screen.selectProvider(u"openai"_s));
    if (edit == 0)
        clickBox(screen.zdrBox());
    else if (edit == 1)
        clickBox(screen.noTrainingBox());
    else
        typeInto(screen.policySourceEdit(), u"set by hand"_s);

    QCOMPARE(screen.previewBar()->changeLines(), lines);
    QCOMPARE(f.session->undoStack()->count(), 1);
    QTest::mouseClick(screen.previewBar()->saveButton(), Qt::LeftButton);
    QVERIFY(screen.previewBar()->changeLines().isEmpty());
    QCOMPARE(f.store->load().value().providers, f.session->edited().providers);
}

void tst_ProvidersScreen::addProvider_R_UI_6()
{
    StudioFixture f;
    QVERIFY(f.open(fixture()));
    ProvidersScreen screen(f.session.get());
    screen.show();
    QVERIFY(QTest::qWaitForWindowExposed(&screen));
    typeInto(screen.newIdEdit(), u"Bad Id"_s);
    QTest::mouseClick(screen.addButton(), Qt::LeftButton);
    QVERIFY(screen.newIdEdit()->property("invalid").toBool());
    QVERIFY(screen.previewBar()->changeLines().isEmpty());
    typeInto(screen.newIdEdit(), u"together"_s);
    QTest::keyClick(screen.newIdEdit(), Qt::Key_Return);
    QCOMPARE(screen.previewBar()->changeLines(),
             QStringList { u"Provider together: Create provider together"_s });
    QCOMPARE(screen.currentProvider(), u"together"_s);
    QCOMPARE(screen.providerTable()->rowCount(), 3);
    typeInto(screen.newIdEdit(), u"azure"_s);
    QTest::keyClick(screen.newIdEdit(), Qt::Key_Return);
    QVERIFY(screen.newIdEdit()->property("invalid").toBool());
}

void tst_ProvidersScreen::offeringsTable_R_REL_1()
{
    StudioFixture f;
    QVERIFY(f.open(fixture()));
    ProvidersScreen screen(f.session.get());
    QTableWidget *t = screen.offeringTable();
    QCOMPARE(t->rowCount(), 2); // the pool has no offerings of its own
    QCOMPARE(
        rowTexts(t, 0),
        (QStringList { u"multi/chat"_s, u"1"_s, u"oa"_s, u"openai"_s, u"gpt-4o"_s, u"not listed"_s,
                       u"text only"_s, u"no"_s, u"no probes yet"_s, u"no probes yet"_s }));
    QCOMPARE(rowTexts(t, 1),
             (QStringList { u"multi/chat"_s, u"2"_s, u"az"_s, u"azure"_s, u"gpt-4o"_s, u"fp8"_s,
                            u"tools, structured, web_search_20250305"_s, u"yes"_s,
                            u"8 of 10 (80%)"_s, u"3 of 4 (75%)"_s }));
}

void tst_ProvidersScreen::probeText_R_REL_1_data()
{
    QTest::addColumn<int>("passed");
    QTest::addColumn<int>("total");
    QTest::addColumn<QString>("text");
    QTest::newRow("none") << 0 << 0 << u"no probes yet"_s;
    QTest::newRow("all") << 5 << 5 << u"5 of 5 (100%)"_s;
    QTest::newRow("half") << 1 << 2 << u"1 of 2 (50%)"_s;
    QTest::newRow("grouped") << 1500 << 2000 << u"1,500 of 2,000 (75%)"_s;
}

void tst_ProvidersScreen::probeText_R_REL_1()
{
    QFETCH(int, passed);
    QFETCH(int, total);
    QFETCH(QString, text);
    QCOMPARE(Ui::Providers::probeText(passed, total), text);
}

QTEST_MAIN(tst_ProvidersScreen)
#include "tst_providersscreen.moc"
