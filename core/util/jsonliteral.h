#pragma once

#include <QByteArray>
#include <QStringView>
#include <string_view>

namespace Util {

// Appends s as a JSON string literal, byte for byte as QJsonDocument::toJson() writes it: UTF-8,
// `"` `\` and control characters escaped (\b \f \n \r \t, else \u00xx), an unpaired surrogate as
// \uxxxx. For the hot paths that write a little JSON without building a document.
void appendJsonString(QByteArray &out, QStringView s);
// The same for valid UTF-8 (as a JSON parser hands out strings): the bytes as they are, escaped
// as above.
void appendJsonStringUtf8(QByteArray &out, std::string_view utf8);
// The same literal on its own.
QByteArray jsonStringLiteral(QStringView s);

} // namespace Util
