#include "theme.h"

#include <QApplication>
#include <QLabel>
#include <QStyle>
#include <QStyleFactory>
#include <QWidget>
#include <optional>

using namespace Qt::StringLiterals;

namespace Ui::Common {
namespace {

std::optional<QPalette> &systemPalette()
{
    static std::optional<QPalette> palette;
    return palette;
}

QPalette darkPalette()
{
    QPalette p;
    const QColor window(0x2b, 0x2d, 0x30);
    const QColor base(0x1e, 0x1f, 0x22);
    const QColor text(0xdf, 0xe1, 0xe5);
    const QColor highlight(0x35, 0x74, 0xf0);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, window);
    p.setColor(QPalette::ToolTipBase, base);
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, QColor(0x8c, 0x8f, 0x94));
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, window);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, Qt::white);
    p.setColor(QPalette::Highlight, highlight);
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(0x6c, 0xa0, 0xf6));
    p.setColor(QPalette::Mid, QColor(0x3c, 0x3f, 0x41));
    p.setColor(QPalette::Dark, QColor(0x1a, 0x1a, 0x1a));
    for (auto role : { QPalette::WindowText, QPalette::Text, QPalette::ButtonText })
        p.setColor(QPalette::Disabled, role, QColor(0x6f, 0x73, 0x7a));
    return p;
}

constexpr const char *kErrorText = "sbErrorText";
constexpr const char *kErrorOutline = "sbErrorOutline";

void styleErrorText(QWidget *w)
{
    QPalette p = w->palette();
    const QColor color = errorColor(QApplication::palette());
    p.setColor(QPalette::WindowText, color);
    p.setColor(QPalette::Text, color);
    w->setPalette(p);
}

void styleErrorOutline(QWidget *w, bool invalid)
{
    w->setStyleSheet(invalid ? u"border: 1px solid %1; border-radius: 2px;"_s.arg(
                         errorColor(QApplication::palette()).name())
                             : QString());
}

} // namespace

QColor errorColor(const QPalette &palette)
{
    // Both pass WCAG's 4.5:1 against the windows and bases of the light and dark palettes.
    return isDark(palette) ? QColor(0xff, 0x8a, 0x80) : QColor(0xc6, 0x28, 0x28);
}

QLabel *noteLabel(const QString &text, QWidget *parent)
{
    auto *label = new QLabel(text, parent);
    label->setWordWrap(true);
    label->setForegroundRole(QPalette::PlaceholderText);
    return label;
}

void showAsError(QWidget *text)
{
    text->setProperty(kErrorText, true);
    styleErrorText(text);
}

void outlineAsError(QWidget *field, bool invalid)
{
    field->setProperty(kErrorOutline, invalid);
    styleErrorOutline(field, invalid);
}

QColor mutedTextColor(const QPalette &palette)
{
    return palette.color(QPalette::Disabled, QPalette::Text);
}

QString themeName(Theme theme)
{
    switch (theme) {
    case Theme::Light:
        return u"light"_s;
    case Theme::Dark:
        return u"dark"_s;
    case Theme::System:
        break;
    }
    return u"system"_s;
}

Theme themeFromName(const QString &name)
{
    if (name == u"light")
        return Theme::Light;
    if (name == u"dark")
        return Theme::Dark;
    return Theme::System;
}

bool isDark(const QPalette &palette)
{
    return palette.color(QPalette::Window).lightness()
        < palette.color(QPalette::WindowText).lightness();
}

void applyTheme(Theme theme)
{
    if (!qApp)
        return;
    if (QApplication::style()->name().compare(u"fusion"_s, Qt::CaseInsensitive) != 0)
        QApplication::setStyle(QStyleFactory::create(u"Fusion"_s));
    if (!systemPalette())
        systemPalette() = QApplication::palette();
    switch (theme) {
    case Theme::System:
        QApplication::setPalette(*systemPalette());
        break;
    case Theme::Light:
        QApplication::setPalette(QApplication::style()->standardPalette());
        break;
    case Theme::Dark:
        QApplication::setPalette(darkPalette());
        break;
    }
    // Explicit colours do not follow the application palette by themselves.
    const QWidgetList widgets = QApplication::allWidgets();
    for (QWidget *w : widgets) {
        if (w->property(kErrorText).toBool())
            styleErrorText(w);
        if (w->property(kErrorOutline).toBool())
            styleErrorOutline(w, true);
    }
}

} // namespace Ui::Common
