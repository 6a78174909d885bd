#pragma once

#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

// Shared by the translation tests: JSON written as raw string literals, compared by value.
namespace TranslationTest {

inline QJsonObject json(const QByteArray &text)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(text, &error);
    if (error.error != QJsonParseError::NoError)
        qWarning("bad JSON in the test: %s", qPrintable(error.errorString()));
    return doc.object();
}

inline QByteArray compact(const QJsonObject &o)
{
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

} // namespace TranslationTest

// Compares JSON by value (not byte order), printing both sides when they differ.
#define COMPARE_JSON(actual, expected)                                                             \
    do {                                                                                           \
        const QJsonObject actual_ = (actual);                                                      \
        const QJsonObject expected_ = TranslationTest::json(expected);                             \
        QVERIFY2(actual_ == expected_,                                                             \
                 QByteArray("\n   actual: " + TranslationTest::compact(actual_)                    \
                            + "\n expected: " + TranslationTest::compact(expected_))               \
                     .constData());                                                                \
    } while (false)
