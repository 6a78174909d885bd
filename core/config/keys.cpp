#include "keys.h"

#include <QCryptographicHash>
#include <QRandomGenerator>

using namespace Qt::StringLiterals;

namespace Config {
namespace {

constexpr int kSecretChars = 40;
constexpr int kPrefixChars = 10;
constexpr int kIdHexChars = 12;

// 64 symbols, so a uniformly drawn index below 64 gives an unbiased character.
const QString &urlSafeAlphabet()
{
    static const QString alphabet
        = u"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"_s;
    return alphabet;
}

QString randomSecret()
{
    QRandomGenerator *rng = QRandomGenerator::system();
    QString out = u"sb-"_s;
    for (int i = 0; i < kSecretChars; ++i)
        out += urlSafeAlphabet().at(int(rng->bounded(quint32(urlSafeAlphabet().size()))));
    return out;
}

QString randomHexId()
{
    const quint64 bits = QRandomGenerator::system()->generate64() & ((quint64(1) << 48) - 1);
    return QString::number(bits, 16).rightJustified(kIdHexChars, u'0');
}

} // namespace

QString hashKey(const QString &secret)
{
    return QString::fromLatin1(
        QCryptographicHash::hash(secret.toUtf8(), QCryptographicHash::Sha256).toHex());
}

NewKey makeKey(const QString &projectId, const QString &name, const QDateTime &now)
{
    NewKey out;
    out.secret = randomSecret();
    out.key.id = u"key_"_s + randomHexId();
    out.key.project = projectId;
    out.key.name = name;
    out.key.prefix = out.secret.left(kPrefixChars);
    out.key.sha256Hex = hashKey(out.secret);
    out.key.createdAt = now;
    return out;
}

} // namespace Config
