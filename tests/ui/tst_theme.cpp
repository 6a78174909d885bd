#include "common/changepreviewbar.h"
#include "common/editcommands.h"
#include "common/fieldmark.h"
#include "common/theme.h"
#include "uitestsupport.h"

#include <QLabel>
#include <QLineEdit>
#include <cmath>

using namespace Qt::StringLiterals;
using namespace Ui;

Q_DECLARE_METATYPE(Ui::Common::Theme)

namespace {

double luminance(const QColor &c)
{
    const auto channel
        = [](double v) { return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF());
}

// WCAG 2 contrast ratio: 4.5 is the minimum for body text.
double contrast(const QColor &a, const QColor &b)
{
    const double la = luminance(a);
    const double lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

} // namespace

// Error text and outlines take their colour from the palette, so they read well on the dark
// theme as on the light one, and follow a switch between them (UI.md "Look and feel").
class tst_Theme : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void cleanup() { Common::applyTheme(Common::Theme::Light); }
    void errorTextReadsOnBothThemes_R_UI_3_data();
    void errorTextReadsOnBothThemes_R_UI_3();
    void errorsFollowThemeSwitch_R_UI_3();
};

void tst_Theme::errorTextReadsOnBothThemes_R_UI_3_data()
{
    QTest::addColumn<Common::Theme>("theme");
    QTest::newRow("dark") << Common::Theme::Dark;
    QTest::newRow("light") << Common::Theme::Light;
}

void tst_Theme::errorTextReadsOnBothThemes_R_UI_3()
{
    QFETCH(Common::Theme, theme);
    Common::applyTheme(theme);
    StudioFixture f;
    QVERIFY(f.open(fixtureWorkspace()));
    Common::ChangePreviewBar bar(f.session.get());
    bar.show();
    f.session->push(new Common::SetWeightCommand(f.session.get(), u"demo/chat"_s, 0, 0));
    auto *problems = bar.findChild<QLabel *>(u"changeProblems"_s);
    QVERIFY(problems->isVisible());
    QVERIFY(!problems->text().isEmpty());
    const QColor text = problems->palette().color(QPalette::WindowText);
    const QColor background = bar.palette().color(bar.backgroundRole());
    QVERIFY2(
        contrast(text, background) >= 4.5,
        qPrintable(
            u"%1 on %2: %3"_s.arg(text.name(), background.name()).arg(contrast(text, background))));
    QVERIFY(contrast(text, QApplication::palette().color(QPalette::Base)) >= 4.5);
    // Still red: an error, not ordinary text.
    QVERIFY(text.hslHue() < 15 || text.hslHue() > 345);
}

void tst_Theme::errorsFollowThemeSwitch_R_UI_3()
{
    Common::applyTheme(Common::Theme::Light);
    QWidget window;
    auto *field = new QLineEdit(&window);
    QLabel *message = Common::makeErrorLabel(&window);
    Common::markField(field, message, u"Weight of demo/chat must be between 1 and 10,000."_s);
    const QColor lightText = message->palette().color(QPalette::WindowText);
    QVERIFY(field->styleSheet().contains(lightText.name()));

    Common::applyTheme(Common::Theme::Dark);
    const QColor darkText = message->palette().color(QPalette::WindowText);
    QVERIFY(darkText != lightText);
    QCOMPARE(darkText, Common::errorColor(QApplication::palette()));
    QVERIFY(field->styleSheet().contains(darkText.name()));
    QVERIFY(contrast(darkText, QApplication::palette().color(QPalette::Window)) >= 4.5);

    // Cleared, the field loses its outline whatever the theme.
    Common::markField(field, message, QString());
    QVERIFY(field->styleSheet().isEmpty());
    QVERIFY(!message->isVisibleTo(&window));
}

QTEST_MAIN(tst_Theme)
#include "tst_theme.moc"
