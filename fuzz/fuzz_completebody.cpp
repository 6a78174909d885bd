// Gateway::rewriteCompleteBody and Gateway::spliceTopLevelModel on a provider's complete answer.
// Checks what the callers rely on: a body QJsonDocument reads as an object comes back as an object
// whose top-level "model" is the caller's name (when it had one) and whose other keys are
// unchanged; a splice, when it happens, yields JSON that reads.
//
// Input: the body, then (from the end) the model name choice.

#include "fuzzsupport.h"
#include "gateway/responseedit.h"
#include "util/jsonliteral.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <fuzzer/FuzzedDataProvider.h>

using namespace Qt::StringLiterals;

namespace {

QString modelName(quint8 choice)
{
    switch (choice % 3) {
    case 0:
        return u"org/m"_s;
    case 1:
        return u"a\"b\\c\u00e9\U0001F600\u0001"_s;
    default:
        return QString();
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Fuzz::quietQt();
    FuzzedDataProvider fdp(data, size);
    const QString model = modelName(fdp.ConsumeIntegral<quint8>());
    const std::string rest = fdp.ConsumeRemainingBytesAsString();
    const QByteArray body(rest.data(), qsizetype(rest.size()));

    QJsonParseError error;
    const QJsonDocument in = QJsonDocument::fromJson(body, &error);
    const bool isObject = error.error == QJsonParseError::NoError && in.isObject();

    Domain::Usage usage;
    const std::optional<QByteArray> out = Gateway::rewriteCompleteBody(body, model, usage);
    if (isObject) {
        // R-REC-8: only a body that is not a JSON object is undecodable.
        FUZZ_CHECK(out.has_value());
        const QJsonDocument rewritten = QJsonDocument::fromJson(*out, &error);
        FUZZ_CHECK(error.error == QJsonParseError::NoError && rewritten.isObject());
        QJsonObject expected = in.object();
        if (expected.contains(u"model"_s) && !model.isEmpty())
            expected[u"model"_s] = model;
        FUZZ_CHECK(rewritten.object() == expected);
    }

    if (isObject) {
        const QByteArray literal = Util::jsonStringLiteral(model);
        if (const std::optional<QByteArray> spliced = Gateway::spliceTopLevelModel(body, literal)) {
            const QJsonDocument doc = QJsonDocument::fromJson(*spliced, &error);
            FUZZ_CHECK(error.error == QJsonParseError::NoError && doc.isObject());
            FUZZ_CHECK(doc.object().value(u"model"_s) == QJsonValue(model));
        }
    }
    return 0;
}
